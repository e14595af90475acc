package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Two coupled time-reversed Van der Pol oscillators ({@link CoupledVanDerPol}, 4 states) with the quadratic V of
 * their linearisation: the certified level is sound and tight against the exact level, the smallest V on
 * {Vdot = 0} away from the origin, computed independently by {@code bench/roa_vdp_exact.py} (Debian's python3
 * and scipy: along each ray Vdot = 0 has the closed-form root r^2 = -a/b, minimised over 4000 random rays and
 * polished by Nelder-Mead and BFGS, confirmed by SLSQP on min V s.t. Vdot = 0). The 8-state member is
 * {@link CoupledVanDerPolScaleTest}'s (tagged coverage), the 10-state one {@code bench/roa-vdp.sh}'s.
 */
class CoupledVanDerPolTest {

    /** The exact level for 2 oscillators (rays and SLSQP agree to 1e-12). */
    private static final double EXACT_4 = 2.425584661808;

    /** The exact level for 1 oscillator, by the same script. */
    private static final double EXACT_2 = 2.304477564999;

    @Test
    void twoOscillatorsCertifyTheExactLevelFromBelow() {
        RegionOfAttractionResult r = CoupledVanDerPol.chain(2)
                .analyze(RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() <= EXACT_4 && r.rho() >= EXACT_4 * (1 - 1e-6), r::toString);
    }

    @Test
    void oneOscillatorIsTheTimeReversedVanDerPol() {
        // the uncoupled member: Van der Pol's level, pi 2.3045 / sqrt(1.25) in docs/PERFORMANCE.md's degree-2 row
        RegionOfAttractionResult r = CoupledVanDerPol.chain(1)
                .analyze(RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1));
        assertTrue(r.isVerified(), r::toString);
        assertEquals(EXACT_2, r.rho(), EXACT_2 * 1e-6, r::toString);
        assertTrue(r.rho() <= EXACT_2, r::toString);
    }
}
