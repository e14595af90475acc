package dev.mallard.symja;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Operator;
import dev.mallard.symbolic.Variable;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.expression.S;
import org.matheclipse.core.interfaces.IAST;
import org.matheclipse.core.interfaces.IExpr;
import org.matheclipse.core.interfaces.IReal;
import org.matheclipse.core.interfaces.ISymbol;

/**
 * Converts between Mallard expressions and Symja's {@code IExpr}. Each Mallard variable becomes a Symja
 * dummy symbol (local to this converter, never a global Symja symbol) and converts back to the same
 * variable; use one converter for a round trip. Integral constants become exact Symja integers, other
 * constants machine reals.
 *
 * <p>Creating a converter does not start Symja's evaluation engine, but its conversions load Symja's
 * classes (about a second the first time). Not thread-safe: use one converter per thread.
 */
public final class SymjaConverter {

    private final Map<Variable, ISymbol> symbols = new IdentityHashMap<>();
    private final Map<String, Variable> variables = new HashMap<>();
    private final Map<Expression, IExpr> memo = new IdentityHashMap<>();

    /** A converter with no variables yet. */
    public SymjaConverter() {
    }

    /**
     * @param e a Mallard expression
     * @return the equivalent Symja expression (unevaluated)
     */
    public IExpr toIExpr(Expression e) {
        IExpr done = memo.get(e);
        if (done == null) {
            done = convert(e);
            memo.put(e, done);
        }
        return done;
    }

    private IExpr convert(Expression e) {
        switch (e.operator()) {
            case CONSTANT: return number(e.constantValue());
            case VARIABLE: return symbol(e.variable());
            default: break;
        }
        IExpr a = toIExpr(e.argument(0));
        IExpr b = e.operator().arity() == 2 ? toIExpr(e.argument(1)) : null;
        switch (e.operator()) {
            case ADD: return F.Plus(a, b);
            case SUB: return F.Plus(a, F.Times(F.CN1, b));
            case MUL: return F.Times(a, b);
            case DIV: return F.Times(a, F.Power(b, F.CN1));
            case NEG: return F.Times(F.CN1, a);
            case POW: return F.Power(a, b);
            case SIN: return F.Sin(a);
            case COS: return F.unaryAST1(S.Cos, a);
            case TAN: return F.unaryAST1(S.Tan, a);
            case ASIN: return F.unaryAST1(S.ArcSin, a);
            case ACOS: return F.unaryAST1(S.ArcCos, a);
            case ATAN: return F.unaryAST1(S.ArcTan, a);
            case ATAN2: return F.ArcTan(b, a); // Symja's ArcTan[x, y] is the angle of (x, y)
            case SINH: return F.unaryAST1(S.Sinh, a);
            case COSH: return F.unaryAST1(S.Cosh, a);
            case TANH: return F.unaryAST1(S.Tanh, a);
            case EXP: return F.Power(S.E, a);
            case EXPM1: return F.Plus(F.Power(S.E, a), F.CN1);
            case LOG: return F.Log(a);
            case LOG1P: return F.Log(F.Plus(F.C1, a));
            case SQRT: return F.Sqrt(a);
            case CBRT: return F.CubeRoot(a);
            case ABS: return F.Abs(a);
            case SIGN: return F.Sign(a);
            case MIN: return F.Min(a, b);
            case MAX: return F.Max(a, b);
            case HYPOT: return F.Sqrt(F.Plus(F.Power(a, F.C2), F.Power(b, F.C2)));
            default: throw new IllegalStateException("no Symja form for " + e.operator());
        }
    }

