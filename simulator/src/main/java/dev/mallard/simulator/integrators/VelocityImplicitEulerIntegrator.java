package dev.mallard.simulator.integrators;

import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.DenseLu;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Velocity-implicit Euler for mechanical systems with the {@code [q, v, z]} layout: implicit Euler in the
 * velocities and miscellaneous states {@code y = (v, z)}, with the positions following the new velocities
 * through the kinematic map at the step's start, {@code q1 = q0 + h N(q0) v1}. Newton then works on the
 * smaller system {@code y1 = y0 + h g(t1, q0 + h N(q0) v1, y1)} (g the (v, z) rows of f), with iteration
 * matrix {@code I - h (J_yy + h J_yq N)}. First order. The error estimate, as in Drake, is step doubling: one
 * full step against two half steps (order 1, it behaves as {@code h^2}); the two half steps are propagated,
 * their Newton solves starting (as in Drake) at the midpoint of the start and the full step's end state, then
 * at that end state. As in Drake, the error estimator's statistics are all the work but the half steps'.
 * Jacobian and reuse policy: see {@link ImplicitIntegrator} (the iteration matrix uses the kinematic map of
 * the step where it was factored).
 *
 * @param <T> the number type (numeric)
 */
public final class VelocityImplicitEulerIntegrator<T> extends ImplicitIntegrator<T> {

    private int nq;
    private int nv;
    private int ny;
    private Half full;
    private Half half;
    // double path
    private double[] nMatrix;
    private double[] unitV;
    private double[] column;
    private ScalarVector<Double> unitWrap;
    private ScalarVector<Double> columnWrap;
    private double[] x;
    private double[] f;
    private double[] y;
    private double[] rhs;
    private double[] xFull;
    private double[] xMid;
    // generic path
    private ScalarVector<T>[] nColumns;
    private ScalarVector<T> unitVg;
    private ScalarVector<T> xg;
    private ScalarVector<T> fg;
    private ScalarVector<T> yg;
    private ScalarVector<T> rhsg;
    private ScalarVector<T> xFullg;
    private ScalarVector<T> xMidg;

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public VelocityImplicitEulerIntegrator(DynamicalSystem<T> system, Context<T> context) {
        super(system, context);
    }

    @Override
    public int getErrorEstimateOrder() {
        return 1;
    }

    @Override
    public String getSchemeName() {
        return "velocity_implicit_euler";
    }

    @Override
    boolean separatedWorkIsPropagated() {
        return true;
    }

    /** The factored iteration matrix of one step size. */
    private final class Half {
        private final DenseLu lu = new DenseLu(ny);
        private double factoredH = Double.NaN;
        private long factoredVersion = -1;
        private boolean ok;

        boolean factor(double h) {
            if (h == factoredH && factoredVersion == jacobianVersion()) {
                return ok;
            }
            double[] m = lu.matrix();
            double[] jac = jacobian();
            int n = nq + ny;
            for (int i = 0; i < ny; i++) {
                for (int j = 0; j < ny; j++) {
                    double jyy = jac[(nq + i) * n + nq + j];
                    double jyqN = 0;
                    if (j < nv) {
                        for (int k = 0; k < nq; k++) {
                            jyqN += jac[(nq + i) * n + k] * nMatrix[k * nv + j];
                        }
                    }
                    m[i * ny + j] = (i == j ? 1 : 0) - h * (jyy + h * jyqN);
                }
            }
            ok = lu.factor();
            factoredH = h;
            factoredVersion = jacobianVersion();
            noteFactorization();
            return ok;
        }
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected void allocateImplicitWorkspaces(int size) {
        nq = getSystem().getNumQ();
        nv = getSystem().getNumV();
        ny = size - nq;
        full = new Half();
        half = new Half();
        nMatrix = new double[nq * nv];
        if (isDoublePath()) {
            unitV = new double[nv];
            column = new double[nq];
            unitWrap = DoubleVector.wrap(unitV);
            columnWrap = DoubleVector.wrap(column);
            x = new double[size];
            f = new double[size];
            y = new double[ny];
            rhs = new double[ny];
            xFull = new double[size];
            xMid = new double[size];
        } else {
            nColumns = new ScalarVector[nv];
            for (int k = 0; k < nv; k++) {
                nColumns[k] = scalar().newVector(nq);
            }
            unitVg = scalar().newVector(nv);
            xg = scalar().newVector(size);
            fg = scalar().newVector(size);
            yg = scalar().newVector(ny);
            rhsg = scalar().newVector(ny);
            xFullg = scalar().newVector(size);
            xMidg = scalar().newVector(size);
        }
    }

