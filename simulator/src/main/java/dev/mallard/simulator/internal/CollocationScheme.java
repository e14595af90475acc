package dev.mallard.simulator.internal;

/**
 * A collocation scheme's coefficients: what an implicit integrator tells the adjoint, which reverses its
 * converged stage equations.
 *
 * @param a the stage matrix, s x s (not copied: constants of the integrators)
 * @param c the nodes, s entries; the step's result is the last stage
 * @param substeps the number of equal sub-steps a step takes, 1 or 2
 */
public record CollocationScheme(double[][] a, double[] c, int substeps) {
}
