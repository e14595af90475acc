package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.CollocationScheme;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Radau IIA integrators for stiff systems, L-stable: with one stage ({@code radau1}) it is implicit Euler,
 * first order; with two stages ({@code radau3}) it is third order, nodes {@code c = (1/3, 1)}, matrix
 * {@code A = [[5/12, -1/12], [3/4, 1/4]]}, and the end state is the last stage (stiffly accurate). The two
 * stages are solved together by Newton on the {@code 2n x 2n} iteration matrix {@code I - h (A (x) J)}.
 * The error estimate (as Drake does) is the difference from the implicit trapezoid rule from the same start,
 * itself solved by Newton from the Radau solution (Drake's first iterate): of order 1 for radau1 (it behaves
 * as {@code h^2}) and 2 for radau3 ({@code h^3}); its work is the error estimator's in the statistics.
 * Jacobian and reuse policy: see {@link ImplicitIntegrator}.
 *
 * @param <T> the number type (numeric)
 */
public final class RadauIntegrator<T> extends ImplicitIntegrator<T> {

    private static final double[][] A1 = {{1}};
    private static final double[] C1 = {1};
    private static final double[][] A2 = {{5.0 / 12, -1.0 / 12}, {3.0 / 4, 1.0 / 4}};
    private static final double[] C2 = {1.0 / 3, 1};
    private static final double[][] TRAPEZOID_A = {{0.5}};
    private static final double[] TRAPEZOID_C = {1};

    private final int numStages;
    private StageSolver radau;
    private StageSolver trapezoid;
    private double[] offset;
    private ScalarVector<T> offsetG;

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     * @param numStages 1 (radau1, first order) or 2 (radau3, third order)
     * @throws IllegalArgumentException for another number of stages
     */
    public RadauIntegrator(DynamicalSystem<T> system, Context<T> context, int numStages) {
        super(system, context);
        if (numStages != 1 && numStages != 2) {
            throw new IllegalArgumentException("numStages must be 1 or 2, got " + numStages);
        }
        this.numStages = numStages;
    }

    /** @return the number of stages, 1 or 2 */
    public int getNumStages() {
        return numStages;
    }

    @Override
    public int getErrorEstimateOrder() {
        return numStages;
    }

    @Override
    public String getSchemeName() {
        return numStages == 1 ? "radau1" : "radau3";
    }

    @Override
    CollocationScheme implicitScheme() {
        return numStages == 1 ? new CollocationScheme(A1, C1, 1) : new CollocationScheme(A2, C2, 1);
    }

    @Override
    protected void allocateImplicitWorkspaces(int size) {
        radau = numStages == 1 ? new StageSolver(A1, C1, size) : new StageSolver(A2, C2, size);
        trapezoid = new StageSolver(TRAPEZOID_A, TRAPEZOID_C, size);
        if (isDoublePath()) {
            offset = new double[size];
        } else {
            offsetG = scalar().newVector(size);
        }
    }

    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        prepareJacobian(t0, x0);
        if (!solveWithRetry(radau, t0, h, x0, null, null)) {
            return false;
        }
        int n = x0.length;
        for (int i = 0; i < n; i++) {
            x1[i] = x0[i] + radau.z(numStages - 1, i);
            offset[i] = 0.5 * h * f0[i];
        }
        beginSeparatedWork();
        boolean converged = solveWithRetry(trapezoid, t0, h, x0, offset, x1);
        endSeparatedWork();
        if (!converged) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            err[i] = x1[i] - (x0[i] + trapezoid.z(0, i));
        }
        return true;
    }

    @Override
    protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        Scalar<T> s = scalar();
        prepareJacobian(t0, x0);
        if (!solveWithRetry(radau, t0, h, x0, null, null)) {
            return false;
        }
        int n = x0.size();
        T halfH = s.mul(h, 0.5);
        for (int i = 0; i < n; i++) {
            x1.set(i, s.add(x0.get(i), radau.zg(numStages - 1, i)));
            offsetG.set(i, s.mul(halfH, f0.get(i)));
        }
        beginSeparatedWork();
        boolean converged = solveWithRetry(trapezoid, t0, h, x0, offsetG, x1);
        endSeparatedWork();
        if (!converged) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            err.set(i, s.sub(x1.get(i), s.add(x0.get(i), trapezoid.zg(0, i))));
        }
        return true;
    }
}
