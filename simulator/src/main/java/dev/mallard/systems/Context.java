package dev.mallard.systems;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Objects;

/**
 * Everything about a system that changes: time, continuous state {@code (q, v, z)}, discrete state groups,
 * abstract state, numeric parameters, fixed input port values and an optional accuracy; and, outside the
 * state, the records of {@link LeafSystem#declareRecord} (a logger's log). A
 * {@link DynamicalSystem} is constant; one system can drive many contexts. A diagram's context holds one
 * subcontext per subsystem ({@link DynamicalSystem#getMyContextFromRoot}).
 *
 * <h2>Time</h2>
 * Time is held as a primitive {@code double} and, when it was set as a number of type {@code T}, as that
 * {@code T} too. {@link #getTime()} returns the {@code T} ({@code scalar.of(value)} when none was set), so a
 * system's equations see time in its own number type: with AutoDiff the time carries its gradient (the
 * gradient of a final state with respect to the final time, and event-time sensitivities, flow through
 * it), and with a symbolic scalar time can be a variable (a one-step map in {@code t} and {@code h}). The
 * primitive copy ({@link #getTimeValue()}) is what step-size control and event scheduling compare, and
 * lets the double path set time without boxing.
 *
 * <h2>Caches</h2>
 * Output port values are cached per context and recomputed after any change made through a mutating
 * method of the context tree (each one increments {@link #getChangeCount()}). Code that writes the backing
 * arrays directly (integrators) calls {@link #noteStateChanged()} afterwards. As in Drake, caching can be
 * switched off for the whole tree ({@link #disableCaching()}): every cached value is then computed anew on
 * each request, which changes no value, only how often systems compute them (integrators then evaluate
 * derivatives again even at an unchanged time and state; see {@code IntegratorBase#evalDerivatives}). It is
 * a debugging aid, for checking that a suspected stale cache is not the cause of a wrong result.
 *
 * <h2>Threads</h2>
 * Not thread-safe: a context is used by one thread at a time, even only to read it, since evaluating an
 * output port fills its cache. Give each thread its own, from {@link DynamicalSystem#createDefaultContext()}
 * or {@link #cloneContext()}: a clone shares nothing that changes with its original (abstract values are
 * copied with their declared copiers), so the two may be used by different threads at once.
 *
 * @param <T> the number type
 */
public final class Context<T> {

    private final DynamicalSystem<T> system;
    private final Context<T> parent;
    private final List<Context<T>> children;
    private final ContinuousState<T> continuous;
    private final List<ScalarVector<T>> discrete;
    private final Object[] abstractValues;
    /** A leaf's records (see LeafSystem#declareRecord): owned by this context but not state. */
    private Object[] records = new Object[0];
    private final List<ScalarVector<T>> parameters;
    /** {@link #parameters} as an array: derivative code asks for a parameter group on every evaluation. */
    private final ScalarVector<T>[] parameterGroups;
    private final Object[] fixedInputs;
    private final Object[] outputCache;
    private final long[] outputCacheStamp;
    private final State<T> stateView;
    private final DiscreteValues<T> discreteView;
    /** A diagram's reusable views for its kinematic map (see Diagram), made on first use; never shared by clones. */
    private List<VectorSlice<T>> kinematicViews;

    // Root-only data; subcontexts delegate to their root.
    private double time;
    private T timeScalar;
    private double accuracy = Double.NaN;
    private long changeCount;
    private long parameterChangeCount;
    private boolean cachingDisabled;

