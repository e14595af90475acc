package dev.mallard.simulator;

import dev.mallard.systems.LeafSystem;

/**
 * Thrown by {@link GuardWatch} when a witness's events accumulate or its guard is left violated after its
 * event: a {@link SimulationException} that also says where the simulation can be held at the guard instead
 * ({@link ZenoPolicy#HOLD_AT_GUARD}), at the context's current point or at the start of the step that went
 * past the guard.
 */
final class ZenoException extends SimulationException {

    private static final long serialVersionUID = 1L;

    private final transient LeafSystem<?> system;
    private final String witness;
    private final String heldReason;
    private final boolean pastGuard;

    /**
     * @param message the full message
     * @param time the time of the detection, seconds
     * @param system the witness's system
     * @param witness the witness's description
     * @param heldReason why the simulation is held, for the status message of a hold
     * @param pastGuard whether the context is past the guard (the hold is then at the step's start, right
     *     after the witness's last event) rather than at it
     */
    ZenoException(String message, double time, LeafSystem<?> system, String witness, String heldReason,
            boolean pastGuard) {
        super(message, time, system.getPathName());
        this.system = system;
        this.witness = witness;
        this.heldReason = heldReason;
        this.pastGuard = pastGuard;
    }

    /** @return the witness's system */
    LeafSystem<?> system() {
        return system;
    }

    /** @return the witness's description */
    String witness() {
        return witness;
    }

    /** @return why the simulation is held, completing "held at the guard ... at t = ...: " */
    String heldReason() {
        return heldReason;
    }

    /** @return whether the context is past the guard: the hold is then at the start of the last step */
    boolean pastGuard() {
        return pastGuard;
    }
}
