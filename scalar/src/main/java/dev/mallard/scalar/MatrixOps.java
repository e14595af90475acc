package dev.mallard.scalar;

import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM;
import org.ejml.dense.row.linsol.lu.LinearSolverLu_DDRM;

/**
 * Stateless linear algebra on {@link ScalarMatrix} and {@link ScalarVector}. When every operand is a
 * double specialisation the work is delegated to EJML; otherwise it runs in the operands' number type.
 * As in EJML, the output argument comes last and may be null, in which case it is allocated; inputs
 * are never modified, and an output must not alias an input.
 */
public final class MatrixOps {

    /** Symbolic determinants up to this size are expanded by cofactors. */
    public static final int COFACTOR_LIMIT = 4;

    /** A pivot at most this fraction of the largest entry of the matrix counts as zero. */
    private static final double SINGULAR_PIVOT = Elimination.SINGULAR_PIVOT;

    private MatrixOps() {
    }

    /**
     * The identity matrix.
     *
     * @param scalar the number type
     * @param n the size, {@code >= 0}
     * @param <T> the number type
     * @return a new n-by-n identity
     */
    public static <T> ScalarMatrix<T> identity(Scalar<T> scalar, int n) {
        ScalarMatrix<T> m = scalar.newMatrix(n, n);
        for (int i = 0; i < n; i++) {
            m.set(i, i, scalar.one());
        }
        return m;
    }

    /**
     * {@code out = a * x}.
     *
     * @param a matrix, not modified
     * @param x vector of size {@code a.cols()}, not modified
     * @param out vector of size {@code a.rows()}, modified; null to allocate
     * @param <T> the number type
     * @return out
     * @throws IllegalArgumentException if the sizes do not match
     */
    public static <T> ScalarVector<T> multiply(ScalarMatrix<T> a, ScalarVector<T> x, ScalarVector<T> out) {
        Checks.size(x.size(), a.cols(), "x");
        ScalarVector<T> y = out == null ? a.scalar().newVector(a.rows()) : out;
        Checks.size(y.size(), a.rows(), "out");
        if (a instanceof DoubleMatrix da && x instanceof DoubleVector dx && y instanceof DoubleVector dy) {
            CommonOps_DDRM.mult(da.toEjml(), DMatrixRMaj.wrap(dx.size(), 1, dx.data()),
                    DMatrixRMaj.wrap(dy.size(), 1, dy.data()));
            return y;
        }
        Scalar<T> s = a.scalar();
        for (int r = 0; r < a.rows(); r++) {
            T sum = s.zero();
            for (int c = 0; c < a.cols(); c++) {
                sum = s.add(sum, s.mul(a.get(r, c), x.get(c)));
            }
            y.set(r, sum);
        }
        return y;
    }

    /**
     * {@code out = a * b}.
     *
     * @param a left matrix, not modified
     * @param b right matrix with {@code a.cols()} rows, not modified
     * @param out matrix of size {@code a.rows()} by {@code b.cols()}, modified; null to allocate
     * @param <T> the number type
     * @return out
     * @throws IllegalArgumentException if the sizes do not match
     */
    public static <T> ScalarMatrix<T> multiply(ScalarMatrix<T> a, ScalarMatrix<T> b, ScalarMatrix<T> out) {
        if (b.rows() != a.cols()) {
            throw new IllegalArgumentException("b has " + b.rows() + " rows, expected a.cols() = " + a.cols());
        }
        ScalarMatrix<T> c = out == null ? a.scalar().newMatrix(a.rows(), b.cols()) : out;
        checkShape(c, a.rows(), b.cols(), "out");
        if (a instanceof DoubleMatrix da && b instanceof DoubleMatrix db && c instanceof DoubleMatrix dc) {
            CommonOps_DDRM.mult(da.toEjml(), db.toEjml(), dc.toEjml());
            return c;
        }
        Scalar<T> s = a.scalar();
        for (int r = 0; r < a.rows(); r++) {
            for (int k = 0; k < b.cols(); k++) {
                T sum = s.zero();
                for (int j = 0; j < a.cols(); j++) {
                    sum = s.add(sum, s.mul(a.get(r, j), b.get(j, k)));
                }
                c.set(r, k, sum);
            }
        }
        return c;
    }

