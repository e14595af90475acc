package dev.mallard.simulator.internal;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;

/**
 * LU factorisation with partial pivoting of a square double matrix, in preallocated storage, for the
 * iteration matrices of implicit integrators: factored once, then solved against many right-hand sides,
 * of doubles or (with the same double factors) of any number type.
 */
public final class DenseLu {

    private final int n;
    private final double[] lu;
    private final int[] pivot;

    /** @param n the matrix size */
    public DenseLu(int n) {
        this.n = n;
        this.lu = new double[n * n];
        this.pivot = new int[n];
    }

    /** @return the row-major storage to fill with the matrix before {@link #factor()} */
    public double[] matrix() {
        return lu;
    }

    /**
     * Factors the matrix held in {@link #matrix()} in place.
     *
     * @return false if it is singular (a zero or non-finite pivot)
     */
    public boolean factor() {
        return factor(0) < 0;
    }

    /**
     * Factors the matrix held in {@link #matrix()} in place, counting a pivot at most {@code relativeTolerance}
     * times the matrix's largest entry as zero.
     *
     * @param relativeTolerance at least 0; 0 refuses only zero pivots (and skips the pass for the largest entry)
     * @return -1 on success, else the 0-based column whose pivot is zero to that tolerance or not finite (a NaN
     *     entry refuses the first column); the storage then holds a partial factorisation
     */
    public int factor(double relativeTolerance) {
        double tiny = relativeTolerance > 0 ? relativeTolerance * largestEntry() : 0;
        for (int k = 0; k < n; k++) {
            int p = k;
            double max = Math.abs(lu[k * n + k]);
            for (int i = k + 1; i < n; i++) {
                double v = Math.abs(lu[i * n + k]);
                if (v > max) {
                    max = v;
                    p = i;
                }
            }
            if (!(max > tiny) || !Double.isFinite(max)) {
                return k;
            }
            pivot[k] = p;
            if (p != k) {
                for (int j = 0; j < n; j++) {
                    double t = lu[k * n + j];
                    lu[k * n + j] = lu[p * n + j];
                    lu[p * n + j] = t;
                }
            }
            double d = lu[k * n + k];
            for (int i = k + 1; i < n; i++) {
                double m = lu[i * n + k] / d;
                lu[i * n + k] = m;
                if (m != 0) {
                    for (int j = k + 1; j < n; j++) {
                        lu[i * n + j] -= m * lu[k * n + j];
                    }
                }
            }
        }
        return -1;
    }

    /** @return the largest magnitude among the matrix's entries (NaN if one is NaN) */
    private double largestEntry() {
        double scale = 0;
        for (int i = 0; i < n * n; i++) {
            scale = Math.max(scale, Math.abs(lu[i]));
        }
        return scale;
    }

    /** Solves {@code A x = b} in place ({@code b} becomes x). */
    public void solve(double[] b) {
        solve(b, 0);
    }

    /**
     * Solves {@code A x = b} in place for the right-hand side {@code b[offset, offset + n)}, which becomes x;
     * the other entries of {@code b} are not modified.
     *
     * @param b holds the right-hand side from {@code offset}
     * @param offset where it starts
     */
    public void solve(double[] b, int offset) {
        for (int k = 0; k < n; k++) {
            int p = pivot[k];
            if (p != k) {
                double t = b[offset + k];
                b[offset + k] = b[offset + p];
                b[offset + p] = t;
            }
        }
        for (int i = 1; i < n; i++) {
            double sum = b[offset + i];
            for (int j = 0; j < i; j++) {
                sum -= lu[i * n + j] * b[offset + j];
            }
            b[offset + i] = sum;
        }
        for (int i = n - 1; i >= 0; i--) {
            double sum = b[offset + i];
            for (int j = i + 1; j < n; j++) {
                sum -= lu[i * n + j] * b[offset + j];
            }
            b[offset + i] = sum / lu[i * n + i];
        }
    }

    /** Solves {@code A x = b} in place for a vector of any number type (the factors are constants). */
    public <T> void solve(ScalarVector<T> b, Scalar<T> s) {
        for (int k = 0; k < n; k++) {
            int p = pivot[k];
            if (p != k) {
                T t = b.get(k);
                b.set(k, b.get(p));
                b.set(p, t);
            }
        }
        for (int i = 1; i < n; i++) {
            T sum = b.get(i);
            for (int j = 0; j < i; j++) {
                if (lu[i * n + j] != 0) {
                    sum = s.sub(sum, s.mul(b.get(j), lu[i * n + j]));
                }
            }
            b.set(i, sum);
        }
        for (int i = n - 1; i >= 0; i--) {
            T sum = b.get(i);
            for (int j = i + 1; j < n; j++) {
                if (lu[i * n + j] != 0) {
                    sum = s.sub(sum, s.mul(b.get(j), lu[i * n + j]));
                }
            }
            b.set(i, s.div(sum, lu[i * n + i]));
        }
    }
}
