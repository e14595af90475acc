package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SDPLIB problems of the repository's data/sdplib (all but gpp250-4, see {@link #BENCHMARK_ONLY}) against their published optima (OPTIMA.csv) and against
 * the objectives printed by Debian's CSDP 6.2 on the same files (8 significant digits, stored here).
 */
class SdplibTest {

    /** CSDP's primal and dual objective (its primal is our (D), so the pair is (D, P) in our terms). */
    private static final Map<String, double[]> CSDP = Map.ofEntries(
            Map.entry("arch0", new double[] {5.6651727e-01, 5.6651727e-01}),
            Map.entry("control1", new double[] {1.7784627e+01, 1.7784627e+01}),
            Map.entry("control2", new double[] {8.3000000e+00, 8.3000000e+00}),
            Map.entry("control3", new double[] {1.3633266e+01, 1.3633266e+01}),
            Map.entry("gpp100", new double[] {-4.4943551e+01, -4.4943551e+01}),
            Map.entry("gpp124-1", new double[] {-7.3430762e+00, -7.3430762e+00}),
            Map.entry("gpp124-4", new double[] {-4.1898762e+02, -4.1898762e+02}),
            Map.entry("gpp250-4", new double[] {-7.4732831e+02, -7.4732831e+02}),
            Map.entry("hinf1", new double[] {2.0326623e+00, 2.0326310e+00}),
            Map.entry("hinf4", new double[] {2.7476459e+02, 2.7476421e+02}),
            Map.entry("mcp100", new double[] {2.2615735e+02, 2.2615735e+02}),
            Map.entry("mcp124-1", new double[] {1.4199048e+02, 1.4199048e+02}),
            Map.entry("qap5", new double[] {-4.3600000e+02, -4.3600000e+02}),
            Map.entry("qap6", new double[] {-3.8143207e+02, -3.8143524e+02}),
            Map.entry("theta1", new double[] {2.3000000e+01, 2.3000000e+01}),
            Map.entry("theta2", new double[] {3.2879169e+01, 3.2879169e+01}),
            Map.entry("truss1", new double[] {-8.9999963e+00, -8.9999963e+00}),
            Map.entry("truss2", new double[] {-1.2338036e+02, -1.2338036e+02}),
            Map.entry("truss3", new double[] {-9.1099962e+00, -9.1099962e+00}),
            Map.entry("truss4", new double[] {-9.0099963e+00, -9.0099963e+00}));

    /**
     * CSDP too reports control3 as solved to reduced accuracy only ("Stuck at edge of primal feasibility",
     * its primal being our (D)); its objectives are still checked to the full accuracy below. Every other
     * feasible problem must end OPTIMAL, as in CSDP.
     */
    private static final Set<String> NEAR_OPTIMAL_ACCEPTED = Set.of("control3");

    /**
     * Left to the SDP benchmark (bench module, benchmark 4), which checks its status and objective beside
     * csdp's: gpp250-4 (m = 251, a 250 x 250 block, 17 iterations) takes 0.5 s in a warmed JVM but several
     * seconds in a test's cold one on the shared build machine, too long for a unit test.
     */
    private static final Set<String> BENCHMARK_ONLY = Set.of("gpp250-4");

    /** The feasible problems with a usable published optimum (hinf12's is not: see its own test). */
    static Stream<String> feasibleProblems() {
        return SdplibFiles.optima().entrySet().stream()
                .filter(e -> !e.getValue().contains("infeasible") && !e.getKey().equals("hinf12")
                        && !BENCHMARK_ONLY.contains(e.getKey()))
                .map(Map.Entry::getKey);
    }

