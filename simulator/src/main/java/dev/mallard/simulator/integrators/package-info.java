/**
 * The integrators a {@link dev.mallard.simulator.Simulator} advances a context with, all built on
 * {@link dev.mallard.simulator.integrators.IntegratorBase} (options and statistics, step landing on event
 * times, error control, interpolation and dense output): explicit Euler, semi-explicit Euler, the explicit
 * Runge-Kutta schemes of order 2, 3 (with Bogacki-Shampine beside it) and 5 driven by a
 * {@link dev.mallard.simulator.integrators.ButcherTableau}, and the implicit schemes (implicit Euler,
 * velocity-implicit Euler, Radau IIA of one and two stages) with their Newton iterations. Schemes are chosen
 * by name through {@link dev.mallard.simulator.integrators.IntegrationSchemes};
 * {@link dev.mallard.simulator.integrators.SymbolicStepping} takes one step with symbolic numbers. See
 * {@code simulator/INTEGRATORS.md} for adding a scheme.
 */
package dev.mallard.simulator.integrators;

