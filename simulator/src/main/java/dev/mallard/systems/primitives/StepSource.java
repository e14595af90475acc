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
 * <p>At {@code stepTime} itself the output follows Drake's sample-and-hold timing: a discrete state (group 0,
 * one entry, default 0) becomes 1 by a discrete update at {@code stepTime} (declared when
 * {@code stepTime >= 0}), and exactly at {@code stepTime} the output is {@code finalValue} only once that
 * update ran. So a Simulator ends a step exactly at the jump, that step (including an integrator stage at its
 * end point) sees {@code initialValue}, and the next one sees {@code finalValue}: integrating the step is
 * exact. Away from {@code stepTime} only the time's numeric value decides.
 *
 * <p><b>Into a sampled system, a step at a sample time arrives one period late.</b> A discrete system (a
 * {@link ZeroOrderHold}, a sampled {@link DiscretePidController}, a discrete {@link LinearSystem}) updating at
 * {@code stepTime} reads the value before its update there, which is {@code initialValue}: with
 * {@code stepTime = 0} and a hold of period {@code h}, the hold outputs {@code initialValue} over {@code [0, h)}
 * and {@code finalValue} from {@code h} on. This is Drake's sample-and-hold timing. To have the first sample see
 * the step, make the step earlier than the sample (a negative {@code stepTime} is a constant
 * {@code finalValue}) or put it between samples:
 * <pre>{@code
 * new StepSource<>(s, "r", 0.0, new double[] {0}, new double[] {1});   // a hold at 0, 0.1, ... sees 1 from 0.1
 * new StepSource<>(s, "r", 0.05, new double[] {0}, new double[] {1});  // ... sees 1 from 0.1 as well
 * new StepSource<>(s, "r", -1.0, new double[] {0}, new double[] {1});  // ... sees 1 from 0
 * }</pre>
 * {@code dev.mallard.examples.programs.SampledStepTiming} runs these cases.
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
        declareDiscreteState(1);
        if (stepTime >= 0) {
            // one update only: the next "period" is beyond any finite horizon
            declarePeriodicDiscreteUpdateEvent(Double.MAX_VALUE, stepTime, (c, xd) -> {
                xd.get(0).setValue(0, 1.0);
                return EventStatus.succeeded();
            });
        }
    }

    private void calc(Context<T> context, ScalarVector<T> y) {
        double t = context.getTimeValue();
        boolean stepped = t > stepTime || t == stepTime && context.getDiscreteState(0).getValue(0) != 0;
        y.setValuesFrom(stepped ? finalValue : initialValue, 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new StepSource<>(target, getName(), stepTime, initialValue, finalValue);
    }
}
