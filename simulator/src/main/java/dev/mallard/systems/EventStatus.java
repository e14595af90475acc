package dev.mallard.systems;

import java.util.Objects;

/**
 * What an event handler (or a Simulator monitor) reports: it did nothing, succeeded, reached a
 * termination condition, or failed. Termination and failure carry a message and the system that reported
 * them. Statuses are ordered by severity, {@code DID_NOTHING < SUCCEEDED < REACHED_TERMINATION < FAILED};
 * simultaneous handlers' statuses combine to the most severe (the first one reported on a tie).
 */
public final class EventStatus {

    /** The possible outcomes, in increasing severity. */
    public enum Severity {
        /** The handler had nothing to do. */
        DID_NOTHING,
        /** The handler did what it should. */
        SUCCEEDED,
        /** The handler asks the simulation to stop, successfully. */
        REACHED_TERMINATION,
        /** The handler could not do what it should; the simulation stops with an error. */
        FAILED
    }

    private static final EventStatus DID_NOTHING = new EventStatus(Severity.DID_NOTHING, null, "");
    private static final EventStatus SUCCEEDED = new EventStatus(Severity.SUCCEEDED, null, "");

    private final Severity severity;
    private final DynamicalSystem<?> system;
    private final String message;

    private EventStatus(Severity severity, DynamicalSystem<?> system, String message) {
        this.severity = severity;
        this.system = system;
        this.message = message;
    }

    /** @return the status of a handler that had nothing to do */
    public static EventStatus didNothing() {
        return DID_NOTHING;
    }

    /** @return the status of a handler that did its work */
    public static EventStatus succeeded() {
        return SUCCEEDED;
    }

    /**
     * @param system the reporting system, or null to attribute it to the simulation as a whole
     * @param message why the simulation should stop, not null
     * @return a termination status
     */
    public static EventStatus reachedTermination(DynamicalSystem<?> system, String message) {
        return new EventStatus(Severity.REACHED_TERMINATION, system, Objects.requireNonNull(message, "message must not be null"));
    }

    /**
     * @param system the reporting system, or null to attribute it to the simulation as a whole
     * @param message what went wrong, not null
     * @return a failure status
     */
    public static EventStatus failed(DynamicalSystem<?> system, String message) {
        return new EventStatus(Severity.FAILED, system, Objects.requireNonNull(message, "message must not be null"));
    }

    /** @return the severity */
    public Severity severity() {
        return severity;
    }

    /** @return the reporting system, or null */
    public DynamicalSystem<?> system() {
        return system;
    }

    /** @return the message; empty for did-nothing and succeeded */
    public String message() {
        return message;
    }

    /** @return whether this is a failure */
    public boolean failed() {
        return severity == Severity.FAILED;
    }

    /** @return whether this is a termination request */
    public boolean reachedTermination() {
        return severity == Severity.REACHED_TERMINATION;
    }

    /** @return whether this is did-nothing */
    public boolean isDidNothing() {
        return severity == Severity.DID_NOTHING;
    }

    /**
     * The more severe of this status and {@code other}; this one on a tie.
     *
     * @param other another status, not null
     * @return the more severe status
     */
    public EventStatus keepMoreSevere(EventStatus other) {
        // Ordinals, not Enum.compareTo (which checks the declaring class): this runs for every dispatch.
        return other.severity.ordinal() > severity.ordinal() ? other : this;
    }

    @Override
    public String toString() {
        return severity + (system == null ? "" : " (" + system.getName() + ")") + (message.isEmpty() ? "" : ": " + message);
    }
}
