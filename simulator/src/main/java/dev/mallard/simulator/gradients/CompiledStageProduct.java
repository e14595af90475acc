package dev.mallard.simulator.gradients;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.symbolic.compile.CompiledFunction;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * The vector-Jacobian product {@code w^T [f_x | f_p | f_t]} of a system's time derivatives, compiled from its
 * symbolic form: the gradient of the scalar {@code w . f(t, x, u, p)} with respect to {@code (x, p, t)}, taken
 * symbolically by reverse accumulation ({@link Expression#gradient}: one pass over {@code w . f}, so that forming
 * it takes time proportional to f's size, not to that times the number of variables; common subexpressions
 * shared) and compiled by {@link CompiledFunction} with {@code w} as extra
 * inputs. Its cost is a small multiple of one evaluation of {@code f} whatever the number of parameters, where
 * forming the Jacobian by forward mode costs {@code n + np + 1} directions. The inputs, parameters and discrete
 * state are held at the values of the context given at construction. Not thread-safe (one input array); the
 * compiled function is shared by all products of one system.
 */
final class CompiledStageProduct {

    private final CompiledFunction gradient;
    private final double[] in;
    private final double[] out;
    private final int n;
    private final int np;
    /** Where the weights start among the inputs {@code (t, x, u, p, xd, w)}. */
    private final int weightsAt;
    /** Where the discrete state starts among the inputs. */
    private final int discreteAt;

    private CompiledStageProduct(CompiledFunction gradient, double[] in, int n, int np, int discreteAt) {
        this.gradient = gradient;
        this.in = in;
        this.out = new double[n + np + 1];
        this.n = n;
        this.np = np;
        this.weightsAt = in.length - n;
        this.discreteAt = discreteAt;
    }

    /**
     * Sets the discrete state the following products are taken at.
     *
     * @param z the continuous state (n entries, not read) followed by the discrete state, flattened in leaf and
     *     group order; not modified
     * @param n the number of continuous states
     */
    void setDiscreteState(double[] z, int n) {
        System.arraycopy(z, n, in, discreteAt, weightsAt - discreteAt);
    }

    /**
     * The compiled gradient of each system seen, or empty when it has none (weakly keyed by the system, which
     * systems are immutable once built: the values that change from run to run are the compiled function's
     * inputs). A program computing many adjoint gradients of one system compiles it once.
     */
    private static final Map<DynamicalSystem<?>, Optional<CompiledFunction>> COMPILED =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The product for a system at a context's values, compiled on the system's first use.
     *
     * @param system the double system
     * @param context its root context: parameter, input and discrete-state values; not modified
     * @param np the number of numeric parameters (flattened, leaf and group order)
     * @return the compiled product, or null if the system has no symbolic form that stands for it (it does not
     *     convert to {@link Expression}, branches on values, has abstract state, or its inputs cannot be
     *     evaluated on the context)
     */
    static CompiledStageProduct tryCompile(DynamicalSystem<Double> system, Context<Double> context, int np) {
        for (Context<Double> leaf : context.getLeafContexts()) {
            if (leaf.getNumAbstractStates() > 0) {
                return null;
            }
        }
        int n = context.getNumContinuousStates();
        CompiledFunction gradient = COMPILED.computeIfAbsent(system, s -> Optional.ofNullable(compile(system, n, np)))
                .orElse(null);
        if (gradient == null || gradient.outputSize() != n + np + 1) {
            return null;
        }
        double[] inputs;
        try {
            inputs = inputValues(system, context);
        } catch (RuntimeException e) {
            // an input port that cannot be evaluated on its own (not fixed, not connected)
            return null;
        }
        double[] values = new double[gradient.inputSize()];
        int at = 1 + n;
        System.arraycopy(inputs, 0, values, at, inputs.length);
        at += inputs.length;
        for (double p : AdjointGradient.parameterValues(context)) {
            values[at++] = p;
        }
        int discreteAt = at;
        for (Context<Double> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                for (double v : leaf.getDiscreteState(g).toValueArray()) {
                    values[at++] = v;
                }
            }
        }
        return new CompiledStageProduct(gradient, values, n, np, discreteAt);
    }

    /**
     * The gradient of {@code w . f} with respect to {@code (x, p, t)} as a function of {@code (t, x, u, p, xd,
     * w)}, or null if the system has no symbolic form.
     */
    private static CompiledFunction compile(DynamicalSystem<Double> system, int n, int np) {
        SystemSymbolicInspector in;
        try {
            in = SystemSymbolicInspector.of(system);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
        if (in.getParameterVariables().size() != np || in.getContinuousStateVariables().size() != n) {
            return null;
        }
        List<Variable> variables = new ArrayList<>();
        variables.add(in.getTimeVariable());
        variables.addAll(in.getContinuousStateVariables());
        variables.addAll(in.getInputVariables());
        variables.addAll(in.getParameterVariables());
        variables.addAll(in.getDiscreteStateVariables());
        List<Expression> f = in.getTimeDerivatives();
        Expression dot = Expression.ZERO;
        for (int i = 0; i < n; i++) {
            Variable w = new Variable("w" + i);
            variables.add(w);
            dot = Expression.add(dot, Expression.mul(Expression.of(w), f.get(i)));
        }
        List<Variable> differentiated = new ArrayList<>(in.getContinuousStateVariables());
        differentiated.addAll(in.getParameterVariables());
        differentiated.add(in.getTimeVariable());
        return CompiledFunction.compile(List.of(Expression.gradient(dot, differentiated)), variables);
    }

    private static double[] inputValues(DynamicalSystem<Double> system, Context<Double> context) {
        List<Double> values = new ArrayList<>();
        for (int p = 0; p < system.numInputPorts(); p++) {
            if (system.getInputPort(p).isAbstract()) {
                continue;
            }
            for (double v : system.getInputPort(p).eval(context).toValueArray()) {
                values.add(v);
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Adds {@code w^T f_x} to {@code barX} and {@code w^T f_p} to {@code barP} at {@code (t, x)}, and returns
     * {@code barT + w^T f_t}.
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
        in[0] = t;
        System.arraycopy(x, 0, in, 1, n);
        System.arraycopy(w, 0, in, weightsAt, n);
        gradient.evaluate(in, out);
        for (int j = 0; j < n; j++) {
            barX[j] += out[j];
        }
        for (int q = 0; q < np; q++) {
            barP[q] += out[n + q];
        }
        return barT + out[n + np];
    }
}
