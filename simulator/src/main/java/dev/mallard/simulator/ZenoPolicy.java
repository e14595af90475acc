package dev.mallard.simulator;

/**
 * What the {@link Simulator} does when the events of a witness accumulate (Zeno behaviour: a bouncing ball's
 * impacts coming ever closer, infinitely many before a finite time) or a step goes past a guard after its
 * event, detected as described in {@link Simulator#setZenoPolicy}.
 */
public enum ZenoPolicy {
    /**
     * The default: {@code advanceTo} throws a {@link SimulationException} naming the witness, its system, the
     * time and the number of events; the context is left where it was detected.
     */
    THROW,
    /**
     * The simulation holds at the guard: {@code advanceTo} returns normally, with a status of reason
     * {@link SimulatorStatus.ReturnReason#REACHED_TERMINATION_CONDITION} naming the witness's system and saying
     * where it was held and why; the context keeps the time and state at which the flow reached the guard for
     * the accumulating event (that event's handler does not run), or, when a step went past the guard after
     * the witness's event, the time and state right after that event. Every later {@code advanceTo} or
     * {@code advancePendingEvents} returns the same status at the same time without stepping, until
     * {@link Simulator#initialize()}.
     */
    HOLD_AT_GUARD
}
