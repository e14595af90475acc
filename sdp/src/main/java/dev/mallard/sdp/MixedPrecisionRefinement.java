package dev.mallard.sdp;

import java.util.Arrays;

/**
 * Refinement of a Newton direction for Schur complements too ill-conditioned for plain iterative refinement in
 * double precision. Plain refinement corrects the direction with the factor of the assembled Schur complement B
 * and measures the residual with the operator the direction actually applies, {@code e -> A(sym(Z A*(e) Y))};
 * both carry rounding errors of about {@code 1e-16 |A|^2 |Z| |Y|}, and near the optimum of a degenerate problem
 * the smallest eigenvalue of B falls below that size (SDPLIB's hinf5: 2e-7 against a largest eigenvalue of 3e7 at
 * mu = 0.2; at mu = 0.02 B and the operator differ by 1.2e-5 and B's computed smallest eigenvalue is negative), so
 * refinement cannot remove the residual's component along it and the dual infeasibility stalls there.
 *
 * <p>Here, as in GMRES-based iterative refinement (Carson and Higham, 2017), the correction solves the system
 * {@code M(e, f) = (B e - F f, F' e) = (r, s)} by GMRES, right-preconditioned by the double-precision factor
 * ({@link NewtonSystem#solve}), with M applied in double-double arithmetic (error-free products by
 * {@link Math#fma} and compensated sums, so about 32 digits): the preconditioned operator is the identity plus
 * a few directions the factor gets wrong, which GMRES removes in as many iterations. The residual itself is
 * measured in double-double too ({@link #residual}). The factorisation stays in double; only the operator
 * products and sums are extended. A product in double-double costs several times one in double, so this runs
 * only where plain refinement has already failed (see {@link InteriorPointRun}).
 */
final class MixedPrecisionRefinement {

    /**
     * GMRES iterations per solve at most (each an extended product and a preconditioner solve): on SDPLIB's hinf5
     * 1 to 4 take the residual to the threshold; where the factor is of so little use that more are needed, the
     * direction found is rarely the better one, and each iteration costs a product in double-double.
     */
    private static final int MAX_ITERATIONS = 10;

    private final SdpProblem problem;
    private final NewtonSystem newton;
    private final int m;
    private final int nf;
    private final int blocks;
    private final int[] size;
    private final boolean[] diagonal;
    /** Per block, the high and low parts of a double-double matrix, and a second pair (n * n each). */
    private final double[][] hi;
    private final double[][] lo;
    private final double[][] hi2;
    private final double[][] lo2;

    /**
     * @param problem the problem; not modified
     * @param newton the Newton system whose last factorisation preconditions the solves; not modified here
     */
    MixedPrecisionRefinement(SdpProblem problem, NewtonSystem newton) {
        this.problem = problem;
        this.newton = newton;
        m = problem.constraintCount();
        nf = problem.freeCount();
        blocks = problem.blockCount();
        size = new int[blocks];
        diagonal = new boolean[blocks];
        hi = new double[blocks][];
        lo = new double[blocks][];
        hi2 = new double[blocks][];
        lo2 = new double[blocks][];
        for (int b = 0; b < blocks; b++) {
            size[b] = problem.blockSize(b);
            diagonal[b] = problem.isDiagonal(b);
            int length = diagonal[b] ? size[b] : size[b] * size[b];
            hi[b] = new double[length];
            lo[b] = new double[length];
            hi2[b] = new double[length];
            lo2[b] = new double[length];
        }
    }

    /**
     * The direction's residuals in double-double, rounded: {@code r_i = A_i . dY + a_i'dw - d_i} and
     * {@code s = rf - F'dx}.
     *
     * @param dY the direction's dY per block; not modified
     * @param dw its free part (length nf); not modified
     * @param dx its x part (length m); not modified
     * @param d the dual residual (length m); not modified
     * @param rf the free residual (length nf); not modified
     * @param r receives the first residual (length m)
     * @param s receives the second (length nf)
     * @return the joint Euclidean norm of r and s
     */
    double residual(double[][] dY, double[] dw, double[] dx, double[] d, double[] rf, double[] r, double[] s) {
        double[] acc = new double[2];
        for (int i = 0; i < m; i++) {
            acc[0] = -d[i];
            acc[1] = 0;
            innerProduct(i + 1, dY, null, acc);
            freeProduct(problem.free[i + 1], dw, acc);
            r[i] = acc[0] + acc[1];
        }
        double[][] fs = new double[nf][2];
        for (int k = 0; k < nf; k++) {
            fs[k][0] = rf[k];
        }
        for (int i = 0; i < m; i++) {
            BlockEntries e = problem.free[i + 1];
            for (int t = 0; t < e.size; t++) {
                addProduct(-dx[i], e.values[t], fs[e.rows[t]]);
            }
        }
        for (int k = 0; k < nf; k++) {
            s[k] = fs[k][0] + fs[k][1];
        }
        return norm(r, s);
    }

