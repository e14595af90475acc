package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Four coupled time-reversed Van der Pol oscillators ({@link CoupledVanDerPol}, 8 states), quadratic V of the
 * linearisation: the certified level is sound and within 1e-6 of the exact level 2.426770042509 (by
 * {@code bench/roa_vdp_exact.py}, as in {@link CoupledVanDerPolTest}). About a minute of CPU, 2.5 minutes on a
 * loaded machine (an SDP with 2044 equality constraints), so tagged coverage and run by {@code roa/coverage.sh};
 * the 10-state member is measured by {@code bench/roa-vdp.sh} (docs/PERFORMANCE.md, issue 30).
 */
@Tag("coverage")
class CoupledVanDerPolScaleTest {

    /** The exact level for 4 oscillators (rays and SLSQP agree to 1e-12). */
    private static final double EXACT_8 = 2.426770042509;

    @Test
    void fourOscillatorsCertifyTheExactLevelFromBelow() {
        RegionOfAttractionResult r = CoupledVanDerPol.chain(4)
                .analyze(RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() <= EXACT_8 && r.rho() >= EXACT_8 * (1 - 1e-6), r::toString);
    }
}
