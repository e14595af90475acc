package dev.mallard.systems;

import java.util.Objects;

/**
 * An event declared by a leaf system: what kind of change it makes (publish, discrete update,
 * unrestricted update), what triggers it (initialization, every step, a period, a witness function, or a
 * forced call) and the handler that runs. Events are constant parts of their system.
 *
 * @param <T> the number type
 */
public final class Event<T> {

    /** What an event may change. */
    public enum Kind {
        /** Changes nothing; sees {@code x⁻(t)} at the end of a step. */
        PUBLISH,
        /** Changes only discrete state; runs at the start of a step. */
        DISCRETE_UPDATE,
        /** May change any state; runs at the start of a step, before discrete updates. */
        UNRESTRICTED_UPDATE
    }

    /** What triggers an event. */
    public enum Trigger {
        /** Once, by the Simulator's initialize (unless suppressed). */
        INITIALIZATION,
        /** At every Simulator step. */
        PER_STEP,
        /** At {@code offset + k period}, k = 0, 1, 2, ... */
        PERIODIC,
        /** When its witness function triggers. */
        WITNESS,
        /**
         * At the times its system computes itself ({@link LeafSystem#doCalcNextUpdateTime}, Drake's
         * {@code DoCalcNextUpdateTime}), which returns it among the events due then.
         */
        TIMED,
        /** Only when called explicitly (forced publish or update). */
        FORCED
    }

    /**
     * Handles a publish event.
     *
     * @param <T> the number type
     */
    @FunctionalInterface
    public interface PublishHandler<T> {
        /**
         * @param context the system's context, not to be modified
         * @return the outcome, not null
         */
        EventStatus handle(Context<T> context);
    }

    /**
     * Handles a discrete update event: reads {@code xd⁻} from the context, writes {@code xd⁺}.
     *
     * @param <T> the number type
     */
    @FunctionalInterface
    public interface DiscreteUpdateHandler<T> {
        /**
         * @param context the system's context, not to be modified
         * @param xd the updated discrete state to write (initially equal to {@code xd⁻})
         * @return the outcome, not null
         */
        EventStatus handle(Context<T> context, DiscreteValues<T> xd);
    }

    /**
     * Handles an unrestricted update event: reads {@code x⁻} from the context, writes {@code x⁺}.
     *
     * @param <T> the number type
     */
    @FunctionalInterface
    public interface UnrestrictedUpdateHandler<T> {
        /**
         * @param context the system's context, not to be modified
         * @param state the updated state to write (initially equal to {@code x⁻})
         * @return the outcome, not null
         */
        EventStatus handle(Context<T> context, State<T> state);
    }

    private final LeafSystem<T> system;
    private final Kind kind;
    private final Trigger trigger;
    private final double period;
    private final double offset;
    private final Object handler;

    Event(LeafSystem<T> system, Kind kind, Trigger trigger, double period, double offset, Object handler) {
        this.system = system;
        this.kind = kind;
        this.trigger = trigger;
        this.period = period;
        this.offset = offset;
        this.handler = Objects.requireNonNull(handler, "handler must not be null");
    }

    /** @return the system that declared the event */
    public LeafSystem<T> getSystem() {
        return system;
    }

    /** @return what the event may change */
    public Kind getKind() {
        return kind;
    }

    /** @return what triggers it */
    public Trigger getTrigger() {
        return trigger;
    }

    /** @return the period in seconds of a periodic event; NaN otherwise */
    public double getPeriod() {
        return period;
    }

    /** @return the offset (first time) in seconds of a periodic event; NaN otherwise */
    public double getOffset() {
        return offset;
    }

    @SuppressWarnings("unchecked")
    EventStatus handlePublish(Context<T> context) {
        return checked(((PublishHandler<T>) handler).handle(context));
    }

    @SuppressWarnings("unchecked")
    EventStatus handleDiscreteUpdate(Context<T> context, DiscreteValues<T> xd) {
        return checked(((DiscreteUpdateHandler<T>) handler).handle(context, xd));
    }

    @SuppressWarnings("unchecked")
    EventStatus handleUnrestrictedUpdate(Context<T> context, State<T> state) {
        return checked(((UnrestrictedUpdateHandler<T>) handler).handle(context, state));
    }

    private EventStatus checked(EventStatus status) {
        if (status == null) {
            throw new IllegalStateException("a " + trigger + " " + kind + " handler of " + system.getName()
                    + " returned null instead of an EventStatus");
        }
        return status;
    }

    @Override
    public String toString() {
        return trigger + " " + kind + " of " + system.getName()
                + (trigger == Trigger.PERIODIC ? " (period " + period + ", offset " + offset + ")" : "");
    }
}
