package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;

/**
 * A damped oscillator {@code q'' = -q - 0.1 q' + u} under a sampled controller: with events, a periodic
 * discrete update at {@link #RATE} Hz samples the state and holds {@code u = -K q - D q'} (discrete state);
 * without, u stays 0 and there is no event, the baseline of event cost.
 *
 * @param <T> the number type
 */
public final class SampledPlant<T> extends LeafSystem<T> {

    /** Update rate, Hz. */
    public static final double RATE = 1000.0;
    private static final double K = 2.0;
    private static final double D = 0.5;

    private final boolean sampled;

    /**
     * @param scalar the number type
     * @param sampled whether to declare the 1 kHz update
     */
    public SampledPlant(Scalar<T> scalar, boolean sampled) {
        super(scalar, sampled ? "sampled plant" : "open-loop plant");
        this.sampled = sampled;
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(1, 0);
        declareDiscreteState(0.0);
        if (sampled) {
            declarePeriodicDiscreteUpdateEvent(1 / RATE, 0, (c, xd) -> {
                Scalar<T> s = scalar();
                ContinuousState<T> x = c.getContinuousState();
                xd.get().set(0, s.neg(s.add(s.mul(x.get(0), K), s.mul(x.get(1), D))));
                return EventStatus.succeeded();
            });
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new SampledPlant<>(target, sampled);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        T u = context.getDiscreteState(0).get(0);
        derivatives.set(0, x.get(1));
        derivatives.set(1, s.add(s.sub(s.neg(x.get(0)), s.mul(x.get(1), 0.1)), u));
    }
}
