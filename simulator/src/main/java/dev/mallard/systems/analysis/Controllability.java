package dev.mallard.systems.analysis;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;

/**
 * Controllability and stabilisability of the pair (A, B) of {@code xdot = Ax + Bu} (or
 * {@code x[n+1] = Ax[n] + Bu[n]}), as Drake's {@code IsControllable} and {@code IsStabilizable}.
 *
 * <p>Controllability is the rank of the Kalman matrix {@code [B, AB, ..., A^(n-1) B]}, computed on
 * {@code A / ||A||} and {@code B / ||B||} (max-abs norms; the rank does not change, but the powers of A no longer
 * swamp or vanish): full rank n when every singular value exceeds {@code tolerance * sigma_max}.
 *
 * <p>Stabilisability is the Popov-Belevitch-Hautus test on the eigenvalues that are not stable (real part
 * {@code >= 0}, or modulus {@code >= 1} in discrete time): {@code [A - lambda I, B]} must have full row rank,
 * judged by its smallest singular value against {@code tolerance * max(1, ||[A, B]||_max)}; a complex lambda
 * is tested through the real 2n-row form of the complex matrix. Computed eigenvalues of a defective A carry
 * errors near {@code sqrt(eps)}, which the default tolerance of the PBH test is chosen to absorb.
 */
public final class Controllability {

    /** The default relative rank tolerance of the Kalman test: singular values below it times the largest are 0. */
    public static final double DEFAULT_KALMAN_TOLERANCE = 1e-10;
    /** The default relative tolerance of the PBH test (above {@code sqrt(eps)}, see the class comment). */
    public static final double DEFAULT_PBH_TOLERANCE = 1e-7;

    private Controllability() {
    }

    /**
     * @param a the n x n matrix A, finite; not modified
     * @param b the n x m matrix B, finite; not modified
     * @return the n x nm Kalman matrix {@code [B, AB, ..., A^(n-1) B]}
     * @throws IllegalArgumentException if a matrix is null, ragged, not finite or of the wrong shape (naming it)
     */
    public static double[][] controllabilityMatrix(double[][] a, double[][] b) {
        return Dense.toArray(kalman(Dense.toEjml(a), Dense.toEjml(b, inputs(a, b))));
    }

    /**
     * As {@link #isControllable(double[][], double[][], double)} with {@link #DEFAULT_KALMAN_TOLERANCE}.
     *
     * @param a the n x n matrix A
     * @param b the n x m matrix B
     * @return whether (A, B) is controllable
     */
    public static boolean isControllable(double[][] a, double[][] b) {
        return isControllable(a, b, DEFAULT_KALMAN_TOLERANCE);
    }

    /**
     * @param a the n x n matrix A, finite; not modified
     * @param b the n x m matrix B, finite; not modified
     * @param tolerance the relative rank tolerance, finite and {@code > 0}
     * @return whether the scaled Kalman matrix has rank n (true for n = 0)
     * @throws IllegalArgumentException for a bad matrix (naming it) or tolerance
     */
    public static boolean isControllable(double[][] a, double[][] b, double tolerance) {
        int m = inputs(a, b);
        checkTolerance(tolerance);
        int n = a.length;
        if (n == 0) {
            return true;
        }
        DMatrixRMaj as = scaled(Dense.toEjml(a));
        DMatrixRMaj bs = scaled(Dense.toEjml(b, m));
        double[] sigma = SingularOps_DDRM.singularValues(kalman(as, bs));
        double largest = 0.0;
        for (double s : sigma) {
            largest = Math.max(largest, s);
        }
        int rank = 0;
        for (double s : sigma) {
            rank += s > tolerance * largest ? 1 : 0;
        }
        return rank == n;
    }

    /**
     * As {@link #isStabilizable(double[][], double[][], boolean, double)} with {@link #DEFAULT_PBH_TOLERANCE}.
     *
     * @param a the n x n matrix A
     * @param b the n x m matrix B
     * @param discrete whether the system is discrete-time
     * @return whether (A, B) is stabilisable
     */
    public static boolean isStabilizable(double[][] a, double[][] b, boolean discrete) {
        return isStabilizable(a, b, discrete, DEFAULT_PBH_TOLERANCE);
    }

