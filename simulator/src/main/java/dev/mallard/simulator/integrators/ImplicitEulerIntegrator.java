package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.CollocationScheme;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Implicit (backward) Euler, {@code x1 = x0 + h f(t1, x1)}, solved by Newton: first order, L-stable, for
 * stiff systems. Its error estimate is one of two, as in Drake:
 * <ul>
 *   <li>(default) the difference from the implicit trapezoid rule from the same start (a second Newton
 *       solve); the propagated solution is the implicit Euler one;</li>
 *   <li>with {@link #setUseImplicitTrapezoidErrorEstimation}(false), step doubling: the difference between
 *       one full step and two half steps, propagating the two half steps (the more accurate solution).</li>
 * </ul>
 * Either estimate behaves as {@code h^2} (order 1). As in Drake, each Newton solve of the estimate starts from
 * the full implicit Euler step's end state (the first half step from the midpoint of it and the start), and
 * the error estimator's statistics are the trapezoid's work, or under step doubling all but the half steps'.
 * Jacobian and reuse policy: see {@link ImplicitIntegrator}.
 *
 * @param <T> the number type (numeric)
 */
public final class ImplicitEulerIntegrator<T> extends ImplicitIntegrator<T> {

    private static final double[][] EULER_A = {{1}};
    private static final double[][] TRAPEZOID_A = {{0.5}};
    private static final double[] END = {1};

    private boolean useTrapezoid = true;
    private StageSolver full;
    private StageSolver half;
    private StageSolver trapezoid;
    private double[] work;
    private ScalarVector<T> workG;

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public ImplicitEulerIntegrator(DynamicalSystem<T> system, Context<T> context) {
        super(system, context);
    }

    /**
     * Chooses the error estimate; takes effect at the next {@link #initialize()}.
     *
     * @param flag true (the default) for the implicit trapezoid comparison, false for step doubling
     */
    public void setUseImplicitTrapezoidErrorEstimation(boolean flag) {
        useTrapezoid = flag;
    }

    /** @return whether the error estimate compares with the implicit trapezoid rule */
    public boolean getUseImplicitTrapezoidErrorEstimation() {
        return useTrapezoid;
    }

    @Override
    public int getErrorEstimateOrder() {
        return 1;
    }

    @Override
    public String getSchemeName() {
        return "implicit_euler";
    }

    /** One backward Euler step of size h, or (step doubling) two of size h/2: the step this scheme propagates. */
    @Override
    CollocationScheme implicitScheme() {
        return new CollocationScheme(EULER_A, END, useTrapezoid ? 1 : 2);
    }

    @Override
    protected void allocateImplicitWorkspaces(int size) {
        full = new StageSolver(EULER_A, END, size);
        half = new StageSolver(EULER_A, END, size);
        trapezoid = new StageSolver(TRAPEZOID_A, END, size);
        if (isDoublePath()) {
            work = new double[size];
        } else {
            workG = scalar().newVector(size);
        }
    }

    @Override
    boolean separatedWorkIsPropagated() {
        return !useTrapezoid;
    }

    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        prepareJacobian(t0, x0);
        if (!solveWithRetry(full, t0, h, x0, null, null)) {
            return false;
        }
        int n = x0.length;
        for (int i = 0; i < n; i++) {
            x1[i] = x0[i] + full.z(0, i);
        }
        beginSeparatedWork();
        boolean converged = useTrapezoid ? trapezoidDouble(t0, h, x0, f0, x1, err) : halvesDouble(t0, h, x0, x1, err);
        endSeparatedWork();
        return converged;
    }

    /** The trapezoid from x0, Newton starting at the implicit Euler end state x1 (Drake's first iterate). */
    private boolean trapezoidDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        int n = x0.length;
        for (int i = 0; i < n; i++) {
            work[i] = 0.5 * h * f0[i];
        }
        if (!solveWithRetry(trapezoid, t0, h, x0, work, x1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            err[i] = x1[i] - (x0[i] + trapezoid.z(0, i));
        }
        return true;
    }

    /**
     * Two half steps into x1, which holds the full step's end state on entry; Newton starts, as in Drake, at
     * the midpoint of x0 and that end state, then at that end state.
     */
    private boolean halvesDouble(double t0, double h, double[] x0, double[] x1, double[] err) {
        int n = x0.length;
        double hh = 0.5 * h;
        for (int i = 0; i < n; i++) {
            work[i] = 0.5 * (x0[i] + x1[i]);
        }
        if (!solveWithRetry(half, t0, hh, x0, null, work)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            work[i] = x0[i] + half.z(0, i);
        }
        if (!solveWithRetry(half, t0 + hh, hh, work, null, x1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            double fullEnd = x1[i];
            x1[i] = work[i] + half.z(0, i);
            err[i] = fullEnd - x1[i];
        }
        return true;
    }

    @Override
    protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        Scalar<T> s = scalar();
        prepareJacobian(t0, x0);
        if (!solveWithRetry(full, t0, h, x0, null, null)) {
            return false;
        }
        for (int i = 0; i < x0.size(); i++) {
            x1.set(i, s.add(x0.get(i), full.zg(0, i)));
        }
        beginSeparatedWork();
        boolean converged = useTrapezoid ? trapezoidGeneric(t0, h, x0, f0, x1, err)
                : halvesGeneric(t0, h, x0, x1, err);
        endSeparatedWork();
        return converged;
    }

    private boolean trapezoidGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        Scalar<T> s = scalar();
        int n = x0.size();
        T halfH = s.mul(h, 0.5);
        for (int i = 0; i < n; i++) {
            workG.set(i, s.mul(halfH, f0.get(i)));
        }
        if (!solveWithRetry(trapezoid, t0, h, x0, workG, x1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            err.set(i, s.sub(x1.get(i), s.add(x0.get(i), trapezoid.zg(0, i))));
        }
        return true;
    }

    private boolean halvesGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> x1, ScalarVector<T> err) {
        Scalar<T> s = scalar();
        int n = x0.size();
        T hh = s.mul(h, 0.5);
        for (int i = 0; i < n; i++) {
            workG.set(i, s.mul(s.add(x0.get(i), x1.get(i)), 0.5));
        }
        if (!solveWithRetry(half, t0, hh, x0, null, workG)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            workG.set(i, s.add(x0.get(i), half.zg(0, i)));
        }
        if (!solveWithRetry(half, s.add(t0, hh), hh, workG, null, x1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            T fullEnd = x1.get(i);
            x1.set(i, s.add(workG.get(i), half.zg(0, i)));
            err.set(i, s.sub(fullEnd, x1.get(i)));
        }
        return true;
    }
}
