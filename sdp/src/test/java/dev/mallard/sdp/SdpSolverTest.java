package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Small problems with known solutions, solved through the SdpProblem interface. */
class SdpSolverTest {

    /**
     * (P) min x1 + 2 x2 s.t. x1 >= 1, x2 >= 0.5, x1 + x2 >= 2, as one diagonal block. By hand: x = (1.5, 0.5),
     * value 2.5, and the multipliers (D) y = (0, 1, 1).
     */
    /**
     * min x subject to x - 1e8 >= 0: the optimum is x = 1e8 with Y = 1. Before the Farkas test was measured
     * against the constraints' own scale, the initial Y (C . Y = 1e9) passed for a ray and the problem was
     * reported PRIMAL_INFEASIBLE after 0 iterations; CSDP solves it.
     */
    @Test
    void aLargeObjectiveIsSolvedNotMistakenForInfeasibility() throws java.io.IOException {
        SdpProblem problem = SdpaFormat.readSparse(new java.io.StringReader("1\n1\n1\n1\n0 1 1 1 1e8\n1 1 1 1 1\n"));
        SdpResult result = new SdpSolver().solve(problem);
        assertEquals(SdpStatus.OPTIMAL, result.status(), result::toString);
        assertEquals(1e8, result.primalObjective(), 1e8 * 1e-8);
        assertEquals(1e8, result.dualObjective(), 1e8 * 1e-8);
        assertEquals(1.0, result.dualMatrix().get(0, 0, 0), 1e-8);
    }

    @Test
    void linearProgramMatchesHandSolution() {
        SdpProblem lp = SdpProblem.builder(2, new int[] {-3}, 0)
                .cost(0, 1).cost(1, 2)
                .constantEntry(0, 0, 0, 1).constantEntry(0, 1, 1, 0.5).constantEntry(0, 2, 2, 2)
                .constraintEntry(0, 0, 0, 0, 1).constraintEntry(0, 0, 2, 2, 1)
                .constraintEntry(1, 0, 1, 1, 1).constraintEntry(1, 0, 2, 2, 1)
                .build();
        SdpResult r = new SdpSolver().solve(lp);
        assertEquals(SdpStatus.OPTIMAL, r.status());
        assertEquals(2.5, r.primalObjective(), 1e-7);
        assertEquals(2.5, r.dualObjective(), 1e-7);
        assertEquals(1.5, r.x()[0], 1e-7);
        assertEquals(0.5, r.x()[1], 1e-7);
        assertEquals(0, r.dualMatrix().get(0, 0, 0), 1e-7);
        assertEquals(1, r.dualMatrix().get(0, 1, 1), 1e-7);
        assertEquals(1, r.dualMatrix().get(0, 2, 2), 1e-7);
    }

    /**
     * (P) min t s.t. [[t, 1], [1, t]] PSD has optimum t = 1 (eigenvalues t - 1, t + 1); (D) max -2 Y01
     * s.t. Y00 + Y11 = 1 gives Y = [[1/2, -1/2], [-1/2, 1/2]].
     */
    @Test
    void twoByTwoEigenvalueBoundMatchesClosedForm() {
        SdpProblem p = SdpProblem.builder(1, new int[] {2}, 0)
                .cost(0, 1)
                .constantEntry(0, 0, 1, -1)
                .constraintEntry(0, 0, 0, 0, 1).constraintEntry(0, 0, 1, 1, 1)
                .build();
        SdpResult r = new SdpSolver().solve(p);
        assertEquals(SdpStatus.OPTIMAL, r.status());
        assertEquals(1, r.x()[0], 1e-7);
        assertEquals(0.5, r.dualMatrix().get(0, 0, 0), 1e-6);
        assertEquals(-0.5, r.dualMatrix().get(0, 0, 1), 1e-6);
    }

