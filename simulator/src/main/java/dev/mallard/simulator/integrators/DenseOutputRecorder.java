package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;

/**
 * The dense output of an integrator: while recording, every accepted step appends its interpolant, sampled
 * at the nodes of the scheme's interpolant degree, to a {@link PiecewisePolynomial}; a step cut short at a
 * witness crossing keeps only its part up to the crossing. Holds no state between recordings.
 *
 * @param <T> the number type
 */
final class DenseOutputRecorder<T> {

    private static final PackageAccess.TrajectoryMembers TRAJECTORIES = PackageAccess.trajectories();

    private final IntegratorBase<T> integrator;
    private PiecewisePolynomial<T> trajectory;

    /** @param integrator the integrator whose steps are recorded (its interpolant is sampled) */
    DenseOutputRecorder(IntegratorBase<T> integrator) {
        this.integrator = integrator;
    }

    /** @return whether a recording is in progress */
    boolean isRecording() {
        return trajectory != null;
    }

    /** @return the trajectory being recorded, or null when none is */
    PiecewisePolynomial<T> trajectory() {
        return trajectory;
    }

    /**
     * Starts a recording.
     *
     * @param scalar the number type's operations
     * @param n the number of continuous states
     */
    void start(Scalar<T> scalar, int n) {
        trajectory = TRAJECTORIES.create(scalar, n);
    }

    /**
     * Ends the recording and hands the trajectory over.
     *
     * @return the trajectory recorded
     */
    PiecewisePolynomial<T> stop() {
        PiecewisePolynomial<T> out = trajectory;
        trajectory = null;
        return out;
    }

    /**
     * Appends the last accepted step's interpolant over {@code [t0, t1]}, sampled at {@code degree + 1}
     * nodes; the integrator's interpolant must be prepared.
     *
     * @param t0 the step's start, seconds
     * @param t1 the step's end, seconds
     * @param degree the interpolant's degree, in [1, 8]
     * @param n the number of continuous states
     * @param doublePath whether the integrator works on primitive arrays
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void record(double t0, double t1, int degree, int n, boolean doublePath) {
        Scalar<T> scalar = integrator.scalar();
        double[] theta = TRAJECTORIES.nodes(degree);
        ScalarVector<T>[] values = new ScalarVector[degree + 1];
        double h = t1 - t0;
        for (int j = 0; j <= degree; j++) {
            double t = j == degree ? t1 : t0 + theta[j] * h;
            ScalarVector<T> v = scalar.newVector(n);
            if (n > 0 && doublePath) {
                double[] out = new double[n];
                integrator.interpolate(t, out);
                for (int i = 0; i < n; i++) {
                    v.setValue(i, out[i]);
                }
            } else if (n > 0) {
                integrator.interpolate(scalar.of(t), v);
            }
            values[j] = v;
        }
        TRAJECTORIES.appendSegment(trajectory, t0, t1, degree, values);
    }

    /**
     * Cuts the last recorded segment at {@code tEnd} (a witness crossing ended the step there).
     *
     * @param tEnd seconds, within the last segment
     */
    void truncate(double tEnd) {
        if (!trajectory.isEmpty()) {
            TRAJECTORIES.truncateLastSegment(trajectory, tEnd);
        }
    }
}
