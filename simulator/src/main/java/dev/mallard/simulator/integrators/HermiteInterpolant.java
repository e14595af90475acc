package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;

/**
 * The cubic Hermite polynomial through {@code (t0, x0, f0)} and {@code (t1, x1, f1)}, the default interpolant
 * of a step (its error is {@code O(h^4)}, the local error order of a third-order scheme), on both paths:
 * primitive arrays and vectors of {@code T}, the latter differentiable in the time argument.
 */
final class HermiteInterpolant {

    private HermiteInterpolant() {
    }

    /**
     * The interpolant at {@code t} on primitive arrays.
     *
     * @param t0 the step's start, seconds
     * @param t1 the step's end, seconds, {@code > t0}
     * @param t the time, in {@code [t0, t1]}
     * @param x0 the start state; not modified
     * @param f0 the derivatives at the start; not modified
     * @param x1 the end state; not modified
     * @param f1 the derivatives at the end; not modified
     * @param n the number of entries
     * @param out receives x(t), length {@code >= n}; modified
     */
    static void at(double t0, double t1, double t, double[] x0, double[] f0, double[] x1, double[] f1, int n,
            double[] out) {
        double h = t1 - t0;
        double s = (t - t0) / h;
        double s1 = s - 1;
        double h00 = (1 + 2 * s) * s1 * s1;
        double h10 = s * s1 * s1 * h;
        double h01 = s * s * (3 - 2 * s);
        double h11 = s * s * s1 * h;
        for (int i = 0; i < n; i++) {
            out[i] = h00 * x0[i] + h10 * f0[i] + h01 * x1[i] + h11 * f1[i];
        }
    }

    /**
     * The interpolant at {@code t} on vectors of {@code T} (for AutoDiff, the result carries {@code xdot}
     * times the time's gradient).
     *
     * @param <T> the number type
     * @param s the number type's operations
     * @param t0 the step's start
     * @param h the step's size
     * @param t the time, in the step
     * @param x0 the start state; not modified
     * @param f0 the derivatives at the start; not modified
     * @param x1 the end state; not modified
     * @param f1 the derivatives at the end; not modified
     * @param n the number of entries
     * @param out receives x(t); modified
     */
    static <T> void at(Scalar<T> s, T t0, T h, T t, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> f1, int n, ScalarVector<T> out) {
        T th = s.div(s.sub(t, t0), h);
        T th1 = s.sub(th, 1.0);
        T h00 = s.mul(s.add(s.mul(th, 2.0), 1.0), s.mul(th1, th1));
        T h10 = s.mul(s.mul(th, s.mul(th1, th1)), h);
        T h01 = s.mul(s.mul(th, th), s.sub(3.0, s.mul(th, 2.0)));
        T h11 = s.mul(s.mul(s.mul(th, th), th1), h);
        for (int i = 0; i < n; i++) {
            out.set(i, s.add(s.add(s.mul(h00, x0.get(i)), s.mul(h10, f0.get(i))),
                    s.add(s.mul(h01, x1.get(i)), s.mul(h11, f1.get(i)))));
        }
    }
}
