package dev.mallard.examples.programs;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;

/**
 * Records the value of its vector input port "u" at times {@code 0, period, 2 period, ...}, like Drake's
 * VectorLogSink with a publish period.
 *
 * <p>The log is state, not a field: a system is constant and one system may drive many contexts (several
 * simulations, Monte Carlo runs, threads), so everything that changes lives in the {@link Context}. The
 * log is an abstract state value ({@link SampleLog}, immutable) replaced by a periodic unrestricted update.
 * An update, not a publish, because a publish may not change the context. Like every update it runs at the
 * start of a step and sees the pre-update state {@code x⁻(t)}, the same values a publish at {@code t}
 * would see; as in Drake, an update due exactly at the end of {@code advanceTo(t)} is left pending, so
 * call {@code Simulator.advancePendingEvents()} to record the sample at the final time.
 *
 * @param <T> the number type
 */
public final class SampleLogger<T> extends LeafSystem<T> {

    private final int size;
    private final double period;
    private final int logIndex;

    /**
     * @param scalar the number type
     * @param size the input's size, {@code >= 0}
     * @param period seconds between samples, finite and {@code > 0}
     * @throws IllegalArgumentException naming the argument out of range
     */
    public SampleLogger(Scalar<T> scalar, int size, double period) {
        super(scalar, "logger");
        this.size = Checks.nonNegative(size, "size");
        this.period = Checks.positive(period, "period");
        declareVectorInputPort("u", size);
        // SampleLog is immutable, so contexts may share it: no copier needed.
        logIndex = declareAbstractState(SampleLog.EMPTY);
        declarePeriodicUnrestrictedUpdateEvent(period, 0.0, (context, state) -> {
            SampleLog before = context.getAbstractState(logIndex, SampleLog.class);
            double[] u = getInputPort(0).eval(context).toValueArray();
            state.setAbstractState(logIndex, before.append(context.getTimeValue(), u));
            return EventStatus.succeeded();
        });
    }

    /**
     * @param context this logger's own context (from a diagram's root context, use
     *     {@code logger.getMyContextFromRoot(root)})
     * @return the samples recorded so far in that context
     */
    public SampleLog getLog(Context<T> context) {
        return context.getAbstractState(logIndex, SampleLog.class);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new SampleLogger<>(target, size, period);
    }
}
