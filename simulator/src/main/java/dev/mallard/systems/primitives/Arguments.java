package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.Objects;

/** Argument checks and the small linear algebra the primitives share. */
final class Arguments {

    private Arguments() {
    }

    /**
     * @return {@code size}
     * @throws IllegalArgumentException naming the argument if {@code size < 1}
     */
    static int positiveSize(int size, String name) {
        if (size < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + size);
        }
        return size;
    }

    /**
     * A copy of a vector of finite numbers.
     *
     * @throws IllegalArgumentException naming the argument and the entry if one is NaN or infinite, or if
     *     the vector is empty
     */
    static double[] finiteVector(double[] v, String name) {
        Objects.requireNonNull(v, name + " must not be null");
        if (v.length == 0) {
            throw new IllegalArgumentException(name + " must have at least one entry");
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] must be finite, got " + v[i]);
            }
        }
        return v.clone();
    }

    /**
     * Checks that two vectors have the same length.
     *
     * @throws IllegalArgumentException naming both if not
     */
    static void sameLength(double[] a, String aName, double[] b, String bName) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(aName + " has " + a.length + " entries but " + bName + " has "
                    + b.length);
        }
    }

    /**
     * A copy of a rectangular matrix of finite numbers with at least one row and one column.
     *
     * @throws IllegalArgumentException naming the argument if it is empty, ragged or holds a non-finite entry
     */
    static double[][] finiteMatrix(double[][] m, String name) {
        Objects.requireNonNull(m, name + " must not be null");
        if (m.length == 0 || Objects.requireNonNull(m[0], name + "[0] must not be null").length == 0) {
            throw new IllegalArgumentException(name + " must have at least one row and one column");
        }
        double[][] out = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            Objects.requireNonNull(m[i], name + "[" + i + "] must not be null");
            if (m[i].length != m[0].length) {
                throw new IllegalArgumentException(name + " row " + i + " has " + m[i].length
                        + " columns, row 0 has " + m[0].length);
            }
            out[i] = finiteVector(m[i], name + "[" + i + "]");
        }
        return out;
    }

    /** @return whether every entry of {@code m} is exactly zero */
    static boolean isZero(double[][] m) {
        for (double[] row : m) {
            for (double v : row) {
                if (v != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * {@code out = m x}: on values for doubles (no boxing), in {@code T} otherwise, skipping zero
     * coefficients so symbolic results stay small.
     */
    static <T> void multiply(Scalar<T> s, double[][] m, ScalarVector<T> x, ScalarVector<T> out) {
        boolean values = s == Scalar.DOUBLE;
        for (int i = 0; i < m.length; i++) {
            if (values) {
                double sum = 0;
                for (int j = 0; j < m[i].length; j++) {
                    sum += m[i][j] * x.getValue(j);
                }
                out.setValue(i, sum);
            } else {
                T sum = s.zero();
                for (int j = 0; j < m[i].length; j++) {
                    sum = m[i][j] == 0 ? sum : s.add(sum, s.mul(x.get(j), m[i][j]));
                }
                out.set(i, sum);
            }
        }
    }

    /**
     * Checks a period for periodic events.
     *
     * @return {@code period}
     * @throws IllegalArgumentException naming the argument if not finite and {@code > 0}
     */
    static double period(double period, String name) {
        if (!(period > 0) || !Double.isFinite(period)) {
            throw new IllegalArgumentException(name + " must be finite and > 0 seconds, got " + period);
        }
        return period;
    }

    /**
     * Checks the offset of periodic events.
     *
     * @return {@code offset}
     * @throws IllegalArgumentException naming the argument if not finite and {@code >= 0}
     */
    static double offset(double offset, String name) {
        if (!(offset >= 0) || !Double.isFinite(offset)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0 seconds, got " + offset);
        }
        return offset;
    }
}
