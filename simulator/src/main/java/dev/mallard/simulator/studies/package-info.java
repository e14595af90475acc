/**
 * Many simulations at once: {@link dev.mallard.simulator.studies.MonteCarlo} (Drake's MonteCarloSimulation,
 * with {@link dev.mallard.simulator.studies.ReplayableRandom} streams that reproduce any one sample, and a
 * scalar or a {@link dev.mallard.simulator.studies.VectorSystemFunction vector} output),
 * {@link dev.mallard.simulator.studies.BatchEvaluation} (a function of many initial states or parameters)
 * and the threads they may use ({@link dev.mallard.simulator.studies.Parallelism}).
 */
package dev.mallard.simulator.studies;