    // ---- double path -----------------------------------------------------------------------------------

    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        // the context is at (t0, x0): the kinematic map of the start (before a difference Jacobian moves it)
        kinematicMap();
        prepareJacobian(t0, x0);
        if (!solve(full, t0, h, x0, null, xFull)) {
            return false;
        }
        beginSeparatedWork();
        boolean converged = halvesDouble(t0, h, x0, x1);
        endSeparatedWork();
        if (!converged) {
            return false;
        }
        for (int i = 0; i < x1.length; i++) {
            err[i] = xFull[i] - x1[i];
        }
        return true;
    }

    private boolean halvesDouble(double t0, double h, double[] x0, double[] x1) {
        double hh = 0.5 * h;
        for (int i = 0; i < x0.length; i++) {
            xMid[i] = 0.5 * (x0[i] + xFull[i]);
        }
        if (!solve(half, t0, hh, x0, xMid, xMid)) {
            return false;
        }
        evalDerivatives(t0 + hh, xMid, f);
        kinematicMap();
        return solve(half, t0 + hh, hh, xMid, xFull, x1);
    }

    @SuppressWarnings("unchecked")
    private void kinematicMap() {
        for (int k = 0; k < nv; k++) {
            unitV[k] = 1;
            getSystem().mapVelocityToQDot(getContext(), (ScalarVector<T>) unitWrap, (ScalarVector<T>) columnWrap);
            for (int i = 0; i < nq; i++) {
                nMatrix[i * nv + k] = column[i];
            }
            unitV[k] = 0;
        }
    }

    /**
     * One implicit step from (ts, xs) of size h into out, Newton starting at guess (xs if null), recomputing a
     * stale Jacobian once on failure. out may be guess.
     */
    private boolean solve(Half m, double ts, double h, double[] xs, double[] guess, double[] out) {
        while (!newton(m, ts, h, xs, guess)) {
            if (!refreshJacobianAfterFailure(ts, xs)) {
                return false;
            }
        }
        assemble(h, xs, out);
        return true;
    }

    private boolean newton(Half m, double ts, double h, double[] xs, double[] guess) {
        System.arraycopy(guess == null ? xs : guess, nq, y, 0, ny);
        double previous = Double.NaN;
        for (int it = 0; ; it++) {
            assemble(h, xs, x);
            jacobianAtIterate(ts + h, x);
            if (!m.factor(h)) {
                return false;
            }
            evalDerivatives(ts + h, x, f);
            for (int i = 0; i < ny; i++) {
                rhs[i] = xs[nq + i] + h * f[nq + i] - y[i];
            }
            m.lu.solve(rhs);
            double norm = 0;
            for (int i = 0; i < ny; i++) {
                y[i] += rhs[i];
                double r = Math.abs(rhs[i]) / Math.max(1, Math.abs(xs[nq + i]));
                norm = r > norm || Double.isNaN(r) ? r : norm;
            }
            Convergence state = convergence(Double.isNaN(norm) ? Double.POSITIVE_INFINITY : norm, previous, it);
            if (state != Convergence.CONTINUE) {
                return state == Convergence.CONVERGED;
            }
            previous = norm;
        }
    }

    /** out = [q_s + h N v, y] from the current iterate y. */
    private void assemble(double h, double[] xs, double[] out) {
        for (int i = 0; i < nq; i++) {
            double qdot = 0;
            for (int k = 0; k < nv; k++) {
                qdot += nMatrix[i * nv + k] * y[k];
            }
            out[i] = xs[i] + h * qdot;
        }
        System.arraycopy(y, 0, out, nq, ny);
    }

