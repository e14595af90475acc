package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.simulator.ContextValues;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * A system's time derivatives {@code f(t, x, p)} and their state Jacobian {@code f_x} alone, by one forward-mode
 * AutoDiff evaluation with only the state seeded: {@code n} directions, where {@link StageJacobians#evaluate}
 * seeds the parameters and the time too ({@code n + np + 1}). For Newton's iterations and the transposed solve of
 * an implicit step, which need {@code f_x} only. The parameters, abstract state and fixed input values are taken
 * once from the given context; the discrete state too, until {@link #setDiscreteState} changes it. Not
 * thread-safe.
 */
final class StateJacobian {

    private final DynamicalSystem<AutoDiff> system;
    private final Context<AutoDiff> context;
    private final ContinuousState<AutoDiff> derivatives;
    private final int n;

    /**
     * @param source the double system
     * @param sourceContext its root context with the parameter and input values; not modified
     * @throws UnsupportedOperationException if the system cannot be converted to AutoDiff
     */
    StateJacobian(DynamicalSystem<Double> source, Context<Double> sourceContext) {
        this.n = sourceContext.getNumContinuousStates();
        this.system = source.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        GradientSimulation.copyParametersAndDiscrete(sourceContext, c);
        ContextValues.copyFixedInputs(sourceContext, c);
        this.context = c;
        this.derivatives = system.allocateTimeDerivatives();
    }

    /**
     * Sets the discrete state the following evaluations are made at.
     *
     * @param layout the state layout
     * @param z a state of the layout (only its discrete part is read); not modified
     */
    void setDiscreteState(AdjointState layout, double[] z) {
        layout.writeDiscrete(context, z);
    }

    /**
     * The time derivatives and their state Jacobian at {@code (t, x)}.
     *
     * @param t time, seconds
     * @param x the state, length n; not modified
     * @param f receives {@code f(t, x, p)}, length n
     * @param fx receives row i = {@code d f_i / dx}, n rows of at least n entries (the first n written)
     */
    void evaluate(double t, double[] x, double[] f, double[][] fx) {
        context.setTime(AutoDiff.constant(t));
        ContinuousState<AutoDiff> state = context.getMutableContinuousState();
        for (int i = 0; i < n; i++) {
            state.set(i, AutoDiff.variable(x[i], n, i));
        }
        system.calcTimeDerivatives(context, derivatives);
        for (int i = 0; i < n; i++) {
            f[i] = derivatives.get(i).value();
            derivatives.get(i).copyGradientTo(fx[i], 0, n);
        }
    }
}
