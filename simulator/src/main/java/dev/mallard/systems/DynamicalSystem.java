package dev.mallard.systems;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A dynamical system with inputs, outputs and state, written against the number type {@code T}. A system
 * is constant after construction: everything that changes lives in a {@link Context} made by
 * {@link #createDefaultContext()}. Concrete systems are {@link LeafSystem}s or {@link Diagram}s of them.
 *
 * <p>This is Drake's {@code drake::systems::System<T>}. Mallard names it {@code DynamicalSystem} on purpose:
 * a public type named {@code System} would shadow {@code java.lang.System} in every program that imports
 * {@code dev.mallard.systems.*} (and make jshell report an ambiguous reference). Every other name in this
 * package keeps Drake's vocabulary.
 *
 * <p>A system belongs to at most one diagram. Its name is used in every message about it.
 *
 * <p><b>Threads.</b> A system is constant after construction: everything a simulation changes (state, time,
 * cached output values) lives in the context, and the symbolic and compiled systems keep their scratch
 * arrays per thread. One system may therefore be shared by any number of threads, each with its own
 * {@link Context} and its own simulator, once it has been handed to them safely (through an executor, a
 * concurrent collection, a final field or a thread start). Conversions made by {@link #toScalar} are new,
 * independent systems.
 *
 * @param <T> the number type
 */
public abstract class DynamicalSystem<T> {

    private final Scalar<T> scalar;
    private final String name;
    private final List<InputPort<T>> inputPorts = new ArrayList<>();
    private final List<OutputPort<T>> outputPorts = new ArrayList<>();
    private Diagram<T> parent;
    private int indexInParent = -1;

    /**
     * @param scalar the number type, not null
     * @param name the system's name (used in messages), not null or blank
     */
    protected DynamicalSystem(Scalar<T> scalar, String name) {
        this.scalar = Objects.requireNonNull(scalar, "scalar must not be null");
        Objects.requireNonNull(name, "name must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        this.name = name;
    }

    /** @return the number type this system computes with */
    public final Scalar<T> scalar() {
        return scalar;
    }

    /** @return the system's name */
    public final String getName() {
        return name;
    }

    /**
     * The system's name with the names of its enclosing diagrams, as {@code "diagram/controller"}.
     *
     * @return the path name
     */
    public final String getPathName() {
        return parent == null ? name : parent.getPathName() + "/" + name;
    }

    // ---- ports -----------------------------------------------------------------------------------

    /** @return the number of input ports */
    public final int numInputPorts() {
        return inputPorts.size();
    }

    /** @return the number of output ports */
    public final int numOutputPorts() {
        return outputPorts.size();
    }

    /**
     * @param index in [0, numInputPorts)
     * @return the input port
     * @throws IndexOutOfBoundsException naming the system if out of range
     */
    public final InputPort<T> getInputPort(int index) {
        if (index < 0 || index >= inputPorts.size()) {
            throw new IndexOutOfBoundsException("input port index " + index + " of " + name + " is outside [0, "
                    + inputPorts.size() + ")");
        }
        return inputPorts.get(index);
    }

    /**
     * @param portName a port name
     * @return the input port of that name
     * @throws IllegalArgumentException naming the system and its ports if there is none
     */
    public final InputPort<T> getInputPort(String portName) {
        for (InputPort<T> p : inputPorts) {
            if (p.getName().equals(portName)) {
                return p;
            }
        }
        throw new IllegalArgumentException(name + " has no input port named '" + portName + "'; it has "
                + inputPorts.stream().map(InputPort::getName).toList());
    }

    /**
     * @param index in [0, numOutputPorts)
     * @return the output port
     * @throws IndexOutOfBoundsException naming the system if out of range
     */
    public final OutputPort<T> getOutputPort(int index) {
        if (index < 0 || index >= outputPorts.size()) {
            throw new IndexOutOfBoundsException("output port index " + index + " of " + name + " is outside [0, "
                    + outputPorts.size() + ")");
        }
        return outputPorts.get(index);
    }

    /**
     * @param portName a port name
     * @return the output port of that name
     * @throws IllegalArgumentException naming the system and its ports if there is none
     */
    public final OutputPort<T> getOutputPort(String portName) {
        for (OutputPort<T> p : outputPorts) {
            if (p.getName().equals(portName)) {
                return p;
            }
        }
        throw new IllegalArgumentException(name + " has no output port named '" + portName + "'; it has "
                + outputPorts.stream().map(OutputPort::getName).toList());
    }

    final InputPort<T> addInputPort(String portName, int size, boolean isAbstract) {
        return addInputPort(portName, size, isAbstract, null);
    }

    final InputPort<T> addInputPort(String portName, int size, boolean isAbstract, RandomDistribution randomType) {
        checkUniqueName(portName, inputPorts.stream().map(InputPort::getName).toList(), "input");
        InputPort<T> p = new InputPort<>(this, inputPorts.size(), portName, size, isAbstract, randomType);
        inputPorts.add(p);
        return p;
    }

    final OutputPort<T> addOutputPort(OutputPort<T> port) {
        checkUniqueName(port.getName(), outputPorts.stream().map(OutputPort::getName).toList(), "output");
        outputPorts.add(port);
        return port;
    }

    private void checkUniqueName(String portName, List<String> existing, String kind) {
        Objects.requireNonNull(portName, "port name must not be null");
        if (existing.contains(portName)) {
            throw new IllegalArgumentException(name + " already has an " + kind + " port named '" + portName + "'");
        }
    }

    // ---- continuous state ------------------------------------------------------------------------

    /** @return the number of generalised positions q */
    public abstract int getNumQ();

    /** @return the number of generalised velocities v */
    public abstract int getNumV();

    /** @return the number of miscellaneous continuous states z */
    public abstract int getNumZ();

    /** @return the size of the continuous state, {@code numQ + numV + numZ} */
    public final int getNumContinuousStates() {
        return getNumQ() + getNumV() + getNumZ();
    }

    /**
     * Computes the time derivatives {@code xcdot = f(t, x, u)} of the continuous state.
     *
     * @param context a context of this system; not modified (its output caches may be filled)
     * @param derivatives receives the derivatives, laid out like the continuous state; every entry is written
     * @throws IllegalArgumentException if the context or the derivatives do not belong to this system
     */
    public final void calcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        checkContext(context);
        Objects.requireNonNull(derivatives, "derivatives must not be null");
        // the context's size is this system's (checkContext): read from its view, not by three virtual calls
        checkSize(derivatives.size(), context.getNumContinuousStates(), "derivatives");
        doCalcTimeDerivatives(context, derivatives);
    }

    /**
     * The override point of {@link #calcTimeDerivatives}.
     *
     * @param context a context of this system, not modified
     * @param derivatives receives the derivatives
     */
    protected abstract void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives);

    /**
     * Maps generalised velocities to time derivatives of generalised positions, {@code qdot = N(q) v}.
     *
     * @param context a context of this system (supplies q), not modified
     * @param v velocities, of size numV; not modified
     * @param qdot receives qdot, of size numQ
     * @throws IllegalArgumentException if a size is wrong
     */
    public final void mapVelocityToQDot(Context<T> context, ScalarVector<T> v, ScalarVector<T> qdot) {
        checkContext(context);
        checkSize(v.size(), getNumV(), "v");
        checkSize(qdot.size(), getNumQ(), "qdot");
        doMapVelocityToQDot(context, v, qdot);
    }

    /** A size check that builds its message only on failure (it runs on every derivative evaluation). */
    private void checkSize(int actual, int expected, String what) {
        if (actual != expected) {
            throw new IllegalArgumentException(what + " of " + name + " has size " + actual + ", expected " + expected);
        }
    }

    /**
     * The override point of {@link #mapVelocityToQDot}.
     *
     * @param context a context of this system
     * @param v velocities
     * @param qdot receives qdot
     */
    protected abstract void doMapVelocityToQDot(Context<T> context, ScalarVector<T> v, ScalarVector<T> qdot);

    /**
     * A vector laid out like this system's continuous state, for time derivatives.
     *
     * @return a new zero vector with this system's (q, v, z) layout
     */
    public final ContinuousState<T> allocateTimeDerivatives() {
        return viewAsTimeDerivatives(scalar.newVector(getNumContinuousStates()));
    }

    /**
     * A view laid out like this system's continuous state over the given vector (not copied), so that
     * {@link #calcTimeDerivatives} writes the derivatives straight into it; integrators use it to have each
     * stage's derivatives land in their own workspace.
     *
     * @param backing the vector to view, of size {@link #getNumContinuousStates()}; later writes through
     *     the view modify it
     * @return the view
     * @throws IllegalArgumentException if the size differs
     */
    public final ContinuousState<T> viewAsTimeDerivatives(ScalarVector<T> backing) {
        Objects.requireNonNull(backing, "backing must not be null");
        checkSize(backing.size(), getNumContinuousStates(), "backing");
        return buildContinuousView(backing, 0, getNumQ(), getNumQ() + getNumV());
    }

    abstract ContinuousState<T> buildContinuousView(ScalarVector<T> backing, int qStart, int vStart, int zStart);

    // ---- contexts --------------------------------------------------------------------------------

    /**
     * A new context holding this system's default state and parameters at time 0.
     *
     * @return the context (a root context)
     */
    public final Context<T> createDefaultContext() {
        return allocateContext();
    }

    final Context<T> allocateContext() {
        ScalarVector<T> backing = scalar.newVector(getNumContinuousStates());
        ContinuousState<T> view = buildContinuousView(backing, 0, getNumQ(), getNumQ() + getNumV());
        return buildContext(null, view);
    }

    abstract Context<T> buildContext(Context<T> parentContext, ContinuousState<T> view);

    /**
     * This system's context inside the context of the root diagram it belongs to (or the root context itself
     * when this system is the root).
     *
     * @param root the root context of this system's outermost diagram
     * @return the subcontext of this system
     * @throws IllegalArgumentException if {@code root} is not a root context of this system's outermost diagram
     */
    public final Context<T> getMyContextFromRoot(Context<T> root) {
        Objects.requireNonNull(root, "root must not be null");
        if (!root.isRootContext()) {
            throw new IllegalArgumentException("getMyContextFromRoot of " + name + " needs a root context, got the "
                    + "context of " + root.getSystem().getName());
        }
        List<Integer> path = new ArrayList<>();
        DynamicalSystem<T> s = this;
        while (s != root.getSystem() && s.parent != null) {
            path.add(s.indexInParent);
            s = s.parent;
        }
        if (s != root.getSystem()) {
            throw new IllegalArgumentException(name + " is not part of " + root.getSystem().getName()
                    + ", whose context was given");
        }
        Context<T> c = root;
        for (int i = path.size() - 1; i >= 0; i--) {
            c = c.children().get(path.get(i));
        }
        return c;
    }

    /**
     * Refuses a context that is not this system's own (for example the root context of a diagram holding it), as
     * every method that reads or writes a context does.
     *
     * @param context the context given, not modified
     * @throws NullPointerException if it is null
     * @throws IllegalArgumentException naming both systems if it is another system's context
     */
    protected final void checkContext(Context<T> context) {
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != this) {
            throw new IllegalArgumentException("the context given to " + name + " is a context of "
                    + context.getSystem().getName() + " (use getMyContextFromRoot)");
        }
    }

    // ---- structure -------------------------------------------------------------------------------

    /**
     * Whether output {@code outputPort} depends directly (not through state) on input {@code inputPort}.
     *
     * @param inputPort an input port index
     * @param outputPort an output port index
     * @return true if it may depend directly
     */
    public abstract boolean hasDirectFeedthrough(int inputPort, int outputPort);

    /**
     * Drake's {@code FixInputPortsFrom}: fixes each input port of this system in {@code target} to the value it
     * has in {@code source} (copied), so that a subsystem's context inside a diagram, whose inputs come from
     * other subsystems, can be turned into a root context of the subsystem alone. Ports without a value in
     * {@code source} are left as they are in {@code target}.
     *
     * @param source a context of this system (a root context or a subsystem's context in a diagram), not
     *     modified (its inputs are evaluated)
     * @param target another context of this system; modified
     * @throws IllegalArgumentException if either context is not this system's
     */
    public final void fixInputPortsFrom(Context<T> source, Context<T> target) {
        checkContext(source);
        checkContext(target);
        for (int i = 0; i < numInputPorts(); i++) {
            InputPort<T> port = getInputPort(i);
            if (!port.hasValue(source)) {
                continue;
            }
            if (port.isAbstract()) {
                port.fixAbstractValue(target, port.evalObject(source));
            } else {
                port.fixValue(target, port.eval(source));
            }
        }
    }

    /**
     * A root context of this system alone holding the time, state, parameters and input values of
     * {@code context}, which may be this system's context inside a diagram (its inputs, fed by other
     * subsystems there, become fixed values).
     *
     * @param context a context of this system, not modified
     * @return {@code context} itself if it is a root context, else a new root context
     * @throws IllegalArgumentException if the context is not this system's
     */
    public final Context<T> toRootContext(Context<T> context) {
        checkContext(context);
        if (context.isRootContext()) {
            return context;
        }
        Context<T> root = createDefaultContext();
        root.setTimeStateAndParametersFrom(context);
        fixInputPortsFrom(context, root);
        return root;
    }

    /**
     * Drake's {@code HasAnyDirectFeedthrough}: whether some output port depends directly on some input port.
     *
     * @return true if {@link #hasDirectFeedthrough(int, int)} holds for some pair of ports
     */
    public final boolean hasAnyDirectFeedthrough() {
        for (int i = 0; i < numInputPorts(); i++) {
            for (int o = 0; o < numOutputPorts(); o++) {
                if (hasDirectFeedthrough(i, o)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The leaf systems of this system in depth-first subsystem order (just this system for a leaf).
     *
     * @return the leaves, unmodifiable; the order of {@link Context#getLeafContexts()}
     */
    public final List<LeafSystem<T>> getLeafSystems() {
        List<LeafSystem<T>> out = new ArrayList<>();
        collectLeaves(out);
        return Collections.unmodifiableList(out);
    }

    abstract void collectLeaves(List<LeafSystem<T>> out);

    /**
     * Drake's {@code CalcNextUpdateTime}: the earliest time strictly after the context's time at which a
     * periodic event (at {@code offset + k period}) or a timed event ({@link LeafSystem#doCalcNextUpdateTime})
     * of this system, or of any leaf of a diagram, is due, with the events due then. (Mallard's
     * {@link LeafSystem#calcNextUpdateTime} answers for the timed events alone: it is what the Simulator asks,
     * scheduling the periodic events itself.) A {@link dev.mallard.systems.primitives.ZeroOrderHold} of period
     * 0.1 s answers 0.1 at time 0 and 76.4 at time 76.32, as Drake's.
     *
     * @param context a context of this system (for a diagram, its context; each leaf is asked with its own
     *     subcontext), not modified
     * @param events receives the events due at the returned time (leaf events, any kind), in leaf order
     * @return the next event time, seconds, or positive infinity if no event is ever due
     * @throws IllegalArgumentException if the context is not this system's
     */
    public final double calcNextEventTime(Context<T> context, List<Event<T>> events) {
        checkContext(context);
        Objects.requireNonNull(events, "events must not be null");
        double t = context.getTimeValue();
        double next = Double.POSITIVE_INFINITY;
        List<Event<T>> due = new ArrayList<>();
        List<Event<T>> timed = new ArrayList<>();
        List<LeafSystem<T>> leaves = getLeafSystems();
        List<Context<T>> contexts = context.getLeafContexts();
        for (int i = 0; i < leaves.size(); i++) {
            LeafSystem<T> leaf = leaves.get(i);
            for (Event<T> e : leaf.getEvents(Event.Trigger.PERIODIC)) {
                double te = nextSampleTime(e.getPeriod(), e.getOffset(), t);
                if (te < next) {
                    next = te;
                    due.clear();
                }
                if (te == next && te < Double.POSITIVE_INFINITY) {
                    due.add(e);
                }
            }
            timed.clear();
            double te = leaf.calcNextUpdateTime(contexts.get(i), timed);
            if (te < next) {
                next = te;
                due.clear();
            }
            if (te == next && te < Double.POSITIVE_INFINITY) {
                due.addAll(timed);
            }
        }
        events.addAll(due);
        return next;
    }

    /**
     * Drake's {@code ForcedPublish}: runs the forced publish events of this system, or of every leaf of a diagram
     * (each with its own subcontext, in leaf order). Every handler runs, even after one failed.
     *
     * @param context a context of this system (for a diagram, its context)
     * @return the most severe status reported
     * @throws IllegalArgumentException if the context is not this system's
     */
    public final EventStatus forcedPublish(Context<T> context) {
        checkContext(context);
        EventStatus status = EventStatus.didNothing();
        List<LeafSystem<T>> leaves = getLeafSystems();
        List<Context<T>> contexts = context.getLeafContexts();
        for (int i = 0; i < leaves.size(); i++) {
            List<Event<T>> forced = leaves.get(i).getEvents(Event.Trigger.FORCED).stream()
                    .filter(e -> e.getKind() == Event.Kind.PUBLISH).toList();
            if (!forced.isEmpty()) {
                status = status.keepMoreSevere(leaves.get(i).publish(contexts.get(i), forced));
            }
        }
        return status;
    }

    /** Drake's next sample time of a periodic event strictly after {@code t}: {@code offset + k period}. */
    private static double nextSampleTime(double period, double offset, double t) {
        if (t < offset) {
            return offset;
        }
        double k = Math.ceil((t - offset) / period);
        double next = offset + k * period;
        return next > t ? next : offset + (k + 1) * period;
    }

    /** @return the diagram this system was added to, or null */
    public final Diagram<T> getParentDiagram() {
        return parent;
    }

    final void setParent(Diagram<T> diagram, int index) {
        if (parent != null) {
            throw new IllegalStateException(name + " already belongs to diagram " + parent.getName());
        }
        parent = diagram;
        indexInParent = index;
    }

    final int indexInParent() {
        return indexInParent;
    }

    /**
     * The same system computing with another number type: parameters, ports, events, witness functions and
     * (for diagrams) connections are kept. A leaf system supports it by overriding
     * {@link LeafSystem#convertTo} or by having a constructor taking just a {@link Scalar}.
     *
     * @param target the number type to convert to
     * @param <U> that type
     * @return the converted system (this one if {@code target} is this system's number type)
     * @throws UnsupportedOperationException naming the system and the number type if it cannot be converted
     */
    public abstract <U> DynamicalSystem<U> toScalar(Scalar<U> target);

    @Override
    public String toString() {
        return getClass().getSimpleName() + " '" + name + "'";
    }
}
