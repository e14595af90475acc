package dev.mallard.simulator.gradients;

import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * The adjoint's jumps at the sample times of a {@link SampleLoss}: at {@code t_k} the state's adjoint gains
 * {@code dl_k/dx} and the parameters' {@code dl_k/dp}. The sample time is a constant while the context's time
 * may carry an event time's sensitivity; forward mode then takes the state back along the flow,
 * {@code x(t_k) = x - f (t - t_k)} with the shift's value zero ({@link GradientSimulation#sample}), so the
 * current time's adjoint gains {@code -dl_k/dx . f}. (At the final time this cancels the last step's
 * {@code dx(T)/dT = f}, so a sample at T adds nothing to dJ/dT.) Not thread-safe.
 */
final class SampleJumps {

    private final SampleLoss loss;
    private final DynamicalSystem<Double> system;
    private final Context<Double> context;
    private final ContinuousState<Double> derivatives;
    private final AdjointState layout;
    private final double[] p;
    private final double[] x;
    private final double[] gx;
    private final double[] gp;
    private double cost;

    /**
     * @param loss the losses and times
     * @param system the double system
     * @param context its root context (parameters, inputs); cloned, not modified
     * @param p the numeric parameters, flattened; not modified
     * @param layout the state layout
     */
    SampleJumps(SampleLoss loss, DynamicalSystem<Double> system, Context<Double> context, double[] p,
            AdjointState layout) {
        this.loss = loss;
        this.system = system;
        this.context = context.cloneContext();
        this.derivatives = system.allocateTimeDerivatives();
        this.layout = layout;
        this.p = p.clone();
        this.x = new double[layout.continuous()];
        this.gx = new double[layout.continuous()];
        this.gp = new double[p.length];
    }

    /**
     * Adds sample k's loss to the cost and its jump to the adjoints.
     *
     * @param k the sample's index
     * @param z the state at the sample, continuous then discrete; not modified
     * @param adjoint the adjoints at the sample's point of the sweep; its state, parameter and time adjoints are
     *     added to
     */
    void apply(int k, double[] z, AdjointSweep.Adjoint adjoint) {
        double t = loss.time(k);
        CostFunction l = loss.loss(k);
        System.arraycopy(z, 0, x, 0, x.length);
        cost += l.value(t, x, p);
        l.gradient(t, x, p, gx, gp);
        context.setTime(t);
        ContinuousState<Double> state = context.getMutableContinuousState();
        for (int i = 0; i < x.length; i++) {
            state.setValue(i, x[i]);
        }
        layout.writeDiscrete(context, z);
        system.calcTimeDerivatives(context, derivatives);
        double flow = 0;
        for (int i = 0; i < x.length; i++) {
            adjoint.z[i] += gx[i];
            flow += gx[i] * derivatives.getValue(i);
        }
        for (int q = 0; q < gp.length; q++) {
            adjoint.p[q] += gp[q];
        }
        adjoint.t -= flow;
    }

    /** @return the sum of the losses applied so far */
    double cost() {
        return cost;
    }
}
