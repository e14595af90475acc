package dev.mallard.systems;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.Objects;
import java.util.Optional;

/**
 * A system defined directly by its equations: the base class of user systems. A subclass declares, in its
 * constructor, its state, parameters, ports, events and witness functions with the {@code declare...}
 * methods, and overrides {@link #doCalcTimeDerivatives} if it has continuous state.
 *
 * <pre>{@code
 * final class Pendulum<T> extends LeafSystem<T> {
 *     Pendulum(Scalar<T> s) {
 *         super(s, "pendulum");
 *         declareContinuousState(1, 1, 0);                 // q = angle, v = rate
 *         declareNumericParameter(9.81);                   // g / l
 *         declareVectorOutputPort("angle", 1, (c, y) -> y.set(0, c.getContinuousState().get(0)),
 *                 Feedthrough.none());
 *     }
 *     protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
 *         Scalar<T> s = scalar();
 *         d.set(0, c.getContinuousState().get(1));
 *         d.set(1, s.neg(s.mul(c.getNumericParameter(0).get(0), s.sin(c.getContinuousState().get(0)))));
 *     }
 * }
 * }</pre>
 *
 * <p>Writing the class against {@code Scalar<T>} with a constructor taking only the scalar lets
 * {@link #toScalar} rebuild it for AutoDiff or symbolic numbers; systems with other constructor arguments
 * override {@link #convertTo}.
 *
 * <p><b>Threads.</b> Like every {@link DynamicalSystem}, a leaf system is safe to share between threads (each
 * with its own context) because it is constant after construction. A subclass keeps that promise by calling
 * the {@code declare...} methods only from its constructor and by writing, in its calculations and handlers,
 * only into the context and the output arguments they are given, never into fields of its own.
 *
 * @param <T> the number type
 */
public abstract class LeafSystem<T> extends DynamicalSystem<T> {

    private int numQ;
    private int numV;
    private int numZ;
    private double[] defaultContinuous = new double[0];
    private final List<double[]> defaultDiscrete = new ArrayList<>();
    private final List<Object> defaultAbstract = new ArrayList<>();
    private final List<UnaryOperator<Object>> abstractCopiers = new ArrayList<>();
    private final List<Supplier<?>> recordFactories = new ArrayList<>();
    private final List<UnaryOperator<Object>> recordCopiers = new ArrayList<>();
    private final List<double[]> defaultParameters = new ArrayList<>();
    /** One entry per parameter group: its name, or null for a group declared without one. */
    private final List<String> parameterNames = new ArrayList<>();
    /** Entry names of the numeric parameter groups that have them, by group. */
    private final Map<Integer, String[]> parameterEntryNames = new HashMap<>();
    /** The continuous states' names, or null when they have none. */
    private String[] continuousStateNames;
    private final Map<Event.Trigger, List<Event<T>>> events = new EnumMap<>(Event.Trigger.class);
    private final List<WitnessFunction<T>> witnesses = new ArrayList<>();
    private boolean continuousDeclared;

    /**
     * @param scalar the number type
     * @param name the system's name
     */
    protected LeafSystem(Scalar<T> scalar, String name) {
        super(scalar, name);
        for (Event.Trigger t : Event.Trigger.values()) {
            events.put(t, new ArrayList<>());
        }
    }

    // ---- state and parameters -------------------------------------------------------------------

    /**
     * Declares the continuous state, split into generalised positions q, velocities v and other states z,
     * with default value zero. May be called once.
     *
     * @param numQ number of q, {@code >= 0}
     * @param numV number of v, {@code >= 0}
     * @param numZ number of z, {@code >= 0}
     * @throws IllegalStateException if already declared
     */
    protected final void declareContinuousState(int numQ, int numV, int numZ) {
        if (continuousDeclared) {
            throw new IllegalStateException(getName() + " already declared its continuous state");
        }
        this.numQ = Checks.nonNegative(numQ, "numQ");
        this.numV = Checks.nonNegative(numV, "numV");
        this.numZ = Checks.nonNegative(numZ, "numZ");
        this.defaultContinuous = new double[numQ + numV + numZ];
        continuousDeclared = true;
    }

    /**
     * Declares {@code size} miscellaneous continuous states z (no q/v split), default zero.
     *
     * @param size the number of states, {@code >= 0}
     */
    protected final void declareContinuousState(int size) {
        declareContinuousState(0, 0, size);
    }

    /**
     * Declares miscellaneous continuous states z with the given default values.
     *
     * @param defaults the default values, one per state; copied
     */
    protected final void declareContinuousStateWithDefaults(double... defaults) {
        declareContinuousState(defaults.length);
        defaultContinuous = defaults.clone();
    }

    /**
     * Sets the default continuous state value.
     *
     * @param defaults the default values, of the declared size; copied
     * @throws IllegalArgumentException if the size differs
     */
    protected final void setDefaultContinuousState(double... defaults) {
        Checks.size(defaults.length, defaultContinuous.length, "default continuous state of " + getName());
        defaultContinuous = defaults.clone();
    }

    /**
     * Declares a discrete state group with the given default values.
     *
     * @param defaults the default values (their number is the group's size); copied
     * @return the group's index
     */
    protected final int declareDiscreteState(double... defaults) {
        defaultDiscrete.add(Objects.requireNonNull(defaults, "defaults must not be null").clone());
        return defaultDiscrete.size() - 1;
    }

