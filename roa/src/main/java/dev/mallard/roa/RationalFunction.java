package dev.mallard.roa;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A quotient of polynomials {@code numerator / denominator}, obtained from an expression built of
 * {@code + - * /} and integer powers: what clearing denominators needs to turn rational dynamics
 * {@code xdot = n(x) / d(x)} into the polynomial implicit form {@code d(x) xdot - n(x) = 0}. Immutable.
 */
final class RationalFunction {

    final Polynomial numerator;
    final Polynomial denominator;

    private RationalFunction(Polynomial numerator, Polynomial denominator) {
        this.numerator = numerator;
        this.denominator = denominator;
    }

    /**
     * @param e an expression
     * @param variables the variables allowed in it
     * @return it as a quotient of polynomials, with a constant denominator folded into the numerator
     * @throws IllegalArgumentException naming the first subexpression that is not rational in the variables
     */
    static RationalFunction of(Expression e, List<Variable> variables) {
        RationalFunction r = new Converter(variables, e).convert(e);
        if (r.denominator.totalDegree() == 0) {
            double d = r.denominator.coefficient(dev.mallard.symbolic.Monomial.ONE);
            return new RationalFunction(r.numerator.scale(1.0 / d), Polynomial.constant(1.0));
        }
        return r;
    }

    private static final class Converter {
        private final List<Variable> variables;
        private final Expression root;
        private final Map<Expression, RationalFunction> memo = new IdentityHashMap<>();

        Converter(List<Variable> variables, Expression root) {
            this.variables = variables;
            this.root = root;
        }

        RationalFunction convert(Expression e) {
            RationalFunction known = memo.get(e);
            if (known != null) {
                return known;
            }
            RationalFunction r = compute(e);
            memo.put(e, r);
            return r;
        }

        private RationalFunction compute(Expression e) {
            switch (e.operator()) {
                case CONSTANT:
                    return new RationalFunction(Polynomial.constant(e.constantValue()), Polynomial.constant(1.0));
                case VARIABLE:
                    if (!variables.contains(e.variable())) {
                        throw refuse(e, "is a variable other than the state " + variables);
                    }
                    return new RationalFunction(Polynomial.of(e.variable()), Polynomial.constant(1.0));
                case ADD:
                    return sum(convert(e.argument(0)), convert(e.argument(1)), 1.0);
                case SUB:
                    return sum(convert(e.argument(0)), convert(e.argument(1)), -1.0);
                case MUL: {
                    RationalFunction a = convert(e.argument(0));
                    RationalFunction b = convert(e.argument(1));
                    return new RationalFunction(a.numerator.multiply(b.numerator), a.denominator.multiply(b.denominator));
                }
                case DIV: {
                    RationalFunction a = convert(e.argument(0));
                    RationalFunction b = convert(e.argument(1));
                    if (b.numerator.isZero()) {
                        throw refuse(e, "divides by zero");
                    }
                    return new RationalFunction(a.numerator.multiply(b.denominator), a.denominator.multiply(b.numerator));
                }
                case NEG: {
                    RationalFunction a = convert(e.argument(0));
                    return new RationalFunction(a.numerator.negate(), a.denominator);
                }
                case POW:
                    return power(e);
                default:
                    throw refuse(e, "is not a rational function (" + e.operator() + ")");
            }
        }

        private RationalFunction power(Expression e) {
            Expression exponent = e.argument(1);
            if (!exponent.isConstant() || exponent.constantValue() != Math.rint(exponent.constantValue())
                    || Math.abs(exponent.constantValue()) > 64) {
                throw refuse(e, "has a non-integer or non-constant exponent");
            }
            int k = (int) exponent.constantValue();
            RationalFunction base = convert(e.argument(0));
            if (k >= 0) {
                return new RationalFunction(base.numerator.pow(k), base.denominator.pow(k));
            }
            return new RationalFunction(base.denominator.pow(-k), base.numerator.pow(-k));
        }

        private static RationalFunction sum(RationalFunction a, RationalFunction b, double sign) {
            if (a.denominator.equals(b.denominator)) {
                return new RationalFunction(a.numerator.add(b.numerator.scale(sign)), a.denominator);
            }
            Polynomial n = a.numerator.multiply(b.denominator).add(b.numerator.multiply(a.denominator).scale(sign));
            return new RationalFunction(n, a.denominator.multiply(b.denominator));
        }

        private IllegalArgumentException refuse(Expression culprit, String why) {
            return new IllegalArgumentException(root + " is not rational in the state: " + culprit + " " + why);
        }
    }
}