    /**
     * {@code out = a'}.
     *
     * @param a matrix, not modified
     * @param out matrix of size {@code a.cols()} by {@code a.rows()}, modified; null to allocate
     * @param <T> the number type
     * @return out
     */
    public static <T> ScalarMatrix<T> transpose(ScalarMatrix<T> a, ScalarMatrix<T> out) {
        ScalarMatrix<T> t = out == null ? a.scalar().newMatrix(a.cols(), a.rows()) : out;
        checkShape(t, a.cols(), a.rows(), "out");
        for (int r = 0; r < a.rows(); r++) {
            for (int c = 0; c < a.cols(); c++) {
                t.set(c, r, a.get(r, c));
            }
        }
        return t;
    }

    /**
     * {@code out = a + alpha * b}.
     *
     * @param a matrix, not modified
     * @param alpha factor of b
     * @param b matrix of the same shape, not modified
     * @param out matrix of the same shape, modified; null to allocate; may be {@code a}
     * @param <T> the number type
     * @return out
     */
    public static <T> ScalarMatrix<T> addScaled(ScalarMatrix<T> a, double alpha, ScalarMatrix<T> b, ScalarMatrix<T> out) {
        checkShape(b, a.rows(), a.cols(), "b");
        ScalarMatrix<T> c = out == null ? a.scalar().newMatrix(a.rows(), a.cols()) : out;
        checkShape(c, a.rows(), a.cols(), "out");
        Scalar<T> s = a.scalar();
        for (int r = 0; r < a.rows(); r++) {
            for (int k = 0; k < a.cols(); k++) {
                c.set(r, k, s.add(a.get(r, k), s.mul(b.get(r, k), alpha)));
            }
        }
        return c;
    }

    /**
     * The dot product {@code x . y}.
     *
     * @param x vector, not modified
     * @param y vector of the same size, not modified
     * @param <T> the number type
     * @return the sum of products
     */
    public static <T> T dot(ScalarVector<T> x, ScalarVector<T> y) {
        Checks.size(y.size(), x.size(), "y");
        Scalar<T> s = x.scalar();
        T sum = s.zero();
        for (int i = 0; i < x.size(); i++) {
            sum = s.add(sum, s.mul(x.get(i), y.get(i)));
        }
        return sum;
    }

    /**
     * Solves {@code a * out = b} for a square, non-singular {@code a}: by EJML's LU decomposition for
     * doubles, and by Gaussian elimination with partial pivoting on values for other numeric types (so an
     * AutoDiff solve carries the derivatives of the solution). For a number type without values (symbolic
     * expressions) the pivots are chosen by structure: in each column a nonzero constant if there is one, else
     * the first entry that is not a constant; the solution is then valid wherever those pivots are nonzero (for
     * a robot's mass matrix, use {@link #solveSymmetricPositiveDefinite}, valid everywhere; to choose the pivots
     * by values at a point, {@link #solveAt}).
     *
     * @param a square matrix, not modified
     * @param b right-hand side of size {@code a.rows()}, not modified
     * @param out solution, modified; null to allocate
     * @param <T> the number type
     * @return out
     * @throws IllegalArgumentException if a is not square, a size differs, a is singular to working
     *     precision (a pivot of the partially pivoted LU at most 1e-14 times the largest entry of a), an
     *     entry of a or b is NaN (named by its position), or, for a symbolic a, a column has only constant
     *     zeros to pivot on (a is structurally singular: no order of the rows works)
     */
    public static <T> ScalarVector<T> solve(ScalarMatrix<T> a, ScalarVector<T> b, ScalarVector<T> out) {
        ScalarVector<T> x = checkSolve(a, b, out);
        if (!a.scalar().isNumeric()) {
            return toVector(Elimination.solve(a.copy(), column(b), Elimination.byStructure()), x);
        }
        checkNoNaN(a, b);
        if (a instanceof DoubleMatrix da && b instanceof DoubleVector db && x instanceof DoubleVector dx) {
            solveDouble(da, db, dx);
            return x;
        }
        return eliminate(a.copy(), b.copy(), x);
    }

    /**
     * Solves {@code a * out = b} by Gaussian elimination with the pivots chosen at a point: partial pivoting on
     * the values {@code at} gives the entries (for symbolic expressions, their values at chosen values of their
     * variables). The solution is exact (for symbolic expressions, an expression) and valid wherever the pivots
     * chosen at the point are nonzero, in particular near the point.
     *
     * @param a square matrix, not modified
     * @param b right-hand side of size {@code a.rows()}, not modified
     * @param out solution, modified; null to allocate
     * @param at the value of an entry (or of a partly eliminated entry) at the point; called on {@code T}s made
     *     from a's entries
     * @param <T> the number type
     * @return out
     * @throws IllegalArgumentException if a is not square, a size differs, an entry's value at the point is NaN
     *     (named by its position), or a is singular to working precision at the point (a pivot at most 1e-14
     *     times the largest value)
     */
    public static <T> ScalarVector<T> solveAt(ScalarMatrix<T> a, ScalarVector<T> b, ScalarVector<T> out,
            ToDoubleFunction<T> at) {
        ScalarVector<T> x = checkSolve(a, b, out);
        Checks.notNull(at, "at");
        return toVector(Elimination.solve(a.copy(), column(b), Elimination.atPoint(a, at)), x);
    }

