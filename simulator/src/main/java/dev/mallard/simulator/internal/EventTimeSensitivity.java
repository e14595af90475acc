package dev.mallard.simulator.internal;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.WitnessFunction;

/**
 * The event time's sensitivity, shared by the forward path's witness isolation and the adjoint's replay of an
 * event, so that both give the event time the same derivatives.
 */
public final class EventTimeSensitivity {

    private EventTimeSensitivity() {
    }

    /**
     * Gives the event time the derivatives the implicit function theorem assigns it, and the state at the
     * event the matching ones. The crossing time {@code t*} of witness {@code w} solves {@code w(x(t*; p), t*) = 0},
     * so the derivative of {@code t*} with respect to any {@code p} is
     * {@code -(dw/dp at fixed time) / (dw/dt along the trajectory)}. With {@code w} evaluated in
     * {@code T} at the isolated time {@code tb} (its derivatives are those at fixed time), the correction
     * {@code delta = -w / wdot} minus its own value has value exactly 0 and the derivatives of {@code t* - tb}:
     * the context is moved to the interpolant at {@code tb + delta}, so the state carries
     * {@code x(tb) + xdot delta} and every reset computed from it propagates the event time's sensitivity.
     * Values are unchanged (the double path and the values of the generic path agree).
     */
    public static <T> void add(IntegratorBase<T> integrator, WitnessFunction<T> witness,
            Context<T> ownerContext, T tb) {
        Scalar<T> scalar = integrator.getSystem().scalar();
        T w = witness.calcWitnessValue(ownerContext);
        double wdot = witnessRate(integrator, witness, ownerContext);
        if (!(Math.abs(wdot) > 0) || !Double.isFinite(wdot)) {
            double t = scalar.value(tb);
            String name = witness.getSystem().getName();
            throw new SimulationException("witness " + witness + " of " + name + " crosses zero with time "
                    + "derivative " + wdot + " at t = " + t + " (a grazing contact): the event time has no "
                    + "derivative with respect to the initial state or parameters", t, name);
        }
        T q = scalar.div(w, -wdot);
        T delta = scalar.sub(q, scalar.value(q));
        integrator.interpolateIntoContext(scalar.add(tb, delta));
    }

    /**
     * {@code dw/dt} along the flow at the context's time and state, by a central difference along the vector
     * field (values only): {@code (w(x + eps f, t + eps) - w(x - eps f, t - eps)) / (2 eps)}, with {@code eps}
     * a small fraction of the last step (its error is {@code O(eps^2)}). Leaves the context perturbed: the
     * caller moves it back.
     */
    private static <T> double witnessRate(IntegratorBase<T> integrator, WitnessFunction<T> witness,
            Context<T> ownerContext) {
        Scalar<T> scalar = integrator.getSystem().scalar();
        Context<T> c = integrator.getContext();
        ContinuousState<T> f = integrator.getSystem().allocateTimeDerivatives();
        integrator.getSystem().calcTimeDerivatives(c, f);
        double[] fv = f.toValueArray();
        double[] x = c.getContinuousState().toValueArray();
        double t = c.getTimeValue();
        double h = integrator.getLastStepEndTime() - integrator.getLastStepStartTime();
        double eps = Math.max(1e-4 * h, 1e-8 * Math.max(1, Math.abs(t)));
        double[] w = new double[2];
        for (int side = 0; side < 2; side++) {
            double s = side == 0 ? eps : -eps;
            ContinuousState<T> xc = c.getMutableContinuousState();
            for (int k = 0; k < x.length; k++) {
                xc.setValue(k, x[k] + s * fv[k]);
            }
            c.setTime(t + s);
            c.noteStateChanged();
            w[side] = scalar.value(witness.calcWitnessValue(ownerContext));
        }
        return (w[0] - w[1]) / (2 * eps);
    }
}