    /**
     * Declares a discrete state group of {@code size} zeros.
     *
     * @param size the group's size, {@code >= 0}
     * @return the group's index
     */
    protected final int declareDiscreteState(int size) {
        return declareDiscreteState(new double[Checks.nonNegative(size, "size")]);
    }

    /**
     * Declares an abstract state value (any Java object), copied with {@code copier} whenever a context is
     * cloned or an unrestricted update needs a private copy.
     *
     * @param defaultValue the default value, not null; each new context gets {@code copier.apply(defaultValue)}
     * @param copier makes an independent copy of a value; must return a value of the same class
     * @param <V> the value type
     * @return the abstract state's index
     */
    @SuppressWarnings("unchecked")
    protected final <V> int declareAbstractState(V defaultValue, UnaryOperator<V> copier) {
        Objects.requireNonNull(defaultValue, "defaultValue must not be null");
        Objects.requireNonNull(copier, "copier must not be null");
        defaultAbstract.add(defaultValue);
        abstractCopiers.add(v -> copier.apply((V) v));
        return defaultAbstract.size() - 1;
    }

    /**
     * Declares an abstract state value of an immutable type (a record of immutable fields, a String, an enum):
     * copies share the value.
     *
     * @param defaultValue the default value, not null and immutable
     * @return the abstract state's index
     */
    protected final int declareAbstractState(Object defaultValue) {
        return declareAbstractState(defaultValue, UnaryOperator.identity());
    }

    /**
     * Declares a group of numeric parameters with default values.
     *
     * @param defaults the default values; copied
     * @return the group's index
     */
    protected final int declareNumericParameter(double... defaults) {
        defaultParameters.add(Objects.requireNonNull(defaults, "defaults must not be null").clone());
        parameterNames.add(null);
        return defaultParameters.size() - 1;
    }

    /**
     * Declares a named group of numeric parameters with default values, so that contexts and gradient
     * results can address it by name ({@link Context#getMutableNumericParameter(String)},
     * {@code GradientSimulation.Result.column(system, name)}) as well as by index.
     *
     * @param name the group's name, not blank, unique among this system's parameter names
     * @param defaults the default values; copied
     * @return the group's index
     * @throws IllegalArgumentException if the name is blank or already used by this system
     */
    protected final int declareNumericParameter(String name, double... defaults) {
        Checks.notNull(name, "name");
        if (name.isBlank() || parameterNames.contains(name)) {
            throw new IllegalArgumentException(getName() + ": numeric parameter name '" + name + "' is "
                    + (name.isBlank() ? "blank" : "already declared"));
        }
        int group = declareNumericParameter(defaults);
        parameterNames.set(group, name);
        return group;
    }

    /**
     * @param group a numeric parameter group, in [0, number of groups)
     * @return its name, or empty if it was declared without one
     */
    public final Optional<String> getNumericParameterName(int group) {
        return Optional.ofNullable(parameterNames.get(Checks.index(group, parameterNames.size(),
                "numeric parameter group")));
    }

    /**
     * Names the entries of a numeric parameter group, for gradient results and messages (a group holding several
     * named quantities, as a symbolic system's parameters).
     *
     * @param group a numeric parameter group, in [0, number of groups)
     * @param names one distinct, non-blank name per entry of the group
     * @throws IllegalArgumentException if the count differs from the group's size, or a name is blank or repeated
     */
    protected final void setNumericParameterEntryNames(int group, String... names) {
        Checks.index(group, defaultParameters.size(), "numeric parameter group");
        Checks.notNull(names, "names");
        Checks.size(names.length, defaultParameters.get(group).length, "entry names of numeric parameter group "
                + group + " of " + getName());
        for (int i = 0; i < names.length; i++) {
            if (Checks.notNull(names[i], "names[" + i + "]").isBlank()
                    || java.util.Arrays.asList(names).subList(0, i).contains(names[i])) {
                throw new IllegalArgumentException(getName() + ": parameter entry name names[" + i + "] = '"
                        + names[i] + "' is blank or repeated");
            }
        }
        parameterEntryNames.put(group, names.clone());
    }

    /**
     * @param group a numeric parameter group, in [0, number of groups)
     * @param index an entry of the group, in [0, its size)
     * @return the entry's name, or empty if the group's entries were not named
     */
    public final Optional<String> getNumericParameterEntryName(int group, int index) {
        Checks.index(group, defaultParameters.size(), "numeric parameter group");
        Checks.index(index, defaultParameters.get(group).length, "numeric parameter entry");
        String[] names = parameterEntryNames.get(group);
        return names == null ? Optional.empty() : Optional.of(names[index]);
    }

    /**
     * @param name a name given to {@link #declareNumericParameter(String, double...)}
     * @return the group's index
     * @throws IllegalArgumentException if this system has no parameter of that name (listing the names it has)
     */
    public final int getNumericParameterIndex(String name) {
        int group = parameterNames.indexOf(Checks.notNull(name, "name"));
        if (group < 0) {
            throw new IllegalArgumentException(getName() + " has no numeric parameter named '" + name
                    + "'; its named parameters are " + parameterNames.stream().filter(Objects::nonNull).toList());
        }
        return group;
    }

