/**
 * Small systems with known behaviour, written once against {@code Scalar<T>}: a damped pendulum, a
 * bouncing ball and the Van der Pol oscillator. The command line's tour, the benchmarks and the
 * acceptance tests use them; they also show how to write a {@link dev.mallard.systems.LeafSystem}.
 */
package dev.mallard.examples;
