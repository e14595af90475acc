package dev.mallard.symbolic;

import dev.mallard.scalar.DoubleScalar;
import java.util.IdentityHashMap;
import java.util.Map;

/** Numeric evaluation of an expression graph, each shared node once. */
final class Evaluation {

    private final Environment env;
    private final Map<Expression, Double> memo;

    private Evaluation(Environment env, int sizeHint) {
        this.env = env;
        this.memo = new IdentityHashMap<>(sizeHint);
    }

    static double evaluate(Expression e, Environment env) {
        Evaluation ev = new Evaluation(env, e.sizeHint());
        // Children first: each value() call below finds its arguments memoised, so no deep recursion.
        double result = 0.0;
        for (Expression node : e.topologicalOrder()) {
            result = ev.value(node);
        }
        return result;
    }

    private double value(Expression e) {
        switch (e.operator()) {
            case CONSTANT: return e.constantValue();
            case VARIABLE: return env.get(e.variable());
            default: break;
        }
        Double known = memo.get(e);
        if (known != null) {
            return known;
        }
        double x = value(e.argument(0));
        double result;
        if (e.operator() == Operator.POW && e.argument(1).isConstant()) {
            result = pow(x, e.argument(1).constantValue());
        } else {
            result = e.operator().evaluate(x, e.operator().arity() == 2 ? value(e.argument(1)) : 0.0);
        }
        memo.put(e, result);
        return result;
    }

    /**
     * {@code x^p}: by repeated squaring for an integral {@code p} (as {@code Scalar.DOUBLE.pow(x, int)}),
     * otherwise {@link Math#pow}.
     */
    static double pow(double x, double p) {
        return Expression.isInt(p) ? DoubleScalar.powInt(x, (int) p) : Math.pow(x, p);
    }
}
