package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * The double-double kernels and the GMRES correction of {@link MixedPrecisionRefinement} against sums and
 * products computed exactly with {@link BigDecimal}.
 */
class MixedPrecisionRefinementTest {

    private static final MathContext EXACT = MathContext.UNLIMITED;

    @Test
    void compensatedDotProductIsExactToAboutThirtyDigitsWhereDoubleCancels() {
        SplittableRandom random = new SplittableRandom(7);
        double[] acc = {0, 0};
        double plain = 0;
        BigDecimal exact = BigDecimal.ZERO;
        for (int k = 0; k < 200; k++) {
            double a = random.nextDouble(-1, 1);
            double b = random.nextDouble(-1, 1);
            // Each product is followed by its negation nudged by one part in 1e15: the sum cancels to ~1e-15.
            double c = -a * b * (1 + 1e-15 * random.nextDouble());
            MixedPrecisionRefinement.addProduct(a, b, acc);
            MixedPrecisionRefinement.addProduct(c, 1, acc);
            plain += a * b + c;
            exact = exact.add(new BigDecimal(a).multiply(new BigDecimal(b), EXACT)).add(new BigDecimal(c));
        }
        double reference = exact.doubleValue();
        double compensated = acc[0] + acc[1];
        assertEquals(reference, compensated, 1e-14 * Math.abs(reference));
        // The plain sum is wrong from its third digit on (each product's rounding, 1e-16, against a sum of 1e-15
        // per pair): the test distinguishes the two.
        assertTrue(Math.abs(plain - reference) > 1e-4 * Math.abs(reference), "plain " + plain + " exact " + reference);
    }

    @Test
    void gmresCorrectionSolvesTheExactSystemToRoundingWhereOneSolveWithTheFactorCannot() throws IOException {
        // SDPLIB's hinf5 (3 blocks of 5, 5, 6; 13 constraints) with Z and Y of eigenvalues 1e-8 to 1e8: B has a
        // condition number far beyond 1e16, so its factor in double is a poor inverse in its smallest directions.
        SdpProblem problem = SdpaFormat.read(SdpCorpusTest.directory().resolve("sdplib/hinf5.dat-s"));
        int m = problem.constraintCount();
        double[][] z = illConditioned(problem, 11, 8);
        double[][] y = illConditioned(problem, 111, 8);
        double[] schur = new double[m * m];
        new SchurComplement(problem, 1).assemble(z, y, schur);
        NewtonSystem newton = new NewtonSystem(m, new DMatrixRMaj(m, 0));
        assertTrue(newton.factorize(schur));
        double[] r = new SplittableRandom(13).doubles(m, -1, 1).toArray();

        double[] plain = new double[m];
        newton.solve(r, new double[0], plain, new double[0]);
        double plainResidual = exactResidualNorm(problem, z, y, plain, new double[m], r);

        MixedPrecisionRefinement refinement = new MixedPrecisionRefinement(problem, newton);
        double[] e = new double[m];
        double[] eLow = new double[m];
        refinement.solve(z, y, r, new double[0], 1e-14, e, eLow, new double[0]);
        double extendedResidual = exactResidualNorm(problem, z, y, e, eLow, r);

        // ||r|| is about 2: one solve leaves a relative residual of about 1e-6, GMRES one of about 1e-16.
        assertTrue(plainResidual > 1e-7, "the plain solve already solves it: " + plainResidual);
        assertTrue(extendedResidual < 1e-13, "GMRES residual " + extendedResidual + ", plain " + plainResidual);
    }

    /** Per dense block Q diag(10^-decades .. 10^decades) Q' with a random orthogonal Q (Gram-Schmidt). */
    private static double[][] illConditioned(SdpProblem problem, long seed, int decades) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] out = new double[problem.blockCount()][];
        for (int b = 0; b < out.length; b++) {
            int n = problem.blockSize(b);
            double[][] q = new double[n][];
            for (int k = 0; k < n; k++) {
                q[k] = random.doubles(n, -1, 1).toArray();
                for (int j = 0; j < k; j++) {
                    double d = dot(q[k], q[j]);
                    for (int t = 0; t < n; t++) {
                        q[k][t] -= d * q[j][t];
                    }
                }
                double norm = Math.sqrt(dot(q[k], q[k]));
                for (int t = 0; t < n; t++) {
                    q[k][t] /= norm;
                }
            }
            out[b] = new double[n * n];
            for (int k = 0; k < n; k++) {
                double lambda = Math.pow(10, -decades + 2.0 * decades * k / (n - 1));
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        out[b][i * n + j] += lambda * q[k][i] * q[k][j];
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    out[b][i * n + j] = out[b][j * n + i];
                }
            }
        }
        return out;
    }

    /** ||r - A(Z A*(e + eLow) Y)||, every product and sum exact. */
    private static double exactResidualNorm(SdpProblem problem, double[][] z, double[][] y, double[] e, double[] eLow,
            double[] r) {
        int m = problem.constraintCount();
        BigDecimal[] residual = new BigDecimal[m];
        for (int i = 0; i < m; i++) {
            residual[i] = new BigDecimal(r[i]);
        }
        for (int b = 0; b < problem.blockCount(); b++) {
            int n = problem.blockSize(b);
            BigDecimal[][] s = new BigDecimal[n][n];
            for (BigDecimal[] row : s) {
                java.util.Arrays.fill(row, BigDecimal.ZERO);
            }
            for (int j = 0; j < m; j++) {
                BigDecimal ej = new BigDecimal(e[j]).add(new BigDecimal(eLow[j]));
                BlockEntries a = problem.entries[b][j + 1];
                for (int t = 0; t < a.size; t++) {
                    BigDecimal v = ej.multiply(new BigDecimal(a.values[t]), EXACT);
                    s[a.rows[t]][a.cols[t]] = s[a.rows[t]][a.cols[t]].add(v);
                    if (a.rows[t] != a.cols[t]) {
                        s[a.cols[t]][a.rows[t]] = s[a.cols[t]][a.rows[t]].add(v);
                    }
                }
            }
            BigDecimal[][] w = multiply(multiply(toBig(z[b], n), s), toBig(y[b], n));
            for (int i = 0; i < m; i++) {
                BlockEntries a = problem.entries[b][i + 1];
                for (int t = 0; t < a.size; t++) {
                    BigDecimal v = new BigDecimal(a.values[t]);
                    residual[i] = residual[i].subtract(v.multiply(w[a.rows[t]][a.cols[t]], EXACT));
                    if (a.rows[t] != a.cols[t]) {
                        residual[i] = residual[i].subtract(v.multiply(w[a.cols[t]][a.rows[t]], EXACT));
                    }
                }
            }
        }
        double s2 = 0;
        for (BigDecimal v : residual) {
            s2 += v.doubleValue() * v.doubleValue();
        }
        return Math.sqrt(s2);
    }

    private static BigDecimal[][] toBig(double[] a, int n) {
        BigDecimal[][] out = new BigDecimal[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                out[i][j] = new BigDecimal(a[i * n + j]);
            }
        }
        return out;
    }

    private static BigDecimal[][] multiply(BigDecimal[][] a, BigDecimal[][] b) {
        int n = a.length;
        BigDecimal[][] out = new BigDecimal[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigDecimal s = BigDecimal.ZERO;
                for (int k = 0; k < n; k++) {
                    s = s.add(a[i][k].multiply(b[k][j], EXACT));
                }
                out[i][j] = s;
            }
        }
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
