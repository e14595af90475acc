package dev.mallard.systems.primitives;

import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import java.util.Objects;

/**
 * A matrix-valued function of time: the coefficient {@code A(t)}, {@code B(t)}, ... of a
 * {@link TrajectoryAffineSystem} or {@link TrajectoryLinearSystem} (Drake's matrix-valued
 * {@code Trajectory<double>}). Either a vector {@link Trajectory} read as a matrix (its entries in row-major
 * order) or a constant matrix.
 *
 * <p>As Drake's {@code PiecewisePolynomial::value}, a time outside the span is evaluated at the nearest end of
 * the span: {@link #value} holds the end values and {@link #derivative} is zero there. Values are in the
 * trajectory's units, derivatives in those units per second.
 *
 * <p>Immutable, and thread-safe when the trajectory it reads is.
 */
public final class MatrixTrajectory {

    private final int rows;
    private final int cols;
    /** The entries in row-major order; null for a constant. */
    private final Trajectory entries;
    /** The constant value; null for a trajectory. */
    private final double[][] constant;

    private MatrixTrajectory(int rows, int cols, Trajectory entries, double[][] constant) {
        this.rows = rows;
        this.cols = cols;
        this.entries = entries;
        this.constant = constant;
    }

    /**
     * A trajectory's values read as {@code rows x cols} matrices, entry {@code (i, j)} being the trajectory's
     * row {@code i cols + j}.
     *
     * @param entries the trajectory, with {@code rows cols} rows; kept (not copied) and read at each evaluation
     * @param rows the number of rows, {@code >= 1}
     * @param cols the number of columns, {@code >= 1}
     * @return the matrix trajectory
     * @throws IllegalArgumentException if a size is below 1, the trajectory's row count is not
     *     {@code rows cols}, or its span is reversed or NaN
     */
    public static MatrixTrajectory of(Trajectory entries, int rows, int cols) {
        Objects.requireNonNull(entries, "entries must not be null");
        Arguments.positiveSize(rows, "rows");
        Arguments.positiveSize(cols, "cols");
        if (entries.rows() != rows * cols) {
            throw new IllegalArgumentException("a " + rows + " x " + cols + " matrix needs a trajectory of "
                    + rows * cols + " rows, got " + entries.rows());
        }
        if (!(entries.startTime() <= entries.endTime())) {
            throw new IllegalArgumentException("the trajectory's span [" + entries.startTime() + ", "
                    + entries.endTime() + "] is reversed or NaN");
        }
        return new MatrixTrajectory(rows, cols, entries, null);
    }

    /**
     * A vector trajectory as a column ({@code rows x 1}), e.g. {@code f0(t)} or {@code y0(t)}.
     *
     * @param entries the trajectory; kept (not copied) and read at each evaluation
     * @return the matrix trajectory
     * @throws IllegalArgumentException if its span is reversed or NaN
     */
    public static MatrixTrajectory column(Trajectory entries) {
        Objects.requireNonNull(entries, "entries must not be null");
        return of(entries, entries.rows(), 1);
    }

    /**
     * A matrix that does not change with time, over every time. It may have zero rows or columns (the
     * {@code B} and {@code D} of a system without input, say).
     *
     * @param value rectangular rows of finite numbers, copied; {@code new double[n][0]} is an {@code n x 0}
     *     matrix
     * @return the matrix trajectory
     * @throws IllegalArgumentException if the rows differ in length or an entry is NaN or infinite
     */
    public static MatrixTrajectory constant(double[][] value) {
        Objects.requireNonNull(value, "value must not be null");
        int cols = value.length == 0 ? 0 : Objects.requireNonNull(value[0], "value[0] must not be null").length;
        double[][] copy = new double[value.length][];
        for (int i = 0; i < value.length; i++) {
            Objects.requireNonNull(value[i], "value[" + i + "] must not be null");
            if (value[i].length != cols) {
                throw new IllegalArgumentException("value[" + i + "] has " + value[i].length + " entries, value[0] has "
                        + cols);
            }
            for (int j = 0; j < cols; j++) {
                if (!Double.isFinite(value[i][j])) {
                    throw new IllegalArgumentException("value[" + i + "][" + j + "] must be finite, got "
                            + value[i][j]);
                }
            }
            copy[i] = value[i].clone();
        }
        return new MatrixTrajectory(value.length, cols, null, copy);
    }