    /**
     * @param a the n x n matrix A, finite; not modified
     * @param b the n x m matrix B, finite; not modified
     * @param discrete whether the system is discrete-time (stable means modulus below 1) or continuous-time
     *     (real part below 0)
     * @param tolerance the relative PBH tolerance, finite and {@code > 0}
     * @return whether every eigenvalue that is not stable is controllable (PBH)
     * @throws IllegalArgumentException for a bad matrix (naming it) or tolerance
     */
    public static boolean isStabilizable(double[][] a, double[][] b, boolean discrete, double tolerance) {
        return firstUncontrollableUnstableEigenvalue(a, b, discrete, tolerance) == null;
    }

    /**
     * @return the first eigenvalue {@code {re, im}} that is not stable and fails the PBH test, or null if none
     */
    static double[] firstUncontrollableUnstableEigenvalue(double[][] a, double[][] b, boolean discrete,
            double tolerance) {
        int m = inputs(a, b);
        checkTolerance(tolerance);
        int n = a.length;
        DMatrixRMaj ab = new DMatrixRMaj(n, n + m);
        CommonOps_DDRM.insert(Dense.toEjml(a), ab, 0, 0);
        CommonOps_DDRM.insert(Dense.toEjml(b, m), ab, 0, n);
        double scale = Math.max(1.0, Dense.maxAbs(ab));
        for (double[] lambda : RealSchur.of(a).eigenvalues()) {
            boolean stable = discrete ? Math.hypot(lambda[0], lambda[1]) < 1.0 : lambda[0] < 0.0;
            if (!stable && pbhSmallestSingularValue(a, b, m, lambda) <= tolerance * scale) {
                return lambda;
            }
        }
        return null;
    }

    /** The smallest of the 2n (n for a real lambda) singular values of the real form of [A - lambda I, B]. */
    private static double pbhSmallestSingularValue(double[][] a, double[][] b, int m, double[] lambda) {
        int n = a.length;
        boolean real = lambda[1] == 0.0;
        int k = real ? 1 : 2;
        // Real form of the complex matrix M = Mr + i Mi: [[Mr, -Mi], [Mi, Mr]], rows 2n, columns 2(n + m).
        DMatrixRMaj pbh = new DMatrixRMaj(k * n, k * (n + m));
        for (int blockRow = 0; blockRow < k; blockRow++) {
            for (int i = 0; i < n; i++) {
                int row = blockRow * n + i;
                int colOffset = blockRow * (n + m);
                for (int j = 0; j < n; j++) {
                    pbh.set(row, colOffset + j, a[i][j] - (i == j ? lambda[0] : 0.0));
                }
                for (int j = 0; j < m; j++) {
                    pbh.set(row, colOffset + n + j, b[i][j]);
                }
                if (!real) {
                    // -Mi in the top right, Mi in the bottom left, where Mi = -lambda_im I on the A part.
                    int other = blockRow == 0 ? n + m + i : i;
                    pbh.set(row, other, blockRow == 0 ? lambda[1] : -lambda[1]);
                }
            }
        }
        double[] sigma = SingularOps_DDRM.singularValues(pbh);
        double smallest = Double.POSITIVE_INFINITY;
        for (double s : sigma) {
            smallest = Math.min(smallest, s);
        }
        return smallest;
    }

    private static DMatrixRMaj kalman(DMatrixRMaj a, DMatrixRMaj b) {
        int n = a.numRows;
        int m = b.numCols;
        DMatrixRMaj out = new DMatrixRMaj(n, n * m);
        DMatrixRMaj power = b.copy();
        for (int k = 0; k < n; k++) {
            CommonOps_DDRM.insert(power, out, 0, k * m);
            DMatrixRMaj next = new DMatrixRMaj(n, m);
            CommonOps_DDRM.mult(a, power, next);
            power = next;
        }
        return out;
    }

    private static DMatrixRMaj scaled(DMatrixRMaj m) {
        double norm = Dense.maxAbs(m);
        if (norm > 0.0) {
            CommonOps_DDRM.scale(1.0 / norm, m);
        }
        return m;
    }

    /** Checks A square and B with n rows, both finite; returns m, the columns of B. */
    private static int inputs(double[][] a, double[][] b) {
        int n = Dense.checkSquare(a, "A", true);
        int m = Dense.cols(b, "B");
        Dense.check(b, n, m, "B", true);
        return m;
    }

    private static void checkTolerance(double tolerance) {
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be finite and > 0, got " + tolerance);
        }
    }
}