    private static IExpr number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return F.ZZ((long) v);
        }
        return F.num(v);
    }

    private ISymbol symbol(Variable v) {
        return symbols.computeIfAbsent(v, k -> {
            // Unique, so that two Mallard variables with one name stay two Symja symbols.
            String name = variables.containsKey(k.name()) ? k.name() + "$" + k.id() : k.name();
            variables.put(name, k);
            return F.Dummy(name);
        });
    }

    /**
     * Converts a Symja expression back, over the variables this converter has seen.
     *
     * @param x a real-valued Symja expression built from numbers, {@code Pi}, {@code E}, this
     *     converter's symbols, {@code Plus Times Power} and the functions Mallard knows
     * @return the Mallard expression
     * @throws IllegalArgumentException naming the unknown symbol, the unsupported function or the
     *     non-real number
     */
    public Expression toExpression(IExpr x) {
        if (x.isReal()) {
            return Expression.constant(((IReal) x).doubleValue());
        }
        if (x.isPi()) {
            return Expression.constant(Math.PI);
        }
        if (x.isE()) {
            return Expression.constant(Math.E);
        }
        if (x.isSymbol()) {
            Variable v = variables.get(x.toString());
            if (v == null || symbols.get(v) != x) {
                throw new IllegalArgumentException("Symja symbol '" + x + "' is not a variable of this converter");
            }
            return v.toExpression();
        }
        if (x.isNumber()) {
            throw new IllegalArgumentException("Symja number " + x + " is not real");
        }
        if (!x.isAST()) {
            throw new IllegalArgumentException("cannot convert Symja expression " + x);
        }
        return ast((IAST) x);
    }

    private Expression ast(IAST x) {
        IExpr head = x.head();
        if (head == S.Plus || head == S.Times) {
            Expression acc = toExpression(x.arg1());
            for (int i = 2; i <= x.argSize(); i++) {
                Expression next = toExpression(x.getAt(i));
                acc = head == S.Plus ? Expression.add(acc, next) : Expression.mul(acc, next);
            }
            return acc;
        }
        if (head == S.Power) {
            return power(x.arg1(), x.arg2());
        }
        if (head == S.ArcTan && x.argSize() == 2) {
            return Expression.atan2(toExpression(x.arg2()), toExpression(x.arg1()));
        }
        if (head == S.Log && x.argSize() == 2) {
            return Expression.div(Expression.log(toExpression(x.arg2())), Expression.log(toExpression(x.arg1())));
        }
        Operator op = function(head);
        if (op == null || op.arity() != x.argSize()) {
            throw new IllegalArgumentException("Symja function " + head + " with " + x.argSize()
                    + " argument(s) has no Mallard equivalent (in " + x + ")");
        }
        return op.arity() == 1
                ? Expression.apply(op, toExpression(x.arg1()))
                : Expression.apply(op, toExpression(x.arg1()), toExpression(x.arg2()));
    }

    private Expression power(IExpr base, IExpr exponent) {
        Expression e = toExpression(exponent);
        if (base.isE()) {
            return Expression.exp(e);
        }
        Expression b = toExpression(base);
        if (e.isConstant() && e.constantValue() == 0.5) {
            return Expression.sqrt(b);
        }
        if (e.isConstant() && e.constantValue() == -0.5) {
            return Expression.div(Expression.ONE, Expression.sqrt(b));
        }
        if (e.isConstant() && e.constantValue() == -1) {
            return Expression.div(Expression.ONE, b);
        }
        return Expression.pow(b, e);
    }

    private static Operator function(IExpr head) {
        Map<IExpr, Operator> known = new IdentityHashMap<>();
        known.put(S.Sin, Operator.SIN);
        known.put(S.Cos, Operator.COS);
        known.put(S.Tan, Operator.TAN);
        known.put(S.ArcSin, Operator.ASIN);
        known.put(S.ArcCos, Operator.ACOS);
        known.put(S.ArcTan, Operator.ATAN);
        known.put(S.Sinh, Operator.SINH);
        known.put(S.Cosh, Operator.COSH);
        known.put(S.Tanh, Operator.TANH);
        known.put(S.Log, Operator.LOG);
        known.put(S.Exp, Operator.EXP);
        known.put(S.Sqrt, Operator.SQRT);
        known.put(S.CubeRoot, Operator.CBRT);
        known.put(S.Abs, Operator.ABS);
        known.put(S.Sign, Operator.SIGN);
        known.put(S.Min, Operator.MIN);
        known.put(S.Max, Operator.MAX);
        return known.get(head);
    }
}