    @SuppressWarnings({"unchecked", "rawtypes"})
    Context(DynamicalSystem<T> system, Context<T> parent, ContinuousState<T> continuous, List<Context<T>> children,
            List<ScalarVector<T>> discrete, Object[] abstractValues, List<ScalarVector<T>> parameters) {
        this.system = system;
        this.parent = parent;
        this.children = children;
        this.continuous = continuous;
        this.discrete = discrete;
        this.abstractValues = abstractValues;
        this.parameters = parameters;
        this.parameterGroups = parameters.toArray(new ScalarVector[0]);
        this.fixedInputs = new Object[system.numInputPorts()];
        this.outputCache = new Object[system.numOutputPorts()];
        this.outputCacheStamp = new long[system.numOutputPorts()];
        java.util.Arrays.fill(outputCacheStamp, -1);
        this.stateView = new State<>(this);
        this.discreteView = new DiscreteValues<>(this);
    }

    // ---- structure --------------------------------------------------------------------------------

    /** @return the system this context belongs to */
    public DynamicalSystem<T> getSystem() {
        return system;
    }

    /** @return the number type */
    public Scalar<T> scalar() {
        return system.scalar();
    }

    /** @return whether this is the root of its context tree (not a subsystem's context) */
    public boolean isRootContext() {
        return parent == null;
    }

    /** @return the enclosing diagram's context, or null for the root */
    Context<T> parent() {
        return parent;
    }

    /** @return the root of this context's tree (this one if it is the root) */
    public Context<T> getRootContext() {
        Context<T> c = this;
        while (c.parent != null) {
            c = c.parent;
        }
        return c;
    }

    /** @return the diagram's views for its kinematic map, or null before the first use */
    List<VectorSlice<T>> kinematicViews() {
        return kinematicViews;
    }

    void setKinematicViews(List<VectorSlice<T>> views) {
        this.kinematicViews = views;
    }

    /** @return the subsystems' contexts of a diagram's context, in subsystem order; empty for a leaf */
    List<Context<T>> children() {
        return children;
    }

    private Context<T> root() {
        return parent == null ? this : getRootContext();
    }

    // ---- time ----------------------------------------------------------------------------------

    /**
     * @return the time as the system's number type, in seconds (for AutoDiff it may carry a gradient)
     */
    public T getTime() {
        Context<T> r = root();
        return r.timeScalar != null ? r.timeScalar : scalar().of(r.time);
    }

    /** @return the numeric value of the time, in seconds */
    public double getTimeValue() {
        return root().time;
    }

    /**
     * Sets the time to a constant. Only the root context's time may be set (a subsystem shares it).
     *
     * @param t the time in seconds, finite
     * @throws IllegalStateException if this is not the root context
     * @throws IllegalArgumentException if t is not finite
     */
    public void setTime(double t) {
        requireRoot("setTime");
        this.time = Checks.finite(t, "time");
        this.timeScalar = null;
        changeCount++;
    }

    /**
     * Sets the time to a value of the number type (for AutoDiff, a time with a gradient; for a symbolic
     * scalar, possibly an expression with free variables, in which case {@link #getTimeValue()} is NaN and
     * the context cannot be simulated, only evaluated).
     *
     * @param t the time in seconds, not null
     * @throws IllegalStateException if this is not the root context
     */
    public void setTime(T t) {
        requireRoot("setTime");
        Objects.requireNonNull(t, "time must not be null");
        this.timeScalar = t;
        this.time = numericValueOrNaN(t);
        changeCount++;
    }

    private double numericValueOrNaN(T t) {
        try {
            return scalar().value(t);
        } catch (NonNumericValueException e) {
            // A symbolic time with free variables has no value; constant expressions do.
            return Double.NaN;
        }
    }

    // ---- accuracy ------------------------------------------------------------------------------

    /** @return the accuracy requested for this simulation, if one was set (root-wide) */
    public OptionalDouble getAccuracy() {
        double a = root().accuracy;
        return Double.isNaN(a) ? OptionalDouble.empty() : OptionalDouble.of(a);
    }

