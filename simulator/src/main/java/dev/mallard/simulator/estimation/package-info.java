/**
 * Fitting models to data: {@link dev.mallard.simulator.estimation.ParameterEstimation} estimates initial states and
 * parameters of a system from sampled states by bounded Levenberg-Marquardt least squares on forward-mode
 * sensitivities at the sample times ({@link dev.mallard.simulator.gradients.GradientSimulation#sample}), through
 * events; {@link dev.mallard.simulator.estimation.SampleTable} reads the samples from CSV text.
 */
package dev.mallard.simulator.estimation;
