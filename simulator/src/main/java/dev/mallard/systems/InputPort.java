package dev.mallard.systems;

import dev.mallard.scalar.ScalarVector;
import java.util.Objects;
import java.util.Optional;

/**
 * An input port of a system: vector-valued (a {@link ScalarVector} of fixed size) or abstract-valued (any
 * Java object). Its value in a context is, in order of precedence, the value fixed in that context
 * ({@link #fixValue}), the value of the output port it is connected to in the enclosing diagram, or the
 * value of the enclosing diagram's input port it is exported as.
 *
 * @param <T> the number type
 */
public final class InputPort<T> extends PortBase<T> {

    /** The distribution the port expects its values to have, or null for a deterministic input. */
    private final RandomDistribution randomType;

    InputPort(DynamicalSystem<T> system, int index, String name, int size, boolean isAbstract,
            RandomDistribution randomType) {
        super(system, index, name, size, isAbstract);
        this.randomType = randomType;
    }

    /**
     * Drake's {@code get_random_type}: the distribution a random input expects (a noise input), which
     * {@link dev.mallard.systems.primitives.RandomSource#addRandomInputs} uses to feed it.
     *
     * @return the distribution, or empty for a deterministic input
     */
    public Optional<RandomDistribution> getRandomType() {
        return Optional.ofNullable(randomType);
    }

    /**
     * The port's vector value in {@code context}.
     *
     * @param context a context of this port's system
     * @return the value; read-only (it may be a cached output of another system)
     * @throws IllegalArgumentException if the context belongs to another system
     * @throws IllegalStateException if the port is abstract-valued, or is neither fixed nor connected
     */
    @SuppressWarnings("unchecked")
    public ScalarVector<T> eval(Context<T> context) {
        if (isAbstract) {
            throw new IllegalStateException("input port '" + name + "' of " + system.getName()
                    + " is abstract-valued: use evalAbstract");
        }
        return (ScalarVector<T>) evalObject(context);
    }

    /**
     * The value of entry {@code i} of the port's vector value in {@code context}.
     *
     * @param context a context of this port's system
     * @param i the entry, in [0, size)
     * @return the entry
     */
    public T eval(Context<T> context, int i) {
        return eval(context).get(i);
    }

    /**
     * The port's abstract value in {@code context}.
     *
     * @param context a context of this port's system
     * @param type the expected class of the value
     * @param <V> the value type
     * @return the value
     * @throws ClassCastException if the value is not a {@code type}
     */
    public <V> V evalAbstract(Context<T> context, Class<V> type) {
        Object v = evalObject(context);
        if (!type.isInstance(v)) {
            throw new ClassCastException("input port '" + name + "' of " + system.getName() + " holds a "
                    + v.getClass().getName() + ", not a " + type.getName());
        }
        return type.cast(v);
    }

    /**
     * Whether the port has a value in {@code context} (fixed, connected or exported to a port with a value).
     *
     * @param context a context of this port's system
     * @return true if {@link #eval} would succeed in finding a source
     */
    public boolean hasValue(Context<T> context) {
        checkContext(context);
        if (context.fixedInput(index) != null) {
            return true;
        }
        Context<T> parent = context.parent();
        return parent != null && ((Diagram<T>) parent.getSystem()).inputHasSource(parent, context, index);
    }

    Object evalObject(Context<T> context) {
        checkContext(context);
        Object fixed = context.fixedInput(index);
        if (fixed != null) {
            return fixed;
        }
        Context<T> parent = context.parent();
        if (parent == null) {
            throw new IllegalStateException("input port '" + name + "' of " + system.getName()
                    + " is neither connected nor fixed: connect it in a diagram or call fixValue");
        }
        return ((Diagram<T>) parent.getSystem()).evalSubsystemInput(parent, context, index);
    }

    /**
     * Fixes the port's value in {@code context} to a copy of {@code value}.
     *
     * @param context a context of this port's system; modified
     * @param value the value, of this port's size; copied
     */
    public void fixValue(Context<T> context, ScalarVector<T> value) {
        checkContext(context);
        context.fixInputPort(index, value);
    }

    /**
     * Fixes the port's value in {@code context} to constants.
     *
     * @param context a context of this port's system; modified
     * @param values the values, of this port's size
     */
    public void fixValue(Context<T> context, double... values) {
        checkContext(context);
        context.fixInputPort(index, ScalarVector.ofValues(system.scalar(), values));
    }

    /**
     * Fixes an abstract-valued port's value in {@code context}.
     *
     * @param context a context of this port's system; modified
     * @param value the value, kept (not copied)
     */
    public void fixAbstractValue(Context<T> context, Object value) {
        checkContext(context);
        context.fixAbstractInputPort(index, value);
    }

    private void checkContext(Context<T> context) {
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != system) {
            throw new IllegalArgumentException("input port '" + name + "' belongs to " + system.getName()
                    + " but the context is of " + context.getSystem().getName()
                    + " (use getMyContextFromRoot)");
        }
    }

    @Override
    public String toString() {
        return system.getName() + ".in[" + name + "]";
    }
}
