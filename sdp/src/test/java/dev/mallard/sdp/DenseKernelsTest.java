package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;

/** The dense kernels and step-length estimates against plain reference computations. */
class DenseKernelsTest {

    private static double[] random(int length, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] a = new double[length];
        for (int k = 0; k < length; k++) {
            a[k] = random.nextDouble() - 0.5;
        }
        return a;
    }

    /** A random symmetric positive definite matrix B B' + n I. */
    private static double[] spd(int n, long seed) {
        double[] b = random(n * n, seed);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = i == j ? n : 0;
                for (int k = 0; k < n; k++) {
                    s += b[i * n + k] * b[j * n + k];
                }
                a[i * n + j] = s;
            }
        }
        return a;
    }

    private static double[] symmetric(int n, long seed) {
        double[] a = random(n * n, seed);
        DenseKernels.symmetrize(a, n);
        return a;
    }

    @Test
    void productIsBitForBitTheOrderedTripleLoopAtEverySize() {
        // Sizes below and above the parallel threshold, and not multiples of the 4 x 4 blocks.
        for (int n : new int[] {1, 3, 6, 7, 64, 101}) {
            double[] a = random(n * n, n);
            double[] b = random(n * n, n + 1000);
            double[] c = random(n * n, n + 2000);
            double[] product = new double[n * n];
            double[] sum = c.clone();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    for (int k = 0; k < n; k++) {
                        product[i * n + j] += a[i * n + k] * b[j * n + k];
                        sum[i * n + j] += a[i * n + k] * b[j * n + k];
                    }
                }
            }
            double[] out = random(n * n, n + 3000);
            DenseKernels.multTransB(a, b, out, n);
            assertArrayEquals(product, out, 0.0, "a b', n = " + n);
            DenseKernels.multTransBAdd(a, b, c, n);
            assertArrayEquals(sum, c, 0.0, "c + a b', n = " + n);
        }
    }

    @Test
    void productWithASymmetricMatrixIsBitForBitTheMatrixProduct() {
        int n = 9;
        double[] a = random(n * n, 11);
        double[] s = symmetric(n, 12);
        double[] out = new double[n * n];
        DenseKernels.multTransB(a, s, out, n);
        double[] expected = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < n; j++) {
                    expected[i * n + j] += a[i * n + k] * s[k * n + j];
                }
            }
        }
        assertArrayEquals(expected, out, 0.0);
    }

    @Test
    void inverseFromCholeskyIsTheInverseOfTheFactoredMatrix() {
        // Sizes below and above the parallel threshold, and not multiples of the 4 x 4 blocks.
        for (int n : new int[] {1, 6, 64, 70}) {
            double[] a = spd(n, n + 50);
            double[] lower = a.clone();
            assertTrue(BlockedCholesky.factor(lower, n));
            double[] inverse = new double[n * n];
            DenseKernels.inverseFromCholesky(lower, n, inverse, new double[n * n]);
            // Reference: L^-1 by plain forward substitution, then (L^-1)' L^-1 summed over k >= max(i, j).
            double[] li = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c <= i; c++) {
                    double s = i == c ? 1 : 0;
                    for (int k = c; k < i; k++) {
                        s -= lower[i * n + k] * li[k * n + c];
                    }
                    li[i * n + c] = s / lower[i * n + i];
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double s = 0;
                    for (int k = Math.max(i, j); k < n; k++) {
                        s += li[k * n + i] * li[k * n + j];
                    }
                    assertEquals(s, inverse[i * n + j], 1e-15 * Math.abs(s) + 1e-18, "n=" + n);
                    double identity = 0;
                    for (int k = 0; k < n; k++) {
                        identity += a[i * n + k] * inverse[k * n + j];
                    }
                    assertEquals(i == j ? 1 : 0, identity, 1e-12, "(A A^-1)[" + i + "][" + j + "], n=" + n);
                }
            }
        }
    }

    @Test
    void lanczosStepMatchesTheEigenvalueStep() {
        for (int n : new int[] {2, 10, 60}) {
            double[] lower = spd(n, 7 * n);
            assertTrue(BlockedCholesky.factor(lower, n));
            double[] direction = symmetric(n, 11 * n);
            for (int t = 0; t < n * n; t++) {
                direction[t] *= 10;
            }
            double exact = DenseKernels.maxStep(lower, direction, n, new double[n * n], new double[n * n]);
            double estimate = new LanczosStep(n).estimate(lower, direction, n);
            // The estimate includes the Ritz residual (at most 1e-3 of the Ritz value): slightly short.
            assertEquals(exact, estimate, 2e-3 * exact, "n = " + n);
            assertTrue(estimate <= exact * (1 + 1e-12), "n = " + n);
        }
    }

    @Test
    void lanczosReportsAnUnboundedStepForAPositiveDirection() {
        int n = 5;
        double[] lower = spd(n, 3);
        assertTrue(BlockedCholesky.factor(lower, n));
        double[] direction = spd(n, 4);
        assertEquals(Double.POSITIVE_INFINITY, new LanczosStep(n).estimate(lower, direction, n));
    }

    @Test
    void tridiagonalLargestEigenvalueAndVectorMatchADenseSolver() {
        int k = 12;
        double[] a = random(k, 21);
        double[] b = random(k, 22);
        DMatrixRMaj dense = new DMatrixRMaj(k, k);
        for (int i = 0; i < k; i++) {
            dense.set(i, i, a[i]);
            if (i + 1 < k) {
                dense.set(i, i + 1, b[i]);
                dense.set(i + 1, i, b[i]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, true, true);
        assertTrue(eig.decompose(dense.copy()));
        int top = 0;
        for (int i = 1; i < k; i++) {
            if (eig.getEigenvalue(i).real > eig.getEigenvalue(top).real) {
                top = i;
            }
        }
        double largest = TridiagonalEigen.largest(a, b, k);
        assertEquals(eig.getEigenvalue(top).real, largest, 1e-13);
        double last = TridiagonalEigen.lastComponent(a, b, k, largest, new double[k], new double[k]);
        assertEquals(Math.abs(eig.getEigenVector(top).get(k - 1) / normOf(eig.getEigenVector(top))), Math.abs(last),
                1e-8);
    }

    @Test
    void tridiagonalLargestIsBitForBitPlainBisectionFromGershgorin() {
        // Laguerre's guess, the confirmed bracket and the two-steps-per-pass bisection against the plain loop
        // from Gershgorin's interval, on matrices of 1 to 40 rows (Lanczos's range): random entries, then
        // graded ones (scales over 20 orders), a cluster of nearly equal top eigenvalues, a largest
        // eigenvalue near zero against the norm (negative semidefinite and shifted by a tiny amount), and
        // Lanczos-like rows (a dominant top eigenvalue converging as rows are added).
        for (int k = 1; k <= 40; k++) {
            double[] a = random(k, 100 + k);
            double[] b = random(k, 200 + k);
            assertEquals(plainBisection(a, b, k), TridiagonalEigen.largest(a, b, k), 0.0, "k = " + k);
        }
        SplittableRandom random = new SplittableRandom(31);
        for (int trial = 0; trial < 4000; trial++) {
            int k = 1 + random.nextInt(40);
            double[] a = new double[k];
            double[] b = new double[k];
            int kind = trial % 5;
            for (int i = 0; i < k; i++) {
                double scale = kind == 1 ? Math.pow(10, -10 + 20 * random.nextDouble()) : 1;
                a[i] = scale * (random.nextDouble() - 0.5);
                b[i] = scale * (random.nextDouble() - 0.5) * (kind == 2 ? 1e-9 : 1);
                if (kind == 4) {
                    a[i] = Math.pow(0.5, i) + 0.01 * (random.nextDouble() - 0.5);
                    b[i] = Math.pow(0.5, i) * (random.nextDouble() - 0.5);
                }
            }
            if (kind == 3) {
                // -(C C') - shift with C lower bidiagonal (diagonal c, subdiagonal e) and c's last entry 0, so
                // C C' is singular and the largest eigenvalue is -shift, 1e-300 to 1 of the norm.
                double[] c = a.clone();
                double[] e = b.clone();
                c[k - 1] = 0;
                double shift = Math.pow(10, -300 * random.nextDouble());
                for (int i = 0; i < k; i++) {
                    a[i] = -(c[i] * c[i] + (i > 0 ? e[i - 1] * e[i - 1] : 0)) - shift;
                    b[i] = -e[i] * c[i];
                }
            }
            assertEquals(plainBisection(a, b, k), TridiagonalEigen.largest(a, b, k), 0.0,
                    "trial " + trial + ", k = " + k);
        }
        double[] a = {2, 1, 2, 1};
        double[] b = {0.5, 0, 0.5};
        assertEquals(plainBisection(a, b, 4), TridiagonalEigen.largest(a, b, 4), 0.0);
        double[] equal = {1, 1, 1};
        double[] none = {0, 0};
        assertEquals(1.0, TridiagonalEigen.largest(equal, none, 3), 0.0);
    }

    /** Sturm bisection one step per pass, as TridiagonalEigen did before it took two. */
    private static double plainBisection(double[] a, double[] b, int k) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            double radius = (i > 0 ? Math.abs(b[i - 1]) : 0) + (i < k - 1 ? Math.abs(b[i]) : 0);
            lo = Math.min(lo, a[i] - radius);
            hi = Math.max(hi, a[i] + radius);
        }
        for (int it = 0; it < 200; it++) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            int count = 0;
            double q = 1;
            for (int i = 0; i < k; i++) {
                double off = i > 0 ? b[i - 1] * b[i - 1] : 0;
                q = a[i] - mid - (off == 0 ? 0 : off / q);
                if (q == 0) {
                    q = -Double.MIN_NORMAL;
                }
                if (q < 0) {
                    count++;
                }
            }
            if (count == k) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    private static double normOf(DMatrixRMaj v) {
        double s = 0;
        for (double x : v.data) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
