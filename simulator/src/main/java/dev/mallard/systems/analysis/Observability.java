package dev.mallard.systems.analysis;

/**
 * Observability and detectability of the pair (A, C) of {@code xdot = Ax, y = Cx} (or the discrete-time
 * system), as Drake's {@code IsObservable} and {@code IsDetectable}: by duality, (A, C) is observable
 * (detectable) exactly when (A', C') is controllable (stabilisable), so every test and tolerance is the one of
 * {@link Controllability} applied to the transposes.
 */
public final class Observability {

    private Observability() {
    }

    /**
     * @param a the n x n matrix A, finite; not modified
     * @param c the p x n matrix C, finite; not modified
     * @return the np x n observability matrix {@code [C; CA; ...; CA^(n-1)]}
     * @throws IllegalArgumentException if a matrix is null, ragged, not finite or of the wrong shape (naming it)
     */
    public static double[][] observabilityMatrix(double[][] a, double[][] c) {
        return Dense.transpose(Controllability.controllabilityMatrix(Dense.transpose(checkedA(a)), transposeC(a, c)));
    }

    /**
     * @param a the n x n matrix A
     * @param c the p x n matrix C
     * @return whether (A, C) is observable, with {@link Controllability#DEFAULT_KALMAN_TOLERANCE}
     */
    public static boolean isObservable(double[][] a, double[][] c) {
        return isObservable(a, c, Controllability.DEFAULT_KALMAN_TOLERANCE);
    }

    /**
     * @param a the n x n matrix A, finite; not modified
     * @param c the p x n matrix C, finite; not modified
     * @param tolerance the relative rank tolerance, finite and {@code > 0}
     * @return whether the (scaled) observability matrix has rank n
     * @throws IllegalArgumentException for a bad matrix (naming it) or tolerance
     */
    public static boolean isObservable(double[][] a, double[][] c, double tolerance) {
        return Controllability.isControllable(Dense.transpose(checkedA(a)), transposeC(a, c), tolerance);
    }

    /**
     * @param a the n x n matrix A
     * @param c the p x n matrix C
     * @param discrete whether the system is discrete-time
     * @return whether (A, C) is detectable, with {@link Controllability#DEFAULT_PBH_TOLERANCE}
     */
    public static boolean isDetectable(double[][] a, double[][] c, boolean discrete) {
        return isDetectable(a, c, discrete, Controllability.DEFAULT_PBH_TOLERANCE);
    }

    /**
     * @param a the n x n matrix A, finite; not modified
     * @param c the p x n matrix C, finite; not modified
     * @param discrete whether the system is discrete-time
     * @param tolerance the relative PBH tolerance, finite and {@code > 0}
     * @return whether every eigenvalue that is not stable is observable (PBH on the transposes)
     * @throws IllegalArgumentException for a bad matrix (naming it) or tolerance
     */
    public static boolean isDetectable(double[][] a, double[][] c, boolean discrete, double tolerance) {
        return Controllability.isStabilizable(Dense.transpose(checkedA(a)), transposeC(a, c), discrete, tolerance);
    }

    private static double[][] checkedA(double[][] a) {
        Dense.checkSquare(a, "A", true);
        return a;
    }

    /** C' with n rows even when C has no rows. */
    private static double[][] transposeC(double[][] a, double[][] c) {
        int n = Dense.checkSquare(a, "A", true);
        int p = Dense.rows(c, "C");
        Dense.check(c, p, n, "C", true);
        double[][] out = new double[n][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < n; j++) {
                out[j][i] = c[i][j];
            }
        }
        return out;
    }
}
