package dev.mallard.sdp;

import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Dense kernels on square row-major {@code double[]} blocks, used per block by the interior-point
 * iteration. Output arrays are always distinct from input arrays unless stated.
 */
final class DenseKernels {

    /** The dimension from which products are shared among the cores (below, forking costs more). */
    static final int PARALLEL_SIZE = 64;
    /** Whether there is more than one core to share work with (-XX:ActiveProcessorCount=1 forces serial). */
    static final boolean PARALLEL = Runtime.getRuntime().availableProcessors() > 1;

    private DenseKernels() {
    }

    /** Overwrites {@code b} (n rows of width w, row-major) with {@code L^-1 b}. */
    static void forwardSolve(double[] lower, double[] b, int n, int w) {
        for (int i = 0; i < n; i++) {
            int rowI = i * w;
            for (int k = 0; k < i; k++) {
                double l = lower[i * n + k];
                if (l != 0) {
                    int rowK = k * w;
                    for (int c = 0; c < w; c++) {
                        b[rowI + c] -= l * b[rowK + c];
                    }
                }
            }
            double inv = 1 / lower[i * n + i];
            for (int c = 0; c < w; c++) {
                b[rowI + c] *= inv;
            }
        }
    }

    /**
     * Writes {@code (L L')^-1 = L^-T L^-1} into {@code out}, using {@code work} (length n*n) as scratch.
     * {@code work} becomes {@code L^-1} by forward substitution on the identity (row i of it is zero
     * beyond column i, so each row operation stops there), then its transpose U, and entry (i, j) of the
     * result is row i of U times row j of U from column max(i, j) on (the earlier terms are exact zeros),
     * in 4 x 4 register blocks of the upper triangle, mirrored to the lower one.
     */
    static void inverseFromCholesky(double[] lower, int n, double[] out, double[] work) {
        java.util.Arrays.fill(work, 0, n * n, 0);
        for (int i = 0; i < n; i++) {
            int rowI = i * n;
            work[rowI + i] = 1;
            for (int k = 0; k < i; k++) {
                double l = lower[rowI + k];
                if (l != 0) {
                    int rowK = k * n;
                    for (int c = 0; c <= k; c++) {
                        work[rowI + c] -= l * work[rowK + c];
                    }
                }
            }
            double inv = 1 / lower[rowI + i];
            for (int c = 0; c <= i; c++) {
                work[rowI + c] *= inv;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double t = work[i * n + j];
                work[i * n + j] = work[j * n + i];
                work[j * n + i] = t;
            }
        }
        int groups = (n + 3) / 4;
        if (PARALLEL && n >= PARALLEL_SIZE) {
            IntStream.range(0, groups).parallel().forEach(g -> gramRows(work, out, n, 4 * g));
        } else {
            for (int g = 0; g < groups; g++) {
                gramRows(work, out, n, 4 * g);
            }
        }
    }

    /**
     * Rows first..first+3 (or up to n) of the upper triangle of {@code u u'} for an upper triangular u,
     * and their mirror images below the diagonal.
     */
    private static void gramRows(double[] u, double[] out, int n, int first) {
        int j = first;
        if (first + 4 <= n) {
            for (; j + 4 <= n; j += 4) {
                productTile(u, u, out, n, first, j, false, j);
            }
        }
        for (int i = first; i < Math.min(first + 4, n); i++) {
            for (int c = Math.max(j, i); c < n; c++) {
                double s = 0;
                for (int k = c; k < n; k++) {
                    s += u[i * n + k] * u[c * n + k];
                }
                out[i * n + c] = s;
            }
            for (int c = i + 1; c < n; c++) {
                out[c * n + i] = out[i * n + c];
            }
        }
    }

    /** c = a b' for n x n matrices; for a symmetric b (every caller's case) that is a b. */
    static void multTransB(double[] a, double[] b, double[] c, int n) {
        product(a, b, c, n, false);
    }

    /** c += a b' for n x n matrices; for a symmetric b (every caller's case) that is c += a b. */
    static void multTransBAdd(double[] a, double[] b, double[] c, int n) {
        product(a, b, c, n, true);
    }

