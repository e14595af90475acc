package dev.mallard.systems.primitives;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * Samples its input periodically and holds it, Drake's {@code ZeroOrderHold}: input port {@code "u"} and output
 * port {@code "y"} of the same size, discrete state group 0 (the held value, default zero), a periodic discrete
 * update at {@code offset + k period} that latches {@code u}. No direct feedthrough.
 *
 * <p>Drake's timing holds: at a sample time {@code t} the update sees the pre-update values, so it latches
 * {@code u⁻(t)}; a publish at {@code t} still sees the previously held value {@code y⁻(t)}, and from the start
 * of the next step (and for continuous systems integrating after {@code t}) the output is the new sample
 * {@code y⁺(t) = u⁻(t)}. Units: those of {@code u}.
 *
 * <p><b>The trap of a step at a sample time.</b> Because the update latches {@code u⁻(t)}, a signal that jumps
 * exactly at a sample time is seen at its old value until the next sample: a {@link StepSource} stepping from 0
 * to 1 at {@code t = 0} into a hold of period 0.1 s gives 0 over {@code [0, 0.1)} and 1 only from 0.1 on (a
 * controller behind the hold reacts one period late). That is Drake's sample-and-hold timing, not a bug; to
 * have the step seen at the first sample, step before it (a step at {@code t = -1}, i.e. a constant) or
 * between samples. {@code dev.mallard.examples.programs.SampledStepTiming} shows both.
 *
 * <p>Its next update time, as Drake computes it ({@link dev.mallard.systems.DynamicalSystem#calcNextEventTime}),
 * is the first sample strictly after the context's time: 0.1 at 0 for a period of 0.1 s.
 *
 * @param <T> the number type
 */
public final class ZeroOrderHold<T> extends LeafSystem<T> {

    private final double period;
    private final double offset;
    private final int size;

    /**
     * A hold sampling at {@code k period}, k = 0, 1, ...
     *
     * @param scalar the number type
     * @param name the system's name
     * @param period seconds, finite and {@code > 0}
     * @param size the size of {@code u} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException for a bad period or size
     */
    public ZeroOrderHold(Scalar<T> scalar, String name, double period, int size) {
        this(scalar, name, period, 0.0, size);
    }

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param period seconds, finite and {@code > 0}
     * @param offset the first sample time, seconds, finite and {@code >= 0}
     * @param size the size of {@code u} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException for a bad period, offset or size
     */
    public ZeroOrderHold(Scalar<T> scalar, String name, double period, double offset, int size) {
        super(scalar, name);
        this.period = Arguments.period(period, "period");
        this.offset = Arguments.offset(offset, "offset");
        this.size = Arguments.positiveSize(size, "size");
        declareDiscreteState(size);
        declareVectorInputPort("u", size);
        declareVectorOutputPort("y", size, (c, y) -> y.setFrom(c.getDiscreteState(0)), Feedthrough.none());
        declarePeriodicDiscreteUpdateEvent(period, offset, (c, xd) -> {
            xd.get(0).setFrom(getInputPort(0).eval(c));
            return EventStatus.succeeded();
        });
    }

    /** @return the sampling period, seconds */
    public double getPeriod() {
        return period;
    }

    /** @return the first sample time, seconds */
    public double getOffset() {
        return offset;
    }

    /**
     * Sets the held value (the output until the next sample) in a context of this system.
     *
     * @param context a context of this system; modified
     * @param value the value, of this system's size
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     */
    public void setHeldValue(Context<T> context, double... value) {
        checkContext(context);
        Checks.size(value.length, size, "held value");
        context.getMutableDiscreteState(0).setValuesFrom(value, 0);
    }

    /**
     * Drake's {@code LatchInputPortToState}: does what the periodic update does, in place (the held value
     * becomes the input's value).
     *
     * @param context a context of this system whose input has a value; modified
     * @throws IllegalArgumentException if the context is not this system's
     * @throws IllegalStateException if the input has no value
     */
    public void latchInputPortToState(Context<T> context) {
        checkContext(context);
        context.getMutableDiscreteState(0).setFrom(getInputPort(0).eval(context));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new ZeroOrderHold<>(target, getName(), period, offset, size);
    }
}
