/**
 * Advancing a system's context in time: the {@link dev.mallard.simulator.Simulator} with Drake's
 * hybrid-system semantics (the Step / AdvanceTo / AdvancePendingEvents / Initialize algorithms, event
 * failure and termination policy, sample-and-hold timing, witness isolation, Zeno detection), its
 * {@link dev.mallard.simulator.SimulatorConfig}, {@link dev.mallard.simulator.SimulatorStatus} and
 * {@link dev.mallard.simulator.EventLog}.
 *
 * <pre>{@code
 * Simulator<Double> sim = new Simulator<>(diagram);
 * sim.getMutableContext().setContinuousStateValues(1.0, 0.0);
 * sim.setMonitor(c -> c.getTimeValue() > 5 ? EventStatus.reachedTermination(null, "done")
 *                                          : EventStatus.succeeded());
 * SimulatorStatus status = sim.advanceTo(10.0);
 * }</pre>
 *
 * <p>The areas around it, one package each: {@link dev.mallard.simulator.integrators} (the schemes a
 * simulator steps with), {@link dev.mallard.simulator.gradients} (forward-mode and adjoint derivatives of
 * whole simulations, linearisation), {@link dev.mallard.simulator.studies} (Monte Carlo and batch
 * evaluation) and {@link dev.mallard.simulator.trajectories} (dense output and splines).
 */
package dev.mallard.simulator;

