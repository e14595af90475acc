package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.LeafSystem;

/**
 * A matrix gain {@code y = D u}, Drake's {@code MatrixGain} (and, with {@code D = k I}, Drake's {@code Gain}):
 * input port {@code "u"} of size {@code m}, output port {@code "y"} of size {@code p} for a {@code p x m}
 * matrix {@code D}, direct feedthrough, no state. Units: those of {@code u} times those of {@code D}.
 *
 * @param <T> the number type
 */
public final class Gain<T> extends LeafSystem<T> {

    private final double[][] d;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param d the gain matrix {@code p x m}, at least 1 x 1, rectangular, finite; copied
     * @throws IllegalArgumentException if {@code D} is empty, ragged or holds a non-finite entry
     */
    public Gain(Scalar<T> scalar, String name, double[][] d) {
        super(scalar, name);
        this.d = Arguments.finiteMatrix(d, "D");
        declareVectorInputPort("u", this.d[0].length);
        declareVectorOutputPort("y", this.d.length,
                (c, y) -> Arguments.multiply(scalar(), this.d, getInputPort(0).eval(c), y));
    }

    /**
     * The scalar gain {@code y = k u} on vectors of size {@code size}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param k the gain, finite
     * @param size the size of {@code u} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException if k is not finite or size {@code < 1}
     */
    public Gain(Scalar<T> scalar, String name, double k, int size) {
        this(scalar, name, diagonal(k, Arguments.positiveSize(size, "size")));
    }

    private static double[][] diagonal(double k, int size) {
        double[][] m = new double[size][size];
        for (int i = 0; i < size; i++) {
            m[i][i] = k;
        }
        return m;
    }

    /** @return the gain matrix {@code D}, a copy */
    public double[][] getD() {
        return Arguments.finiteMatrix(d, "D");
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Gain<>(target, getName(), d);
    }
}
