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
    /** Forward differences: {@code n} extra evaluations, about half the digits of the state. */
    FORWARD_DIFFERENCE,
    /** Central differences: {@code 2n} extra evaluations, about two thirds of the digits. */
    CENTRAL_DIFFERENCE
}