    /**
     * Sets the accuracy (a small positive number, e.g. 1e-4 for about four correct digits) that
     * computations on this context should achieve. Only on the root context.
     *
     * @param accuracy finite and {@code > 0}; above 1 is allowed, as in Drake (error control is absolute, so an
     *     accuracy of 10 suits states of size 1e6)
     * @throws IllegalArgumentException if not finite or not {@code > 0} (Drake does not check)
     * @throws IllegalStateException if this is not the root context
     */
    public void setAccuracy(double accuracy) {
        requireRoot("setAccuracy");
        if (!(accuracy > 0) || !Double.isFinite(accuracy)) {
            throw new IllegalArgumentException("accuracy must be finite and > 0, got " + accuracy);
        }
        this.accuracy = accuracy;
        changeCount++;
    }

    /**
     * Removes the accuracy setting. Only on the root context.
     *
     * @throws IllegalStateException if this is not the root context
     */
    public void clearAccuracy() {
        requireRoot("clearAccuracy");
        this.accuracy = Double.NaN;
        changeCount++;
    }

    // ---- continuous state ------------------------------------------------------------------------

    /** @return the continuous state; do not write through it (use {@link #getMutableContinuousState()}) */
    public ContinuousState<T> getContinuousState() {
        return continuous;
    }

    /**
     * The continuous state for writing; calling this invalidates cached outputs.
     *
     * @return the continuous state view
     */
    public ContinuousState<T> getMutableContinuousState() {
        noteStateChanged();
        return continuous;
    }

    /** @return the number of continuous states (of the whole subtree for a diagram's context) */
    public int getNumContinuousStates() {
        return continuous.size();
    }

    /**
     * Copies {@code x} into the continuous state.
     *
     * @param x the new state, of size {@link #getNumContinuousStates()}; not modified
     * @throws IllegalArgumentException if the size differs
     */
    public void setContinuousState(ScalarVector<T> x) {
        Objects.requireNonNull(x, "x must not be null");
        Checks.size(x.size(), continuous.size(), "continuous state");
        for (int i = 0; i < x.size(); i++) {
            continuous.set(i, x.get(i));
        }
        noteStateChanged();
    }

    /**
     * Sets the continuous state to constants.
     *
     * @param x the values, of length {@link #getNumContinuousStates()}; not modified
     * @throws IllegalArgumentException if the length differs
     */
    public void setContinuousStateValues(double... x) {
        Objects.requireNonNull(x, "x must not be null");
        Checks.size(x.length, continuous.size(), "continuous state");
        for (int i = 0; i < x.length; i++) {
            continuous.setValue(i, x[i]);
        }
        noteStateChanged();
    }

    // ---- discrete state --------------------------------------------------------------------------

    /**
     * Drake's {@code is_stateless}: whether this context, with every subcontext, holds no continuous state, no
     * discrete state group and no abstract state.
     *
     * @return true for a context without any state
     */
    public boolean isStateless() {
        if (getNumContinuousStates() > 0) {
            return false;
        }
        for (Context<T> leaf : getLeafContexts()) {
            if (leaf.getNumDiscreteStateGroups() > 0 || leaf.getNumAbstractStates() > 0) {
                return false;
            }
        }
        return true;
    }

    /** @return the number of discrete state groups of this leaf context (0 for a diagram's context) */
    public int getNumDiscreteStateGroups() {
        return discrete.size();
    }

    /**
     * @param group index in [0, number of groups)
     * @return the group's vector; do not write through it (use {@link #getMutableDiscreteState(int)})
     */
    public ScalarVector<T> getDiscreteState(int group) {
        return discrete.get(Checks.index(group, discrete.size(), "discrete state group"));
    }

    /**
     * The discrete state group for writing; invalidates cached outputs.
     *
     * @param group index in [0, number of groups)
     * @return the group's vector
     */
    public ScalarVector<T> getMutableDiscreteState(int group) {
        ScalarVector<T> v = getDiscreteState(group);
        noteStateChanged();
        return v;
    }

    /** @return the discrete state groups of this leaf context as one object (read-only use) */
    public DiscreteValues<T> getDiscreteValues() {
        return discreteView;
    }

