package dev.mallard.systems;

import dev.mallard.scalar.ScalarVector;
import java.util.function.Function;
import java.util.Objects;

/**
 * An output port of a system: vector-valued or abstract-valued. A leaf system's port computes its value
 * from the context with the function it was declared with; a diagram's port forwards a subsystem's port.
 * Values are cached in the context until anything in the context tree changes.
 *
 * @param <T> the number type
 */
public final class OutputPort<T> extends PortBase<T> {

    /**
     * Computes a vector output.
     *
     * @param <T> the number type
     */
    @FunctionalInterface
    public interface VectorCalc<T> {
        /**
         * Writes the output value for {@code context} into {@code out}.
         *
         * @param context the system's context, not to be modified
         * @param out the output vector of the port's size; every entry must be written
         */
        void calc(Context<T> context, ScalarVector<T> out);
    }

    private final VectorCalc<T> vectorCalc;
    private final Function<Context<T>, ?> abstractCalc;
    private final Feedthrough feedthrough;
    private final int sourceChild;
    private final int sourcePort;

    private OutputPort(DynamicalSystem<T> system, int index, String name, int size, boolean isAbstract,
            VectorCalc<T> vectorCalc, Function<Context<T>, ?> abstractCalc, Feedthrough feedthrough,
            int sourceChild, int sourcePort) {
        super(system, index, name, size, isAbstract);
        this.vectorCalc = vectorCalc;
        this.abstractCalc = abstractCalc;
        this.feedthrough = feedthrough;
        this.sourceChild = sourceChild;
        this.sourcePort = sourcePort;
    }

    static <T> OutputPort<T> leafVector(DynamicalSystem<T> system, int index, String name, int size, VectorCalc<T> calc,
            Feedthrough feedthrough) {
        return new OutputPort<>(system, index, name, size, false, calc, null, feedthrough, -1, -1);
    }

    static <T> OutputPort<T> leafAbstract(DynamicalSystem<T> system, int index, String name, Function<Context<T>, ?> calc,
            Feedthrough feedthrough) {
        return new OutputPort<>(system, index, name, 0, true, null, calc, feedthrough, -1, -1);
    }

    static <T> OutputPort<T> exported(DynamicalSystem<T> diagram, int index, String name, OutputPort<T> source,
            int childIndex) {
        return new OutputPort<>(diagram, index, name, source.size(), source.isAbstract(), null, null, null,
                childIndex, source.getIndex());
    }

    /** @return a leaf port's declared dependence on inputs; null for a diagram's port */
    Feedthrough feedthrough() {
        return feedthrough;
    }

    int sourceChild() {
        return sourceChild;
    }

    int sourcePort() {
        return sourcePort;
    }

    /**
     * The port's vector value in {@code context}.
     *
     * @param context a context of this port's system
     * @return the value; read-only, owned by the context's cache (valid until the context changes)
     * @throws IllegalStateException if the port is abstract-valued
     */
    @SuppressWarnings("unchecked")
    public ScalarVector<T> eval(Context<T> context) {
        if (isAbstract) {
            throw new IllegalStateException("output port '" + name + "' of " + system.getName()
                    + " is abstract-valued: use evalAbstract");
        }
        return (ScalarVector<T>) evalObject(context);
    }

    /**
     * The port's abstract value in {@code context}.
     *
     * @param context a context of this port's system
     * @param type the expected class
     * @param <V> the value type
     * @return the value
     * @throws ClassCastException if the value is not a {@code type}
     */
    public <V> V evalAbstract(Context<T> context, Class<V> type) {
        Object v = evalObject(context);
        if (!type.isInstance(v)) {
            throw new ClassCastException("output port '" + name + "' of " + system.getName() + " holds a "
                    + v.getClass().getName() + ", not a " + type.getName());
        }
        return type.cast(v);
    }

    Object evalObject(Context<T> context) {
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != system) {
            throw new IllegalArgumentException("output port '" + name + "' belongs to " + system.getName()
                    + " but the context is of " + context.getSystem().getName()
                    + " (use getMyContextFromRoot)");
        }
        if (sourceChild >= 0) {
            Context<T> child = context.children().get(sourceChild);
            return child.getSystem().getOutputPort(sourcePort).evalObject(child);
        }
        Object cached = context.cachedOutput(index);
        if (cached != null) {
            return cached;
        }
        Object value;
        if (isAbstract) {
            value = abstractCalc.apply(context);
            if (value == null) {
                throw new IllegalStateException("output port '" + name + "' of " + system.getName() + " computed null");
            }
        } else {
            @SuppressWarnings("unchecked")
            ScalarVector<T> out = (ScalarVector<T>) context.outputStorage(index);
            if (out == null) {
                out = system.scalar().newVector(size);
            }
            vectorCalc.calc(context, out);
            value = out;
        }
        context.storeOutput(index, value);
        return value;
    }

    @Override
    public String toString() {
        return system.getName() + ".out[" + name + "]";
    }
}
