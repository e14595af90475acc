package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The flat sweeps against the matrices' definition (entry by entry through {@link SdpProblem#entry}) and, bit for
 * bit, against the sweeps over the per-block entry lists that they replace.
 */
class ConstraintSweepsTest {

    private static final int[] BLOCKS = {5, 3, -4, 2, 1};
    private static final int M = 12;

    /** Random C and A_i; each matrix leaves some blocks empty, and a few entries sit on the diagonal. */
    private static SdpProblem randomProblem() {
        SplittableRandom random = new SplittableRandom(41);
        SdpProblem.Builder builder = SdpProblem.builder(M, BLOCKS, 0);
        for (int k = 0; k <= M; k++) {
            for (int b = 0; b < BLOCKS.length; b++) {
                if (random.nextInt(3) == 0) {
                    continue;
                }
                int n = Math.abs(BLOCKS[b]);
                int count = 1 + random.nextInt(4);
                for (int e = 0; e < count; e++) {
                    int row = random.nextInt(n);
                    int col = BLOCKS[b] < 0 || random.nextInt(3) == 0 ? row : random.nextInt(n);
                    double value = random.nextDouble() - 0.5;
                    if (k == 0) {
                        builder.constantEntry(b, row, col, value);
                    } else {
                        builder.constraintEntry(k - 1, b, row, col, value);
                    }
                }
            }
        }
        return builder.build();
    }

    /** Per block a random matrix, not symmetric (dense n*n row-major, diagonal n). */
    private static double[][] randomBlocks(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] out = new double[BLOCKS.length][];
        for (int b = 0; b < BLOCKS.length; b++) {
            int n = Math.abs(BLOCKS[b]);
            out[b] = random.doubles(BLOCKS[b] < 0 ? n : n * n, -1, 1).toArray();
        }
        return out;
    }

    @Test
    void innerProductIsTheTraceOfTheMatrixTimesM() {
        SdpProblem problem = randomProblem();
        ConstraintSweeps sweeps = new ConstraintSweeps(problem);
        double[][] mat = randomBlocks(3);
        for (int k = 0; k <= M; k++) {
            double expected = 0;
            for (int b = 0; b < BLOCKS.length; b++) {
                int n = Math.abs(BLOCKS[b]);
                for (int r = 0; r < n; r++) {
                    for (int c = 0; c < n; c++) {
                        if (BLOCKS[b] > 0) {
                            expected += problem.entry(k - 1, b, r, c) * mat[b][r * n + c];
                        } else if (r == c) {
                            expected += problem.entry(k - 1, b, r, r) * mat[b][r];
                        }
                    }
                }
            }
            assertEquals(expected, sweeps.innerProduct(k, mat), 1e-13, "matrix " + k);
            assertEquals(listSweepInnerProduct(problem, k, mat), sweeps.innerProduct(k, mat), 0.0, "matrix " + k);
        }
    }

    @Test
    void addCombinationAddsTheWeightedMatricesOfTheBlock() {
        SdpProblem problem = randomProblem();
        ConstraintSweeps sweeps = new ConstraintSweeps(problem);
        double[] x = new SplittableRandom(5).doubles(M, -2, 2).toArray();
        x[3] = 0;
        x[7] = 0;
        double[][] start = randomBlocks(9);
        for (int b = 0; b < BLOCKS.length; b++) {
            int n = Math.abs(BLOCKS[b]);
            double[] a = start[b].clone();
            sweeps.addCombination(b, x, a);
            double[] listed = start[b].clone();
            listSweepCombination(problem, b, x, listed);
            assertArrayEquals(listed, a, 0.0, "block " + b);
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    if (BLOCKS[b] < 0 && r != c) {
                        continue;
                    }
                    double expected = start[b][BLOCKS[b] < 0 ? r : r * n + c];
                    for (int i = 0; i < M; i++) {
                        expected += x[i] * problem.entry(i, b, r, c);
                    }
                    assertEquals(expected, a[BLOCKS[b] < 0 ? r : r * n + c], 1e-13, "block " + b);
                }
            }
        }
    }

    /** The inner product as InteriorPointRun summed it over the entry lists, block by block. */
    private static double listSweepInnerProduct(SdpProblem problem, int k, double[][] matrices) {
        double s = 0;
        for (int b = 0; b < BLOCKS.length; b++) {
            BlockEntries e = problem.entries[b][k];
            double[] a = matrices[b];
            int n = Math.abs(BLOCKS[b]);
            for (int t = 0; t < e.size; t++) {
                int row = e.rows[t];
                int col = e.cols[t];
                if (BLOCKS[b] < 0) {
                    s += e.values[t] * a[row];
                } else {
                    s += row == col ? e.values[t] * a[row * n + row]
                            : e.values[t] * (a[row * n + col] + a[col * n + row]);
                }
            }
        }
        return s;
    }

    /** The combination as InteriorPointRun scattered it, constraint by constraint over the entry lists. */
    private static void listSweepCombination(SdpProblem problem, int b, double[] x, double[] a) {
        int n = Math.abs(BLOCKS[b]);
        for (int i = 0; i < M; i++) {
            BlockEntries e = problem.entries[b][i + 1];
            if (x[i] == 0) {
                continue;
            }
            for (int t = 0; t < e.size; t++) {
                if (BLOCKS[b] < 0) {
                    a[e.rows[t]] += x[i] * e.values[t];
                    continue;
                }
                double v = x[i] * e.values[t];
                a[e.rows[t] * n + e.cols[t]] += v;
                if (e.rows[t] != e.cols[t]) {
                    a[e.cols[t] * n + e.rows[t]] += v;
                }
            }
        }
    }
}
