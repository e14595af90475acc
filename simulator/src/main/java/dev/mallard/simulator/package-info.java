/**
 * Advancing a system's context in time: the {@link dev.mallard.simulator.Simulator} with Drake's
 * hybrid-system semantics (the Step / AdvanceTo / AdvancePendingEvents / Initialize algorithms, event
 * failure and termination policy, sample-and-hold timing, witness isolation) and the integrators built on
 * {@link dev.mallard.simulator.IntegratorBase} (see {@code simulator/INTEGRATORS.md} for adding a scheme).
 *
 * <pre>{@code
 * Simulator<Double> sim = new Simulator<>(diagram);
 * sim.getMutableContext().setContinuousStateValues(1.0, 0.0);
 * sim.setMonitor(c -> c.getTimeValue() > 5 ? EventStatus.reachedTermination(null, "done")
 *                                          : EventStatus.succeeded());
 * SimulatorStatus status = sim.advanceTo(10.0);
 * }</pre>
 *
 * <p>The same system with other number types: {@link dev.mallard.simulator.GradientSimulation} (derivatives
 * of a whole simulation by AutoDiff, through impacts), {@link dev.mallard.simulator.Linearization}
 * (linearisation and first-order Taylor approximation by AutoDiff), {@link dev.mallard.simulator.AdjointGradient}
 * (the gradient of a scalar cost by the discrete adjoint of the steps and events, for many parameters) and
 * {@link dev.mallard.simulator.SymbolicStepping} (one integration step as expressions).
 */
package dev.mallard.simulator;
