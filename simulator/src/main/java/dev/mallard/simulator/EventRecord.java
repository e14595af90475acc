package dev.mallard.simulator;

import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import java.util.Objects;

/**
 * One dispatched event, as the {@link EventLog} records it: when it ran, in which system, what it did and what
 * triggered it, and how it ended.
 *
 * <p>Immutable and thread-safe.
 *
 * @param time the simulation time of the dispatch, seconds
 * @param systemPath the path name of the leaf system that declared the event ({@code "diagram/controller"})
 * @param kind publish, discrete update or unrestricted update
 * @param trigger initialization, per-step, periodic, witness or forced
 * @param witness the witness function's description for a witness-triggered event, else the empty string
 * @param severity how the handler's dispatch ended (for the leaf's events dispatched together)
 * @param message the handler's message when it failed or asked for termination, else the empty string
 */
public record EventRecord(double time, String systemPath, Event.Kind kind, Event.Trigger trigger, String witness,
        EventStatus.Severity severity, String message) {

    /**
     * Checks the fields.
     *
     * @param time the simulation time, seconds
     * @param systemPath the leaf's path name, not null
     * @param kind not null
     * @param trigger not null
     * @param witness not null (empty when not witness-triggered)
     * @param severity not null
     * @param message not null (may be empty)
     * @throws NullPointerException naming the field that is null
     */
    public EventRecord {
        Objects.requireNonNull(systemPath, "systemPath must not be null");
        Objects.requireNonNull(kind, "kind must not be null");
        Objects.requireNonNull(trigger, "trigger must not be null");
        Objects.requireNonNull(witness, "witness must not be null");
        Objects.requireNonNull(severity, "severity must not be null");
        Objects.requireNonNull(message, "message must not be null");
    }

    /** @return e.g. {@code "t = 0.45 s: bouncing ball UNRESTRICTED_UPDATE by WITNESS 'ground contact' (SUCCEEDED)"} */
    @Override
    public String toString() {
        return "t = " + time + " s: " + systemPath + " " + kind + " by " + trigger
                + (witness.isEmpty() ? "" : " '" + witness + "'") + " (" + severity
                + (message.isEmpty() ? "" : ": " + message) + ")";
    }
}
