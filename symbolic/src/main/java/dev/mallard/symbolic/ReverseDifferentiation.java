package dev.mallard.symbolic;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gradient of one scalar expression by reverse accumulation: each node's adjoint, the sum over its parents
 * of the parent's adjoint times the parent's local partial derivative ({@link Differentiation#partial}), is
 * formed once, children after parents. The work is proportional to the expression's size whatever the number of
 * variables, where differentiating once per variable ({@link Expression#jacobian}) walks the expression once per
 * variable. Only nodes that contain one of the variables receive an adjoint.
 */
final class ReverseDifferentiation {

    private ReverseDifferentiation() {
    }

    static Expression[] gradient(Expression f, List<Variable> variables) {
        Map<Variable, Integer> column = new IdentityHashMap<>();
        for (int j = 0; j < variables.size(); j++) {
            column.put(variables.get(j), j);
        }
        List<Expression> order = f.topologicalOrder();
        Map<Expression, Boolean> relevant = new IdentityHashMap<>(order.size());
        for (Expression e : order) {
            boolean r = e.operator() == Operator.VARIABLE ? column.containsKey(e.variable())
                    : e.operator().arity() > 0 && (relevant.get(e.argument(0))
                            || e.operator().arity() == 2 && relevant.get(e.argument(1)));
            relevant.put(e, r);
        }
        Expression[] gradient = new Expression[variables.size()];
        java.util.Arrays.fill(gradient, Expression.ZERO);
        if (!relevant.get(f)) {
            return gradient;
        }
        Map<Expression, Expression> adjoint = new IdentityHashMap<>(order.size());
        adjoint.put(f, Expression.ONE);
        for (int k = order.size() - 1; k >= 0; k--) {
            Expression e = order.get(k);
            Expression bar = adjoint.get(e);
            if (bar == null || bar.equals(Expression.ZERO)) {
                continue;
            }
            if (e.operator() == Operator.VARIABLE) {
                int j = column.get(e.variable());
                gradient[j] = Expression.add(gradient[j], bar);
                continue;
            }
            for (int i = 0; i < e.operator().arity(); i++) {
                Expression argument = e.argument(i);
                if (relevant.get(argument)) {
                    adjoint.merge(argument, Expression.mul(bar, Differentiation.partial(e, i)), Expression::add);
                }
            }
        }
        return gradient;
    }
}
