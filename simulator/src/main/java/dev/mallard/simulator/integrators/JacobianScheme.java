package dev.mallard.simulator.integrators;

/** How an implicit integrator computes the Jacobian {@code df/dx} of the time derivatives. */
public enum JacobianScheme {
    /**
     * Forward-mode automatic differentiation: the system converted to {@code AutoDiff} (through
     * {@link dev.mallard.systems.DynamicalSystem#toScalar}) evaluated once with the state as variables; exact to
     * rounding. The default. If the system cannot be converted, the integrator falls back to
     * {@link #CENTRAL_DIFFERENCE} and says why in {@link ImplicitIntegrator#getJacobianFallbackReason()}.
     */
    AUTOMATIC,
    /**
     * Forward differences: {@code n + 1} derivative evaluations ({@code f(t, x)} and one per state, as in
     * Drake), about half the digits of the state.
     */
    FORWARD_DIFFERENCE,
    /**
     * Central differences: {@code 2n} derivative evaluations (Drake's spend {@code 2n + 1}: they also evaluate
     * {@code f(t, x)}, which the formula does not use), about two thirds of the digits.
     */
    CENTRAL_DIFFERENCE
}