    // ---- abstract state --------------------------------------------------------------------------

    /** @return the number of abstract state values of this leaf context */
    public int getNumAbstractStates() {
        return abstractValues.length;
    }

    /**
     * @param index index in [0, number of abstract states)
     * @param type the expected class of the value
     * @param <V> the value type
     * @return the value
     * @throws ClassCastException naming the index and both types if the value is not a {@code type}
     */
    public <V> V getAbstractState(int index, Class<V> type) {
        Object v = abstractValues[Checks.index(index, abstractValues.length, "abstract state index")];
        if (!type.isInstance(v)) {
            throw new ClassCastException("abstract state " + index + " of " + system.getName() + " is a "
                    + v.getClass().getName() + ", not a " + type.getName());
        }
        return type.cast(v);
    }

    /**
     * Replaces an abstract state value.
     *
     * @param index index in [0, number of abstract states)
     * @param value the new value, not null, of the declared value's class
     * @throws ClassCastException if the class differs from the declared one
     */
    public void setAbstractState(int index, Object value) {
        Objects.requireNonNull(value, "value must not be null");
        Object old = abstractValues[Checks.index(index, abstractValues.length, "abstract state index")];
        if (old.getClass() != value.getClass()) {
            throw new ClassCastException("abstract state " + index + " of " + system.getName() + " holds a "
                    + old.getClass().getName() + ", cannot set a " + value.getClass().getName());
        }
        abstractValues[index] = value;
        noteStateChanged();
    }

    // ---- records -------------------------------------------------------------------------------

    void setRecords(Object[] values) {
        this.records = values;
    }

    /** @return the number of records of this leaf context (see {@link LeafSystem#declareRecord}) */
    public int getNumRecords() {
        return records.length;
    }

    /**
     * A record of this leaf context: a mutable object the context owns that is not state (a logger's log).
     * Changing it in place is allowed from publish handlers and does not count as a change of the context
     * (cached outputs stay valid), because nothing the system computes reads it.
     *
     * @param index index in [0, number of records)
     * @param type the expected class of the record
     * @param <V> the record type
     * @return the record itself (not a copy)
     * @throws ClassCastException naming the index and both types if the record is not a {@code type}
     */
    public <V> V getRecord(int index, Class<V> type) {
        Object v = records[Checks.index(index, records.length, "record index")];
        if (!type.isInstance(v)) {
            throw new ClassCastException("record " + index + " of " + system.getName() + " is a "
                    + v.getClass().getName() + ", not a " + type.getName());
        }
        return type.cast(v);
    }

    // ---- parameters ----------------------------------------------------------------------------

    /** @return the number of numeric parameter groups of this leaf context */
    public int getNumNumericParameterGroups() {
        return parameters.size();
    }

    /**
     * @param group index in [0, number of groups)
     * @return the parameter vector; do not write through it
     */
    public ScalarVector<T> getNumericParameter(int group) {
        return parameterGroups[Checks.index(group, parameterGroups.length, "numeric parameter group")];
    }

    /**
     * The parameter vector for writing; invalidates cached outputs and advances {@link #getParameterChangeCount()}.
     * Write before the next evaluation: a write through a vector kept from an earlier call is not seen by caches.
     *
     * @param group index in [0, number of groups)
     * @return the parameter vector
     */
    public ScalarVector<T> getMutableNumericParameter(int group) {
        ScalarVector<T> p = getNumericParameter(group);
        noteStateChanged();
        root().parameterChangeCount++;
        return p;
    }

    /**
     * The named parameter vector of this leaf context's system.
     *
     * @param name a name the system gave to {@code declareNumericParameter(String, double...)}
     * @return the parameter vector; do not write through it
     * @throws IllegalArgumentException if this is a diagram's context, or the system has no parameter of that name
     */
    public ScalarVector<T> getNumericParameter(String name) {
        return getNumericParameter(parameterGroup(name));
    }