    /**
     * Solves {@code a * out = b} for a symmetric positive definite {@code a} (a mass matrix) by its
     * {@code L D L'} factorisation without pivoting, reading only the lower triangle of {@code a}. No square
     * roots, and no pivot to choose: for symbolic entries the solution is an expression valid wherever
     * {@code a} is positive definite (everywhere, for a mass matrix). For numeric types each pivot of D is
     * checked to be positive.
     *
     * @param a square matrix, symmetric positive definite; only its lower triangle is read; not modified
     * @param b right-hand side of size {@code a.rows()}, not modified
     * @param out solution, modified; null to allocate
     * @param <T> the number type
     * @return out
     * @throws IllegalArgumentException if a is not square, a size differs, or (numeric types) an entry of its
     *     lower triangle is NaN or a pivot of D is at most 1e-14 times its largest entry (not positive definite
     *     to working precision, naming the pivot)
     */
    public static <T> ScalarVector<T> solveSymmetricPositiveDefinite(ScalarMatrix<T> a, ScalarVector<T> b,
            ScalarVector<T> out) {
        ScalarVector<T> x = checkSolve(a, b, out);
        return toVector(Elimination.solveLdl(a, column(b)), x);
    }

    /**
     * The determinant of a square matrix: for numeric types the signed product of the pivots of Gaussian
     * elimination with partial pivoting (exactly 0 when a column has only zero pivots); for symbolic ones of up
     * to {@value #COFACTOR_LIMIT} rows the cofactor expansion (a polynomial in the entries, no division), and
     * beyond that the product of the pivots chosen by structure (as {@link #solve}).
     *
     * @param a square matrix, not modified
     * @param <T> the number type
     * @return the determinant ({@code one()} for 0x0)
     * @throws IllegalArgumentException if a is not square
     */
    public static <T> T determinant(ScalarMatrix<T> a) {
        int n = a.rows();
        if (a.cols() != n) {
            throw new IllegalArgumentException("a must be square, got " + a.rows() + "x" + a.cols());
        }
        if (n == 0) {
            return a.scalar().one();
        }
        if (!a.scalar().isNumeric() && n <= COFACTOR_LIMIT) {
            int[] all = IntStream.range(0, n).toArray();
            return Elimination.determinantByCofactors(a, all, all);
        }
        return Elimination.determinantByElimination(a.copy());
    }

