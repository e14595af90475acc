package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;

/**
 * Splits one vector into consecutive pieces, Drake's {@code Demultiplexer}: input port {@code "u0"} of the
 * total size and output ports {@code "y0"}, ..., {@code "y<n-1>"} of the given sizes (or all of one size), in
 * order; direct feedthrough, no state. Units: those of the input, entry by entry.
 *
 * <p>As in Drake, {@code (size)} and {@code (size, outputPortsSize)} give the input's size and the size of every
 * output, and an {@code int[]} lists the output sizes.
 *
 * @param <T> the number type
 */
public final class Demultiplexer<T> extends LeafSystem<T> {

    private final int[] outputSizes;

    /**
     * Drake's {@code Demultiplexer(output_ports_sizes)}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param outputSizes the size of each output port, at least one port, each {@code >= 1}; copied
     * @throws IllegalArgumentException if there is no port or a size is {@code < 1}
     */
    public Demultiplexer(Scalar<T> scalar, String name, int[] outputSizes) {
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

    /**
     * Drake's {@code Demultiplexer(size, output_ports_size)}: an input of size {@code size} split into
     * {@code size / outputPortsSize} output ports of size {@code outputPortsSize}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the input's size, {@code >= 1}, a multiple of {@code outputPortsSize}
     * @param outputPortsSize the size of every output port, {@code >= 1}
     * @throws IllegalArgumentException if a size is {@code < 1} or {@code size} is not a multiple of
     *     {@code outputPortsSize}
     */
    public Demultiplexer(Scalar<T> scalar, String name, int size, int outputPortsSize) {
        this(scalar, name, split(size, outputPortsSize));
    }

    /**
     * Drake's {@code Demultiplexer(size)}: an input of size {@code size} split into scalars.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the input's size and the number of output ports, {@code >= 1}
     * @throws IllegalArgumentException if {@code size < 1}
     */
    public Demultiplexer(Scalar<T> scalar, String name, int size) {
        this(scalar, name, size, 1);
    }

    private static int[] split(int size, int outputPortsSize) {
        Arguments.positiveSize(size, "size");
        Arguments.positiveSize(outputPortsSize, "outputPortsSize");
        if (size % outputPortsSize != 0) {
            throw new IllegalArgumentException("size " + size + " is not a multiple of outputPortsSize "
                    + outputPortsSize);
        }
        int[] sizes = new int[size / outputPortsSize];
        Arrays.fill(sizes, outputPortsSize);
        return sizes;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Demultiplexer<>(target, getName(), outputSizes);
    }
}