    /** @return the number of rows of each value */
    public int rows() {
        return rows;
    }

    /** @return the number of columns of each value */
    public int cols() {
        return cols;
    }

    /** @return the start of the span, seconds ({@code -infinity} for a constant) */
    public double startTime() {
        return entries == null ? Double.NEGATIVE_INFINITY : entries.startTime();
    }

    /** @return the end of the span, seconds ({@code +infinity} for a constant) */
    public double endTime() {
        return entries == null ? Double.POSITIVE_INFINITY : entries.endTime();
    }

    /**
     * @param t seconds, not NaN; outside the span, the nearest end of the span is used
     * @return the value, {@code rows() x cols()} (a new array)
     * @throws IllegalArgumentException if {@code t} is NaN
     * @throws IllegalStateException if the trajectory returns a value of the wrong length
     */
    public double[][] value(double t) {
        if (entries == null) {
            checkTime(t);
            return copy(constant);
        }
        double tc = clamp(t);
        return reshape(entries.value(tc), "value", tc);
    }

    /**
     * @param t seconds, not NaN
     * @return the time derivative, {@code rows() x cols()} per second (a new array): zero for a constant and
     *     strictly outside the span; at a break of a piecewise trajectory, whatever side the trajectory gives
     * @throws IllegalArgumentException if {@code t} is NaN
     * @throws IllegalStateException if the trajectory returns a derivative of the wrong length
     */
    public double[][] derivative(double t) {
        double tc = clamp(t);
        if (entries == null || tc != t) {
            return new double[rows][cols];
        }
        return reshape(entries.derivative(t), "derivative", t);
    }

    /**
     * The value at a time in the number type {@code T}: {@code M(t0) + M'(t0) (t - t0)} with {@code t0} the
     * time's numeric value, so that an AutoDiff time carries its gradient into the coefficients (zero
     * derivative entries give constants). Doubles take the values alone.
     *
     * @throws IllegalStateException naming {@code owner} if the time has no numeric value (a free symbolic time)
     */
    <T> ScalarMatrix<T> at(Scalar<T> s, T time, String owner) {
        double t0 = numericTime(s, time, owner);
        double[][] v = value(t0);
        if (s == Scalar.DOUBLE) {
            return ScalarMatrix.ofValues(s, v);
        }
        double[][] slope = derivative(t0);
        T dt = s.sub(time, t0);
        ScalarMatrix<T> m = s.newMatrix(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m.set(i, j, slope[i][j] == 0 ? s.of(v[i][j]) : s.add(s.mul(dt, slope[i][j]), v[i][j]));
            }
        }
        return m;
    }

    /** {@link #at} of a column trajectory, as a vector. */
    <T> ScalarVector<T> columnAt(Scalar<T> s, T time, String owner) {
        ScalarMatrix<T> m = at(s, time, owner);
        ScalarVector<T> v = s.newVector(rows);
        for (int i = 0; i < rows; i++) {
            v.set(i, m.get(i, 0));
        }
        return v;
    }

    private static <T> double numericTime(Scalar<T> s, T time, String owner) {
        try {
            return s.value(time);
        } catch (NonNumericValueException e) {
            throw new IllegalStateException(owner + " reads its coefficients at a numeric time, got " + time, e);
        }
    }

    private double clamp(double t) {
        checkTime(t);
        return Math.min(Math.max(t, startTime()), endTime());
    }

    private static void checkTime(double t) {
        if (Double.isNaN(t)) {
            throw new IllegalArgumentException("t must not be NaN");
        }
    }

    private double[][] reshape(double[] flat, String what, double t) {
        if (flat == null || flat.length != rows * cols) {
            throw new IllegalStateException("the trajectory returned a " + what + " of "
                    + (flat == null ? "null" : flat.length + " entries") + " at t = " + t + ", expected "
                    + rows * cols);
        }
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(flat, i * cols, m[i], 0, cols);
        }
        return m;
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    @Override
    public String toString() {
        return "MatrixTrajectory(" + rows + " x " + cols + (entries == null ? ", constant)"
                : ", [" + startTime() + ", " + endTime() + "] s)");
    }
}
