/**
 * Small systems with known behaviour, written once against {@code Scalar<T>}: a damped pendulum, a
 * bouncing ball, the Van der Pol oscillator, Drake's cart-pole, and Spong's acrobot and Drake's planar quadrotor
 * (these two with {@link dev.mallard.scalar.Num}, whose fluent arithmetic reads like the equations). The command
 * line's tour, the benchmarks and the acceptance tests use them; they also show how to write a
 * {@link dev.mallard.systems.LeafSystem}.
 */
package dev.mallard.examples;