    /**
     * Approximately solves {@code B e - F f = r, F' e = s} (B the Schur complement of Z and Y) by GMRES
     * preconditioned by the last factorisation of the Newton system, the operator applied in double-double.
     *
     * @param z per block, X^-1; not modified
     * @param y per block, Y; not modified
     * @param r the first right-hand side (length m); not modified
     * @param s the second (length nf); not modified
     * @param tolerance the residual norm at which to stop
     * @param e receives e (length m), rounded to double
     * @param eLow receives the rest of e, {@code e + eLow} its double-double value (length m): the update of dY
     *     needs it when e is large along a direction that B nearly annihilates
     * @param f receives f (length nf)
     */
    void solve(double[][] z, double[][] y, double[] r, double[] s, double tolerance, double[] e, double[] eLow,
            double[] f) {
        int n = m + nf;
        double[] rhs = new double[n];
        System.arraycopy(r, 0, rhs, 0, m);
        System.arraycopy(s, 0, rhs, m, nf);
        double beta = Math.sqrt(dot(rhs, rhs));
        Arrays.fill(e, 0);
        Arrays.fill(eLow, 0);
        Arrays.fill(f, 0);
        if (beta == 0) {
            return;
        }
        int limit = Math.min(MAX_ITERATIONS, n);
        double[][] v = new double[limit + 1][];
        double[][] preconditioned = new double[limit][];
        double[][] h = new double[limit + 1][limit];
        double[] cs = new double[limit];
        double[] sn = new double[limit];
        double[] g = new double[limit + 1];
        v[0] = scaled(rhs, 1 / beta);
        g[0] = beta;
        int k = 0;
        while (k < limit && Math.abs(g[k]) > tolerance) {
            preconditioned[k] = precondition(v[k]);
            double[] w = apply(z, y, preconditioned[k]);
            for (int j = 0; j <= k; j++) {
                h[j][k] = dot(w, v[j]);
                axpy(-h[j][k], v[j], w);
            }
            h[k + 1][k] = Math.sqrt(dot(w, w));
            v[k + 1] = h[k + 1][k] > 0 ? scaled(w, 1 / h[k + 1][k]) : new double[n];
            for (int j = 0; j < k; j++) {
                double t = cs[j] * h[j][k] + sn[j] * h[j + 1][k];
                h[j + 1][k] = -sn[j] * h[j][k] + cs[j] * h[j + 1][k];
                h[j][k] = t;
            }
            double radius = Math.hypot(h[k][k], h[k + 1][k]);
            if (radius == 0) {
                break;
            }
            cs[k] = h[k][k] / radius;
            sn[k] = h[k + 1][k] / radius;
            h[k][k] = radius;
            h[k + 1][k] = 0;
            g[k + 1] = -sn[k] * g[k];
            g[k] = cs[k] * g[k];
            k++;
        }
        double[] coefficients = new double[k];
        for (int j = k - 1; j >= 0; j--) {
            double t = g[j];
            for (int l = j + 1; l < k; l++) {
                t -= h[j][l] * coefficients[l];
            }
            coefficients[j] = t / h[j][j];
        }
        double[] acc = new double[2];
        for (int i = 0; i < m; i++) {
            acc[0] = 0;
            acc[1] = 0;
            for (int j = 0; j < k; j++) {
                addProduct(coefficients[j], preconditioned[j][i], acc);
            }
            e[i] = acc[0] + acc[1];
            eLow[i] = acc[1] - (e[i] - acc[0]);
        }
        for (int j = 0; j < k; j++) {
            for (int t = 0; t < nf; t++) {
                f[t] += coefficients[j] * preconditioned[j][m + t];
            }
        }
    }

    /** The preconditioner: the Newton system's solve of the stacked vector u. */
    private double[] precondition(double[] u) {
        double[] out = new double[m + nf];
        double[] ex = new double[m];
        double[] ew = new double[nf];
        newton.solve(Arrays.copyOfRange(u, 0, m), Arrays.copyOfRange(u, m, m + nf), ex, ew);
        System.arraycopy(ex, 0, out, 0, m);
        System.arraycopy(ew, 0, out, m, nf);
        return out;
    }