    /**
     * Names the continuous states, in order (q, then v, then z), for messages, logs and gradient results.
     *
     * @param names one distinct, non-blank name per declared continuous state
     * @throws IllegalArgumentException if the count differs from the state size, or a name is blank or repeated
     */
    protected final void setContinuousStateNames(String... names) {
        Checks.notNull(names, "names");
        Checks.size(names.length, defaultContinuous.length, "continuous state names of " + getName());
        for (int i = 0; i < names.length; i++) {
            if (Checks.notNull(names[i], "names[" + i + "]").isBlank()
                    || java.util.Arrays.asList(names).subList(0, i).contains(names[i])) {
                throw new IllegalArgumentException(getName() + ": continuous state name names[" + i + "] = '"
                        + names[i] + "' is blank or repeated");
            }
        }
        continuousStateNames = names.clone();
    }

    /**
     * @param index a continuous state, in [0, size)
     * @return its name, or empty if the states were not named
     */
    public final Optional<String> getContinuousStateName(int index) {
        Checks.index(index, defaultContinuous.length, "continuous state index");
        return continuousStateNames == null ? Optional.empty() : Optional.of(continuousStateNames[index]);
    }

    /**
     * Declares a record: a mutable Java object that each context of this system owns but that is not state.
     * A publish handler may change it in place (a logger appends its samples to it, as Drake's
     * {@code VectorLogSink} keeps its log in a cache entry of the context) without that counting as a change
     * of the context. A record is therefore never read by outputs, derivatives, updates or witness functions,
     * is not copied by state copies ({@link Context#setStateFrom}, the Simulator's update scratch), and
     * does not invalidate cached outputs when changed. {@link Context#cloneContext()} copies it with
     * {@code copier}; a new context gets a fresh {@code factory.get()}.
     *
     * @param factory makes the initial value of each new context, not null; must not return null
     * @param copier makes an independent copy for a cloned context, not null
     * @param <V> the record type
     * @return the record's index, for {@link Context#getRecord}
     */
    @SuppressWarnings("unchecked")
    protected final <V> int declareRecord(Supplier<V> factory, UnaryOperator<V> copier) {
        recordFactories.add(Objects.requireNonNull(factory, "factory must not be null"));
        Objects.requireNonNull(copier, "copier must not be null");
        recordCopiers.add(v -> copier.apply((V) v));
        return recordFactories.size() - 1;
    }

    Object copyRecord(int index, Object value) {
        return recordCopiers.get(index).apply(value);
    }

    Object copyAbstractValue(int index, Object value) {
        return abstractCopiers.get(index).apply(value);
    }

    // ---- ports ---------------------------------------------------------------------------------

    /**
     * @param name the port name, unique among this system's input ports
     * @param size the vector size, {@code >= 0}
     * @return the new port
     */
    protected final InputPort<T> declareVectorInputPort(String name, int size) {
        return addInputPort(name, Checks.nonNegative(size, "size"), false);
    }

    /**
     * Declares a vector input port whose values are random (a noise input), Drake's {@code DeclareInputPort}
     * with a {@code RandomDistribution}: {@link dev.mallard.systems.primitives.RandomSource#addRandomInputs}
     * feeds every such port left unconnected in a diagram with a source of that distribution.
     *
     * @param name the port name, unique among this system's input ports
     * @param size the vector size, {@code >= 0}
     * @param randomType the distribution the values are expected to have, not null
     * @return the new port
     */
    protected final InputPort<T> declareVectorInputPort(String name, int size, RandomDistribution randomType) {
        return addInputPort(name, Checks.nonNegative(size, "size"), false,
                Objects.requireNonNull(randomType, "randomType must not be null"));
    }

    /**
     * @param name the port name
     * @return the new abstract-valued input port
     */
    protected final InputPort<T> declareAbstractInputPort(String name) {
        return addInputPort(name, 0, true);
    }

    /**
     * Declares a vector output port whose value may depend on every input (see {@link Feedthrough}).
     *
     * @param name the port name
     * @param size the vector size
     * @param calc computes the value
     * @return the new port
     */
    protected final OutputPort<T> declareVectorOutputPort(String name, int size, OutputPort.VectorCalc<T> calc) {
        return declareVectorOutputPort(name, size, calc, Feedthrough.all());
    }

    /**
     * @param name the port name
     * @param size the vector size, {@code >= 0}
     * @param calc computes the value
     * @param feedthrough which inputs the value depends on directly
     * @return the new port
     */
    protected final OutputPort<T> declareVectorOutputPort(String name, int size, OutputPort.VectorCalc<T> calc,
            Feedthrough feedthrough) {
        return addOutputPort(OutputPort.leafVector(this, numOutputPorts(), name, Checks.nonNegative(size, "size"),
                Objects.requireNonNull(calc, "calc must not be null"), Objects.requireNonNull(feedthrough, "feedthrough must not be null")));
    }

    /**
     * @param name the port name
     * @param calc computes the value (a new or cached object; not null)
     * @param feedthrough which inputs the value depends on directly
     * @return the new abstract-valued port
     */
    protected final OutputPort<T> declareAbstractOutputPort(String name, Function<Context<T>, ?> calc,
            Feedthrough feedthrough) {
        return addOutputPort(OutputPort.leafAbstract(this, numOutputPorts(), name, Objects.requireNonNull(calc, "calc must not be null"),
                Objects.requireNonNull(feedthrough, "feedthrough must not be null")));
    }

    // ---- events --------------------------------------------------------------------------------

    private Event<T> declare(Event.Kind kind, Event.Trigger trigger, double period, double offset, Object handler) {
        Event<T> e = new Event<>(this, kind, trigger, period, offset, handler);
        events.get(trigger).add(e);
        return e;
    }

