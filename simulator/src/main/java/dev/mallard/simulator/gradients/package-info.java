/**
 * Derivatives of simulations: {@link dev.mallard.simulator.gradients.GradientSimulation} (forward mode, the
 * system run with AutoDiff numbers, through impacts and other events),
 * {@link dev.mallard.simulator.gradients.AdjointGradient} (the gradient of a scalar cost, a
 * {@link dev.mallard.simulator.gradients.CostFunction}, with losses at sample times, a
 * {@link dev.mallard.simulator.gradients.SampleLoss}, by the discrete adjoint of the steps and events, for many
 * parameters), {@link dev.mallard.simulator.gradients.CostGradient} (either of the two, chosen by the problem's
 * size) and {@link dev.mallard.simulator.gradients.Linearization} (linearisation about an
 * operating point). The adjoint's replay of steps and events is kept package-private here.
 */
package dev.mallard.simulator.gradients;

