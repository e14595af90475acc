package dev.mallard.simulator;

/**
 * A simulation could not continue: an event handler or monitor failed, the state became non-finite, the
 * step size fell below its minimum, or the simulator was misused. The message names the time, the system
 * (when one is responsible) and the cause.
 */
public class SimulationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The simulated time in seconds at which the simulation failed; NaN if unknown. */
    private final double time;
    /** The name of the system responsible for the failure; null if none is. */
    private final String systemName;

    /**
     * @param message the full message
     * @param time the simulated time in seconds at which it happened (NaN if unknown)
     * @param systemName the responsible system's name, or null
     */
    public SimulationException(String message, double time, String systemName) {
        super(message);
        this.time = time;
        this.systemName = systemName;
    }

    /** @return the simulated time in seconds at which it happened, NaN if unknown */
    public double getTime() {
        return time;
    }

    /** @return the name of the responsible system, or null */
    public String getSystemName() {
        return systemName;
    }
}