    /** M(e, f) = (A(Z A*(e) Y) - F f, F' e) for the stacked (e, f), in double-double, rounded. */
    private double[] apply(double[][] z, double[][] y, double[] u) {
        products(z, y, u, null);
        double[] out = new double[m + nf];
        double[] acc = new double[2];
        double[] negative = new double[nf];
        for (int t = 0; t < nf; t++) {
            negative[t] = -u[m + t];
        }
        for (int i = 0; i < m; i++) {
            acc[0] = 0;
            acc[1] = 0;
            innerProduct(i + 1, hi2, lo2, acc);
            freeProduct(problem.free[i + 1], negative, acc);
            out[i] = acc[0] + acc[1];
        }
        double[][] fs = new double[nf][2];
        for (int i = 0; i < m; i++) {
            BlockEntries e = problem.free[i + 1];
            for (int t = 0; t < e.size; t++) {
                addProduct(u[i], e.values[t], fs[e.rows[t]]);
            }
        }
        for (int t = 0; t < nf; t++) {
            out[m + t] = fs[t][0] + fs[t][1];
        }
        return out;
    }

    /** (hi2, lo2) = Z A*(e) Y per block in double-double, e the first m entries of u. */
    private void products(double[][] z, double[][] y, double[] u, double[] uLow) {
        for (int b = 0; b < blocks; b++) {
            combination(b, u, uLow);
            if (diagonal[b]) {
                double[] acc = new double[2];
                for (int k = 0; k < size[b]; k++) {
                    // (hi + lo) z y: the product of three terms, each rounding caught by fma.
                    acc[0] = 0;
                    acc[1] = 0;
                    double zy = z[b][k] * y[b][k];
                    double zyLow = Math.fma(z[b][k], y[b][k], -zy);
                    addProduct(hi[b][k], zy, acc);
                    addProduct(hi[b][k], zyLow, acc);
                    addProduct(lo[b][k], zy, acc);
                    hi2[b][k] = acc[0];
                    lo2[b][k] = acc[1];
                }
            } else {
                int n = size[b];
                // (S Y) into (hi2, lo2), then Z (S Y) into (hi, lo).
                productRight(hi[b], lo[b], y[b], hi2[b], lo2[b], n);
                productLeft(z[b], hi2[b], lo2[b], hi[b], lo[b], n);
                System.arraycopy(hi[b], 0, hi2[b], 0, n * n);
                System.arraycopy(lo[b], 0, lo2[b], 0, n * n);
            }
        }
    }

