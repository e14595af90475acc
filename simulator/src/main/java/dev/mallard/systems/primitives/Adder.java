package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.LeafSystem;

/**
 * The sum of its inputs, Drake's {@code Adder}: input ports {@code "u0"}, ..., {@code "u<n-1>"} and output port
 * {@code "sum"}, all of the same size, direct feedthrough, no state. Units: those of the inputs (all alike).
 *
 * @param <T> the number type
 */
public final class Adder<T> extends LeafSystem<T> {

    private final int numInputs;
    private final int size;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param numInputs the number of input ports, {@code >= 1}
     * @param size the size of every port, {@code >= 1}
     * @throws IllegalArgumentException if a count is {@code < 1}
     */
    public Adder(Scalar<T> scalar, String name, int numInputs, int size) {
        super(scalar, name);
        this.numInputs = Arguments.positiveSize(numInputs, "numInputs");
        this.size = Arguments.positiveSize(size, "size");
        for (int i = 0; i < numInputs; i++) {
            declareVectorInputPort("u" + i, size);
        }
        declareVectorOutputPort("sum", size, (c, y) -> {
            Scalar<T> s = scalar();
            y.setFrom(getInputPort(0).eval(c));
            for (int k = 1; k < this.numInputs; k++) {
                ScalarVector<T> u = getInputPort(k).eval(c);
                for (int i = 0; i < this.size; i++) {
                    y.set(i, s.add(y.get(i), u.get(i)));
                }
            }
        });
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Adder<>(target, getName(), numInputs, size);
    }
}
