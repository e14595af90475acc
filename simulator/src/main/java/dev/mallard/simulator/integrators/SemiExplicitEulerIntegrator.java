package dev.mallard.simulator.integrators;

import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * Semi-explicit (symplectic) Euler on the {@code [q, v, z]} layout of the continuous state: the velocities
 * and miscellaneous states take an explicit Euler step, {@code v1 = v0 + h vdot(t0, x0)},
 * {@code z1 = z0 + h zdot(t0, x0)}, and the positions then use the <em>new</em> velocities,
 * {@code q1 = q0 + h N(q0) v1} (through {@link DynamicalSystem#mapVelocityToQDot}). First order, fixed steps, no error
 * estimate; on a mechanical system without damping its energy error stays bounded instead of growing.
 *
 * @param <T> the number type
 */
public final class SemiExplicitEulerIntegrator<T> extends IntegratorBase<T> {

    private double[] vd;
    private double[] qdotd;
    private ScalarVector<Double> vWrap;
    private ScalarVector<Double> qdotWrap;
    private ScalarVector<T> vg;
    private ScalarVector<T> qdotg;

    /**
     * @param system the system
     * @param maxStepSize the fixed step size, seconds, {@code > 0}
     * @param context its root context, or null
     */
    public SemiExplicitEulerIntegrator(DynamicalSystem<T> system, double maxStepSize, Context<T> context) {
        super(system, context);
        setMaximumStepSize(maxStepSize);
    }

    @Override
    public boolean supportsErrorEstimation() {
        return false;
    }

    @Override
    public int getErrorEstimateOrder() {
        return 1;
    }

    @Override
    public String getSchemeName() {
        return "semi_explicit_euler";
    }

    @Override
    protected void allocateSchemeWorkspaces(int size) {
        int nq = getSystem().getNumQ();
        int nv = getSystem().getNumV();
        if (isDoublePath()) {
            vd = new double[nv];
            qdotd = new double[nq];
            vWrap = DoubleVector.wrap(vd);
            qdotWrap = DoubleVector.wrap(qdotd);
        } else {
            vg = scalar().newVector(nv);
            qdotg = scalar().newVector(nq);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        int nq = qdotd.length;
        int nv = vd.length;
        for (int j = nq; j < x0.length; j++) {
            x1[j] = x0[j] + h * f0[j];
        }
        System.arraycopy(x1, nq, vd, 0, nv);
        // the context still holds (t0, x0): N(q0) maps the new velocities
        getSystem().mapVelocityToQDot(getContext(), (ScalarVector<T>) vWrap, (ScalarVector<T>) qdotWrap);
        for (int j = 0; j < nq; j++) {
            x1[j] = x0[j] + h * qdotd[j];
        }
        return true;
    }

    @Override
    protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        Scalar<T> s = scalar();
        int nq = qdotg.size();
        for (int j = nq; j < x0.size(); j++) {
            x1.set(j, s.add(x0.get(j), s.mul(h, f0.get(j))));
        }
        for (int j = 0; j < vg.size(); j++) {
            vg.set(j, x1.get(nq + j));
        }
        getSystem().mapVelocityToQDot(getContext(), vg, qdotg);
        for (int j = 0; j < nq; j++) {
            x1.set(j, s.add(x0.get(j), s.mul(h, qdotg.get(j))));
        }
        return true;
    }
}
