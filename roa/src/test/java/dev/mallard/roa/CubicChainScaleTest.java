package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Scale: a chain of 6 states with cubic dynamics, {@code x_i' = -x_i + 0.5 x_(i+1) + x_i^3 - 0.5 x_(i-1)^2 x_i},
 * and the quadratic V of its linearisation, certified in both forms (before issue 23's changes the explicit
 * form gave no answer within 60 s). The reference is the true level, the smallest V on {Vdot = 0} away from
 * the origin, found by scipy's SLSQP from 300 seeded starts (Debian's python3, {@code scipy.optimize.minimize}):
 * 0.4880092461661421. The certificate is tight: the certified level is within 1e-6 of it.
 */
class CubicChainScaleTest {

    private static final double TRUE_LEVEL = 0.4880092461661421;

    private static SosFamily.Member chain() {
        StringBuilder states = new StringBuilder();
        StringBuilder dynamics = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
            states.append(i > 1 ? "," : "").append("x").append(i);
            dynamics.append(i > 1 ? "; " : "").append("-x").append(i).append(i < 6 ? " + 0.5*x" + (i + 1) : "")
                    .append(" + x").append(i).append("^3").append(i > 1 ? " - 0.5*x" + (i - 1) + "^2*x" + i : "");
        }
        return new SosFamily.Member("chain6", states.toString(), dynamics.toString(), "", "");
    }

    private static void assertTight(RegionOfAttractionResult r) {
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() <= TRUE_LEVEL && r.rho() >= TRUE_LEVEL * (1 - 1e-6), r::toString);
    }

    @Test
    void sixStatesCertifyTheTrueLevelInTheExplicitForm() {
        assertTight(chain().analyze(RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1)));
    }

    @Test
    void sixStatesCertifyTheTrueLevelInTheImplicitForm() {
        assertTight(chain().analyze(RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1)
                .withUseImplicitDynamics(true)));
    }
}
