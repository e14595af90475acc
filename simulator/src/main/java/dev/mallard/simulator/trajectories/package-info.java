/**
 * Trajectories as functions of time: {@link dev.mallard.simulator.trajectories.PiecewisePolynomial} (an
 * integrator's dense output, or one built from samples) and the constructors of
 * {@link dev.mallard.simulator.trajectories.Trajectories} (zero-order hold, linear, shape-preserving and
 * clamped cubic splines through samples).
 */
package dev.mallard.simulator.trajectories;

