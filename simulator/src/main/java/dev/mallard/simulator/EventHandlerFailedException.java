package dev.mallard.simulator;

/**
 * Thrown by the Simulator when an event handler or the monitor reports failure. The message carries the
 * handler's message, the system's name and the time; {@link #getStatus()} the full status.
 */
public final class EventHandlerFailedException extends SimulationException {

    private static final long serialVersionUID = 1L;

    private final transient SimulatorStatus status;

    EventHandlerFailedException(SimulatorStatus status) {
        super(status.formatMessage(), status.returnTime(), status.system() == null ? null : status.system().getName());
        this.status = status;
    }

    /** @return the status of the failed call (reason {@code EVENT_HANDLER_FAILED}) */
    public SimulatorStatus getStatus() {
        return status;
    }
}