    /**
     * c = a b' or c += a b'. Entry (i, j) starts from 0 or c_ij and adds the terms a_ik b_jk in the
     * order k = 0, 1, ... (each product and sum rounded, no fused multiply-add), so for a symmetric b it
     * is bit for bit the ordered triple loop of c += a b. Blocks of 4 x 4 entries are computed together
     * in registers (16 multiply-adds per 8 loads; an axpy-ordered product loads and stores its output
     * row for every term). The rounding of each entry does not depend on the blocking, so the result
     * does not depend on how rows are shared out: from {@link #PARALLEL_SIZE} on, on a machine with
     * several cores, groups of four rows run on the common fork-join pool.
     */
    private static void product(double[] a, double[] b, double[] c, int n, boolean add) {
        int groups = (n + 3) / 4;
        if (PARALLEL && n >= PARALLEL_SIZE) {
            IntStream.range(0, groups).parallel().forEach(g -> productRows(a, b, c, n, 4 * g, add));
        } else {
            for (int g = 0; g < groups; g++) {
                productRows(a, b, c, n, 4 * g, add);
            }
        }
    }

    /** Rows first..first+3 (or up to n) of the product. */
    private static void productRows(double[] a, double[] b, double[] c, int n, int first, boolean add) {
        if (first + 4 > n) {
            for (int i = first; i < n; i++) {
                int j = 0;
                for (; j + 4 <= n; j += 4) {
                    rowTile(a, b, c, n, i, j, add);
                }
                for (; j < n; j++) {
                    entry(a, b, c, n, i, j, add);
                }
            }
            return;
        }
        int j = 0;
        for (; j + 4 <= n; j += 4) {
            productTile(a, b, c, n, first, j, add, 0);
        }
        for (; j < n; j++) {
            columnTile(a, b, c, n, first, j, add);
        }
    }

    /**
     * Entries (i, j..j+3) of the product, for the rows below the last group of four: four independent sums
     * (a lone {@link #entry} waits for each addition before the next), each in the order k = 0, 1, ...
     */
    private static void rowTile(double[] a, double[] b, double[] c, int n, int i, int j, boolean add) {
        int ai = i * n;
        int b0 = j * n;
        int b1 = b0 + n;
        int b2 = b1 + n;
        int b3 = b2 + n;
        int c0 = ai + j;
        double s0 = start(c, c0, add), s1 = start(c, c0 + 1, add), s2 = start(c, c0 + 2, add);
        double s3 = start(c, c0 + 3, add);
        for (int k = 0; k < n; k++) {
            double x = a[ai + k];
            s0 += x * b[b0 + k];
            s1 += x * b[b1 + k];
            s2 += x * b[b2 + k];
            s3 += x * b[b3 + k];
        }
        c[c0] = s0;
        c[c0 + 1] = s1;
        c[c0 + 2] = s2;
        c[c0 + 3] = s3;
    }

    /** Entries (i..i+3, j) of the product, for the columns right of the last group of four (as rowTile). */
    private static void columnTile(double[] a, double[] b, double[] c, int n, int i, int j, boolean add) {
        int a0 = i * n;
        int a1 = a0 + n;
        int a2 = a1 + n;
        int a3 = a2 + n;
        int bj = j * n;
        double s0 = start(c, a0 + j, add), s1 = start(c, a1 + j, add), s2 = start(c, a2 + j, add);
        double s3 = start(c, a3 + j, add);
        for (int k = 0; k < n; k++) {
            double y = b[bj + k];
            s0 += a[a0 + k] * y;
            s1 += a[a1 + k] * y;
            s2 += a[a2 + k] * y;
            s3 += a[a3 + k] * y;
        }
        c[a0 + j] = s0;
        c[a1 + j] = s1;
        c[a2 + j] = s2;
        c[a3 + j] = s3;
    }

