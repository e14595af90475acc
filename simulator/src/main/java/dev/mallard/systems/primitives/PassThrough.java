package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.LeafSystem;

/**
 * The identity {@code y = u}, Drake's {@code PassThrough}: input port {@code "u"} and output port {@code "y"}
 * of the same size, direct feedthrough, no state. Units: those of {@code u}.
 *
 * @param <T> the number type
 */
public final class PassThrough<T> extends LeafSystem<T> {

    private final int size;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of {@code u} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public PassThrough(Scalar<T> scalar, String name, int size) {
        super(scalar, name);
        this.size = Arguments.positiveSize(size, "size");
        declareVectorInputPort("u", size);
        declareVectorOutputPort("y", size, (c, y) -> y.setFrom(getInputPort(0).eval(c)));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PassThrough<>(target, getName(), size);
    }
}