    /**
     * The inverse of a square non-singular matrix, by Gaussian elimination on {@code [a | I]} with the pivots
     * chosen as {@link #solve} chooses them (by value for numeric types, by structure for symbolic ones).
     *
     * @param a square matrix, not modified
     * @param out the inverse, modified; null to allocate
     * @param <T> the number type
     * @return out
     * @throws IllegalArgumentException if a is not square, out's shape differs, or a is singular (as for
     *     {@link #solve}: to working precision, or structurally for symbolic entries)
     */
    public static <T> ScalarMatrix<T> inverse(ScalarMatrix<T> a, ScalarMatrix<T> out) {
        int n = a.rows();
        if (a.cols() != n) {
            throw new IllegalArgumentException("a must be square, got " + a.rows() + "x" + a.cols());
        }
        ScalarMatrix<T> result = out == null ? a.scalar().newMatrix(n, n) : out;
        checkShape(result, n, n, "out");
        Elimination.PivotRule<T> rule = a.scalar().isNumeric() ? Elimination.byValues(a) : Elimination.byStructure();
        ScalarMatrix<T> x = Elimination.solve(a.copy(), identity(a.scalar(), n), rule);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                result.set(r, c, x.get(r, c));
            }
        }
        return result;
    }

    private static <T> ScalarVector<T> checkSolve(ScalarMatrix<T> a, ScalarVector<T> b, ScalarVector<T> out) {
        int n = a.rows();
        if (a.cols() != n) {
            throw new IllegalArgumentException("a must be square, got " + a.rows() + "x" + a.cols());
        }
        Checks.size(b.size(), n, "b");
        ScalarVector<T> x = out == null ? a.scalar().newVector(n) : out;
        Checks.size(x.size(), n, "out");
        return x;
    }

    private static <T> ScalarMatrix<T> column(ScalarVector<T> b) {
        ScalarMatrix<T> m = b.scalar().newMatrix(b.size(), 1);
        for (int i = 0; i < b.size(); i++) {
            m.set(i, 0, b.get(i));
        }
        return m;
    }

    private static <T> ScalarVector<T> toVector(ScalarMatrix<T> column, ScalarVector<T> x) {
        for (int i = 0; i < x.size(); i++) {
            x.set(i, column.get(i, 0));
        }
        return x;
    }

    private static void checkNoNaN(ScalarMatrix<?> a, ScalarVector<?> b) {
        for (int r = 0; r < a.rows(); r++) {
            for (int c = 0; c < a.cols(); c++) {
                if (Double.isNaN(a.getValue(r, c))) {
                    throw new IllegalArgumentException("a(" + r + ", " + c + ") is NaN");
                }
            }
            if (Double.isNaN(b.getValue(r))) {
                throw new IllegalArgumentException("b(" + r + ") is NaN");
            }
        }
    }

    private static void solveDouble(DoubleMatrix a, DoubleVector b, DoubleVector x) {
        LinearSolverLu_DDRM lu = new LinearSolverLu_DDRM(new LUDecompositionAlt_DDRM());
        if (!lu.setA(a.toEjml())) {
            throw new IllegalArgumentException("a is singular (LU decomposition found a zero pivot)");
        }
        // The same test as the generic path: each pivot against the largest entry. (EJML's quality(),
        // the product of the pivots, declares well-conditioned matrices with several small pivots
        // singular.)
        DMatrixRMaj factors = lu.getDecomposition().getLU();
        double scale = CommonOps_DDRM.elementMaxAbs(a.toEjml());
        for (int k = 0; k < factors.numRows; k++) {
            checkPivot(factors.get(k, k), scale, k);
        }
        lu.solve(DMatrixRMaj.wrap(b.size(), 1, b.data().clone()), DMatrixRMaj.wrap(x.size(), 1, x.data()));
    }

    private static void checkPivot(double pivot, double scale, int k) {
        if (!(Math.abs(pivot) > SINGULAR_PIVOT * scale)) {
            throw new IllegalArgumentException("a is singular to working precision (pivot " + k + " is " + pivot + ")");
        }
    }

    private static <T> ScalarVector<T> eliminate(ScalarMatrix<T> m, ScalarVector<T> rhs, ScalarVector<T> x) {
        Scalar<T> s = m.scalar();
        int n = m.rows();
        double scale = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                scale = Math.max(scale, Math.abs(m.getValue(r, c)));
            }
        }
        for (int k = 0; k < n; k++) {
            int p = k;
            for (int r = k + 1; r < n; r++) {
                if (Math.abs(m.getValue(r, k)) > Math.abs(m.getValue(p, k))) {
                    p = r;
                }
            }
            checkPivot(m.getValue(p, k), scale, k);
            swapRows(m, rhs, k, p);
            for (int r = k + 1; r < n; r++) {
                T f = s.div(m.get(r, k), m.get(k, k));
                for (int c = k; c < n; c++) {
                    m.set(r, c, s.sub(m.get(r, c), s.mul(f, m.get(k, c))));
                }
                rhs.set(r, s.sub(rhs.get(r), s.mul(f, rhs.get(k))));
            }
        }
        for (int r = n - 1; r >= 0; r--) {
            T sum = rhs.get(r);
            for (int c = r + 1; c < n; c++) {
                sum = s.sub(sum, s.mul(m.get(r, c), x.get(c)));
            }
            x.set(r, s.div(sum, m.get(r, r)));
        }
        return x;
    }

    private static <T> void swapRows(ScalarMatrix<T> m, ScalarVector<T> rhs, int i, int j) {
        if (i == j) {
            return;
        }
        for (int c = 0; c < m.cols(); c++) {
            T t = m.get(i, c);
            m.set(i, c, m.get(j, c));
            m.set(j, c, t);
        }
        T t = rhs.get(i);
        rhs.set(i, rhs.get(j));
        rhs.set(j, t);
    }

    private static void checkShape(ScalarMatrix<?> m, int rows, int cols, String name) {
        if (m.rows() != rows || m.cols() != cols) {
            throw new IllegalArgumentException(name + " is " + m.rows() + "x" + m.cols() + ", expected " + rows + "x" + cols);
        }
    }
}