    private Event<T> declarePeriodic(Event.Kind kind, double period, double offset, Object handler) {
        Checks.positive(period, "period");
        if (!(offset >= 0) || !Double.isFinite(offset)) {
            throw new IllegalArgumentException("offset must be finite and >= 0, got " + offset);
        }
        return declare(kind, Event.Trigger.PERIODIC, period, offset, handler);
    }

    /**
     * Declares a publish at times {@code offset + k period}, k = 0, 1, ...
     *
     * @param period seconds, {@code > 0}
     * @param offset seconds, {@code >= 0}
     * @param handler the handler
     * @return the event
     */
    protected final Event<T> declarePeriodicPublishEvent(double period, double offset, Event.PublishHandler<T> handler) {
        return declarePeriodic(Event.Kind.PUBLISH, period, offset, handler);
    }

    /**
     * Declares a discrete update at times {@code offset + k period}.
     *
     * @param period seconds, {@code > 0}
     * @param offset seconds, {@code >= 0}
     * @param handler the handler
     * @return the event
     */
    protected final Event<T> declarePeriodicDiscreteUpdateEvent(double period, double offset,
            Event.DiscreteUpdateHandler<T> handler) {
        return declarePeriodic(Event.Kind.DISCRETE_UPDATE, period, offset, handler);
    }

    /**
     * Declares an unrestricted update at times {@code offset + k period}.
     *
     * @param period seconds, {@code > 0}
     * @param offset seconds, {@code >= 0}
     * @param handler the handler
     * @return the event
     */
    protected final Event<T> declarePeriodicUnrestrictedUpdateEvent(double period, double offset,
            Event.UnrestrictedUpdateHandler<T> handler) {
        return declarePeriodic(Event.Kind.UNRESTRICTED_UPDATE, period, offset, handler);
    }

    /**
     * Declares a publish that happens when {@link #doCalcNextUpdateTime} returns it among the events due.
     *
     * @param handler the handler
     * @return the event, to be added by {@code doCalcNextUpdateTime}
     */
    protected final Event<T> declareTimedPublishEvent(Event.PublishHandler<T> handler) {
        return declare(Event.Kind.PUBLISH, Event.Trigger.TIMED, Double.NaN, Double.NaN, handler);
    }

    /**
     * Declares a discrete update that happens when {@link #doCalcNextUpdateTime} returns it among the events
     * due.
     *
     * @param handler the handler
     * @return the event, to be added by {@code doCalcNextUpdateTime}
     */
    protected final Event<T> declareTimedDiscreteUpdateEvent(Event.DiscreteUpdateHandler<T> handler) {
        return declare(Event.Kind.DISCRETE_UPDATE, Event.Trigger.TIMED, Double.NaN, Double.NaN, handler);
    }

    /**
     * Declares an unrestricted update that happens when {@link #doCalcNextUpdateTime} returns it among the
     * events due.
     *
     * @param handler the handler
     * @return the event, to be added by {@code doCalcNextUpdateTime}
     */
    protected final Event<T> declareTimedUnrestrictedUpdateEvent(Event.UnrestrictedUpdateHandler<T> handler) {
        return declare(Event.Kind.UNRESTRICTED_UPDATE, Event.Trigger.TIMED, Double.NaN, Double.NaN, handler);
    }

