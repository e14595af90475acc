package dev.mallard.roa.sdp;

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

    /** Writes {@code (L L')^-1} into {@code out}, using {@code work} (length n*n) as scratch. */
    static void inverseFromCholesky(double[] lower, int n, double[] out, double[] work) {
        java.util.Arrays.fill(work, 0, n * n, 0);
        for (int i = 0; i < n; i++) {
            work[i * n + i] = 1;
        }
        forwardSolve(lower, work, n, n);
        // out = (L^-1)' (L^-1); L^-1 is lower triangular.
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double s = 0;
                for (int k = j; k < n; k++) {
                    s += work[k * n + i] * work[k * n + j];
                }
                out[i * n + j] = s;
                out[j * n + i] = s;
            }
        }
    }

    /** c = a b for n x n matrices. */
    static void mult(double[] a, double[] b, double[] c, int n) {
        java.util.Arrays.fill(c, 0, n * n, 0);
        multAdd(a, b, c, n);
    }

    /**
     * c += a b for n x n matrices. Four rows of c at a time, in i-k-j order: each row of b is loaded
     * once per four rows of c, and the innermost loop is a plain axpy that the JIT vectorises. Every
     * entry sums its terms in the order k = 0, 1, ..., so the result does not depend on how rows are
     * shared out: from {@link #PARALLEL_SIZE} on, on a machine with several cores, groups of rows run on the
     * common fork-join pool.
     */
    static void multAdd(double[] a, double[] b, double[] c, int n) {
        int groups = (n + 3) / 4;
        if (PARALLEL && n >= PARALLEL_SIZE) {
            IntStream.range(0, groups).parallel().forEach(g -> multAddRows(a, b, c, n, 4 * g));
        } else {
            for (int g = 0; g < groups; g++) {
                multAddRows(a, b, c, n, 4 * g);
            }
        }
    }

    /** Rows first..first+3 (or up to n) of c += a b. */
    private static void multAddRows(double[] a, double[] b, double[] c, int n, int first) {
        if (first + 3 >= n) {
            for (int i = first; i < n; i++) {
                int ci = i * n;
                for (int k = 0; k < n; k++) {
                    double aik = a[ci + k];
                    int bk = k * n;
                    for (int j = 0; j < n; j++) {
                        c[ci + j] += aik * b[bk + j];
                    }
                }
            }
            return;
        }
        int c0 = first * n;
        int c1 = c0 + n;
        int c2 = c1 + n;
        int c3 = c2 + n;
        for (int k = 0; k < n; k++) {
            double a0 = a[c0 + k];
            double a1 = a[c1 + k];
            double a2 = a[c2 + k];
            double a3 = a[c3 + k];
            int bk = k * n;
            for (int j = 0; j < n; j++) {
                double bkj = b[bk + j];
                c[c0 + j] += a0 * bkj;
                c[c1 + j] += a1 * bkj;
                c[c2 + j] += a2 * bkj;
                c[c3 + j] += a3 * bkj;
            }
        }
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