    /**
     * The named parameter vector for writing; invalidates cached outputs.
     *
     * @param name a name the system gave to {@code declareNumericParameter(String, double...)}
     * @return the parameter vector
     * @throws IllegalArgumentException if this is a diagram's context, or the system has no parameter of that name
     */
    public ScalarVector<T> getMutableNumericParameter(String name) {
        return getMutableNumericParameter(parameterGroup(name));
    }

    private int parameterGroup(String name) {
        if (!(system instanceof LeafSystem<T> leaf)) {
            throw new IllegalArgumentException("parameter '" + name + "': " + system.getName() + " is a diagram; "
                    + "address the parameter in the leaf's own context (leaf.getMyContextFromRoot(root))");
        }
        return leaf.getNumericParameterIndex(name);
    }

    // ---- inputs --------------------------------------------------------------------------------

    /**
     * Fixes the value of a vector input port of this context's system (overriding any connection).
     *
     * @param portIndex the port, in [0, number of input ports)
     * @param value the value, copied; its size must equal the port's size
     * @throws IllegalArgumentException if the port is abstract-valued or the size differs
     */
    public void fixInputPort(int portIndex, ScalarVector<T> value) {
        InputPort<T> port = system.getInputPort(portIndex);
        if (port.isAbstract()) {
            throw new IllegalArgumentException("input port '" + port.getName() + "' of " + system.getName()
                    + " is abstract-valued: use fixAbstractInputPort");
        }
        Objects.requireNonNull(value, "value must not be null");
        Checks.size(value.size(), port.size(), "value for input port '" + port.getName() + "'");
        fixedInputs[portIndex] = value.copy();
        noteStateChanged();
    }

    /**
     * Fixes the value of an abstract-valued input port of this context's system.
     *
     * @param portIndex the port
     * @param value the value, not null (kept, not copied)
     * @throws IllegalArgumentException if the port is vector-valued
     */
    public void fixAbstractInputPort(int portIndex, Object value) {
        InputPort<T> port = system.getInputPort(portIndex);
        if (!port.isAbstract()) {
            throw new IllegalArgumentException("input port '" + port.getName() + "' of " + system.getName()
                    + " is vector-valued: use fixInputPort");
        }
        fixedInputs[portIndex] = Objects.requireNonNull(value, "value must not be null");
        noteStateChanged();
    }

    /**
     * Whether input port {@code portIndex} of this context's system has a value fixed in this context (as
     * opposed to one coming through a connection); used to carry fixed inputs over to a context of the same
     * system built for another number type.
     *
     * @param portIndex the port, in [0, number of input ports)
     * @return true if {@link #fixInputPort} or {@link #fixAbstractInputPort} set a value
     * @throws IllegalArgumentException if the index is out of range
     */
    public boolean hasFixedInputValue(int portIndex) {
        return fixedInputs[Checks.index(portIndex, fixedInputs.length, "input port index")] != null;
    }

    Object fixedInput(int portIndex) {
        return fixedInputs[portIndex];
    }

    // ---- caches --------------------------------------------------------------------------------

    /**
     * A counter incremented by every change made through this context tree; equal counts mean nothing
     * changed in between. Used to validate caches (outputs, and integrators' derivative caches).
     *
     * @return the root's change count
     */
    public long getChangeCount() {
        return root().changeCount;
    }

    /**
     * A counter incremented by every change of numeric parameters in this context tree (each {@link
     * #getMutableNumericParameter}, {@link #setTimeStateAndParametersFrom}), and by nothing else: equal counts mean
     * no parameter changed in between, so code evaluated at every step may keep the parameter values it gathered
     * (compiled systems do). As with {@link #getChangeCount()}, a write through {@link #getNumericParameter} is not
     * seen; that accessor is for reading.
     *
     * @return the root's parameter change count
     */
    public long getParameterChangeCount() {
        return root().parameterChangeCount;
    }

