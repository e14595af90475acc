/**
 * The everyday building blocks of diagrams, after Drake's {@code systems/primitives}: each a
 * {@link dev.mallard.systems.LeafSystem} written once against {@code Scalar<T>}, so it runs with double,
 * AutoDiff and symbolic numbers and converts with {@code toScalar}. Every constructor takes the number type
 * and a name (unique within a diagram) first.
 *
 * <ul>
 *   <li>sources: {@link dev.mallard.systems.primitives.ConstantVectorSource},
 *       {@link dev.mallard.systems.primitives.Sine}, {@link dev.mallard.systems.primitives.StepSource},
 *       {@link dev.mallard.systems.primitives.RampSource},
 *       {@link dev.mallard.systems.primitives.TrajectorySource} (of a
 *       {@link dev.mallard.systems.primitives.Trajectory}, e.g. a {@code PiecewisePolynomial}),
 *       {@link dev.mallard.systems.primitives.RandomSource} (a seed per source, reseeded per Monte Carlo sample;
 *       {@code addRandomInputs} feeds random input ports);</li>
 *   <li>static maps: {@link dev.mallard.systems.primitives.Gain} (matrix gain),
 *       {@link dev.mallard.systems.primitives.Adder}, {@link dev.mallard.systems.primitives.Multiplexer},
 *       {@link dev.mallard.systems.primitives.Demultiplexer}, {@link dev.mallard.systems.primitives.PassThrough},
 *       {@link dev.mallard.systems.primitives.Saturation};</li>
 *   <li>dynamics: {@link dev.mallard.systems.primitives.Integrator},
 *       {@link dev.mallard.systems.primitives.LinearSystem} (continuous or discrete; it is a
 *       {@link dev.mallard.systems.AffineSystem}, which lives in {@code dev.mallard.systems}),
 *       {@link dev.mallard.systems.primitives.TimeVaryingAffineSystem} and
 *       {@link dev.mallard.systems.primitives.TimeVaryingLinearSystem} (coefficients given by a subclass as
 *       functions of time in the number type), {@link dev.mallard.systems.primitives.TrajectoryAffineSystem} and
 *       {@link dev.mallard.systems.primitives.TrajectoryLinearSystem} (the coefficients played from
 *       {@link dev.mallard.systems.primitives.MatrixTrajectory} values, e.g. piecewise polynomials of
 *       {@code dev.mallard.simulator.trajectories}, which this package may use: nothing there depends on it),
 *       {@link dev.mallard.systems.primitives.FirstOrderLowPassFilter},
 *       {@link dev.mallard.systems.primitives.ZeroOrderHold} (Drake's sample-and-hold timing),
 *       {@link dev.mallard.systems.primitives.PidController} (optionally with a derivative filter or Drake's
 *       state and output projections), {@link dev.mallard.systems.primitives.DiscretePidController} (sampled,
 *       with output limits and anti-windup);</li>
 *   <li>logging: {@link dev.mallard.systems.primitives.VectorLogSink} and its
 *       {@code logVectorOutput(port, builder[, period | triggers, period])}, recording into a
 *       {@link dev.mallard.systems.primitives.VectorLog} kept in the context, exportable as CSV or JSON.</li>
 * </ul>
 *
 * <p>Port names follow Drake ({@code "u"}/{@code "y"} for one-in one-out blocks, {@code "u0"}, {@code "u1"},
 * ... and {@code "y0"}, ... for several or for sources); each class documents its ports, sizes and units.
 * Bad sizes, limits or periods throw {@link java.lang.IllegalArgumentException} naming the argument and value.
 */
package dev.mallard.systems.primitives;
