package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.simulator.ContextValues;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * The stage products of the discrete adjoint: {@code w^T [f_x | f_p | f_t]} of a system's time derivatives
 * {@code f(t, x, p)} at a given time and state, columns in the order state, numeric parameters (flattened), time.
 * For a system with a symbolic form the product is compiled code whose cost does not grow with the number of
 * parameters ({@link CompiledStageProduct}); otherwise the full Jacobian is formed by one forward-mode AutoDiff
 * evaluation with the state, the parameters and the time seeded as {@code n + np + 1} independent variables, and
 * multiplied by {@code w}. The parameters, abstract state and fixed
 * input values are taken once from the given context; the discrete state too, until {@link #setDiscreteState}
 * changes it. Not thread-safe.
 */
final class StageJacobians {

    private final CompiledStageProduct compiled;
    private final DynamicalSystem<AutoDiff> system;
    private final Context<AutoDiff> context;
    private final ContinuousState<AutoDiff> derivatives;
    private final int n;
    private final int np;
    private final int width;
    private final double[][] jacobian;

    /**
     * @param source the double system
     * @param sourceContext its root context with the parameter and input values; not modified
     * @param numParameters the number of numeric parameters (flattened)
     * @throws UnsupportedOperationException if the system has no symbolic form and cannot be converted to
     *     AutoDiff
     */
    StageJacobians(DynamicalSystem<Double> source, Context<Double> sourceContext, int numParameters) {
        this(source, sourceContext, numParameters, true);
    }

    /**
     * As above; {@code compile = false} forms the products by forward mode even for a system with a symbolic form
     * (for tests comparing the two).
     */
    StageJacobians(DynamicalSystem<Double> source, Context<Double> sourceContext, int numParameters,
            boolean compile) {
        this.n = sourceContext.getNumContinuousStates();
        this.np = numParameters;
        this.width = n + numParameters + 1;
        this.compiled = compile ? CompiledStageProduct.tryCompile(source, sourceContext, numParameters) : null;
        if (compiled != null) {
            this.system = null;
            this.context = null;
            this.derivatives = null;
            this.jacobian = null;
            return;
        }
        this.system = source.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        GradientSimulation.seedParametersAndCopyDiscrete(sourceContext, c, n, width);
        ContextValues.copyFixedInputs(sourceContext, c);
        this.context = c;
        this.derivatives = system.allocateTimeDerivatives();
        this.jacobian = new double[n][width];
    }

    /**
     * Sets the discrete state the following evaluations are made at (values; it is not seeded).
     *
     * @param layout the state layout
     * @param z a state of the layout (only its discrete part is read); not modified
     */
    void setDiscreteState(AdjointState layout, double[] z) {
        if (compiled != null) {
            compiled.setDiscreteState(z, n);
        } else {
            layout.writeDiscrete(context, z);
        }
    }

    /** @return whether the products run compiled code from the system's symbolic form (not forward mode) */
    boolean isCompiled() {
        return compiled != null;
    }

    /**
     * Adds {@code w^T f_x} to {@code barX} and {@code w^T f_p} to {@code barP}, and returns
     * {@code barT + w^T f_t}, all at {@code (t, x)}.
     *
     * @param t time, seconds
     * @param x the state, length n; not modified
     * @param w the weights, length n; not modified
     * @param barX added to, length n
     * @param barP added to, length np
     * @param barT the time's adjoint so far
     * @return {@code barT} plus the product's time entry
     */
    double addProduct(double t, double[] x, double[] w, double[] barX, double[] barP, double barT) {
        if (compiled != null) {
            return compiled.addProduct(t, x, w, barX, barP, barT);
        }
        evaluateJacobian(t, x, jacobian);
        int tc = n + np;
        double tau = barT;
        for (int r = 0; r < n; r++) {
            double wr = w[r];
            if (wr == 0) {
                continue;
            }
            double[] row = jacobian[r];
            for (int j = 0; j < n; j++) {
                barX[j] += row[j] * wr;
            }
            for (int q = 0; q < np; q++) {
                barP[q] += row[n + q] * wr;
            }
            tau += row[tc] * wr;
        }
        return tau;
    }

    /** Row i of {@code out} = {@code d f_i / d(x, p, t)} by one AutoDiff evaluation. */
    private void evaluateJacobian(double t, double[] x, double[][] out) {
        context.setTime(AutoDiff.variable(t, width, width - 1));
        ContinuousState<AutoDiff> state = context.getMutableContinuousState();
        for (int i = 0; i < n; i++) {
            state.set(i, AutoDiff.variable(x[i], width, i));
        }
        system.calcTimeDerivatives(context, derivatives);
        for (int i = 0; i < n; i++) {
            derivatives.get(i).copyGradientTo(out[i], 0, width);
        }
    }
}
