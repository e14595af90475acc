package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The blocked Cholesky factorisation and its solve against L L' = A and A x = b. */
class BlockedCholeskyTest {

    /** A random symmetric positive definite matrix G G' + I, G with entries in [-0.5, 0.5). */
    private static double[] spd(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] g = new double[n * n];
        for (int t = 0; t < g.length; t++) {
            g[t] = random.nextDouble() - 0.5;
        }
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = i == j ? 1 : 0;
                for (int k = 0; k < n; k++) {
                    s += g[i * n + k] * g[j * n + k];
                }
                a[i * n + j] = s;
            }
        }
        return a;
    }

    @Test
    void factorReproducesTheMatrixAtSizesAroundThePanelAndParallelThresholds() {
        // 1 and 5: inside one panel; 47..50: around the panel width; 101, 250: several panels, serial
        // and shared among cores; sizes not multiples of the 4-row tiles.
        for (int n : new int[] {1, 5, 47, 48, 49, 50, 101, 250}) {
            double[] a = spd(n, n);
            double[] lower = a.clone();
            assertTrue(BlockedCholesky.factor(lower, n));
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (j > i) {
                        assertEquals(0, lower[i * n + j], "upper triangle zeroed, n=" + n);
                        continue;
                    }
                    double s = 0;
                    for (int k = 0; k <= j; k++) {
                        s += lower[i * n + k] * lower[j * n + k];
                    }
                    assertEquals(a[i * n + j], s, 1e-12 * n, "(L L')[" + i + "][" + j + "], n=" + n);
                }
            }
        }
    }

    @Test
    void factorIsBitForBitTheUnblockedLoop() {
        // Each entry: a_ij minus L_ik L_jk in the order k = 0, 1, ..., then times 1 / L_jj; sizes whose
        // trailing matrices leave partial groups of 1 to 3 rows in different panels.
        for (int n : new int[] {5, 50, 101, 250}) {
            double[] a = spd(n, n + 7);
            double[] expected = new double[n * n];
            for (int j = 0; j < n; j++) {
                for (int i = j; i < n; i++) {
                    double s = a[i * n + j];
                    for (int k = 0; k < j; k++) {
                        s -= expected[i * n + k] * expected[j * n + k];
                    }
                    expected[i * n + j] = i == j ? Math.sqrt(s) : s * (1 / expected[j * n + j]);
                }
            }
            double[] lower = a.clone();
            assertTrue(BlockedCholesky.factor(lower, n));
            assertArrayEquals(expected, lower, 0.0, "n = " + n);
        }
    }

    @Test
    void solveSatisfiesTheSystem() {
        int n = 130;
        double[] a = spd(n, 7);
        double[] lower = a.clone();
        assertTrue(BlockedCholesky.factor(lower, n));
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = Math.sin(i);
        }
        double[] x = b.clone();
        BlockedCholesky.solve(lower, n, x);
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += a[i * n + j] * x[j];
            }
            assertEquals(b[i], s, 1e-10, "row " + i);
        }
    }

    @Test
    void solveOnTheTransposedCopyIsBitForBitSolve() {
        // Sizes below, at and above the panel width, past the tile of the copy, and around the forward
        // substitution's groups of four rows (n mod 4 = 0, 1, 2, 3).
        for (int n : new int[] {1, 3, 4, 5, 7, 48, 130, 253}) {
            double[] lower = spd(n, 3 * n + 1);
            assertTrue(BlockedCholesky.factor(lower, n));
            double[] both = lower.clone();
            BlockedCholesky.copyLowerToUpper(both, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    assertEquals(lower[Math.max(i, j) * n + Math.min(i, j)], both[i * n + j], 0.0);
                }
            }
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = Math.cos(3.0 * i);
            }
            double[] plain = b.clone();
            BlockedCholesky.solve(lower, n, plain);
            double[] transposed = b.clone();
            BlockedCholesky.solveTransposed(both, n, transposed);
            assertArrayEquals(plain, transposed, 0.0, "n = " + n);
        }
    }

    @Test
    void indefiniteOrNanMatricesAreRejected() {
        int n = 60;
        // A negative diagonal entry in the second panel: the failure is found after a trailing update.
        double[] a = spd(n, 3);
        a[55 * n + 55] = -1;
        assertFalse(BlockedCholesky.factor(a, n));
        double[] b = spd(n, 4);
        b[10 * n + 3] = Double.NaN;
        assertFalse(BlockedCholesky.factor(b, n));
    }
}
