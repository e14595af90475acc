package dev.mallard.simulator.gradients;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link CostFunction} given by an expression in a system's time, continuous state and parameter
 * variables, with its partial derivatives differentiated once at construction. Not thread-safe (one
 * environment is reused).
 */
final class ExpressionCost implements CostFunction {

    private final Expression expression;
    private final Variable time;
    private final List<Variable> states;
    private final List<Variable> parameters;
    private final Expression dt;
    private final Expression[] dx;
    private final Expression[] dp;
    private final Environment env = new Environment();

    ExpressionCost(SystemSymbolicInspector inspector, Expression expression) {
        Objects.requireNonNull(inspector, "inspector must not be null");
        this.expression = Objects.requireNonNull(expression, "expression must not be null");
        this.time = inspector.getTimeVariable();
        this.states = inspector.getContinuousStateVariables();
        this.parameters = inspector.getParameterVariables();
        Set<Variable> known = new HashSet<>(states);
        known.addAll(parameters);
        known.add(time);
        for (Variable v : expression.getVariables()) {
            if (!known.contains(v)) {
                throw new IllegalArgumentException("the cost " + expression + " uses " + v + ", which is not the "
                        + "time, a continuous state or a parameter variable of the inspected system (those are "
                        + time + ", " + states + ", " + parameters + ")");
            }
        }
        this.dt = expression.differentiate(time);
        this.dx = states.stream().map(expression::differentiate).toArray(Expression[]::new);
        this.dp = parameters.stream().map(expression::differentiate).toArray(Expression[]::new);
    }

    @Override
    public double value(double t, double[] x, double[] p) {
        return expression.evaluate(bind(t, x, p));
    }

    @Override
    public double gradient(double t, double[] x, double[] p, double[] gradX, double[] gradP) {
        Environment e = bind(t, x, p);
        for (int i = 0; i < dx.length; i++) {
            gradX[i] = dx[i].evaluate(e);
        }
        for (int i = 0; i < dp.length; i++) {
            gradP[i] = dp[i].evaluate(e);
        }
        return dt.evaluate(e);
    }

    private Environment bind(double t, double[] x, double[] p) {
        if (x.length != states.size() || p.length != parameters.size()) {
            throw new IllegalArgumentException("the cost " + expression + " takes " + states.size() + " states and "
                    + parameters.size() + " parameters, got " + x.length + " and " + p.length);
        }
        env.put(time, t);
        for (int i = 0; i < x.length; i++) {
            env.put(states.get(i), x[i]);
        }
        for (int i = 0; i < p.length; i++) {
            env.put(parameters.get(i), p[i]);
        }
        return env;
    }

    @Override
    public String toString() {
        return "cost " + expression;
    }
}
