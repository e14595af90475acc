package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.systems.LeafSystem;

/**
 * The {@link TimeVaryingLinearSystem} whose coefficients are played from trajectories, Drake's
 * {@code TrajectoryLinearSystem}: {@code xdot = A(t) x + B(t) u}, {@code y = C(t) x + D(t) u} (continuous), or
 * {@code x[n+1] = A(t) x[n] + B(t) u[n]} with the same output, updated every {@code timePeriod} seconds from
 * time 0 (discrete). Sizes, the hold outside the spans and the number types are as for
 * {@link TrajectoryAffineSystem} (which see for the deliberate differences from Drake).
 *
 * <p>Immutable, and thread-safe when the trajectories are.
 *
 * @param <T> the number type
 */
public final class TrajectoryLinearSystem<T> extends TimeVaryingLinearSystem<T> {

    private final MatrixTrajectory a;
    private final MatrixTrajectory b;
    private final MatrixTrajectory c;
    private final MatrixTrajectory d;

    /**
     * A continuous-time system.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code A(t)}, {@code n x n}, kept
     * @param b {@code B(t)}, {@code n x m}, kept
     * @param c {@code C(t)}, {@code p x n}, kept
     * @param d {@code D(t)}, {@code p x m}, kept
     * @throws IllegalArgumentException naming the coefficient whose shape does not fit the others
     */
    public TrajectoryLinearSystem(Scalar<T> scalar, String name, MatrixTrajectory a, MatrixTrajectory b,
            MatrixTrajectory c, MatrixTrajectory d) {
        this(scalar, name, a, b, c, d, 0.0);
    }

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code A(t)}, {@code n x n}, kept
     * @param b {@code B(t)}, {@code n x m}, kept
     * @param c {@code C(t)}, {@code p x n}, kept
     * @param d {@code D(t)}, {@code p x m}, kept
     * @param timePeriod 0 for a continuous system, else the update period in seconds ({@code > 0}, finite)
     * @throws IllegalArgumentException naming the coefficient whose shape does not fit the others, or for a
     *     bad period
     */
    public TrajectoryLinearSystem(Scalar<T> scalar, String name, MatrixTrajectory a, MatrixTrajectory b,
            MatrixTrajectory c, MatrixTrajectory d, double timePeriod) {
        super(scalar, name, TrajectoryAffineSystem.checkedStates(a, b, null, c, d, null), b.cols(), c.rows(),
                timePeriod);
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
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
    public ScalarMatrix<T> getC(T t) {
        return c.at(scalar(), t, getName());
    }

    @Override
    public ScalarMatrix<T> getD(T t) {
        return d.at(scalar(), t, getName());
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new TrajectoryLinearSystem<>(target, getName(), a, b, c, d, getTimePeriod());
    }
}