    /** The 4 x 4 block of the product at rows i..i+3, columns j..j+3, with the terms from k = from on. */
    private static void productTile(double[] a, double[] b, double[] c, int n, int i, int j, boolean add,
            int from) {
        int a0 = i * n;
        int a1 = a0 + n;
        int a2 = a1 + n;
        int a3 = a2 + n;
        int b0 = j * n;
        int b1 = b0 + n;
        int b2 = b1 + n;
        int b3 = b2 + n;
        int c0 = i * n + j;
        int c1 = c0 + n;
        int c2 = c1 + n;
        int c3 = c2 + n;
        double s00 = start(c, c0, add), s01 = start(c, c0 + 1, add), s02 = start(c, c0 + 2, add);
        double s03 = start(c, c0 + 3, add), s10 = start(c, c1, add), s11 = start(c, c1 + 1, add);
        double s12 = start(c, c1 + 2, add), s13 = start(c, c1 + 3, add), s20 = start(c, c2, add);
        double s21 = start(c, c2 + 1, add), s22 = start(c, c2 + 2, add), s23 = start(c, c2 + 3, add);
        double s30 = start(c, c3, add), s31 = start(c, c3 + 1, add), s32 = start(c, c3 + 2, add);
        double s33 = start(c, c3 + 3, add);
        for (int k = from; k < n; k++) {
            double x0 = a[a0 + k];
            double x1 = a[a1 + k];
            double x2 = a[a2 + k];
            double x3 = a[a3 + k];
            double y0 = b[b0 + k];
            double y1 = b[b1 + k];
            double y2 = b[b2 + k];
            double y3 = b[b3 + k];
            s00 += x0 * y0;
            s01 += x0 * y1;
            s02 += x0 * y2;
            s03 += x0 * y3;
            s10 += x1 * y0;
            s11 += x1 * y1;
            s12 += x1 * y2;
            s13 += x1 * y3;
            s20 += x2 * y0;
            s21 += x2 * y1;
            s22 += x2 * y2;
            s23 += x2 * y3;
            s30 += x3 * y0;
            s31 += x3 * y1;
            s32 += x3 * y2;
            s33 += x3 * y3;
        }
        c[c0] = s00;
        c[c0 + 1] = s01;
        c[c0 + 2] = s02;
        c[c0 + 3] = s03;
        c[c1] = s10;
        c[c1 + 1] = s11;
        c[c1 + 2] = s12;
        c[c1 + 3] = s13;
        c[c2] = s20;
        c[c2 + 1] = s21;
        c[c2 + 2] = s22;
        c[c2 + 3] = s23;
        c[c3] = s30;
        c[c3 + 1] = s31;
        c[c3 + 2] = s32;
        c[c3 + 3] = s33;
    }

    /** The starting value of entry index of the output: 0, or its current value when adding. */
    private static double start(double[] c, int index, boolean add) {
        return add ? c[index] : 0;
    }

    /** Entry (i, j) of the product alone, for the rows and columns outside the 4 x 4 blocks. */
    private static void entry(double[] a, double[] b, double[] c, int n, int i, int j, boolean add) {
        int ai = i * n;
        int bj = j * n;
        double s = start(c, ai + j, add);
        for (int k = 0; k < n; k++) {
            s += a[ai + k] * b[bj + k];
        }
        c[ai + j] = s;
    }

    /** The Frobenius inner product of two n x n arrays. */
    static double dot(double[] a, double[] b, int length) {
        double s = 0;
        for (int k = 0; k < length; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    /** Overwrites a symmetric-in-intent matrix with its symmetric part (a + a') / 2. */
    static void symmetrize(double[] a, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double v = 0.5 * (a[i * n + j] + a[j * n + i]);
                a[i * n + j] = v;
                a[j * n + i] = v;
            }
        }
    }

    /** The smallest eigenvalue of a symmetric matrix; {@code a} may be overwritten. */
    static double minEigenvalue(double[] a, int n) {
        if (n == 1) {
            return a[0];
        }
        for (int k = 0; k < n * n; k++) {
            if (!Double.isFinite(a[k])) {
                return Double.NaN;
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, true);
        if (!eig.decompose(DMatrixRMaj.wrap(n, n, a))) {
            return Double.NaN;
        }
        double min = Double.POSITIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            min = Math.min(min, eig.getEigenvalue(k).real);
        }
        return min;
    }

    /**
     * The largest {@code alpha} with {@code L L' + alpha d} positive semidefinite, or +infinity if
     * every alpha is. Computed from the smallest eigenvalue of {@code L^-1 d L^-T}.
     *
     * @param work scratch of length n*n
     * @param work2 scratch of length n*n
     */
    static double maxStep(double[] lower, double[] d, int n, double[] work, double[] work2) {
        System.arraycopy(d, 0, work, 0, n * n);
        forwardSolve(lower, work, n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                work2[i * n + j] = work[j * n + i];
            }
        }
        forwardSolve(lower, work2, n, n);
        symmetrize(work2, n);
        double lambda = minEigenvalue(work2, n);
        if (Double.isNaN(lambda)) {
            return 0;
        }
        return lambda < 0 ? -1 / lambda : Double.POSITIVE_INFINITY;
    }
}