    /**
     * Records that time or state were changed directly (by writing their backing arrays); invalidates cached
     * values. Parameters are written through {@link #getMutableNumericParameter}, which records their change.
     */
    public void noteStateChanged() {
        root().changeCount++;
    }

    /**
     * Sets the time without boxing and records a change; for integrators on the double path.
     *
     * @param t the time in seconds
     */
    public void setTimeValueUnchecked(double t) {
        Context<T> r = root();
        r.time = t;
        r.timeScalar = null;
        r.changeCount++;
    }

    /**
     * Turns caching off for this whole context tree, as Drake's {@code Context::DisableCaching}: cached output
     * port values and an integrator's derivatives are no longer reused, each request computes them again.
     * Values do not change; statistics such as the number of derivative evaluations may. Modifies the root
     * context's setting only; clones made afterwards keep caching enabled.
     */
    public void disableCaching() {
        root().cachingDisabled = true;
    }

    /** Turns caching back on for this whole context tree (the default), as Drake's {@code EnableCaching}. */
    public void enableCaching() {
        root().cachingDisabled = false;
    }

    /** @return whether cached values of this context tree are reused (true unless {@link #disableCaching()}) */
    public boolean isCachingEnabled() {
        return !root().cachingDisabled;
    }

    Object cachedOutput(int port) {
        if (root().cachingDisabled) {
            return null;
        }
        return outputCacheStamp[port] == getChangeCount() ? outputCache[port] : null;
    }

    void storeOutput(int port, Object value) {
        outputCache[port] = value;
        outputCacheStamp[port] = getChangeCount();
    }

    Object outputStorage(int port) {
        return outputCache[port];
    }

    // ---- handler views ---------------------------------------------------------------------------

    /** @return this leaf context's state as one object (the form unrestricted-update handlers write) */
    public State<T> getState() {
        return stateView;
    }

    List<ScalarVector<T>> discreteGroups() {
        return discrete;
    }

    Object[] abstractValues() {
        return abstractValues;
    }

    // ---- cloning -------------------------------------------------------------------------------

    /**
     * A deep copy of this whole context tree: time, state, abstract state (each value copied with the copier
     * it was declared with), parameters, fixed inputs, records (copied with their copiers) and accuracy. Only
     * a root context can be cloned.
     *
     * @return the copy, independent of this one
     * @throws IllegalStateException if this is not the root context
     */
    public Context<T> cloneContext() {
        requireRoot("cloneContext");
        Context<T> copy = system.allocateContext();
        copy.setTimeStateAndParametersFrom(this);
        copy.copyFixedInputsFrom(this);
        copy.copyRecordsFrom(this);
        return copy;
    }

    /**
     * Copies time, accuracy, all state and all parameters of {@code source} (a context of the same system)
     * into this one. Fixed input values are not copied. Modifies this context only.
     *
     * @param source the context to copy, not modified
     * @throws IllegalArgumentException if it belongs to a different system
     * @throws IllegalStateException if this is not the root context
     */
    public void setTimeStateAndParametersFrom(Context<T> source) {
        requireRoot("setTimeStateAndParametersFrom");
        checkSameSystem(source);
        Context<T> r = source.root();
        time = r.time;
        timeScalar = r.timeScalar;
        accuracy = r.accuracy;
        copyStateFrom(source);
        copyParametersFrom(source);
        changeCount++;
        parameterChangeCount++;
    }

    /**
     * Copies continuous, discrete and abstract state (not time, parameters or inputs) from a context of the
     * same system; abstract values are copied with their declared copiers. Modifies this context.
     *
     * @param source a context of the same system (any context of the same tree shape), not modified
     * @throws IllegalArgumentException if it belongs to a different system
     */
    public void setStateFrom(Context<T> source) {
        checkSameSystem(source);
        copyStateFrom(source);
    }

