package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The Schur complement against its definition, and shared among workers against serial. */
class SchurComplementTest {

    /** Per block a random symmetric positive definite matrix (diagonal blocks: positive entries). */
    private static double[][] randomPositive(SdpProblem problem, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] out = new double[problem.blockCount()][];
        for (int b = 0; b < out.length; b++) {
            int n = problem.blockSize(b);
            if (problem.isDiagonal(b)) {
                out[b] = random.doubles(n, 0.5, 2).toArray();
                continue;
            }
            double[] g = random.doubles(n * n, -1, 1).toArray();
            out[b] = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double s = i == j ? 1 : 0;
                    for (int k = 0; k < n; k++) {
                        s += g[i * n + k] * g[j * n + k] / n;
                    }
                    out[b][i * n + j] = s;
                }
            }
        }
        return out;
    }

    @Test
    void diagonalBlockSharedByManyConstraintsIsTheSumInPositionOrder() throws java.io.IOException {
        // A sampled LP's shape: 6 positions that all 60 constraints touch (written on one side and mirrored),
        // 20 that one constraint each touches. B_ij = sum over positions r, in order, of (a_ir w_r) a_jr.
        int m = 60;
        int shared = 6;
        int n = shared + 20;
        SplittableRandom random = new SplittableRandom(17);
        double[][] a = new double[m][n];
        StringBuilder text = new StringBuilder(m + "\n1\n-" + n + "\n");
        for (int i = 0; i < m; i++) {
            text.append(i == 0 ? "" : " ").append(1);
        }
        text.append('\n');
        for (int i = 0; i < m; i++) {
            for (int r = 0; r < shared; r++) {
                a[i][r] = random.nextDouble() - 0.5;
            }
            a[i][shared + i % 20] = random.nextDouble() + 0.5;
            for (int r = 0; r < n; r++) {
                if (a[i][r] != 0) {
                    text.append(i + 1).append(" 1 ").append(r + 1).append(' ').append(r + 1).append(' ')
                            .append(a[i][r]).append('\n');
                }
            }
        }
        SdpProblem problem = SdpaFormat.readSparse(new java.io.StringReader(text.toString()));
        double[][] z = randomPositive(problem, 5);
        double[][] y = randomPositive(problem, 6);
        double[] schur = new double[m * m];
        new SchurComplement(problem, 1).assemble(z, y, schur);
        for (int i = 0; i < m; i++) {
            for (int j = i; j < m; j++) {
                double expected = 0;
                for (int r = 0; r < n; r++) {
                    if (a[i][r] != 0 && a[j][r] != 0) {
                        expected += a[i][r] * (z[0][r] * y[0][r]) * a[j][r];
                    }
                }
                assertEquals(expected, schur[i * m + j], 0.0, "B at " + i + ", " + j);
                assertEquals(expected, schur[j * m + i], 0.0, "B at " + j + ", " + i);
            }
        }
    }

    @Test
    void sharedAmongWorkersIsBitForBitSerial() {
        // theta1: one 50 x 50 block, 104 constraints, large enough to be shared.
        SdpProblem problem = SdplibFiles.read("theta1");
        int m = problem.constraintCount();
        double[][] z = randomPositive(problem, 1);
        double[][] y = randomPositive(problem, 2);
        double[] serial = new double[m * m];
        double[] shared = new double[m * m];
        new SchurComplement(problem, 1).assemble(z, y, serial);
        new SchurComplement(problem, 3).assemble(z, y, shared);
        assertArrayEquals(serial, shared, 0.0);
    }

    @Test
    void entriesAreTraceOfAiZAjY() {
        // truss3: small dense blocks and a diagonal block; every formula against tr(A_i Z A_j Y).
        SdpProblem problem = SdplibFiles.read("truss3");
        int m = problem.constraintCount();
        double[][] z = randomPositive(problem, 3);
        double[][] y = randomPositive(problem, 4);
        double[] schur = new double[m * m];
        new SchurComplement(problem, 2).assemble(z, y, schur);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double expected = 0;
                for (int b = 0; b < problem.blockCount(); b++) {
                    expected += traceProduct(problem, b, i, j, z[b], y[b]);
                }
                assertEquals(expected, schur[i * m + j], 1e-12 * (1 + Math.abs(expected)), "B[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void aConstraintFillingItsBlockGivesTraceOfAiZAjY() throws java.io.IOException {
        // Block 8 x 8: constraint 1 is the all-ones matrix (a row of B by dense products), constraints
        // 2..9 touch one or two entries each (so that the dense row is cheapest by F1).
        int n = 8;
        StringBuilder sdpa = new StringBuilder("9\n1\n" + n + "\n1 1 1 1 1 1 1 1 1\n");
        for (int r = 1; r <= n; r++) {
            for (int c = r; c <= n; c++) {
                sdpa.append("1 1 ").append(r).append(' ').append(c).append(" 1\n");
            }
        }
        for (int k = 2; k <= 9; k++) {
            int r = k - 1;
            sdpa.append(k).append(" 1 ").append(r).append(' ').append(r).append(" 1\n");
            sdpa.append(k).append(" 1 ").append(r).append(' ').append(1 + r % n).append(" 0.5\n");
        }
        SdpProblem problem = SdpaFormat.readSparse(new java.io.StringReader(sdpa.toString()));
        int m = problem.constraintCount();
        double[][] z = randomPositive(problem, 5);
        double[][] y = randomPositive(problem, 6);
        double[] schur = new double[m * m];
        new SchurComplement(problem, 1).assemble(z, y, schur);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double expected = traceProduct(problem, 0, i, j, z[0], y[0]);
                assertEquals(expected, schur[i * m + j], 1e-12 * (1 + Math.abs(expected)), "B[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void sosProgramRowsAreTraceOfAiZAjYAndSymmetric() throws java.io.IOException {
        // An SOS program of roa (68 x 68 Gram block and an LP block, 420 constraints): most rows by F1 in
        // batches of eight sharing one pass over the later constraints, one side of each pair written and
        // summed at the end. Every 23rd row against tr(A_i Z A_j Y) = sum_cd (A_j)_cd (Z A_i Y)_cd.
        SdpProblem problem;
        try (java.io.Reader in = new java.io.InputStreamReader(
                getClass().getResourceAsStream("/sos-family/coupled-oscillators4-2.dat-s"),
                java.nio.charset.StandardCharsets.US_ASCII)) {
            problem = SdpaFormat.readSparse(in);
        }
        int m = problem.constraintCount();
        double[][] z = randomPositive(problem, 8);
        double[][] y = randomPositive(problem, 9);
        double[] serial = new double[m * m];
        double[] shared = new double[m * m];
        new SchurComplement(problem, 1).assemble(z, y, serial);
        new SchurComplement(problem, 2).assemble(z, y, shared);
        assertArrayEquals(serial, shared, 0.0);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < i; j++) {
                assertEquals(serial[i * m + j], serial[j * m + i], 0.0, "symmetric at " + i + ", " + j);
            }
        }
        for (int i = 0; i < m; i += 23) {
            double[][] zaiy = new double[problem.blockCount()][];
            for (int b = 0; b < problem.blockCount(); b++) {
                int n = problem.blockSize(b);
                zaiy[b] = problem.isDiagonal(b) ? null
                        : product(product(z[b], dense(problem.entries[b][i + 1], n), n), y[b], n);
            }
            for (int j = 0; j < m; j++) {
                double expected = 0;
                for (int b = 0; b < problem.blockCount(); b++) {
                    int n = problem.blockSize(b);
                    double[] aj = dense(problem.entries[b][j + 1], n);
                    if (problem.isDiagonal(b)) {
                        double[] ai = dense(problem.entries[b][i + 1], n);
                        for (int k = 0; k < n; k++) {
                            expected += ai[k * n + k] * z[b][k] * aj[k * n + k] * y[b][k];
                        }
                    } else {
                        for (int k = 0; k < n * n; k++) {
                            expected += aj[k] * zaiy[b][k];
                        }
                    }
                }
                assertEquals(expected, serial[i * m + j], 1e-12 * (1 + Math.abs(expected)), "B[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void repeatedRowsProductIsBitForBitTheDenseProduct() {
        // gpp's all-ones constraint (and a non-trivial repeated row): Y A' by one sum per row of Y.
        int n = 37;
        SplittableRandom random = new SplittableRandom(7);
        double[] y = random.doubles(n * n, -1, 1).toArray();
        double[] row = random.doubles(n, -2, 2).toArray();
        for (double[] first : new double[][] {new double[n], row}) {
            if (first != row) {
                java.util.Arrays.fill(first, 1);
            }
            double[] a = new double[n * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(first, 0, a, i * n, n);
            }
            double[] expected = new double[n * n];
            double[] actual = new double[n * n];
            DenseKernels.multTransB(y, a, expected, n);
            SchurComplement.productWithRepeatedRows(y, a, actual, n);
            assertArrayEquals(expected, actual, 0.0);
        }
    }

    /** tr(A_i Z A_j Y) in block b from dense copies of A_i and A_j. */
    private static double traceProduct(SdpProblem problem, int b, int i, int j, double[] z, double[] y) {
        int n = problem.blockSize(b);
        double[] ai = dense(problem.entries[b][i + 1], n);
        double[] aj = dense(problem.entries[b][j + 1], n);
        if (problem.isDiagonal(b)) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += ai[k * n + k] * z[k] * aj[k * n + k] * y[k];
            }
            return s;
        }
        double[] t1 = product(ai, z, n);
        double[] t2 = product(t1, aj, n);
        double[] t3 = product(t2, y, n);
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += t3[k * n + k];
        }
        return s;
    }

    private static double[] dense(BlockEntries e, int n) {
        double[] a = new double[n * n];
        for (int t = 0; t < e.size; t++) {
            a[e.rows[t] * n + e.cols[t]] = e.values[t];
            a[e.cols[t] * n + e.rows[t]] = e.values[t];
        }
        return a;
    }

    private static double[] product(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < n; j++) {
                    c[i * n + j] += a[i * n + k] * b[k * n + j];
                }
            }
        }
        return c;
    }
}
