/**
 * The systems framework after Drake's: constant systems, contexts holding all that changes, ports,
 * events of three kinds, witness functions, and diagrams of connected systems.
 *
 * <h2>Writing a system</h2>
 * Extend {@link dev.mallard.systems.LeafSystem} over a number type {@code T}, take a
 * {@link dev.mallard.scalar.Scalar Scalar&lt;T&gt;} in the constructor, and declare everything there:
 * <ul>
 *   <li>state: {@code declareContinuousState(numQ, numV, numZ)}, {@code declareDiscreteState(defaults...)},
 *       {@code declareAbstractState(value, copier)}; outside the state, records a publish handler may append
 *       to ({@code declareRecord(factory, copier)}, a logger's log); parameters: {@code declareNumericParameter(defaults...)};</li>
 *   <li>ports: {@code declareVectorInputPort}, {@code declareAbstractInputPort},
 *       {@code declareVectorOutputPort(name, size, calc, Feedthrough.none())} (say {@code none()} for outputs
 *       computed from state only, or diagrams will see an algebraic loop), {@code declareAbstractOutputPort};</li>
 *   <li>events: {@code declarePeriodic...Event(period, offset, handler)}, {@code declarePerStep...Event},
 *       {@code declareInitialization...Event}, {@code declareForced...Event} for publish, discrete update and
 *       unrestricted update; handlers return an {@link dev.mallard.systems.EventStatus};</li>
 *   <li>witness functions: {@code declareWitnessFunction...(description, direction, calc, handler)}.</li>
 * </ul>
 * Override {@code doCalcTimeDerivatives} for continuous dynamics. Update handlers read {@code x⁻} from the
 * context and write {@code x⁺} into the {@link dev.mallard.systems.DiscreteValues} or
 * {@link dev.mallard.systems.State} they are given. A constructor taking only the scalar (or an override of
 * {@code convertTo}) lets {@code toScalar} rebuild the system for AutoDiff or symbolic numbers.
 *
 * <h2>Contexts</h2>
 * {@link dev.mallard.systems.DynamicalSystem#createDefaultContext()} makes a {@link dev.mallard.systems.Context};
 * a diagram's context holds its subsystems' contexts ({@code getMyContextFromRoot}). The continuous state
 * of a whole diagram lives in one vector laid out {@code [q..., v..., z...]} (a primitive {@code double[]}
 * for double), of which each subsystem's state is a view.
 *
 * <p>{@link dev.mallard.systems.AffineSystem} is the one ready-made leaf here ({@code xdot = A x + B u + f0});
 * the everyday building blocks (sources, gains, holds, filters, controllers, loggers) are in
 * {@code dev.mallard.systems.primitives}; systems defined by expressions, symbolic inspection and compiled systems are in
 * {@code dev.mallard.systems.symbolic}.
 */
package dev.mallard.systems;
