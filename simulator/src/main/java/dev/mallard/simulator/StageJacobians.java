package dev.mallard.simulator;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * Evaluates a system's time derivatives {@code f(t, x, p)} with their full Jacobian by forward-mode AutoDiff:
 * the state, the numeric parameters and the time are seeded as {@code n + np + 1} independent variables (in
 * that column order), so one AutoDiff evaluation gives {@code [f_x | f_p | f_t]}. The parameters, abstract
 * state and fixed input values are taken once from the given context; the discrete state too, until
 * {@link #setDiscreteState} changes it. Not thread-safe.
 */
final class StageJacobians {

    private final DynamicalSystem<AutoDiff> system;
    private final Context<AutoDiff> context;
    private final ContinuousState<AutoDiff> derivatives;
    private final int n;
    private final int width;

    /**
     * @param source the double system
     * @param sourceContext its root context with the parameter and input values; not modified
     * @param numParameters the number of numeric parameters (flattened)
     */
    StageJacobians(DynamicalSystem<Double> source, Context<Double> sourceContext, int numParameters) {
        this.system = source.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        this.n = sourceContext.getNumContinuousStates();
        this.width = n + numParameters + 1;
        GradientSimulation.seedParametersAndCopyDiscrete(sourceContext, c, n, width);
        ContextValues.copyFixedInputs(sourceContext, c);
        this.context = c;
        this.derivatives = system.allocateTimeDerivatives();
    }

    /**
     * Sets the discrete state the following evaluations are made at (values; it is not seeded).
     *
     * @param layout the state layout
     * @param z a state of the layout (only its discrete part is read); not modified
     */
    void setDiscreteState(AdjointState layout, double[] z) {
        layout.writeDiscrete(context, z);
    }

    /** @return the Jacobian's column count, {@code n + np + 1} */
    int width() {
        return width;
    }

    /**
     * @param t time, seconds
     * @param x the state, length n; not modified
     * @param f receives {@code f(t, x, p)}, length n
     * @param jacobian receives row i = {@code d f_i / d(x, p, t)}, n rows of {@link #width()}
     */
    void evaluate(double t, double[] x, double[] f, double[][] jacobian) {
        context.setTime(AutoDiff.variable(t, width, width - 1));
        ContinuousState<AutoDiff> state = context.getMutableContinuousState();
        for (int i = 0; i < n; i++) {
            state.set(i, AutoDiff.variable(x[i], width, i));
        }
        system.calcTimeDerivatives(context, derivatives);
        for (int i = 0; i < n; i++) {
            AutoDiff fi = derivatives.get(i);
            f[i] = fi.value();
            fi.copyGradientTo(jacobian[i], 0, width);
        }
    }
}
