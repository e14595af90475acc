package dev.mallard.simulator.gradients;

import dev.mallard.symbolic.Expression;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;

/**
 * A scalar function {@code F(t, x, p)} of time, the continuous state and the numeric parameters, with its
 * gradient: the terminal cost {@code phi(T, x(T), p)} or the running cost {@code L(t, x, p)} of an
 * {@link AdjointGradient}. The state is ordered as the system's continuous state, the parameters as all
 * numeric parameter groups of all leaves flattened in leaf order (the columns of {@link GradientSimulation}).
 *
 * <p>Write one by hand (a Java callback and its hand-written gradient) or build one from an {@link Expression}
 * over a {@link SystemSymbolicInspector}'s variables with {@link #of}. Implementations must not keep or modify
 * the arrays passed in, except the gradient arrays they are asked to fill; they are called from one thread.
 */
public interface CostFunction {

    /**
     * @param t time, seconds
     * @param x the continuous state, length n; not modified
     * @param p the numeric parameters, length np; not modified
     * @return {@code F(t, x, p)}
     */
    double value(double t, double[] x, double[] p);

    /**
     * The gradient of {@code F} at {@code (t, x, p)}.
     *
     * @param t time, seconds
     * @param x the continuous state, length n; not modified
     * @param p the numeric parameters, length np; not modified
     * @param gradX receives {@code dF/dx}, length n; overwritten
     * @param gradP receives {@code dF/dp}, length np; overwritten
     * @return {@code dF/dt}
     */
    double gradient(double t, double[] x, double[] p, double[] gradX, double[] gradP);

    /** @return the function that is zero everywhere (no terminal or no running cost) */
    static CostFunction zero() {
        return ZeroCost.INSTANCE;
    }

    /**
     * A cost given as an expression in the inspector's time, continuous state and parameter variables; its
     * gradient is the expression's symbolic derivatives, formed once here.
     *
     * @param inspector an inspector of the system with symbolic parameters ({@link SystemSymbolicInspector#of})
     * @param expression the cost, e.g. {@code x0 * x0 + p0}
     * @return the cost function
     * @throws IllegalArgumentException if the expression uses a variable that is none of the inspector's time,
     *     continuous state and parameter variables (naming it)
     */
    static CostFunction of(SystemSymbolicInspector inspector, Expression expression) {
        return new ExpressionCost(inspector, expression);
    }
}
