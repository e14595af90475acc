package dev.mallard.autodiff;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.ScalarVector;
import java.util.function.Function;

/**
 * The conversions a Drake user reaches for ({@code InitializeAutoDiff}, {@code ExtractValue},
 * {@code ExtractGradient}, Jacobians): independent variables from a point, values and gradient
 * matrices out of results, and the Jacobian of a function at a point. No argument is modified.
 */
public final class AutoDiffs {

    private AutoDiffs() {
    }

    /**
     * One independent variable per entry of {@code x}: entry i has value {@code x[i]} and gradient
     * {@code e_i} of size {@code x.length}.
     *
     * @param x the point, not null, not empty; not modified
     * @return new variables, {@code x.length} of them
     * @throws IllegalArgumentException if {@code x} is empty
     */
    public static AutoDiff[] variables(double... x) {
        Checks.notNull(x, "x");
        if (x.length == 0) {
            throw new IllegalArgumentException("x must not be empty, got length 0");
        }
        return variables(x, x.length, 0);
    }

    /**
     * Variables that are a slice of a larger set of {@code n} independent variables: entry i has value
     * {@code x[i]} and gradient {@code e_(offset + i)} of size {@code n} (Drake's {@code
     * InitializeAutoDiff} with a derivative count and start). Use it to differentiate with respect to
     * several groups at once, e.g. state and parameters.
     *
     * @param x the values, not null; not modified
     * @param n the total number of independent variables, {@code >= 1}
     * @param offset the index of {@code x[0]} among them, {@code >= 0}, with {@code offset + x.length <= n}
     * @return new variables, {@code x.length} of them
     * @throws IllegalArgumentException if {@code n < 1} or the slice does not fit in {@code n}
     */
    public static AutoDiff[] variables(double[] x, int n, int offset) {
        Checks.notNull(x, "x");
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        if (offset < 0 || offset > n - x.length) {
            throw new IllegalArgumentException("offset = " + offset + " with x.length = " + x.length
                    + " does not fit in n = " + n);
        }
        AutoDiff[] out = new AutoDiff[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = AutoDiff.variable(x[i], n, offset + i);
        }
        return out;
    }

    /**
     * {@link #variables(double...)} as a vector over {@link AutoDiff#SCALAR}, for code written against
     * {@code ScalarVector<T>}.
     *
     * @param x the point, not null, not empty; not modified
     * @return a new vector of independent variables
     */
    public static ScalarVector<AutoDiff> variableVector(double... x) {
        return ScalarVector.of(AutoDiff.SCALAR, variables(x));
    }

