package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A ramp in time: output port {@code "y0"} = {@code initialValue} for {@code t < startTime} and
 * {@code initialValue + slope (t - startTime)} from {@code startTime} on, entry by entry; no input, no state.
 * Drake has no such class (a {@code TrajectorySource} of a first-order hold does it); Mallard adds it as
 * Simulink's Ramp block. Units those of the values, slopes per second, {@code startTime} in seconds. The
 * output is computed from the context's time in the number type, so an AutoDiff time gradient passes
 * through the rising part (the branch is chosen on the time's numeric value; a symbolic time without one
 * takes the rising branch).
 *
 * <p>The system declares a publish that does nothing at {@code startTime} (when {@code startTime >= 0}), so a
 * Simulator ends a step exactly at the kink.
 *
 * @param <T> the number type
 */
public final class RampSource<T> extends LeafSystem<T> {

    private final double startTime;
    private final double[] slope;
    private final double[] initialValue;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param startTime seconds, finite
     * @param slope per second, finite, at least one entry; copied
     * @param initialValue the value before the start, finite, same length; copied
     * @throws IllegalArgumentException for a non-finite time or value, or lengths that differ
     */
    public RampSource(Scalar<T> scalar, String name, double startTime, double[] slope, double[] initialValue) {
        super(scalar, name);
        this.startTime = dev.mallard.scalar.Checks.finite(startTime, "startTime");
        this.slope = Arguments.finiteVector(slope, "slope");
        this.initialValue = Arguments.finiteVector(initialValue, "initialValue");
        Arguments.sameLength(this.slope, "slope", this.initialValue, "initialValue");
        declareVectorOutputPort("y0", this.slope.length, this::calc, Feedthrough.none());
        if (startTime >= 0) {
            declarePeriodicPublishEvent(Double.MAX_VALUE, startTime, c -> EventStatus.didNothing());
        }
    }

    private void calc(Context<T> context, ScalarVector<T> y) {
        if (context.getTimeValue() < startTime) {
            y.setValuesFrom(initialValue, 0);
            return;
        }
        Scalar<T> s = scalar();
        T elapsed = s.sub(context.getTime(), startTime);
        for (int i = 0; i < slope.length; i++) {
            y.set(i, s.add(s.mul(elapsed, slope[i]), initialValue[i]));
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new RampSource<>(target, getName(), startTime, slope, initialValue);
    }
}