    /**
     * dY -= sym(Z A*(e) Y), the product in double-double and the difference rounded once, so that dY moves
     * exactly as the operator of {@link #solve} says (a double product would err by {@code 1e-16 |Z| |A*(e)| |Y|},
     * more than the residual when e is large along a direction B nearly annihilates).
     *
     * @param z per block, X^-1; not modified
     * @param y per block, Y; not modified
     * @param e the correction of dx (length m), rounded to double; not modified
     * @param eLow the rest of the correction, {@code e + eLow} its double-double value (length m); not modified
     * @param dY per block, modified
     */
    void subtractProduct(double[][] z, double[][] y, double[] e, double[] eLow, double[][] dY) {
        products(z, y, e, eLow);
        double[] acc = new double[2];
        for (int b = 0; b < blocks; b++) {
            if (diagonal[b]) {
                for (int k = 0; k < size[b]; k++) {
                    acc[0] = dY[b][k];
                    acc[1] = -lo2[b][k];
                    addProduct(-1, hi2[b][k], acc);
                    dY[b][k] = acc[0] + acc[1];
                }
                continue;
            }
            int n = size[b];
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    acc[0] = dY[b][i * n + j];
                    acc[1] = -0.5 * (lo2[b][i * n + j] + lo2[b][j * n + i]);
                    addProduct(-0.5, hi2[b][i * n + j], acc);
                    addProduct(-0.5, hi2[b][j * n + i], acc);
                    dY[b][i * n + j] = acc[0] + acc[1];
                    dY[b][j * n + i] = dY[b][i * n + j];
                }
            }
        }
    }

    /** (hi, lo)[b] = sum_i u_i A_i in block b, each entry a compensated sum. */
    private void combination(int b, double[] u, double[] uLow) {
        Arrays.fill(hi[b], 0);
        Arrays.fill(lo[b], 0);
        int n = size[b];
        double[] acc = new double[2];
        for (int i = 0; i < m; i++) {
            BlockEntries e = problem.entries[b][i + 1];
            for (int t = 0; t < e.size; t++) {
                int row = e.rows[t];
                int col = e.cols[t];
                int at = diagonal[b] ? row : row * n + col;
                acc[0] = hi[b][at];
                acc[1] = lo[b][at];
                addProduct(u[i], e.values[t], acc);
                acc[1] += uLow == null ? 0 : uLow[i] * e.values[t];
                hi[b][at] = acc[0];
                lo[b][at] = acc[1];
                if (!diagonal[b] && row != col) {
                    hi[b][col * n + row] = acc[0];
                    lo[b][col * n + row] = acc[1];
                }
            }
        }
    }

    /** (outHi, outLo) = (aHi + aLo) y for n x n row-major arrays, each entry a compensated sum. */
    private static void productRight(double[] aHi, double[] aLo, double[] y, double[] outHi, double[] outLo, int n) {
        double[] acc = new double[2];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                acc[0] = 0;
                acc[1] = 0;
                for (int k = 0; k < n; k++) {
                    addProduct(aHi[i * n + k], y[k * n + j], acc);
                    acc[1] += aLo[i * n + k] * y[k * n + j];
                }
                outHi[i * n + j] = acc[0];
                outLo[i * n + j] = acc[1];
            }
        }
    }

    /** (outHi, outLo) = z (aHi + aLo) for n x n row-major arrays, each entry a compensated sum. */
    private static void productLeft(double[] z, double[] aHi, double[] aLo, double[] outHi, double[] outLo, int n) {
        double[] acc = new double[2];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                acc[0] = 0;
                acc[1] = 0;
                for (int k = 0; k < n; k++) {
                    addProduct(z[i * n + k], aHi[k * n + j], acc);
                    acc[1] += z[i * n + k] * aLo[k * n + j];
                }
                outHi[i * n + j] = acc[0];
                outLo[i * n + j] = acc[1];
            }
        }
    }

    /** acc += A_k . (mHi + mLo), M not necessarily symmetric (mLo may be null: zero). */
    private void innerProduct(int k, double[][] mHi, double[][] mLo, double[] acc) {
        for (int b = 0; b < blocks; b++) {
            BlockEntries e = problem.entries[b][k];
            int n = size[b];
            for (int t = 0; t < e.size; t++) {
                int row = e.rows[t];
                int col = e.cols[t];
                double v = e.values[t];
                int at = diagonal[b] ? row : row * n + col;
                addProduct(v, mHi[b][at], acc);
                acc[1] += mLo == null ? 0 : v * mLo[b][at];
                if (!diagonal[b] && row != col) {
                    addProduct(v, mHi[b][col * n + row], acc);
                    acc[1] += mLo == null ? 0 : v * mLo[b][col * n + row];
                }
            }
        }
    }

    /** acc += a'v for the sparse coefficients a. */
    private static void freeProduct(BlockEntries a, double[] v, double[] acc) {
        for (int t = 0; t < a.size; t++) {
            addProduct(a.values[t], v[a.rows[t]], acc);
        }
    }

    /**
     * acc += a b with acc = (high, low) a double-double sum: the product's rounding error by fma and the
     * sum's by TwoSum (Knuth) both go into the low part (Ogita, Rump and Oishi's Dot2). A sum of n products so
     * accumulated is as accurate as if computed in twice the precision and rounded to it, up to n times 1e-32 of
     * the sum of the products' magnitudes.
     *
     * @param a the first factor
     * @param b the second factor
     * @param acc the sum, {@code acc[0] + acc[1]} (length 2); modified
     */
    static void addProduct(double a, double b, double[] acc) {
        double p = a * b;
        double pError = Math.fma(a, b, -p);
        double s = acc[0] + p;
        double bb = s - acc[0];
        double sError = (acc[0] - (s - bb)) + (p - bb);
        acc[0] = s;
        acc[1] += sError + pError;
    }

    private double norm(double[] r, double[] s) {
        return Math.sqrt(dot(r, r) + dot(s, s));
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void axpy(double alpha, double[] x, double[] y) {
        for (int i = 0; i < x.length; i++) {
            y[i] += alpha * x[i];
        }
    }

    private static double[] scaled(double[] a, double factor) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * factor;
        }
        return out;
    }
}