    /**
     * Copies the discrete state groups of every leaf of {@code source} into this context tree.
     *
     * @param source a context of the same system, not modified
     * @throws IllegalArgumentException if it belongs to a different system
     */
    public void setDiscreteStateFrom(Context<T> source) {
        checkSameSystem(source);
        copyDiscreteFrom(source);
    }

    private void checkSameSystem(Context<T> source) {
        Objects.requireNonNull(source, "source must not be null");
        if (source.system != system) {
            throw new IllegalArgumentException("source is a context of " + source.system.getName()
                    + ", not of " + system.getName());
        }
    }

    void copyStateFrom(Context<T> source) {
        if (parent == null && source.parent == null) {
            continuous.backingVector().setFrom(source.continuous.backingVector());
        } else {
            for (int i = 0; i < continuous.size(); i++) {
                continuous.set(i, source.continuous.get(i));
            }
        }
        copyDiscreteAndAbstractFrom(source);
        noteStateChanged();
    }

    void copyDiscreteFrom(Context<T> source) {
        for (int i = 0; i < discrete.size(); i++) {
            discrete.get(i).setFrom(source.discrete.get(i));
        }
        for (int i = 0; i < children.size(); i++) {
            children.get(i).copyDiscreteFrom(source.children.get(i));
        }
        noteStateChanged();
    }

    private void copyDiscreteAndAbstractFrom(Context<T> source) {
        for (int i = 0; i < discrete.size(); i++) {
            discrete.get(i).setFrom(source.discrete.get(i));
        }
        for (int i = 0; i < abstractValues.length; i++) {
            abstractValues[i] = ((LeafSystem<T>) system).copyAbstractValue(i, source.abstractValues[i]);
        }
        for (int i = 0; i < children.size(); i++) {
            children.get(i).copyDiscreteAndAbstractFrom(source.children.get(i));
        }
    }

    private void copyParametersFrom(Context<T> source) {
        for (int i = 0; i < parameters.size(); i++) {
            parameters.get(i).setFrom(source.parameters.get(i));
        }
        for (int i = 0; i < children.size(); i++) {
            children.get(i).copyParametersFrom(source.children.get(i));
        }
    }

    private void copyRecordsFrom(Context<T> source) {
        for (int i = 0; i < records.length; i++) {
            records[i] = ((LeafSystem<T>) system).copyRecord(i, source.records[i]);
        }
        for (int i = 0; i < children.size(); i++) {
            children.get(i).copyRecordsFrom(source.children.get(i));
        }
    }

    private void copyFixedInputsFrom(Context<T> source) {
        for (int i = 0; i < fixedInputs.length; i++) {
            Object v = source.fixedInputs[i];
            fixedInputs[i] = v instanceof ScalarVector<?> sv ? sv.copy() : v;
        }
        for (int i = 0; i < children.size(); i++) {
            children.get(i).copyFixedInputsFrom(source.children.get(i));
        }
    }

    /**
     * The leaf contexts of this tree in depth-first subsystem order (the order of
     * {@link DynamicalSystem#getLeafSystems()}); a leaf context's list holds just itself.
     *
     * @return the leaf contexts, unmodifiable
     */
    public List<Context<T>> getLeafContexts() {
        List<Context<T>> out = new ArrayList<>();
        collectLeaves(out);
        return Collections.unmodifiableList(out);
    }

    private void collectLeaves(List<Context<T>> out) {
        if (children.isEmpty() && system instanceof LeafSystem) {
            out.add(this);
        }
        for (Context<T> c : children) {
            c.collectLeaves(out);
        }
    }

    private void requireRoot(String what) {
        if (parent != null) {
            throw new IllegalStateException(what + " is only allowed on the root context, not on the subcontext of "
                    + system.getName());
        }
    }

    @Override
    public String toString() {
        return "Context of " + system.getName() + " at t = " + getTimeValue() + ", xc = " + continuous;
    }
}
