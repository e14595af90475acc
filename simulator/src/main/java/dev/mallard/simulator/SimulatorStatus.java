package dev.mallard.simulator;

import dev.mallard.systems.DynamicalSystem;
import java.util.Objects;

/**
 * What a Simulator call ({@code initialize}, {@code advanceTo}, {@code advancePendingEvents}) achieved: it
 * reached its boundary time, or stopped early because an event handler or the monitor reported termination
 * (or failure, which is also thrown as an {@link EventHandlerFailedException}). The boundary time is the
 * argument of {@code advanceTo} (the current time for the other calls); the return time is the time
 * actually reached.
 *
 * <p>Immutable, so safe to share between threads.
 */
public final class SimulatorStatus {

    /** Why the call returned. */
    public enum ReturnReason {
        /** The normal return: the boundary time was reached. No message, no system. */
        REACHED_BOUNDARY_TIME,
        /** A handler or the monitor reported reaching a termination condition. */
        REACHED_TERMINATION_CONDITION,
        /** A handler or the monitor reported failure. */
        EVENT_HANDLER_FAILED
    }

    private final ReturnReason reason;
    private final double boundaryTime;
    private final double returnTime;
    private final DynamicalSystem<?> system;
    private final String message;

    SimulatorStatus(ReturnReason reason, double boundaryTime, double returnTime, DynamicalSystem<?> system, String message) {
        this.reason = reason;
        this.boundaryTime = boundaryTime;
        this.returnTime = returnTime;
        this.system = system;
        this.message = message == null ? "" : message;
    }

    static SimulatorStatus reachedBoundary(double boundaryTime) {
        return new SimulatorStatus(ReturnReason.REACHED_BOUNDARY_TIME, boundaryTime, boundaryTime, null, "");
    }

    /** @return why the call returned */
    public ReturnReason reason() {
        return reason;
    }

    /** @return the maximum time the call could have reached, seconds */
    public double boundaryTime() {
        return boundaryTime;
    }

    /** @return the time reached, seconds; equal to the boundary time when {@link #succeeded()} */
    public double returnTime() {
        return returnTime;
    }

    /** @return the system the termination or failure is attributed to, or null (the simulation as a whole) */
    public DynamicalSystem<?> system() {
        return system;
    }

    /** @return the message of the handler or monitor that stopped the call; empty on success */
    public String message() {
        return message;
    }

    /** @return whether the boundary time was reached without termination or failure */
    public boolean succeeded() {
        return reason == ReturnReason.REACHED_BOUNDARY_TIME;
    }

    /**
     * A human-readable account of the return in Drake's form, e.g. {@code Simulator stopped at time 6 because
     * SpringMassSystem System 'my_spring_mass' failed with message: "Something terrible happened."}: the
     * time, the responsible system as its class name and path name ({@code System} alone when none is
     * known) and the quoted message. Times are printed as Drake prints them (shortest round-trip digits,
     * {@code 6} rather than {@code 6.0}, {@code 1e-05} rather than {@code 1.0E-5}).
     *
     * @return the text
     */
    public String formatMessage() {
        String who = system == null ? "System"
                : typeName(system) + " System '" + system.getPathName() + "'";
        return switch (reason) {
            case REACHED_BOUNDARY_TIME -> "Simulator successfully reached the boundary time ("
                    + formatTime(boundaryTime) + ").";
            case REACHED_TERMINATION_CONDITION -> "Simulator returned early at time " + formatTime(returnTime)
                    + " because " + who + " requested termination with message: \"" + message + "\"";
            case EVENT_HANDLER_FAILED -> "Simulator stopped at time " + formatTime(returnTime) + " because " + who
                    + " failed with message: \"" + message + "\"";
        };
    }

    /** The system's class name without its package (the full name for an anonymous class). */
    private static String typeName(DynamicalSystem<?> system) {
        String simple = system.getClass().getSimpleName();
        return simple.isEmpty() ? system.getClass().getName() : simple;
    }

    /**
     * A time as Drake's messages print a double: the shortest digits that read back to it, positional for
     * magnitudes in {@code [1e-4, 1e16)} and zero, else a mantissa with a signed exponent of at least two digits.
     *
     * @param t the time
     * @return the text
     */
    static String formatTime(double t) {
        if (Double.isNaN(t) || Double.isInfinite(t)) {
            return Double.isNaN(t) ? "nan" : t > 0 ? "inf" : "-inf";
        }
        java.math.BigDecimal d = new java.math.BigDecimal(Double.toString(t)).stripTrailingZeros();
        double magnitude = Math.abs(t);
        if (t == 0 || (magnitude >= 1e-4 && magnitude < 1e16)) {
            return t == 0 ? (1 / t < 0 ? "-0" : "0") : d.toPlainString();
        }
        int exponent = d.precision() - d.scale() - 1;
        String mantissa = d.movePointLeft(exponent).toPlainString();
        return mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format("%02d", Math.abs(exponent));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimulatorStatus s && reason == s.reason
                && Double.compare(boundaryTime, s.boundaryTime) == 0 && Double.compare(returnTime, s.returnTime) == 0
                && system == s.system && message.equals(s.message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(reason, boundaryTime, returnTime, message);
    }

    @Override
    public String toString() {
        return formatMessage();
    }
}
