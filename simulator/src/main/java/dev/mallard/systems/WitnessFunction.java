package dev.mallard.systems;

/**
 * A function {@code w(t, x)} of a system's context whose zero crossings mark events (a guard): a ball's
 * height, a signed distance. When it triggers over a step (see {@link WitnessDirection}), the Simulator
 * isolates the crossing time and dispatches the attached event there.
 *
 * @param <T> the number type
 */
public final class WitnessFunction<T> {

    /**
     * Computes a witness value.
     *
     * @param <T> the number type
     */
    @FunctionalInterface
    public interface Calc<T> {
        /**
         * @param context the system's context, not to be modified
         * @return the witness value
         */
        T calc(Context<T> context);
    }

    private final LeafSystem<T> system;
    private final String description;
    private final WitnessDirection direction;
    private final Calc<T> calc;
    private final Event<T> event;

    WitnessFunction(LeafSystem<T> system, String description, WitnessDirection direction, Calc<T> calc,
            Event<T> event) {
        this.system = system;
        this.description = description;
        this.direction = direction;
        this.calc = calc;
        this.event = event;
    }

    /** @return the declaring system */
    public LeafSystem<T> getSystem() {
        return system;
    }

    /** @return the description used in messages */
    public String getDescription() {
        return description;
    }

    /** @return which crossings trigger it */
    public WitnessDirection getDirection() {
        return direction;
    }

    /** @return the event dispatched when it triggers, or null for none */
    public Event<T> getEvent() {
        return event;
    }

    /**
     * Evaluates the witness.
     *
     * @param context a context of the declaring system
     * @return {@code w(t, x)}
     * @throws IllegalArgumentException if the context belongs to another system
     */
    public T calcWitnessValue(Context<T> context) {
        system.checkContext(context);
        return calc.calc(context);
    }

    /**
     * The trigger rule applied to the witness's values at the ends of an interval.
     *
     * @param w0 value at the start
     * @param w1 value at the end
     * @return whether it triggers over the interval
     */
    public boolean shouldTrigger(double w0, double w1) {
        return direction.triggers(w0, w1);
    }

    @Override
    public String toString() {
        return "witness '" + description + "' of " + system.getName();
    }
}