    /**
     * @param a values, not null, no null entry; not modified
     * @return a new array of their values
     */
    public static double[] values(AutoDiff... a) {
        Checks.notNull(a, "a");
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = entry(a, i).value();
        }
        return out;
    }

    /**
     * @param v a vector, not null; not modified
     * @return a new array of its entries' values
     */
    public static double[] values(ScalarVector<AutoDiff> v) {
        return Checks.notNull(v, "v").toValueArray();
    }

    /**
     * The gradient matrix: row i is the gradient of {@code a[i]}. Its width is the common gradient size
     * of the non-constant entries (constants give rows of zeros), or 0 if every entry is constant; use
     * {@link #gradients(AutoDiff[], int)} to fix the width.
     *
     * @param a values, not null, no null entry; not modified
     * @return a new {@code double[a.length][n]}
     * @throws IllegalArgumentException if two non-constant entries have different gradient sizes
     */
    public static double[][] gradients(AutoDiff... a) {
        Checks.notNull(a, "a");
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            int size = entry(a, i).gradientSize();
            if (size != 0 && n != 0 && size != n) {
                throw new IllegalArgumentException("a[" + i + "] has gradient size " + size
                        + ", but an earlier entry has " + n);
            }
            n = Math.max(n, size);
        }
        return gradients(a, n);
    }

    /**
     * The gradient matrix with {@code n} columns: row i is the gradient of {@code a[i]}, zeros for a
     * constant.
     *
     * @param a values, not null, no null entry; not modified
     * @param n the number of independent variables, {@code >= 0}
     * @return a new {@code double[a.length][n]}
     * @throws IllegalArgumentException if a non-constant entry's gradient size is not {@code n}
     */
    public static double[][] gradients(AutoDiff[] a, int n) {
        Checks.notNull(a, "a");
        Checks.nonNegative(n, "n");
        double[][] out = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            AutoDiff ai = entry(a, i);
            if (ai.isConstant()) {
                out[i] = new double[n];
            } else {
                Checks.size(ai.gradientSize(), n, "gradient of a[" + i + "]");
                out[i] = ai.gradient();
            }
        }
        return out;
    }

    /**
     * @param v a vector, not null; not modified
     * @param n the number of independent variables, {@code >= 0}
     * @return {@link #gradients(AutoDiff[], int)} of its entries
     */
    public static double[][] gradients(ScalarVector<AutoDiff> v, int n) {
        Checks.notNull(v, "v");
        AutoDiff[] a = new AutoDiff[v.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = v.get(i);
        }
        return gradients(a, n);
    }

    /**
     * The Jacobian of {@code f} at {@code x} by one forward-mode evaluation: entry (i, j) is
     * {@code d f_i / d x_j}.
     *
     * @param f the function, not null; called once with fresh variables (it may keep or modify the
     *     array it is given); it must return a non-null array without null entries
     * @param x the point, not null, not empty, no NaN; not modified
     * @return a new {@code double[m][x.length]}, m the length of {@code f}'s result
     * @throws IllegalArgumentException if {@code x} is empty or holds NaN, or if a result's gradient
     *     size is not {@code x.length} (f mixed in variables of another size)
     */
    public static double[][] jacobian(Function<AutoDiff[], AutoDiff[]> f, double[] x) {
        Checks.notNull(f, "f");
        AutoDiff[] y = Checks.notNull(f.apply(variables(checkPoint(x))), "f(x)");
        return gradients(y, x.length);
    }

    /**
     * The Jacobian of a function written against {@code ScalarVector<T>}, as {@link #jacobian}.
     *
     * @param f the function, not null; called once with a fresh vector of variables
     * @param x the point, not null, not empty, no NaN; not modified
     * @return a new {@code double[m][x.length]}
     * @throws IllegalArgumentException as {@link #jacobian}
     */
    public static double[][] vectorJacobian(Function<ScalarVector<AutoDiff>, ScalarVector<AutoDiff>> f, double[] x) {
        Checks.notNull(f, "f");
        ScalarVector<AutoDiff> y = Checks.notNull(f.apply(variableVector(checkPoint(x))), "f(x)");
        return gradients(y, x.length);
    }

    /**
     * The gradient of a scalar function at {@code x}.
     *
     * @param f the function, not null, returning a non-null value
     * @param x the point, not null, not empty, no NaN; not modified
     * @return a new array of {@code d f / d x_j}, length {@code x.length}
     * @throws IllegalArgumentException as {@link #jacobian}
     */
    public static double[] gradient(Function<AutoDiff[], AutoDiff> f, double[] x) {
        Checks.notNull(f, "f");
        AutoDiff y = Checks.notNull(f.apply(variables(checkPoint(x))), "f(x)");
        return gradients(new AutoDiff[] {y}, x.length)[0];
    }

    private static double[] checkPoint(double[] x) {
        Checks.notNull(x, "x");
        for (int i = 0; i < x.length; i++) {
            if (Double.isNaN(x[i])) {
                throw new IllegalArgumentException("x[" + i + "] is NaN");
            }
        }
        return x;
    }

    private static AutoDiff entry(AutoDiff[] a, int i) {
        return Checks.notNull(a[i], "a[" + i + "]");
    }
}