    /**
     * Random problems with a known optimum built from complementarity: X* = Q diag(l, 0) Q' and
     * Y* = Q diag(0, u) Q' (so X* Y* = 0, strictly complementary), a diagonal block with complementary
     * supports, random dense and sparse A_i, random x*; then C = sum A_i x*_i - X*, c_i = A_i . Y*, and
     * (x*, X*, Y*) is optimal with value c'x* = C . Y*; with m between the dimension of Y*'s face and the
     * codimension of X*'s face it is generically the unique optimum.
     */
    @Test
    void randomProblemsWithPlantedOptimumAreSolved() {
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            // dim(face of Y*) <= 12 <= m <= 17 <= codim(face of X*): Y* and x* are generically unique.
            int n = 6 + random.nextInt(3);
            int lp = 4;
            int m = 14 + random.nextInt(4);
            int rank = n / 2;
            double[][] q = orthogonal(n, random);
            double[][] xStar = new double[n][n];
            double[][] yStar = new double[n][n];
            for (int k = 0; k < n; k++) {
                double lambda = 0.5 + random.nextDouble();
                for (int r = 0; r < n; r++) {
                    for (int c = 0; c < n; c++) {
                        double v = lambda * q[r][k] * q[c][k];
                        if (k < rank) {
                            xStar[r][c] += v;
                        } else {
                            yStar[r][c] += v;
                        }
                    }
                }
            }
            double[] xLp = {1 + random.nextDouble(), 0, 2 * random.nextDouble() + 0.1, 0};
            double[] yLp = {0, 1 + random.nextDouble(), 0, 0.5 + random.nextDouble()};
            double[] x = new double[m];
            for (int i = 0; i < m; i++) {
                x[i] = random.nextGaussian();
            }
            double[][][] a = new double[m][n][n];
            double[][] aLp = new double[m][lp];
            for (int i = 0; i < m; i++) {
                boolean sparse = i % 2 == 1;
                for (int r = 0; r < n; r++) {
                    for (int c = r; c < n; c++) {
                        if (!sparse || random.nextDouble() < 0.15 || (r == i % n && c == r)) {
                            double v = random.nextGaussian();
                            a[i][r][c] = v;
                            a[i][c][r] = v;
                        }
                    }
                }
                for (int k = 0; k < lp; k++) {
                    aLp[i][k] = random.nextGaussian();
                }
            }
            SdpProblem.Builder b = SdpProblem.builder(m, new int[] {n, -lp}, 0);
            double optimum = 0;
            for (int i = 0; i < m; i++) {
                double ci = 0;
                for (int r = 0; r < n; r++) {
                    for (int c = 0; c < n; c++) {
                        ci += a[i][r][c] * yStar[r][c];
                        if (c >= r && a[i][r][c] != 0) {
                            b.constraintEntry(i, 0, r, c, a[i][r][c]);
                        }
                    }
                }
                for (int k = 0; k < lp; k++) {
                    ci += aLp[i][k] * yLp[k];
                    b.constraintEntry(i, 1, k, k, aLp[i][k]);
                }
                b.cost(i, ci);
                optimum += ci * x[i];
            }
            for (int r = 0; r < n; r++) {
                for (int c = r; c < n; c++) {
                    double v = -xStar[r][c];
                    for (int i = 0; i < m; i++) {
                        v += a[i][r][c] * x[i];
                    }
                    b.constantEntry(0, r, c, v);
                }
            }
            for (int k = 0; k < lp; k++) {
                double v = -xLp[k];
                for (int i = 0; i < m; i++) {
                    v += aLp[i][k] * x[i];
                }
                b.constantEntry(1, k, k, v);
            }
            SdpResult result = new SdpSolver().solve(b.build());
            assertEquals(SdpStatus.OPTIMAL, result.status(), "seed " + seed);
            double scale = 1 + Math.abs(optimum);
            assertEquals(optimum, result.primalObjective(), 1e-7 * scale, "seed " + seed);
            assertEquals(optimum, result.dualObjective(), 1e-7 * scale, "seed " + seed);
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    // A gap of 1e-8 bounds the matrices only to about its square root.
                    assertEquals(yStar[r][c], result.dualMatrix().get(0, r, c), 1e-3, "Y* seed " + seed);
                    assertEquals(xStar[r][c], result.primalSlack().get(0, r, c), 1e-3, "X* seed " + seed);
                }
            }
            for (int k = 0; k < lp; k++) {
                assertEquals(yLp[k], result.dualMatrix().get(1, k, k), 1e-3, "y_lp seed " + seed);
            }
        }
    }

    private static double[][] orthogonal(int n, Random random) {
        double[][] q = new double[n][n];
        for (int k = 0; k < n; k++) {
            double[] v = new double[n];
            for (int r = 0; r < n; r++) {
                v[r] = random.nextGaussian();
            }
            for (int j = 0; j < k; j++) {
                double dot = 0;
                for (int r = 0; r < n; r++) {
                    dot += v[r] * q[r][j];
                }
                for (int r = 0; r < n; r++) {
                    v[r] -= dot * q[r][j];
                }
            }
            double norm = 0;
            for (double t : v) {
                norm += t * t;
            }
            norm = Math.sqrt(norm);
            for (int r = 0; r < n; r++) {
                q[r][k] = v[r] / norm;
            }
        }
        return q;
    }

    /** (P) x >= 1 and x <= 0 as X = diag(x - 1, -x): infeasible; the ray is Y = diag(1, 1) / ... with C . Y = 1. */
    @Test
    void contradictoryBoundsAreReportedPrimalInfeasible() {
        SdpProblem p = SdpProblem.builder(1, new int[] {-2}, 0)
                .cost(0, 1)
                .constantEntry(0, 0, 0, 1)
                .constraintEntry(0, 0, 0, 0, 1).constraintEntry(0, 0, 1, 1, -1)
                .build();
        SdpResult r = new SdpSolver().solve(p);
        assertEquals(SdpStatus.PRIMAL_INFEASIBLE, r.status());
        double y0 = r.dualMatrix().get(0, 0, 0);
        double y1 = r.dualMatrix().get(0, 1, 1);
        assertEquals(1, y0, 1e-8, "C . Y = y0 = 1");
        assertEquals(0, y0 - y1, 1e-8, "A . Y = y0 - y1 = 0");
        assertTrue(y1 >= 0);
    }

    /** (P) min -x s.t. x >= 0 is unbounded, so (D) (y = -1, y >= 0) is infeasible; the ray is x = 1. */
    @Test
    void unboundedPrimalIsReportedDualInfeasible() {
        SdpProblem p = SdpProblem.builder(1, new int[] {-1}, 0)
                .cost(0, -1)
                .constraintEntry(0, 0, 0, 0, 1)
                .build();
        SdpResult r = new SdpSolver().solve(p);
        assertEquals(SdpStatus.DUAL_INFEASIBLE, r.status());
        assertEquals(1, r.x()[0], 1e-12);
    }

    /**
     * No constraint matrices at all and c = (1, 1): (D) asks 0 = 1, so it is infeasible and (P),
     * minimising x0 + x1 with X = 0, is unbounded. The ray is x = -e_0 (c'x = -1, sum A_i x_i = 0).
     */
    @Test
    void constraintWithoutMatricesButWithCostIsReportedDualInfeasible() {
        SdpProblem p = SdpProblem.builder(2, new int[] {2}, 0).cost(0, 1).cost(1, 1).build();
        SdpResult r = new SdpSolver().solve(p);
        assertEquals(SdpStatus.DUAL_INFEASIBLE, r.status(), r::toString);
        assertEquals(0, r.iterations());
        assertEquals(-1, r.x()[0] + r.x()[1], 1e-15, "c'x = -1");
        assertEquals(0, r.certificateResidual());
        assertEquals(0, r.primalSlack().get(0, 0, 0));
    }

    /**
     * Free variables kept as a saddle point, including a constraint on free variables only (zero row in
     * the Schur complement): (D) max -w0 s.t. Y00 - w0 = 0, Y01 = 2, Y11 = 1, w0 + w1 = 10, Y PSD. The
     * determinant gives w0 >= 4, so w0 = 4, w1 = 6.
     */
    @Test
    void freeVariablesWithAFreeOnlyConstraintAreSolved() {
        SdpProblem p = SdpProblem.builder(4, new int[] {2}, 2)
                .cost(0, 0).cost(1, 2).cost(2, 1).cost(3, 10)
                .constraintEntry(0, 0, 0, 0, 1).freeEntry(0, 0, -1)
                .constraintEntry(1, 0, 0, 1, 0.5)
                .constraintEntry(2, 0, 1, 1, 1)
                .freeEntry(3, 0, 1).freeEntry(3, 1, 1)
                .freeObjective(0, -1)
                .build();
        SdpResult r = new SdpSolver().solve(p);
        assertEquals(SdpStatus.OPTIMAL, r.status(), r::toString);
        assertEquals(4, r.freeVariables()[0], 1e-6);
        assertEquals(6, r.freeVariables()[1], 1e-6);
        assertEquals(-4, r.dualObjective(), 1e-6);
    }

    /**
     * A free variable that no constraint or objective uses is left at 0 instead of breaking the solve:
     * (D) max -2 Y01 s.t. Y00 + Y11 + w0 / 2 = 1, w0 = 0, with w1 unused; optimum 1.
     */
    @Test
    void unusedFreeVariableStaysAtZero() {
        SdpProblem p = SdpProblem.builder(2, new int[] {2}, 2)
                .cost(0, 1)
                .constantEntry(0, 0, 1, -1)
                .constraintEntry(0, 0, 0, 0, 1).constraintEntry(0, 0, 1, 1, 1)
                .freeEntry(0, 0, 0.5).freeEntry(1, 0, 1)
                .build();
        SdpResult r = new SdpSolver().solve(p);
        assertEquals(SdpStatus.OPTIMAL, r.status(), r::toString);
        assertEquals(1, r.dualObjective(), 1e-7);
        assertEquals(0, r.freeVariables()[0], 1e-8);
        assertEquals(0, r.freeVariables()[1], 0);
    }

    @Test
    void listenerSeesEveryIterationInOrder() {
        List<IterationInfo> seen = new ArrayList<>();
        SdpResult r = new SdpSolver(SdpOptions.defaults().withListener(seen::add))
                .solve(SdplibFiles.read("truss1"));
        assertEquals(r.iterations() + 1, seen.size());
        for (int k = 0; k < seen.size(); k++) {
            assertEquals(k, seen.get(k).iteration());
        }
        assertEquals(r.lastIteration(), seen.get(seen.size() - 1));
    }

    @Test
    void printedLogHasAHeaderAndOneRowPerIteration() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        SdpResult r = new SdpSolver(SdpOptions.defaults().withListener(
                IterationListener.printingTo(new java.io.PrintStream(bytes, true)))).solve(SdplibFiles.read("truss1"));
        String[] lines = bytes.toString().split("\\R");
        assertEquals(r.iterations() + 2, lines.length);
        assertTrue(lines[0].contains("primal obj") && lines[0].contains("compl-gap"), lines[0]);
        assertTrue(lines[lines.length - 1].trim().startsWith(Integer.toString(r.iterations())));
    }

    @Test
    void iterationLimitReturnsTheBestIterate() {
        SdpResult r = new SdpSolver(SdpOptions.defaults().withMaxIterations(3)).solve(SdplibFiles.read("truss1"));
        assertEquals(SdpStatus.ITERATION_LIMIT, r.status());
        assertTrue(r.iterations() <= 3);
    }

    @Test
    void looserTolerancesStopEarlier() {
        SdpProblem p = SdplibFiles.read("control1");
        SdpResult tight = new SdpSolver().solve(p);
        SdpResult loose = new SdpSolver(SdpOptions.defaults().withGapTolerance(1e-4).withPrimalTolerance(1e-4)
                .withDualTolerance(1e-4)).solve(p);
        assertEquals(SdpStatus.OPTIMAL, loose.status());
        assertTrue(loose.iterations() < tight.iterations());
        assertTrue(loose.lastIteration().relativeComplementarity() <= 1e-4);
    }

    @Test
    void invalidOptionsAreRefusedWithTheirName() {
        SdpOptions o = SdpOptions.defaults();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> o.withStepFraction(1)).getMessage()
                .contains("stepFraction"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> o.withGapTolerance(-1)).getMessage()
                .contains("gapTolerance"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> o.withMaxIterations(0)).getMessage()
                .contains("maxIterations"));
    }

    @Test
    void invalidProblemEntriesAreRefused() {
        SdpProblem.Builder b = SdpProblem.builder(2, new int[] {3, -2}, 0);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.constraintEntry(0, 1, 0, 1, 1.0))
                .getMessage().contains("diagonal"));
        assertThrows(IndexOutOfBoundsException.class, () -> b.constraintEntry(2, 0, 0, 0, 1.0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.constraintEntry(0, 0, 3, 0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> b.cost(0, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> SdpProblem.builder(1, new int[] {0}, 0));
        assertThrows(IllegalArgumentException.class, () -> SdpProblem.builder(0, new int[] {1}, 0));
    }

    @Test
    void duplicateAndMirroredEntriesAreSummed() {
        SdpProblem p = SdpProblem.builder(1, new int[] {2}, 0)
                .constraintEntry(0, 0, 0, 1, 1).constraintEntry(0, 0, 1, 0, 2).build();
        assertEquals(3, p.entry(0, 0, 1, 0));
        assertEquals(1, p.entryCount(0, 0));
    }
}
