package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;

/**
 * A matrix gain {@code y = D u}, Drake's {@code MatrixGain} (and, with a diagonal {@code D}, Drake's
 * {@code Gain}): input port {@code "u"} of size {@code m}, output port {@code "y"} of size {@code p} for a
 * {@code p x m} matrix {@code D}, no state. As in Drake, the output depends directly on the input exactly when
 * {@code D} has a non-zero entry: an all-zero gain has no direct feedthrough (so it may close a loop). Units:
 * those of {@code u} times those of {@code D}.
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
                (c, y) -> Arguments.multiply(scalar(), this.d, getInputPort(0).eval(c), y),
                Arguments.isZero(this.d) ? Feedthrough.none() : Feedthrough.all());
    }

    /**
     * The scalar gain {@code y = k u} on vectors of size {@code size}, Drake's {@code Gain(k, size)}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param k the gain, finite
     * @param size the size of {@code u} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException if k is not finite or size {@code < 1}
     */
    public Gain(Scalar<T> scalar, String name, double k, int size) {
        this(scalar, name, filled(k, Arguments.positiveSize(size, "size")));
    }

    /**
     * The element-wise gain {@code y_i = k_i u_i}, Drake's {@code Gain(k)} with a vector {@code k}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param k the gains, one per entry, at least one, finite; copied
     * @throws IllegalArgumentException if {@code k} is empty or holds a non-finite entry
     */
    public Gain(Scalar<T> scalar, String name, double[] k) {
        this(scalar, name, diagonal(Arguments.finiteVector(k, "k")));
    }

    private static double[] filled(double k, int size) {
        double[] v = new double[size];
        Arrays.fill(v, k);
        return v;
    }

    private static double[][] diagonal(double[] k) {
        double[][] m = new double[k.length][k.length];
        for (int i = 0; i < k.length; i++) {
            m[i][i] = k[i];
        }
        return m;
    }

    /** @return the gain matrix {@code D}, a copy */
    public double[][] getD() {
        return Arguments.finiteMatrix(d, "D");
    }

    /**
     * Drake's {@code get_gain_vector}.
     *
     * @return the diagonal of {@code D}, a new array
     * @throws IllegalStateException if {@code D} is not square and diagonal (a matrix gain)
     */
    public double[] getGainVector() {
        if (d.length != d[0].length) {
            throw new IllegalStateException(getName() + " has a " + d.length + " x " + d[0].length
                    + " gain matrix, not an element-wise gain");
        }
        double[] k = new double[d.length];
        for (int i = 0; i < d.length; i++) {
            for (int j = 0; j < d.length; j++) {
                if (i != j && d[i][j] != 0) {
                    throw new IllegalStateException(getName() + " has the off-diagonal gain D[" + i + "][" + j
                            + "] = " + d[i][j] + ", not an element-wise gain");
                }
            }
            k[i] = d[i][i];
        }
        return k;
    }

    /**
     * Drake's {@code get_gain}.
     *
     * @return the one gain {@code k} of {@code D = k I}
     * @throws IllegalStateException if {@code D} is not {@code k I} (naming its diagonal)
     */
    public double getGain() {
        double[] k = getGainVector();
        for (double ki : k) {
            if (ki != k[0]) {
                throw new IllegalStateException(getName() + " has the gain vector " + Arrays.toString(k)
                        + ", which cannot be represented as a scalar value");
            }
        }
        return k[0];
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Gain<>(target, getName(), d);
    }
}
