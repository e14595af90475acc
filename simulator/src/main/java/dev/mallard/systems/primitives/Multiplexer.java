package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;

/**
 * Stacks its inputs into one vector, Drake's {@code Multiplexer}: input ports {@code "u0"}, ...,
 * {@code "u<n-1>"} of the given sizes (or all of size 1) and output port {@code "y0"} of their total size,
 * inputs in port order; direct feedthrough, no state. Units: those of each input, entry by entry.
 *
 * <p>As in Drake, one {@code int} is a number of scalar inputs ({@code new Multiplexer<>(s, "mux", 4)} has four
 * inputs of size 1) and an {@code int[]} lists the sizes ({@code new int[] {4}} is one input of size 4).
 *
 * @param <T> the number type
 */
public final class Multiplexer<T> extends LeafSystem<T> {

    private final int[] inputSizes;

    /**
     * Drake's {@code Multiplexer(input_sizes)}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param inputSizes the size of each input port, at least one port, each {@code >= 1}; copied
     * @throws IllegalArgumentException if there is no port or a size is {@code < 1}
     */
    public Multiplexer(Scalar<T> scalar, String name, int[] inputSizes) {
        super(scalar, name);
        this.inputSizes = checkedSizes(inputSizes, "inputSizes");
        int total = 0;
        for (int i = 0; i < this.inputSizes.length; i++) {
            declareVectorInputPort("u" + i, this.inputSizes[i]);
            total += this.inputSizes[i];
        }
        declareVectorOutputPort("y0", total, (c, y) -> {
            int offset = 0;
            for (int k = 0; k < this.inputSizes.length; k++) {
                ScalarVector<T> u = getInputPort(k).eval(c);
                for (int i = 0; i < u.size(); i++) {
                    y.set(offset + i, u.get(i));
                }
                offset += u.size();
            }
        });
    }

    /**
     * Drake's {@code Multiplexer(num_scalar_inputs)}: {@code numScalarInputs} input ports of size 1.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param numScalarInputs the number of scalar input ports, {@code >= 1}
     * @throws IllegalArgumentException if {@code numScalarInputs < 1}
     */
    public Multiplexer(Scalar<T> scalar, String name, int numScalarInputs) {
        this(scalar, name, ones(Arguments.positiveSize(numScalarInputs, "numScalarInputs")));
    }

    private static int[] ones(int count) {
        int[] sizes = new int[count];
        Arrays.fill(sizes, 1);
        return sizes;
    }

    static int[] checkedSizes(int[] sizes, String name) {
        if (sizes == null || sizes.length == 0) {
            throw new IllegalArgumentException(name + " must list at least one port size");
        }
        for (int i = 0; i < sizes.length; i++) {
            Arguments.positiveSize(sizes[i], name + "[" + i + "]");
        }
        return sizes.clone();
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Multiplexer<>(target, getName(), inputSizes);
    }
}