    /**
     * Drake's {@code DoCalcNextUpdateTime}: a system that schedules its own events (beyond its periodic ones,
     * which the Simulator schedules itself) returns the time of the next one and adds the events due then,
     * declared with {@code declareTimed*Event}, to {@code events}. The Simulator asks at the start of every
     * step (with the context at the step's start) and ends the step on the returned time; at initialization
     * it asks with the time perturbed to just before the initial time, so that an event due at the initial
     * time is found (an answer equal to that perturbed time means "right now" and is taken as the initial
     * time, Drake's fix of its issue 13296). The default schedules nothing.
     *
     * @param context the system's context, not to be modified
     * @param events receives the events due at the returned time
     * @return the next update time, seconds, not before the context's time, or positive infinity for none
     */
    protected double doCalcNextUpdateTime(Context<T> context, List<Event<T>> events) {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Calls {@link #doCalcNextUpdateTime} and checks its answer.
     *
     * @param context the system's context, not to be modified
     * @param events receives the events due at the returned time (timed events of this system)
     * @return the next update time, seconds, or positive infinity
     * @throws IllegalStateException if the time is NaN or before the context's time, if a finite time comes
     *     without events, or an event is not a timed event of this system
     */
    public final double calcNextUpdateTime(Context<T> context, List<Event<T>> events) {
        int from = events.size();
        double t = doCalcNextUpdateTime(context, events);
        if (Double.isNaN(t) || t < context.getTimeValue()) {
            throw new IllegalStateException(getName() + ".doCalcNextUpdateTime returned " + t
                    + ", before the context's time " + context.getTimeValue());
        }
        if (t < Double.POSITIVE_INFINITY && events.size() == from) {
            throw new IllegalStateException(getName() + ".doCalcNextUpdateTime returned the time " + t
                    + " without any event due then");
        }
        for (int k = from; k < events.size(); k++) {
            Event<T> e = events.get(k);
            if (e.getSystem() != this || e.getTrigger() != Event.Trigger.TIMED) {
                throw new IllegalStateException(getName() + ".doCalcNextUpdateTime returned " + e
                        + ", not a timed event declared by " + getName());
            }
        }
        return t;
    }

    /** @return whether this system overrides {@link #doCalcNextUpdateTime} (schedules its own events) */
    public final boolean hasCustomUpdateTimes() {
        for (Class<?> c = getClass(); c != LeafSystem.class; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod("doCalcNextUpdateTime", Context.class, List.class);
                return true;
            } catch (NoSuchMethodException e) {
                // not declared at this level: look further up
            }
        }
        return false;
    }

    /**
     * @param handler runs at the end of every step and of initialization
     * @return the event
     */
    protected final Event<T> declarePerStepPublishEvent(Event.PublishHandler<T> handler) {
        return declare(Event.Kind.PUBLISH, Event.Trigger.PER_STEP, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs at the start of every step
     * @return the event
     */
    protected final Event<T> declarePerStepDiscreteUpdateEvent(Event.DiscreteUpdateHandler<T> handler) {
        return declare(Event.Kind.DISCRETE_UPDATE, Event.Trigger.PER_STEP, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs at the start of every step
     * @return the event
     */
    protected final Event<T> declarePerStepUnrestrictedUpdateEvent(Event.UnrestrictedUpdateHandler<T> handler) {
        return declare(Event.Kind.UNRESTRICTED_UPDATE, Event.Trigger.PER_STEP, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs once at initialization
     * @return the event
     */
    protected final Event<T> declareInitializationPublishEvent(Event.PublishHandler<T> handler) {
        return declare(Event.Kind.PUBLISH, Event.Trigger.INITIALIZATION, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs once at initialization
     * @return the event
     */
    protected final Event<T> declareInitializationDiscreteUpdateEvent(Event.DiscreteUpdateHandler<T> handler) {
        return declare(Event.Kind.DISCRETE_UPDATE, Event.Trigger.INITIALIZATION, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs once at initialization
     * @return the event
     */
    protected final Event<T> declareInitializationUnrestrictedUpdateEvent(
            Event.UnrestrictedUpdateHandler<T> handler) {
        return declare(Event.Kind.UNRESTRICTED_UPDATE, Event.Trigger.INITIALIZATION, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs on {@link #forcedPublish}
     * @return the event
     */
    protected final Event<T> declareForcedPublishEvent(Event.PublishHandler<T> handler) {
        return declare(Event.Kind.PUBLISH, Event.Trigger.FORCED, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs on {@link #calcForcedDiscreteVariableUpdate}
     * @return the event
     */
    protected final Event<T> declareForcedDiscreteUpdateEvent(Event.DiscreteUpdateHandler<T> handler) {
        return declare(Event.Kind.DISCRETE_UPDATE, Event.Trigger.FORCED, Double.NaN, Double.NaN, handler);
    }

    /**
     * @param handler runs on {@link #calcForcedUnrestrictedUpdate}
     * @return the event
     */
    protected final Event<T> declareForcedUnrestrictedUpdateEvent(Event.UnrestrictedUpdateHandler<T> handler) {
        return declare(Event.Kind.UNRESTRICTED_UPDATE, Event.Trigger.FORCED, Double.NaN, Double.NaN, handler);
    }

    /**
     * The events this system declared with a trigger.
     *
     * @param trigger the trigger (witness events are reached through {@link #getWitnessFunctions})
     * @return the events in declaration order, unmodifiable
     */
    public final List<Event<T>> getEvents(Event.Trigger trigger) {
        return Collections.unmodifiableList(events.get(trigger));
    }

    // ---- witness functions -----------------------------------------------------------------------

    /**
     * Declares a witness function whose crossing publishes.
     *
     * @param description used in messages
     * @param direction which crossings trigger it
     * @param calc computes {@code w}
     * @param handler the publish handler run at the crossing, or null for none
     * @return the witness function
     */
    protected final WitnessFunction<T> declareWitnessFunction(String description, WitnessDirection direction,
            WitnessFunction.Calc<T> calc, Event.PublishHandler<T> handler) {
        return addWitness(description, direction, calc, Event.Kind.PUBLISH, handler);
    }

    /**
     * Declares a witness function whose crossing updates discrete state.
     *
     * @param description used in messages
     * @param direction which crossings trigger it
     * @param calc computes {@code w}
     * @param handler the discrete update run at the crossing
     * @return the witness function
     */
    protected final WitnessFunction<T> declareWitnessFunctionWithDiscreteUpdate(String description,
            WitnessDirection direction, WitnessFunction.Calc<T> calc, Event.DiscreteUpdateHandler<T> handler) {
        return addWitness(description, direction, calc, Event.Kind.DISCRETE_UPDATE, Objects.requireNonNull(handler, "handler must not be null"));
    }

    /**
     * Declares a witness function whose crossing resets state (an impact, a mode switch).
     *
     * @param description used in messages
     * @param direction which crossings trigger it
     * @param calc computes {@code w}
     * @param handler the unrestricted update run at the crossing
     * @return the witness function
     */
    protected final WitnessFunction<T> declareWitnessFunctionWithUnrestrictedUpdate(String description,
            WitnessDirection direction, WitnessFunction.Calc<T> calc, Event.UnrestrictedUpdateHandler<T> handler) {
        return addWitness(description, direction, calc, Event.Kind.UNRESTRICTED_UPDATE,
                Objects.requireNonNull(handler, "handler must not be null"));
    }

    private WitnessFunction<T> addWitness(String description, WitnessDirection direction, WitnessFunction.Calc<T> calc,
            Event.Kind kind, Object handler) {
        Objects.requireNonNull(description, "description must not be null");
        Objects.requireNonNull(direction, "direction must not be null");
        Objects.requireNonNull(calc, "calc must not be null");
        Event<T> event = handler == null ? null
                : new Event<>(this, kind, Event.Trigger.WITNESS, Double.NaN, Double.NaN, handler);
        WitnessFunction<T> w = new WitnessFunction<>(this, description, direction, calc, event);
        witnesses.add(w);
        return w;
    }

    /** @return every witness function this system declared, active or not, in declaration order (unmodifiable) */
    public final List<WitnessFunction<T>> getDeclaredWitnessFunctions() {
        return Collections.unmodifiableList(witnesses);
    }

    /**
     * Adds the witness functions active in {@code context} to {@code out}. The default adds every declared
     * one; override to activate witnesses by mode.
     *
     * @param context a context of this system
     * @param out receives the active witness functions
     */
    public void getWitnessFunctions(Context<T> context, List<WitnessFunction<T>> out) {
        for (int i = 0; i < witnesses.size(); i++) {
            out.add(witnesses.get(i));
        }
    }

    /** @return whether this system declared any witness function */
    public final boolean hasWitnessFunctions() {
        return !witnesses.isEmpty();
    }

    // ---- event dispatch (as Drake's EventCollection: one call per system and kind, all simultaneous events)

    /**
     * Runs the publish handlers of simultaneous events. Every handler runs, even after one failed.
     *
     * @param context this system's context
     * @param simultaneous the events, all publish events of this system
     * @return the most severe status reported
     */
    public final EventStatus publish(Context<T> context, List<Event<T>> simultaneous) {
        checkContext(context);
        return doPublish(context, simultaneous);
    }

    /**
     * The override point of {@link #publish}: the default runs the handlers in the given order, all of them.
     *
     * @param context this system's context, not to be modified
     * @param simultaneous the events
     * @return the combined status
     */
    protected EventStatus doPublish(Context<T> context, List<Event<T>> simultaneous) {
        EventStatus status = EventStatus.didNothing();
        for (int i = 0; i < simultaneous.size(); i++) {
            status = status.keepMoreSevere(simultaneous.get(i).handlePublish(context));
        }
        return status;
    }

    /**
     * Runs the handlers of simultaneous discrete updates, writing {@code xd⁺} into {@code xd}.
     *
     * @param context this system's context (holding {@code xd⁻}), not modified
     * @param simultaneous the events
     * @param xd the discrete state to update (initially a copy of {@code xd⁻})
     * @return the most severe status reported
     */
    public final EventStatus calcDiscreteVariableUpdate(Context<T> context, List<Event<T>> simultaneous,
            DiscreteValues<T> xd) {
        checkContext(context);
        return doCalcDiscreteVariableUpdate(context, simultaneous, xd);
    }

    /**
     * The override point of {@link #calcDiscreteVariableUpdate}: the default runs the handlers in order and
     * stops at the first failure.
     *
     * @param context this system's context
     * @param simultaneous the events
     * @param xd the discrete state to update
     * @return the combined status
     */
    protected EventStatus doCalcDiscreteVariableUpdate(Context<T> context, List<Event<T>> simultaneous,
            DiscreteValues<T> xd) {
        EventStatus status = EventStatus.didNothing();
        for (int i = 0; i < simultaneous.size() && !status.failed(); i++) {
            status = status.keepMoreSevere(simultaneous.get(i).handleDiscreteUpdate(context, xd));
        }
        return status;
    }

    /**
     * Runs the handlers of simultaneous unrestricted updates, writing {@code x⁺} into {@code state}.
     *
     * @param context this system's context (holding {@code x⁻}), not modified
     * @param simultaneous the events
     * @param state the state to update (initially a copy of {@code x⁻})
     * @return the most severe status reported
     */
    public final EventStatus calcUnrestrictedUpdate(Context<T> context, List<Event<T>> simultaneous, State<T> state) {
        checkContext(context);
        return doCalcUnrestrictedUpdate(context, simultaneous, state);
    }

    /**
     * The override point of {@link #calcUnrestrictedUpdate}: the default runs the handlers in order and stops
     * at the first failure.
     *
     * @param context this system's context
     * @param simultaneous the events
     * @param state the state to update
     * @return the combined status
     */
    protected EventStatus doCalcUnrestrictedUpdate(Context<T> context, List<Event<T>> simultaneous, State<T> state) {
        EventStatus status = EventStatus.didNothing();
        for (int i = 0; i < simultaneous.size() && !status.failed(); i++) {
            status = status.keepMoreSevere(simultaneous.get(i).handleUnrestrictedUpdate(context, state));
        }
        return status;
    }

    /**
     * Runs this system's forced discrete update events and, if none failed, commits the result to the context.
     *
     * @param context this system's root context (a leaf system simulated alone); modified on success
     * @return the combined status
     */
    public final EventStatus calcForcedDiscreteVariableUpdate(Context<T> context) {
        Context<T> scratch = context.cloneContext();
        EventStatus s = calcDiscreteVariableUpdate(context, events.get(Event.Trigger.FORCED).stream()
                .filter(e -> e.getKind() == Event.Kind.DISCRETE_UPDATE).toList(), scratch.getDiscreteValues());
        if (!s.failed()) {
            context.copyDiscreteFrom(scratch);
        }
        return s;
    }

    /**
     * Runs this system's forced unrestricted update events and, if none failed, commits the result.
     *
     * @param context this system's root context; modified on success
     * @return the combined status
     */
    public final EventStatus calcForcedUnrestrictedUpdate(Context<T> context) {
        Context<T> scratch = context.cloneContext();
        EventStatus s = calcUnrestrictedUpdate(context, events.get(Event.Trigger.FORCED).stream()
                .filter(e -> e.getKind() == Event.Kind.UNRESTRICTED_UPDATE).toList(), scratch.getState());
        if (!s.failed()) {
            context.copyStateFrom(scratch);
        }
        return s;
    }

    // ---- DynamicalSystem implementation ---------------------------------------------------------------------

    @Override
    public final int getNumQ() {
        return numQ;
    }

    @Override
    public final int getNumV() {
        return numV;
    }

    @Override
    public final int getNumZ() {
        return numZ;
    }

    /**
     * The time derivatives of the continuous state. Systems with continuous state must override it; the
     * default accepts only systems without continuous state.
     *
     * @param context this system's context, not to be modified
     * @param derivatives receives {@code xcdot}
     * @throws IllegalStateException if the system has continuous state and does not override this method
     */
    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        if (getNumContinuousStates() > 0) {
            throw new IllegalStateException(getName() + " declares " + getNumContinuousStates()
                    + " continuous states but does not override doCalcTimeDerivatives");
        }
    }

    /**
     * {@code qdot = v} by default, which needs {@code numQ == numV}; override for other kinematics.
     *
     * @param context this system's context
     * @param v velocities
     * @param qdot receives qdot
     * @throws IllegalStateException if numQ differs from numV and the method is not overridden
     */
    @Override
    protected void doMapVelocityToQDot(Context<T> context, ScalarVector<T> v, ScalarVector<T> qdot) {
        if (numQ != numV) {
            throw new IllegalStateException(getName() + " has " + numQ + " q and " + numV
                    + " v: override doMapVelocityToQDot");
        }
        for (int i = 0; i < numQ; i++) {
            qdot.set(i, v.get(i));
        }
    }

    @Override
    public boolean hasDirectFeedthrough(int inputPort, int outputPort) {
        getInputPort(inputPort);
        return getOutputPort(outputPort).feedthrough().dependsOn(inputPort);
    }

    @Override
    final ContinuousState<T> buildContinuousView(ScalarVector<T> backing, int qStart, int vStart, int zStart) {
        return new ContinuousState<>(backing, numQ, numV, numZ, qStart, vStart, zStart, List.of());
    }

    @Override
    final Context<T> buildContext(Context<T> parentContext, ContinuousState<T> view) {
        for (int i = 0; i < defaultContinuous.length; i++) {
            view.setValue(i, defaultContinuous[i]);
        }
        List<ScalarVector<T>> discrete = new ArrayList<>();
        for (double[] d : defaultDiscrete) {
            discrete.add(ScalarVector.ofValues(scalar(), d));
        }
        Object[] abstractValues = new Object[defaultAbstract.size()];
        for (int i = 0; i < abstractValues.length; i++) {
            abstractValues[i] = copyAbstractValue(i, defaultAbstract.get(i));
        }
        List<ScalarVector<T>> parameters = new ArrayList<>();
        for (double[] p : defaultParameters) {
            parameters.add(ScalarVector.ofValues(scalar(), p));
        }
        Object[] records = new Object[recordFactories.size()];
        for (int i = 0; i < records.length; i++) {
            records[i] = Objects.requireNonNull(recordFactories.get(i).get(), "the factory of record " + i + " of "
                    + getName() + " returned null");
        }
        Context<T> context = new Context<>(this, parentContext, view, List.of(), List.copyOf(discrete), abstractValues,
                List.copyOf(parameters));
        context.setRecords(records);
        return context;
    }

    @Override
    final void collectLeaves(List<LeafSystem<T>> out) {
        out.add(this);
    }

    // ---- scalar conversion -------------------------------------------------------------------------

    @Override
    @SuppressWarnings("unchecked")
    public final <U> DynamicalSystem<U> toScalar(Scalar<U> target) {
        Objects.requireNonNull(target, "target must not be null");
        if (target.equals(scalar())) {
            return (DynamicalSystem<U>) this;
        }
        LeafSystem<U> converted = convertTo(target);
        if (converted == null || converted.scalar() != target) {
            throw new IllegalStateException("convertTo(" + target.name() + ") of " + getName()
                    + " returned " + (converted == null ? "null" : "a system over " + converted.scalar().name()));
        }
        String difference = declarationDifference(converted);
        if (difference != null) {
            throw new IllegalStateException("convertTo(" + target.name() + ") of " + getName()
                    + " returned a system with different declarations: " + difference);
        }
        return converted;
    }

    /**
     * The first difference between this system's declarations and another's (state layout and defaults,
     * parameters, ports, events, witness functions), or null if they declare the same things.
     */
    private String declarationDifference(LeafSystem<?> other) {
        if (numQ != other.numQ || numV != other.numV || numZ != other.numZ) {
            return "continuous state (q, v, z) sizes (" + numQ + ", " + numV + ", " + numZ + ") became ("
                    + other.numQ + ", " + other.numV + ", " + other.numZ + ")";
        }
        if (!java.util.Arrays.equals(defaultContinuous, other.defaultContinuous)) {
            return "default continuous state " + java.util.Arrays.toString(defaultContinuous) + " became "
                    + java.util.Arrays.toString(other.defaultContinuous);
        }
        String d = differentGroups("discrete state", defaultDiscrete, other.defaultDiscrete);
        if (d == null) {
            d = differentGroups("numeric parameter", defaultParameters, other.defaultParameters);
        }
        if (d == null && defaultAbstract.size() != other.defaultAbstract.size()) {
            d = defaultAbstract.size() + " abstract states became " + other.defaultAbstract.size();
        }
        if (d == null && recordFactories.size() != other.recordFactories.size()) {
            d = recordFactories.size() + " records became " + other.recordFactories.size();
        }
        if (d == null) {
            d = differentPorts(other);
        }
        if (d == null) {
            d = differentEvents(other);
        }
        return d;
    }

    private static String differentGroups(String what, List<double[]> mine, List<double[]> theirs) {
        if (mine.size() != theirs.size()) {
            return mine.size() + " " + what + " groups became " + theirs.size();
        }
        for (int g = 0; g < mine.size(); g++) {
            if (!java.util.Arrays.equals(mine.get(g), theirs.get(g))) {
                return what + " group " + g + " defaults " + java.util.Arrays.toString(mine.get(g)) + " became "
                        + java.util.Arrays.toString(theirs.get(g));
            }
        }
        return null;
    }

    private String differentPorts(LeafSystem<?> other) {
        if (numInputPorts() != other.numInputPorts() || numOutputPorts() != other.numOutputPorts()) {
            return "(" + numInputPorts() + " inputs, " + numOutputPorts() + " outputs) became ("
                    + other.numInputPorts() + ", " + other.numOutputPorts() + ")";
        }
        for (int i = 0; i < numInputPorts(); i++) {
            InputPort<T> a = getInputPort(i);
            InputPort<?> b = other.getInputPort(i);
            if (!a.getName().equals(b.getName()) || a.size() != b.size() || a.isAbstract() != b.isAbstract()) {
                return "input port " + i + " " + a + " became " + b;
            }
        }
        for (int o = 0; o < numOutputPorts(); o++) {
            OutputPort<T> a = getOutputPort(o);
            OutputPort<?> b = other.getOutputPort(o);
            if (!a.getName().equals(b.getName()) || a.size() != b.size() || a.isAbstract() != b.isAbstract()) {
                return "output port " + o + " " + a + " became " + b;
            }
            for (int i = 0; i < numInputPorts(); i++) {
                if (hasDirectFeedthrough(i, o) != other.hasDirectFeedthrough(i, o)) {
                    return "the direct feedthrough from input " + i + " to output " + o + " changed";
                }
            }
        }
        return null;
    }

    private String differentEvents(LeafSystem<?> other) {
        for (Event.Trigger t : Event.Trigger.values()) {
            List<Event<T>> mine = events.get(t);
            List<? extends Event<?>> theirs = other.events.get(t);
            if (mine.size() != theirs.size()) {
                return mine.size() + " " + t + " events became " + theirs.size();
            }
            for (int i = 0; i < mine.size(); i++) {
                Event<T> a = mine.get(i);
                Event<?> b = theirs.get(i);
                if (a.getKind() != b.getKind() || Double.compare(a.getPeriod(), b.getPeriod()) != 0
                        || Double.compare(a.getOffset(), b.getOffset()) != 0) {
                    return t + " event " + i + " " + a + " became " + b;
                }
            }
        }
        if (witnesses.size() != other.witnesses.size()) {
            return witnesses.size() + " witness functions became " + other.witnesses.size();
        }
        for (int i = 0; i < witnesses.size(); i++) {
            WitnessFunction<T> a = witnesses.get(i);
            WitnessFunction<?> b = other.witnesses.get(i);
            boolean sameEvent = a.getEvent() == null ? b.getEvent() == null
                    : b.getEvent() != null && a.getEvent().getKind() == b.getEvent().getKind();
            if (!a.getDescription().equals(b.getDescription()) || a.getDirection() != b.getDirection() || !sameEvent) {
                return "witness function " + i + " " + a + " became " + b;
            }
        }
        return null;
    }

    /**
     * Builds this system for another number type. The default calls a constructor of this system's class
     * that takes exactly one {@link Scalar} argument (any access level); systems with other constructor
     * arguments override this method to pass them (typically {@code return new MySystem<>(target, mass);}).
     *
     * @param target the number type
     * @param <U> that type
     * @return the equivalent system over {@code target}
     * @throws UnsupportedOperationException naming the system and the number type if there is no such
     *     constructor
     */
    @SuppressWarnings("unchecked")
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        Constructor<?> ctor;
        try {
            ctor = getClass().getDeclaredConstructor(Scalar.class);
        } catch (NoSuchMethodException e) {
            throw new UnsupportedOperationException(getName() + " (" + getClass().getName()
                    + ") cannot be converted to " + target.name()
                    + ": give it a constructor taking just a Scalar, or override convertTo");
        }
        try {
            ctor.setAccessible(true);
            return (LeafSystem<U>) ctor.newInstance(target);
        } catch (InstantiationException | IllegalAccessException e) {
            throw new UnsupportedOperationException(getName() + " cannot be converted to " + target.name()
                    + ": " + e, e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("the constructor of " + getName() + " failed for " + target.name()
                    + ": " + e.getCause(), e.getCause());
        }
    }
}