    // ---- generic path ----------------------------------------------------------------------------------

    @Override
    protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        Scalar<T> s = scalar();
        kinematicMapGeneric();
        prepareJacobian(t0, x0);
        if (!solve(full, t0, h, x0, null, xFullg)) {
            return false;
        }
        beginSeparatedWork();
        boolean converged = halvesGeneric(t0, h, x0, x1);
        endSeparatedWork();
        if (!converged) {
            return false;
        }
        for (int i = 0; i < x1.size(); i++) {
            err.set(i, s.sub(xFullg.get(i), x1.get(i)));
        }
        return true;
    }

    private boolean halvesGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> x1) {
        Scalar<T> s = scalar();
        T hh = s.mul(h, 0.5);
        for (int i = 0; i < x0.size(); i++) {
            xMidg.set(i, s.mul(s.add(x0.get(i), xFullg.get(i)), 0.5));
        }
        if (!solve(half, t0, hh, x0, xMidg, xMidg)) {
            return false;
        }
        evalDerivatives(s.add(t0, hh), xMidg, fg);
        kinematicMapGeneric();
        return solve(half, s.add(t0, hh), hh, xMidg, xFullg, x1);
    }

    private void kinematicMapGeneric() {
        Scalar<T> s = scalar();
        for (int k = 0; k < nv; k++) {
            for (int j = 0; j < nv; j++) {
                unitVg.set(j, j == k ? s.one() : s.zero());
            }
            getSystem().mapVelocityToQDot(getContext(), unitVg, nColumns[k]);
            for (int i = 0; i < nq; i++) {
                nMatrix[i * nv + k] = nColumns[k].getValue(i);
            }
        }
    }

    private boolean solve(Half m, T ts, T h, ScalarVector<T> xs, ScalarVector<T> guess, ScalarVector<T> out) {
        while (!newton(m, ts, h, xs, guess)) {
            if (!refreshJacobianAfterFailure(ts, xs)) {
                return false;
            }
        }
        assemble(h, xs, out);
        return true;
    }

    private boolean newton(Half m, T ts, T h, ScalarVector<T> xs, ScalarVector<T> guess) {
        Scalar<T> s = scalar();
        for (int i = 0; i < ny; i++) {
            yg.set(i, (guess == null ? xs : guess).get(nq + i));
        }
        T t1 = s.add(ts, h);
        double previous = Double.NaN;
        for (int it = 0; ; it++) {
            assemble(h, xs, xg);
            jacobianAtIterate(t1, xg);
            if (!m.factor(s.value(h))) {
                return false;
            }
            evalDerivatives(t1, xg, fg);
            for (int i = 0; i < ny; i++) {
                rhsg.set(i, s.sub(s.add(xs.get(nq + i), s.mul(h, fg.get(nq + i))), yg.get(i)));
            }
            m.lu.solve(rhsg, s);
            double norm = 0;
            for (int i = 0; i < ny; i++) {
                yg.set(i, s.add(yg.get(i), rhsg.get(i)));
                double r = Math.abs(rhsg.getValue(i)) / Math.max(1, Math.abs(xs.getValue(nq + i)));
                norm = r > norm || Double.isNaN(r) ? r : norm;
            }
            Convergence state = convergence(Double.isNaN(norm) ? Double.POSITIVE_INFINITY : norm, previous, it);
            if (state != Convergence.CONTINUE) {
                return state == Convergence.CONVERGED;
            }
            previous = norm;
        }
    }

    private void assemble(T h, ScalarVector<T> xs, ScalarVector<T> out) {
        Scalar<T> s = scalar();
        for (int i = 0; i < nq; i++) {
            T qdot = s.zero();
            for (int k = 0; k < nv; k++) {
                qdot = s.add(qdot, s.mul(nColumns[k].get(i), yg.get(k)));
            }
            out.set(i, s.add(xs.get(i), s.mul(h, qdot)));
        }
        for (int i = 0; i < ny; i++) {
            out.set(nq + i, yg.get(i));
        }
    }
}
