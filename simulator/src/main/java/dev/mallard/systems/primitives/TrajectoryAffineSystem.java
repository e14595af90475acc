package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.LeafSystem;
import java.util.Objects;

/**
 * The {@link TimeVaryingAffineSystem} whose coefficients are played from trajectories, Drake's
 * {@code TrajectoryAffineSystem}: {@code xdot = A(t) x + B(t) u + f0(t)}, {@code y = C(t) x + D(t) u + y0(t)}
 * (continuous), or {@code x[n+1] = A(t) x[n] + B(t) u[n] + f0(t)} with the same output, updated every
 * {@code timePeriod} seconds from time 0 with {@code t} the update's time (discrete). The sizes come from the
 * trajectories as in Drake: {@code n} the rows of {@code A}, {@code m} the columns of {@code B}, {@code p} the
 * rows of {@code C}; ports, state and feedthrough are those of {@link TimeVaryingAffineSystem}. Outside a
 * trajectory's span its end value holds (Drake's {@code PiecewisePolynomial::value}).
 *
 * <p>Number types. Drake reads the coefficients at the double value of the time and has no symbolic version.
 * Here, on purpose, an AutoDiff time carries its gradient into the coefficients through their time
 * derivatives ({@code A(t0) + A'(t0) (t - t0)}, the same values), so that gradients with respect to time are
 * right; and the system converts to {@code Expression} too, where the time must have a numeric value (a free
 * symbolic time is refused with {@link IllegalStateException}), as for {@link TrajectorySource}.
 *
 * <p>Immutable, and thread-safe when the trajectories are.
 *
 * @param <T> the number type
 */
public final class TrajectoryAffineSystem<T> extends TimeVaryingAffineSystem<T> {

    private final MatrixTrajectory a;
    private final MatrixTrajectory b;
    private final MatrixTrajectory f0;
    private final MatrixTrajectory c;
    private final MatrixTrajectory d;
    private final MatrixTrajectory y0;

    /**
     * A continuous-time system.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code A(t)}, {@code n x n}, kept
     * @param b {@code B(t)}, {@code n x m}, kept
     * @param f0 {@code f0(t)}, {@code n x 1}, kept
     * @param c {@code C(t)}, {@code p x n}, kept
     * @param d {@code D(t)}, {@code p x m}, kept
     * @param y0 {@code y0(t)}, {@code p x 1}, kept
     * @throws IllegalArgumentException naming the coefficient whose shape does not fit the others
     */
    public TrajectoryAffineSystem(Scalar<T> scalar, String name, MatrixTrajectory a, MatrixTrajectory b,
            MatrixTrajectory f0, MatrixTrajectory c, MatrixTrajectory d, MatrixTrajectory y0) {
        this(scalar, name, a, b, f0, c, d, y0, 0.0);
    }

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code A(t)}, {@code n x n}, kept
     * @param b {@code B(t)}, {@code n x m}, kept
     * @param f0 {@code f0(t)}, {@code n x 1}, kept
     * @param c {@code C(t)}, {@code p x n}, kept
     * @param d {@code D(t)}, {@code p x m}, kept
     * @param y0 {@code y0(t)}, {@code p x 1}, kept
     * @param timePeriod 0 for a continuous system, else the update period in seconds ({@code > 0}, finite)
     * @throws IllegalArgumentException naming the coefficient whose shape does not fit the others, or for a
     *     bad period
     */
    public TrajectoryAffineSystem(Scalar<T> scalar, String name, MatrixTrajectory a, MatrixTrajectory b,
            MatrixTrajectory f0, MatrixTrajectory c, MatrixTrajectory d, MatrixTrajectory y0, double timePeriod) {
        super(scalar, name, checkedStates(a, b, f0, c, d, y0), b.cols(), c.rows(), timePeriod);
        this.a = a;
        this.b = b;
        this.f0 = f0;
        this.c = c;
        this.d = d;
        this.y0 = y0;
    }

    /**
     * The number of states once every shape is checked against {@code A}'s, {@code B}'s and {@code C}'s.
     * {@code f0} and {@code y0} may be null here (the linear system has none).
     */
    static int checkedStates(MatrixTrajectory a, MatrixTrajectory b, MatrixTrajectory f0, MatrixTrajectory c,
            MatrixTrajectory d, MatrixTrajectory y0) {
        Objects.requireNonNull(a, "A must not be null");
        Objects.requireNonNull(b, "B must not be null");
        Objects.requireNonNull(c, "C must not be null");
        Objects.requireNonNull(d, "D must not be null");
        int n = a.rows();
        int m = b.cols();
        int p = c.rows();
        shape(a, n, n, "A");
        shape(b, n, m, "B");
        shape(c, p, n, "C");
        shape(d, p, m, "D");
        if (f0 != null) {
            shape(f0, n, 1, "f0");
        }
        if (y0 != null) {
            shape(y0, p, 1, "y0");
        }
        return n;
    }

    private static void shape(MatrixTrajectory m, int rows, int cols, String name) {
        if (m.rows() != rows || m.cols() != cols) {
            throw new IllegalArgumentException(name + " is " + m.rows() + " x " + m.cols() + ", expected " + rows
                    + " x " + cols + " (n = A's rows, m = B's columns, p = C's rows)");
        }
    }

    @Override
    public ScalarMatrix<T> getA(T t) {
        return a.at(scalar(), t, getName());
    }

    @Override
    public ScalarMatrix<T> getB(T t) {
        return b.at(scalar(), t, getName());
    }

    @Override
    public ScalarVector<T> getF0(T t) {
        return f0.columnAt(scalar(), t, getName());
    }

    @Override
    public ScalarMatrix<T> getC(T t) {
        return c.at(scalar(), t, getName());
    }

    @Override
    public ScalarMatrix<T> getD(T t) {
        return d.at(scalar(), t, getName());
    }

    @Override
    public ScalarVector<T> getY0(T t) {
        return y0.columnAt(scalar(), t, getName());
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new TrajectoryAffineSystem<>(target, getName(), a, b, f0, c, d, y0, getTimePeriod());
    }
}
