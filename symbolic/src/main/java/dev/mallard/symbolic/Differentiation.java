package dev.mallard.symbolic;

import static dev.mallard.symbolic.Expression.ONE;
import static dev.mallard.symbolic.Expression.TWO;
import static dev.mallard.symbolic.Expression.ZERO;
import static dev.mallard.symbolic.Expression.add;
import static dev.mallard.symbolic.Expression.constant;
import static dev.mallard.symbolic.Expression.cos;
import static dev.mallard.symbolic.Expression.cosh;
import static dev.mallard.symbolic.Expression.div;
import static dev.mallard.symbolic.Expression.exp;
import static dev.mallard.symbolic.Expression.log;
import static dev.mallard.symbolic.Expression.mul;
import static dev.mallard.symbolic.Expression.neg;
import static dev.mallard.symbolic.Expression.pow;
import static dev.mallard.symbolic.Expression.sign;
import static dev.mallard.symbolic.Expression.sin;
import static dev.mallard.symbolic.Expression.sinh;
import static dev.mallard.symbolic.Expression.sqrt;
import static dev.mallard.symbolic.Expression.sub;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Symbolic partial derivatives with respect to one variable. One instance memoises the derivative of
 * every node it has seen, so differentiating several expressions that share nodes (the rows of a
 * Jacobian) differentiates each shared node once.
 */
final class Differentiation {

    private final Variable v;
    // Created for the first expression differentiated, sized by its node count.
    private Map<Expression, Expression> memo;

    Differentiation(Variable v) {
        this.v = v;
    }

    Expression derivative(Expression e) {
        switch (e.operator()) {
            case CONSTANT: return ZERO;
            case VARIABLE: return e.variable() == v ? ONE : ZERO;
            default: break;
        }
        if (memo == null) {
            memo = new IdentityHashMap<>(e.sizeHint());
        }
        Expression done = memo.get(e);
        if (done == null) {
            // Children first, so that rule() finds their derivatives memoised: no deep recursion.
            for (Expression node : e.topologicalOrder()) {
                if (node.operator().arity() > 0 && !memo.containsKey(node)) {
                    memo.put(node, rule(node));
                }
            }
            done = memo.get(e);
        }
        return done;
    }

    private Expression rule(Expression e) {
        Expression a = e.argument(0);
        Expression da = derivative(a);
        if (e.operator().arity() == 1) {
            return da.equals(ZERO) ? ZERO : unaryRule(e, a, da);
        }
        Expression b = e.argument(1);
        Expression db = derivative(b);
        if (da.equals(ZERO) && db.equals(ZERO)) {
            return ZERO;
        }
        return binaryRule(e, a, da, b, db);
    }

    /**
     * The local partial derivative of a node with respect to one of its arguments: the node's rule with that
     * argument's derivative 1 and the other's 0 (so the piecewise rules of abs, min and max carry over).
     *
     * @param e a node of arity 1 or 2
     * @param argument 0 or 1
     * @return {@code d e / d e.argument(argument)}
     */
    static Expression partial(Expression e, int argument) {
        Expression a = e.argument(0);
        if (e.operator().arity() == 1) {
            return unaryRule(e, a, ONE);
        }
        return binaryRule(e, a, argument == 0 ? ONE : ZERO, e.argument(1), argument == 0 ? ZERO : ONE);
    }

    private static Expression unaryRule(Expression e, Expression a, Expression da) {
        switch (e.operator()) {
            case NEG: return neg(da);
            case SIN: return mul(cos(a), da);
            case COS: return neg(mul(sin(a), da));
            case TAN: return div(da, pow(cos(a), 2));
            case ASIN: return div(da, sqrt(sub(ONE, pow(a, 2))));
            case ACOS: return neg(div(da, sqrt(sub(ONE, pow(a, 2)))));
            case ATAN: return div(da, add(ONE, pow(a, 2)));
            case SINH: return mul(cosh(a), da);
            case COSH: return mul(sinh(a), da);
            case TANH: return div(da, pow(cosh(a), 2));
            case EXP: return mul(e, da);
            case EXPM1: return mul(exp(a), da);
            case LOG: return div(da, a);
            case LOG1P: return div(da, add(a, ONE));
            case SQRT: return div(da, mul(TWO, e));
            case CBRT: return div(da, mul(constant(3), pow(e, 2)));
            case ABS: return mul(sign(a), da);
            case SIGN: return ZERO;
            default: throw new IllegalStateException("no derivative rule for " + e.operator());
        }
    }

    private static Expression binaryRule(Expression e, Expression a, Expression da, Expression b, Expression db) {
        switch (e.operator()) {
            case ADD: return add(da, db);
            case SUB: return sub(da, db);
            case MUL: return add(mul(da, b), mul(a, db));
            case DIV: return quotientRule(a, da, b, db);
            case POW: return powerRule(e, a, da, b, db);
            case ATAN2: return div(sub(mul(b, da), mul(a, db)), add(pow(a, 2), pow(b, 2)));
            case HYPOT: return div(add(mul(a, da), mul(b, db)), e);
            case MIN: return piecewise(a, da, b, db, -1);
            case MAX: return piecewise(a, da, b, db, 1);
            default: throw new IllegalStateException("no derivative rule for " + e.operator());
        }
    }

    private static Expression quotientRule(Expression a, Expression da, Expression b, Expression db) {
        if (db.equals(ZERO)) {
            return div(da, b);
        }
        return div(sub(mul(da, b), mul(a, db)), pow(b, 2));
    }

    private static Expression powerRule(Expression e, Expression a, Expression da, Expression b, Expression db) {
        if (b.isConstant()) {
            double p = b.constantValue();
            return mul(mul(constant(p), pow(a, constant(p - 1))), da);
        }
        // d(a^b) = a^b (db log a + b da / a)
        Expression inner = mul(db, log(a));
        if (!da.equals(ZERO)) {
            inner = add(inner, div(mul(b, da), a));
        }
        return mul(e, inner);
    }

    /** min (side -1) or max (side +1): the derivative of the selected branch, the mean at a tie. */
    private static Expression piecewise(Expression a, Expression da, Expression b, Expression db, int side) {
        if (da.equals(db)) {
            return da;
        }
        Expression switchTerm = mul(sign(sub(a, b)), sub(da, db));
        Expression sum = side > 0 ? add(add(da, db), switchTerm) : sub(add(da, db), switchTerm);
        return div(sum, TWO);
    }
}
