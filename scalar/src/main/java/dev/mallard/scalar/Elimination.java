package dev.mallard.scalar;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;

/**
 * Gaussian elimination on {@code [a | b]} in any number type, with the pivot of each column chosen by a
 * {@link PivotRule}: by numeric values (partial pivoting), by the values of the entries at a point (for symbolic
 * matrices whose pivots are decided numerically there), or by structure (a symbolic matrix's entries that are not
 * the constant zero). Also the LDL' solve of a symmetric positive definite matrix, and determinants.
 */
final class Elimination {

    /** A pivot at most this fraction of the largest entry of the matrix counts as zero. */
    static final double SINGULAR_PIVOT = 1e-14;

    private Elimination() {
    }

    /** Chooses the pivot row of column {@code k} among rows {@code k..n-1} of the partly eliminated matrix. */
    interface PivotRule<T> {
        /**
         * @param m the matrix, eliminated below the diagonal in columns {@code 0..k-1}
         * @param k the column
         * @return the pivot row, in [k, n)
         * @throws IllegalArgumentException if no row can serve (naming the column and why)
         */
        int choose(ScalarMatrix<T> m, int k);
    }

    /** Partial pivoting on the numeric values; a pivot at most 1e-14 times the largest entry of a is refused. */
    static <T> PivotRule<T> byValues(ScalarMatrix<T> a) {
        return byFunction(a, ScalarMatrix::getValue, "");
    }

    /** Partial pivoting on the entries' values at a point, as given by {@code at}. */
    static <T> PivotRule<T> atPoint(ScalarMatrix<T> a, ToDoubleFunction<T> at) {
        return byFunction(a, (m, r, c) -> at.applyAsDouble(m.get(r, c)), " at the point");
    }

    private interface EntryValue<T> {
        double of(ScalarMatrix<T> m, int row, int col);
    }

    private static <T> PivotRule<T> byFunction(ScalarMatrix<T> a, EntryValue<T> value, String where) {
        double largest = 0;
        for (int r = 0; r < a.rows(); r++) {
            for (int c = 0; c < a.cols(); c++) {
                double v = value.of(a, r, c);
                if (Double.isNaN(v)) {
                    throw new IllegalArgumentException("a(" + r + ", " + c + ") is NaN" + where);
                }
                largest = Math.max(largest, Math.abs(v));
            }
        }
        double scale = largest;
        return (m, k) -> {
            int p = k;
            double best = Math.abs(value.of(m, k, k));
            for (int r = k + 1; r < m.rows(); r++) {
                double v = Math.abs(value.of(m, r, k));
                if (v > best) {
                    p = r;
                    best = v;
                }
            }
            if (!(best > SINGULAR_PIVOT * scale)) {
                throw new IllegalArgumentException("a is singular to working precision" + where + " (pivot " + k
                        + " is " + value.of(m, p, k) + ")");
            }
            return p;
        };
    }

    /**
     * Pivoting by structure, for number types without values: a nonzero constant if column {@code k} has one
     * (exact), else the first entry that is not a constant (nonzero for generic values of its variables).
     */
    static <T> PivotRule<T> byStructure() {
        return (m, k) -> {
            int symbolic = -1;
            for (int r = k; r < m.rows(); r++) {
                double c = constant(m.scalar(), m.get(r, k));
                if (Double.isNaN(c)) {
                    symbolic = symbolic < 0 ? r : symbolic;
                } else if (c != 0) {
                    return r;
                }
            }
            if (symbolic < 0) {
                throw new IllegalArgumentException("a is structurally singular: after eliminating " + k + " column"
                        + (k == 1 ? "" : "s") + ", every candidate pivot of column " + k + " is the constant 0 "
                        + "(no order of the rows works)");
            }
            return symbolic;
        };
    }

    /** The value of a constant, or NaN for a value that has none (a symbolic expression with variables). */
    static <T> double constant(Scalar<T> s, T t) {
        if (s.isNumeric()) {
            return s.value(t);
        }
        try {
            double v = s.value(t);
            // A constant NaN is a value too; report it as a number that is not zero.
            return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
        } catch (NonNumericValueException e) {
            return Double.NaN;
        }
    }

