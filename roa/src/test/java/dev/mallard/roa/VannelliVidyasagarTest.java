package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.sdp.SdpOptions;
import dev.mallard.sdp.SdpProblem;
import dev.mallard.sdp.SdpResult;
import dev.mallard.sdp.SdpSolver;
import dev.mallard.sdp.SdpStatus;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The published three-state example (Vannelli and Vidyasagar 1985; Hachicho): x1' = -x2, x2' = -x3,
 * x3' = -0.915 x1 + (1 - 0.915 x1^2) x2 - x3 with V = x'Px, A'P + PA = -I. Its free multiplier makes the
 * Gram matrices unbounded along Vdot's coefficients unless the basis is reduced; before the reduction the
 * solver stopped with NUMERICAL_ERROR after 13 iterations.
 */
class VannelliVidyasagarTest {

    /** The largest level of V inside {Vdot < 0}, as published (and as the SOS optimum reproduces). */
    private static final double TRUE_LEVEL = 0.71297544;
    /**
     * csdp 6.3's objective on the level-set SDP this analysis builds ({@code csdp FILE}: "Success", primal
     * 5.8281884e-01, dual 5.8281882e-01), its multiplier of degree 2 (see {@link MultiplierDegree}).
     */
    private static final double CSDP_OBJECTIVE = 5.8281883e-01;

    private static RegionOfAttractionResult analyze(SosOptions sos) {
        SosFamily.Member member = SosFamily.MEMBERS.stream()
                .filter(m -> m.name().equals("vannelli-vidyasagar3")).findFirst().orElseThrow();
        return member.analyze(RegionOfAttractionOptions.defaults().withSosOptions(sos)
                .withSimulationCheck(0, 1.0, 1e-3, 1));
    }

    @Test
    void certifiesThePublishedLevel() {
        RegionOfAttractionResult r = analyze(SosOptions.defaults());
        assertTrue(r.isVerified(), r::toString);
        assertEquals(TRUE_LEVEL, r.optimalRho(), 1e-6 * TRUE_LEVEL);
        assertEquals(TRUE_LEVEL, r.rho(), 1e-5 * TRUE_LEVEL);
        assertEquals(r.optimalRho(), r.rho(), 1e-6 * r.optimalRho());
    }

    @Test
    void theLevelSetSdpIsSolvedToCsdpsObjective() {
        List<SdpProblem> problems = new ArrayList<>();
        analyze(SosOptions.defaults().withProblemObserver(problems::add));
        SdpResult result = new SdpSolver(SdpOptions.defaults()).solve(problems.get(0));
        assertEquals(SdpStatus.OPTIMAL, result.status(), result::toString);
        assertEquals(CSDP_OBJECTIVE, result.dualObjective(), 1e-6 * CSDP_OBJECTIVE);
        assertEquals(CSDP_OBJECTIVE, result.primalObjective(), 1e-6 * CSDP_OBJECTIVE);
    }
}
