package dev.mallard.symbolic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
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
        Problem p = findProblem(e, new HashSet<>(variables));
        if (p != null) {
            throw new NotPolynomialException(e, p.culprit, variables, p.why);
        }
        return new PolynomialConversion(variables, false).convertAll(e);
    }

    static Expression findNonPolynomial(Expression e, Collection<Variable> variables) {
        Problem p = findProblem(e, new HashSet<>(variables));
        return p == null ? null : p.culprit;
    }

    static Expression expand(Expression e) {
        PolynomialConversion c = new PolynomialConversion(e.getVariables(), true);
        Expression poly = c.convertAll(e).toExpression();
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

    /** The outermost non-polynomial node, searching depth-first from the root (iteratively). */
    private static Problem findProblem(Expression root, Collection<Variable> vars) {
        Set<Expression> seen = identitySet();
        List<Expression> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            Expression e = stack.remove(stack.size() - 1);
            if (!seen.add(e)) {
                continue;
            }
            Problem p = problemAt(e, vars);
            if (p != null) {
                return p;
            }
            // Only the base of a power and the numerator of a quotient need further checks.
            boolean both = e.operator() == Operator.ADD || e.operator() == Operator.SUB || e.operator() == Operator.MUL;
            if (both) {
                stack.add(e.argument(1));
            }
            if (e.operator().arity() > 0) {
                stack.add(e.argument(0));
            }
        }
        return null;
    }

    private static Problem problemAt(Expression e, Collection<Variable> vars) {
        switch (e.operator()) {
            case CONSTANT: case ADD: case SUB: case MUL: case NEG:
                return null;
            case VARIABLE:
                return vars.contains(e.variable()) ? null : new Problem(e, "is not one of the polynomial's variables");
            case DIV:
                if (!e.argument(1).isConstant() || e.argument(1).constantValue() == 0) {
                    return new Problem(e, "divides by a non-constant or zero");
                }
                return null;
            case POW:
                return isNaturalPower(e) ? null
                        : new Problem(e, "is not a power with a constant non-negative integer exponent");
            default:
                return new Problem(e, "is a function (" + e.operator().functionName() + ") of the variables");
        }
    }

    private static boolean isNaturalPower(Expression e) {
        Expression p = e.argument(1);
        return p.isConstant() && Expression.isInt(p.constantValue()) && p.constantValue() >= 0;
    }

    /** Converts children first, so that convert() finds them memoised: no deep recursion. */
    private Polynomial convertAll(Expression e) {
        Polynomial result = null;
        for (Expression node : e.topologicalOrder()) {
            result = convert(node);
        }
        return result;
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