    private static <T> boolean isZero(Scalar<T> s, T t) {
        return !s.isNumeric() && constant(s, t) == 0;
    }

    /**
     * Solves {@code a x = b} for the columns of {@code b}; {@code a} and {@code b} are copies that are modified.
     *
     * @return x, a new matrix of b's shape
     */
    static <T> ScalarMatrix<T> solve(ScalarMatrix<T> m, ScalarMatrix<T> rhs, PivotRule<T> rule) {
        Scalar<T> s = m.scalar();
        int n = m.rows();
        int k2 = rhs.cols();
        for (int k = 0; k < n; k++) {
            swapRows(m, rhs, k, rule.choose(m, k));
            T pivot = m.get(k, k);
            for (int r = k + 1; r < n; r++) {
                if (isZero(s, m.get(r, k))) {
                    continue;
                }
                T f = s.div(m.get(r, k), pivot);
                m.set(r, k, s.zero());
                for (int c = k + 1; c < n; c++) {
                    if (!isZero(s, m.get(k, c))) {
                        m.set(r, c, s.sub(m.get(r, c), s.mul(f, m.get(k, c))));
                    }
                }
                for (int c = 0; c < k2; c++) {
                    if (!isZero(s, rhs.get(k, c))) {
                        rhs.set(r, c, s.sub(rhs.get(r, c), s.mul(f, rhs.get(k, c))));
                    }
                }
            }
        }
        ScalarMatrix<T> x = s.newMatrix(n, k2);
        for (int c = 0; c < k2; c++) {
            for (int r = n - 1; r >= 0; r--) {
                T sum = rhs.get(r, c);
                for (int j = r + 1; j < n; j++) {
                    if (!isZero(s, m.get(r, j))) {
                        sum = s.sub(sum, s.mul(m.get(r, j), x.get(j, c)));
                    }
                }
                x.set(r, c, s.div(sum, m.get(r, r)));
            }
        }
        return x;
    }

    /**
     * The determinant as the signed product of the pivots of an elimination; a numeric matrix whose every
     * candidate pivot of some column is exactly 0 has determinant 0.
     */
    static <T> T determinantByElimination(ScalarMatrix<T> m) {
        Scalar<T> s = m.scalar();
        int n = m.rows();
        T det = s.one();
        boolean negate = false;
        for (int k = 0; k < n; k++) {
            int p;
            if (s.isNumeric()) {
                p = k;
                for (int r = k + 1; r < n; r++) {
                    if (Math.abs(m.getValue(r, k)) > Math.abs(m.getValue(p, k))) {
                        p = r;
                    }
                }
                if (m.getValue(p, k) == 0) {
                    return s.zero();
                }
            } else {
                try {
                    p = Elimination.<T>byStructure().choose(m, k);
                } catch (IllegalArgumentException structurallySingular) {
                    return s.zero();
                }
            }
            if (p != k) {
                swapRows(m, null, k, p);
                negate = !negate;
            }
            T pivot = m.get(k, k);
            det = s.mul(det, pivot);
            for (int r = k + 1; r < n; r++) {
                if (isZero(s, m.get(r, k))) {
                    continue;
                }
                T f = s.div(m.get(r, k), pivot);
                for (int c = k + 1; c < n; c++) {
                    m.set(r, c, s.sub(m.get(r, c), s.mul(f, m.get(k, c))));
                }
            }
        }
        return negate ? s.neg(det) : det;
    }

