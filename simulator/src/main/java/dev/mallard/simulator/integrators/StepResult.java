package dev.mallard.simulator.integrators;

/** Why {@link IntegratorBase#integrateNoFurtherThanTime} returned. */
public enum StepResult {
    /** The step ended exactly at the requested publish time. */
    REACHED_PUBLISH_TIME,
    /** The step ended exactly at the requested update time. */
    REACHED_UPDATE_TIME,
    /** The step ended exactly at the boundary time. */
    REACHED_BOUNDARY_TIME,
    /** Time advanced by a step chosen by the integrator, short of every requested time. */
    TIME_HAS_ADVANCED
}
