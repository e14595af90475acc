package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.LeafSystem;

/**
 * Splits one vector into consecutive pieces, Drake's {@code Demultiplexer}: input port {@code "u0"} of the
 * total size and output ports {@code "y0"}, ..., {@code "y<n-1>"} of the given sizes, in order; direct
 * feedthrough, no state. Units: those of the input, entry by entry.
 *
 * @param <T> the number type
 */
public final class Demultiplexer<T> extends LeafSystem<T> {

    private final int[] outputSizes;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param outputSizes the size of each output port, at least one port, each {@code >= 1}; copied
     * @throws IllegalArgumentException if there is no port or a size is {@code < 1}
     */
    public Demultiplexer(Scalar<T> scalar, String name, int... outputSizes) {
        super(scalar, name);
        this.outputSizes = Multiplexer.checkedSizes(outputSizes, "outputSizes");
        int total = 0;
        for (int size : this.outputSizes) {
            total += size;
        }
        declareVectorInputPort("u0", total);
        int offset = 0;
        for (int k = 0; k < this.outputSizes.length; k++) {
            int start = offset;
            declareVectorOutputPort("y" + k, this.outputSizes[k], (c, y) -> {
                ScalarVector<T> u = getInputPort(0).eval(c);
                for (int i = 0; i < y.size(); i++) {
                    y.set(i, u.get(start + i));
                }
            });
            offset += this.outputSizes[k];
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Demultiplexer<>(target, getName(), outputSizes);
    }
}
