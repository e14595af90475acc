package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.simulator.ContextValues;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * The products {@code w^T f_xd} of the time derivatives' Jacobian with respect to the discrete state (a
 * sampled controller's held output, say) with adjoint vectors, by forward-mode AutoDiff seeded on the
 * discrete state only ({@code nd} columns). Used by the step adjoints of systems whose discrete state is
 * updated during the run, so that the adjoint of the discrete state collects what the continuous steps owe
 * it. Not thread-safe.
 */
final class DiscreteStateJacobians {

    private final DynamicalSystem<AutoDiff> system;
    private final Context<AutoDiff> context;
    private final ContinuousState<AutoDiff> derivatives;
    private final AdjointState layout;
    private final double[] z;

    /**
     * @param source the double system
     * @param sourceContext its root context with the parameter and input values; not modified
     * @param layout the state layout, with at least one discrete entry
     */
    DiscreteStateJacobians(DynamicalSystem<Double> source, Context<Double> sourceContext, AdjointState layout) {
        this.system = source.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        ContextValues.copy(sourceContext, c);
        this.context = c;
        this.derivatives = system.allocateTimeDerivatives();
        this.layout = layout;
        this.z = new double[layout.size()];
    }

    /**
     * Sets the discrete state the next products are taken at.
     *
     * @param state a state of the layout (only its discrete part is read); not modified
     */
    void setDiscreteState(double[] state) {
        System.arraycopy(state, 0, z, 0, z.length);
    }

    /**
     * Adds {@code w^T d f(t, x, xd, p) / d xd} to {@code barXd}.
     *
     * @param t time, seconds
     * @param x the continuous state, length n; not modified
     * @param w the adjoint vector, length n; not modified
     * @param barXd the discrete state's adjoint, length nd; added to
     */
    void addProduct(double t, double[] x, double[] w, double[] barXd) {
        int n = layout.continuous();
        int nd = layout.discrete();
        System.arraycopy(x, 0, z, 0, n);
        // seeded over n + nd columns; the continuous columns are then made constants
        layout.seed(context, z, n + nd);
        ContinuousState<AutoDiff> state = context.getMutableContinuousState();
        for (int i = 0; i < n; i++) {
            state.set(i, AutoDiff.constant(x[i]));
        }
        context.setTime(t);
        system.calcTimeDerivatives(context, derivatives);
        for (int i = 0; i < n; i++) {
            if (w[i] == 0) {
                continue;
            }
            AutoDiff fi = derivatives.get(i);
            for (int k = 0; k < nd; k++) {
                barXd[k] += w[i] * fi.derivative(n + k);
            }
        }
    }
}
