package dev.mallard.symbolic;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Expression to {@link Polynomial} conversion, the polynomial test, and expansion (which converts with
 * non-polynomial subexpressions standing in as fresh variables, then substitutes them back).
 */
final class PolynomialConversion {

    private final Set<Variable> variables;
    private final Map<Expression, Polynomial> memo = new IdentityHashMap<>();
    // Expansion only: non-polynomial atoms (structurally equal ones share one stand-in variable).
    private final Map<Expression, Variable> atoms;

    private PolynomialConversion(Collection<Variable> variables, boolean expanding) {
        this.variables = new HashSet<>(variables);
        this.atoms = expanding ? new HashMap<>() : null;
    }

    static Polynomial toPolynomial(Expression e, Collection<Variable> variables) {
        Problem p = findProblem(e, new HashSet<>(variables), identitySet());
        if (p != null) {
            throw new NotPolynomialException(e, p.culprit, variables, p.why);
        }
        return new PolynomialConversion(variables, false).convert(e);
    }

    static Expression findNonPolynomial(Expression e, Collection<Variable> variables) {
        Problem p = findProblem(e, new HashSet<>(variables), identitySet());
        return p == null ? null : p.culprit;
    }

    static Expression expand(Expression e) {
        PolynomialConversion c = new PolynomialConversion(e.getVariables(), true);
        Expression poly = c.convert(e).toExpression();
        Map<Variable, Expression> back = new HashMap<>();
        c.atoms.forEach((atom, stand) -> back.put(stand, atom));
        return poly.substitute(back);
    }

    private static final class Problem {
        final Expression culprit;
        final String why;

        Problem(Expression culprit, String why) {
            this.culprit = culprit;
            this.why = why;
        }
    }

    private static Problem findProblem(Expression e, Collection<Variable> vars, Set<Expression> seen) {
        if (!seen.add(e)) {
            return null;
        }
        switch (e.operator()) {
            case CONSTANT:
                return null;
            case VARIABLE:
                return vars.contains(e.variable()) ? null : new Problem(e, "is not one of the polynomial's variables");
            case ADD: case SUB: case MUL:
                Problem p = findProblem(e.argument(0), vars, seen);
                return p != null ? p : findProblem(e.argument(1), vars, seen);
            case NEG:
                return findProblem(e.argument(0), vars, seen);
            case DIV:
                if (!e.argument(1).isConstant() || e.argument(1).constantValue() == 0) {
                    return new Problem(e, "divides by a non-constant or zero");
                }
                return findProblem(e.argument(0), vars, seen);
            case POW:
                if (!isNaturalPower(e)) {
                    return new Problem(e, "is not a power with a constant non-negative integer exponent");
                }
                return findProblem(e.argument(0), vars, seen);
            default:
                return new Problem(e, "is a function (" + e.operator().functionName() + ") of the variables");
        }
    }

    private static boolean isNaturalPower(Expression e) {
        Expression p = e.argument(1);
        return p.isConstant() && Expression.isInt(p.constantValue()) && p.constantValue() >= 0;
    }

    private Polynomial convert(Expression e) {
        if (e.isConstant()) {
            return Polynomial.constant(e.constantValue());
        }
        if (e.isVariable()) {
            return Polynomial.of(e.variable());
        }
        Polynomial done = memo.get(e);
        if (done == null) {
            done = rule(e);
            memo.put(e, done);
        }
        return done;
    }

    private Polynomial rule(Expression e) {
        switch (e.operator()) {
            case ADD: return convert(e.argument(0)).add(convert(e.argument(1)));
            case SUB: return convert(e.argument(0)).sub(convert(e.argument(1)));
            case MUL: return convert(e.argument(0)).multiply(convert(e.argument(1)));
            case NEG: return convert(e.argument(0)).negate();
            case DIV:
                if (e.argument(1).isConstant()) {
                    return convert(e.argument(0)).scale(1.0 / e.argument(1).constantValue());
                }
                return atom(e);
            case POW:
                if (isNaturalPower(e)) {
                    return convert(e.argument(0)).pow((int) e.argument(1).constantValue());
                }
                return atom(e);
            default:
                return atom(e);
        }
    }

    /** Expansion only: a non-polynomial node, its arguments expanded, as a stand-in variable. */
    private Polynomial atom(Expression e) {
        Expression x = expand(e.argument(0));
        Expression rebuilt = e.operator().arity() == 1
                ? Expression.apply(e.operator(), x)
                : Expression.apply(e.operator(), x, expand(e.argument(1)));
        if (rebuilt.isConstant()) {
            return Polynomial.constant(rebuilt.constantValue());
        }
        Variable stand = atoms.computeIfAbsent(rebuilt, k -> new Variable("atom"));
        return Polynomial.of(stand);
    }

    private static Set<Expression> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