    /** The determinant by cofactor expansion along the first row, skipping constant zeros: no divisions. */
    static <T> T determinantByCofactors(ScalarMatrix<T> a, int[] rows, int[] cols) {
        Scalar<T> s = a.scalar();
        int n = rows.length;
        if (n == 1) {
            return a.get(rows[0], cols[0]);
        }
        T det = null;
        int[] minorRows = Arrays.copyOfRange(rows, 1, n);
        for (int j = 0; j < n; j++) {
            T entry = a.get(rows[0], cols[j]);
            if (isZero(s, entry)) {
                continue;
            }
            int[] minorCols = new int[n - 1];
            for (int c = 0, at = 0; c < n; c++) {
                if (c != j) {
                    minorCols[at++] = cols[c];
                }
            }
            T term = s.mul(entry, determinantByCofactors(a, minorRows, minorCols));
            det = det == null ? (j % 2 == 0 ? term : s.neg(term)) : j % 2 == 0 ? s.add(det, term) : s.sub(det, term);
        }
        return det == null ? s.zero() : det;
    }

    /**
     * Solves {@code a x = b} for a symmetric positive definite {@code a} by {@code a = L D L'} without pivoting,
     * reading the lower triangle of {@code a} only.
     */
    static <T> ScalarMatrix<T> solveLdl(ScalarMatrix<T> a, ScalarMatrix<T> b) {
        Scalar<T> s = a.scalar();
        int n = a.rows();
        ScalarMatrix<T> l = s.newMatrix(n, n);
        T[] d = s.newArray(n);
        double scale = 0;
        if (s.isNumeric()) {
            for (int r = 0; r < n; r++) {
                for (int c = 0; c <= r; c++) {
                    double v = a.getValue(r, c);
                    if (Double.isNaN(v)) {
                        throw new IllegalArgumentException("a(" + r + ", " + c + ") is NaN");
                    }
                    scale = Math.max(scale, Math.abs(v));
                }
            }
        }
        for (int j = 0; j < n; j++) {
            T dj = a.get(j, j);
            for (int k = 0; k < j; k++) {
                if (!isZero(s, l.get(j, k))) {
                    dj = s.sub(dj, s.mul(s.square(l.get(j, k)), d[k]));
                }
            }
            if (s.isNumeric() && !(s.value(dj) > SINGULAR_PIVOT * scale)) {
                throw new IllegalArgumentException("a is not positive definite to working precision (pivot " + j
                        + " of its LDL' factorisation is " + s.value(dj) + ")");
            }
            d[j] = dj;
            l.set(j, j, s.one());
            for (int i = j + 1; i < n; i++) {
                T v = a.get(i, j);
                for (int k = 0; k < j; k++) {
                    if (!isZero(s, l.get(i, k)) && !isZero(s, l.get(j, k))) {
                        v = s.sub(v, s.mul(s.mul(l.get(i, k), l.get(j, k)), d[k]));
                    }
                }
                l.set(i, j, isZero(s, v) ? s.zero() : s.div(v, dj));
            }
        }
        ScalarMatrix<T> x = s.newMatrix(n, b.cols());
        for (int c = 0; c < b.cols(); c++) {
            T[] y = s.newArray(n);
            for (int i = 0; i < n; i++) {
                T sum = b.get(i, c);
                for (int k = 0; k < i; k++) {
                    if (!isZero(s, l.get(i, k))) {
                        sum = s.sub(sum, s.mul(l.get(i, k), y[k]));
                    }
                }
                y[i] = sum;
            }
            for (int i = n - 1; i >= 0; i--) {
                T sum = s.div(y[i], d[i]);
                for (int k = i + 1; k < n; k++) {
                    if (!isZero(s, l.get(k, i))) {
                        sum = s.sub(sum, s.mul(l.get(k, i), x.get(k, c)));
                    }
                }
                x.set(i, c, sum);
            }
        }
        return x;
    }

    private static <T> void swapRows(ScalarMatrix<T> m, ScalarMatrix<T> rhs, int i, int j) {
        if (i == j) {
            return;
        }
        for (int c = 0; c < m.cols(); c++) {
            T t = m.get(i, c);
            m.set(i, c, m.get(j, c));
            m.set(j, c, t);
        }
        if (rhs != null) {
            for (int c = 0; c < rhs.cols(); c++) {
                T t = rhs.get(i, c);
                rhs.set(i, c, rhs.get(j, c));
                rhs.set(j, c, t);
            }
        }
    }
}
