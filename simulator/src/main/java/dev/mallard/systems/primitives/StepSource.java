package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A step in time: output port {@code "y0"} = {@code initialValue} for {@code t < stepTime} and
 * {@code finalValue} from {@code stepTime} on, entry by entry; no input, no state. Drake has no such class (it
 * would use a {@code TrajectorySource} of a zero-order hold); Mallard adds it as Simulink's Step block. Units
 * those of the values, {@code stepTime} in seconds.
 *
 * <p>The system declares a publish that does nothing at {@code stepTime} (when {@code stepTime >= 0}), so a
 * Simulator ends a step exactly there and no integrator step straddles the jump.
 *
 * @param <T> the number type
 */
public final class StepSource<T> extends LeafSystem<T> {

    private final double stepTime;
    private final double[] initialValue;
    private final double[] finalValue;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param stepTime seconds, finite
     * @param initialValue the value before the step, finite, at least one entry; copied
     * @param finalValue the value from the step on, finite, same length; copied
     * @throws IllegalArgumentException for a non-finite time or value, or lengths that differ
     */
    public StepSource(Scalar<T> scalar, String name, double stepTime, double[] initialValue, double[] finalValue) {
        super(scalar, name);
        this.stepTime = dev.mallard.scalar.Checks.finite(stepTime, "stepTime");
        this.initialValue = Arguments.finiteVector(initialValue, "initialValue");
        this.finalValue = Arguments.finiteVector(finalValue, "finalValue");
        Arguments.sameLength(this.initialValue, "initialValue", this.finalValue, "finalValue");
        declareVectorOutputPort("y0", this.initialValue.length, this::calc, Feedthrough.none());
        if (stepTime >= 0) {
            declareBreakAt(stepTime);
        }
    }

    /** A do-nothing publish at {@code time} only: the simulator's steps end there. */
    private void declareBreakAt(double time) {
        declarePeriodicPublishEvent(Double.MAX_VALUE, time, c -> EventStatus.didNothing());
    }

    private void calc(Context<T> context, ScalarVector<T> y) {
        y.setValuesFrom(context.getTimeValue() < stepTime ? initialValue : finalValue, 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new StepSource<>(target, getName(), stepTime, initialValue, finalValue);
    }
}