    /**
     * The published optima carry 5 to 7 significant digits, some truncated rather than rounded
     * (gpp100: -44.9435 where CSDP and this solver give -44.943551), so the accepted error is the larger
     * of 1e-6 relative and one unit in the last published digit. The badly posed hinf problems get
     * 1e-4 relative, as do the qap6 numbers, whose optimal x is unbounded (CSDP's own objectives differ
     * by 4e-6 relative there).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("feasibleProblems")
    void sdplibProblemReachesPublishedOptimum(String name) {
        SdpProblem problem = SdplibFiles.read(name);
        SdpResult result = new SdpSolver().solve(problem);
        if (NEAR_OPTIMAL_ACCEPTED.contains(name)) {
            assertTrue(result.status() == SdpStatus.OPTIMAL || result.status() == SdpStatus.NEAR_OPTIMAL,
                    result::toString);
        } else {
            assertEquals(SdpStatus.OPTIMAL, result.status(), result::toString);
        }
        String published = SdplibFiles.optima().get(name);
        double optimum = Double.parseDouble(published);
        boolean illPosed = name.startsWith("hinf") || name.equals("qap6");
        double tolerance = illPosed ? 1e-4 * Math.abs(optimum)
                : Math.max(1e-6 * Math.abs(optimum), lastDigitUnit(published));
        assertEquals(optimum, result.primalObjective(), tolerance, result::toString);
        assertEquals(optimum, result.dualObjective(), tolerance, result::toString);
        double[] csdp = CSDP.get(name);
        double csdpMid = (csdp[0] + csdp[1]) / 2;
        double mid = (result.primalObjective() + result.dualObjective()) / 2;
        double csdpTolerance = (illPosed ? 1e-4 : 1e-6) * Math.abs(csdpMid);
        assertEquals(csdpMid, mid, csdpTolerance, "versus CSDP " + result);
        assertTrue(result.primalSlack().minEigenvalue(0) > -1e-10, "X is PSD");
        assertTrue(result.dualMatrix().minEigenvalue(0) > -1e-10, "Y is PSD");
    }

    /**
     * hinf12: SDPLIB publishes 0.2, but the optimum is 0 to the accuracy any solver reaches: CSDP 6.2
     * ends "Success" with objectives 1.3317214e-05 and 6.6522360e-06 (relative infeasibilities below
     * 1e-8) after 66 iterations. The problem is badly posed, and the run needs far more iterations than
     * the others (about 80): along the way the relative complementarity gap stays flat for many iterations, as the objectives it is
     * divided by shrink, while the infeasibilities and mu keep falling. Mallard must end OPTIMAL at
     * objectives at least as close to 0 as CSDP's.
     */
    @org.junit.jupiter.api.Test
    void hinf12ReachesZeroAsCsdpDoes() {
        SdpResult result = new SdpSolver().solve(SdplibFiles.read("hinf12"));
        assertEquals(SdpStatus.OPTIMAL, result.status(), result::toString);
        assertEquals(0, result.primalObjective(), 1.3317214e-05, result::toString);
        assertEquals(0, result.dualObjective(), 1.3317214e-05, result::toString);
        assertTrue(result.primalSlack().minEigenvalue(0) > -1e-10, "X is PSD");
        assertTrue(result.dualMatrix().minEigenvalue(0) > -1e-10, "Y is PSD");
    }

    private static double lastDigitUnit(String published) {
        BigDecimal value = new BigDecimal(published.trim());
        return BigDecimal.ONE.scaleByPowerOfTen(-value.scale()).doubleValue();
    }

    /** infp1: (P) has no feasible x; the ray Y must be PSD with C . Y = 1 and A_i . Y ~ 0. */
    @org.junit.jupiter.api.Test
    void infp1IsReportedPrimalInfeasibleWithAVerifiedRay() {
        SdpProblem problem = SdplibFiles.read("infp1");
        SdpResult result = new SdpSolver().solve(problem);
        assertEquals(SdpStatus.PRIMAL_INFEASIBLE, result.status(), result::toString);
        BlockDiagonalMatrix y = result.dualMatrix();
        assertTrue(y.minEigenvalue(0) >= -1e-12, "ray is PSD");
        assertEquals(1, ProblemAlgebra.inner(problem, -1, y), 1e-9, "C . Y = 1");
        for (int i = 0; i < problem.constraintCount(); i++) {
            assertEquals(0, ProblemAlgebra.inner(problem, i, y), 1e-7, "A_" + i + " . Y");
        }
        assertTrue(result.certificateResidual() <= 1e-8);
    }

    /** infd1: (D) has no feasible Y; the ray x must have c'x = -1 and sum A_i x_i ~ PSD. */
    @org.junit.jupiter.api.Test
    void infd1IsReportedDualInfeasibleWithAVerifiedRay() {
        SdpProblem problem = SdplibFiles.read("infd1");
        SdpResult result = new SdpSolver().solve(problem);
        assertEquals(SdpStatus.DUAL_INFEASIBLE, result.status(), result::toString);
        double[] x = result.x();
        double cx = 0;
        for (int i = 0; i < x.length; i++) {
            cx += problem.cost(i) * x[i];
        }
        assertEquals(-1, cx, 1e-12);
        double[][] combination = ProblemAlgebra.combination(problem, 0, x);
        assertTrue(ProblemAlgebra.minEigenvalue(combination) >= -1e-7, "sum A_i x_i is PSD");
        assertTrue(result.certificateResidual() <= 1e-8);
    }
}
