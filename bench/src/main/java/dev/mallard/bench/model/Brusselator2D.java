package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;

/**
 * The 2-D Brusselator reaction-diffusion system on a periodic {@code N x N} grid, in the form of the
 * SciMLSensitivity adjoint-scaling benchmark ("BrussScaling"): for cell {@code (i, j)} at
 * {@code x = i / (N - 1), y = j / (N - 1)},
 * {@code u' = B + u^2 v - (A + 1) u + alpha_u Lap(u) + f(x, y, t)} and
 * {@code v' = A u - u^2 v + alpha_v Lap(v)}, with {@code Lap(w) = (w(i-1,j) + w(i+1,j) + w(i,j-1) + w(i,j+1)
 * - 4 w(i,j)) / dx^2}, {@code dx = 1 / (N - 1)}, indices taken modulo {@code N}, and the forcing
 * {@code f = 5} where {@code (x - 0.3)^2 + (y - 0.6)^2 <= 0.1^2} and {@code t >= 1.1}, else 0.
 *
 * <p>As in that benchmark every cell has its own parameters, {@code 4 N^2} of them: group 0 {@code "A"} (N^2,
 * default 3.4), group 1 {@code "B"} (N^2, default 1), group 2 {@code "alpha"} (2 N^2, default 10: the u cells
 * then the v cells; the v equation uses the u cell's {@code A}). With the defaults this is
 * {@code u' = 1 + u^2 v - 4.4 u + 10 Lap(u) + f}, {@code v' = 3.4 u - u^2 v + 10 Lap(v)}. The state
 * ({@code 2 N^2}) is u then v, cell {@code (i, j)} at {@code i + N j}, starting at
 * {@code u = 22 (y (1 - y))^1.5, v = 27 (x (1 - x))^1.5}.
 *
 * <p>The forcing switches on the time's value; where the time is a free symbolic variable (its value NaN, as when
 * the adjoint compiles its stage products from the symbolic form) the forcing is off. That drops only a term
 * constant in the state and the parameters, whose time derivative is zero away from t = 1.1, so the symbolic
 * derivatives stay right.
 *
 * @param <T> the number type
 */
public final class Brusselator2D<T> extends LeafSystem<T> {

    private final int n;
    private final double inverseSquaredSpacing;
    /** Whether cell k lies in the forcing disc. */
    private final boolean[] forced;

    /**
     * @param scalar the number type
     * @param n the grid's side N, at least 2
     * @throws IllegalArgumentException naming n if it is below 2
     */
    public Brusselator2D(Scalar<T> scalar, int n) {
        super(scalar, "brusselator 2d");
        if (n < 2) {
            throw new IllegalArgumentException("n must be at least 2, got " + n);
        }
        this.n = n;
        double dx = 1.0 / (n - 1);
        this.inverseSquaredSpacing = 1 / (dx * dx);
        int cells = n * n;
        forced = new boolean[cells];
        double[] x0 = new double[2 * cells];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                double x = i * dx;
                double y = j * dx;
                int k = i + n * j;
                forced[k] = (x - 0.3) * (x - 0.3) + (y - 0.6) * (y - 0.6) <= 0.1 * 0.1;
                x0[k] = 22 * Math.pow(y * (1 - y), 1.5);
                x0[cells + k] = 27 * Math.pow(x * (1 - x), 1.5);
            }
        }
        declareContinuousState(2 * cells);
        setDefaultContinuousState(x0);
        declareNumericParameter("A", filled(cells, 3.4));
        declareNumericParameter("B", filled(cells, 1.0));
        declareNumericParameter("alpha", filled(2 * cells, 10.0));
    }

    private static double[] filled(int length, double value) {
        double[] a = new double[length];
        Arrays.fill(a, value);
        return a;
    }

    /** @return the grid's side N */
    public int side() {
        return n;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Brusselator2D<>(target, n);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        int cells = n * n;
        boolean forcingOn = context.getTimeValue() >= 1.1;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int k = i + n * j;
                T u = x.get(k);
                T v = x.get(cells + k);
                T a = context.getNumericParameter(0).get(k);
                T b = context.getNumericParameter(1).get(k);
                T uuv = s.mul(s.mul(u, u), v);
                T du = s.sub(s.add(b, uuv), s.mul(s.add(a, 1.0), u));
                du = s.add(du, s.mul(context.getNumericParameter(2).get(k), laplacian(x, 0, i, j)));
                if (forcingOn && forced[k]) {
                    du = s.add(du, 5.0);
                }
                T dv = s.sub(s.mul(a, u), uuv);
                dv = s.add(dv, s.mul(context.getNumericParameter(2).get(cells + k), laplacian(x, cells, i, j)));
                derivatives.set(k, du);
                derivatives.set(cells + k, dv);
            }
        }
    }

    /** The periodic five-point Laplacian of the species starting at {@code offset}, at cell (i, j). */
    private T laplacian(ContinuousState<T> x, int offset, int i, int j) {
        Scalar<T> s = scalar();
        int left = (i + n - 1) % n;
        int right = (i + 1) % n;
        int down = (j + n - 1) % n;
        int up = (j + 1) % n;
        T sum = s.add(s.add(x.get(offset + left + n * j), x.get(offset + right + n * j)),
                s.add(x.get(offset + i + n * down), x.get(offset + i + n * up)));
        return s.mul(s.sub(sum, s.mul(x.get(offset + i + n * j), 4.0)), inverseSquaredSpacing);
    }
}
