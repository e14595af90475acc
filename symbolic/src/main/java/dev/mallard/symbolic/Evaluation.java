package dev.mallard.symbolic;

import dev.mallard.scalar.DoubleScalar;
import java.util.IdentityHashMap;
import java.util.Map;

/** Numeric evaluation of an expression graph, each shared node once. */
final class Evaluation {

    private final Environment env;
    private final Map<Expression, Double> memo = new IdentityHashMap<>();

    private Evaluation(Environment env) {
        this.env = env;
    }

    static double evaluate(Expression e, Environment env) {
        return new Evaluation(env).value(e);
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
            result = apply(e.operator(), x, e.operator().arity() == 2 ? value(e.argument(1)) : 0.0);
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

    /** The numeric meaning of an operator of arity 1 ({@code y} ignored) or 2. */
    static double apply(Operator op, double x, double y) {
        switch (op) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case NEG: return -x;
            case POW: return Math.pow(x, y);
            case SIN: return Math.sin(x);
            case COS: return Math.cos(x);
            case TAN: return Math.tan(x);
            case ASIN: return Math.asin(x);
            case ACOS: return Math.acos(x);
            case ATAN: return Math.atan(x);
            case ATAN2: return Math.atan2(x, y);
            case SINH: return Math.sinh(x);
            case COSH: return Math.cosh(x);
            case TANH: return Math.tanh(x);
            case EXP: return Math.exp(x);
            case EXPM1: return Math.expm1(x);
            case LOG: return Math.log(x);
            case LOG1P: return Math.log1p(x);
            case SQRT: return Math.sqrt(x);
            case CBRT: return Math.cbrt(x);
            case ABS: return Math.abs(x);
            case SIGN: return Math.signum(x);
            case MIN: return DoubleScalar.minValue(x, y);
            case MAX: return DoubleScalar.maxValue(x, y);
            case HYPOT: return Math.hypot(x, y);
            default: throw new IllegalArgumentException("no numeric function for " + op);
        }
    }
}
