package dev.mallard.roa;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * An exact polynomial recast of dynamics in which some displacements {@code y_i} (angles measured from
 * their equilibrium values) enter only through {@code sin(y_i + a)} and {@code cos(y_i + a)}: each such
 * angle becomes {@code s_i = sin(y_i)} and {@code c_i = cos(y_i) - 1}, so that the equilibrium is at
 * {@code s = c = 0}, with {@code s_i' = (c_i + 1) y_i'}, {@code c_i' = -s_i y_i'} and the equality
 * {@code s_i^2 + c_i^2 + 2 c_i = 0} (the unit circle). Nothing is approximated: on the circle the recast
 * dynamics are the true ones.
 */
final class TrigonometricRecast {

    /** The displacement variables with each angle's y_i replaced by s_i, in the state's order. */
    final List<Variable> reduced;
    /** The c_i, one per angle, in the state's order. */
    final List<Variable> cosines;
    /** Which state entries are angles. */
    final boolean[] angle;
    /** The time derivatives of {@code reduced} then {@code cosines}, polynomial. */
    final List<Polynomial> dynamics;
    /** {@code s_i^2 + c_i^2 + 2 c_i}, one per angle. */
    final List<Polynomial> circles;
    /** The original derivatives y_i', as polynomials in the recast variables (for the linearisation). */
    final List<Polynomial> velocities;

    private TrigonometricRecast(List<Variable> reduced, List<Variable> cosines, boolean[] angle,
            List<Polynomial> dynamics, List<Polynomial> circles, List<Polynomial> velocities) {
        this.reduced = reduced;
        this.cosines = cosines;
        this.angle = angle;
        this.dynamics = dynamics;
        this.circles = circles;
        this.velocities = velocities;
    }

    /**
     * @param f the time derivatives in the displacement variables, with parameters as numbers
     * @param y the displacement variables
     * @return the recast, or null when no state enters through sin or cos
     * @throws IllegalArgumentException naming the culprit when a state enters both through sin/cos and
     *     otherwise (an exact recast is then impossible), or f holds other non-polynomial terms
     */
    static TrigonometricRecast of(Expression[] f, List<Variable> y) {
        boolean[] angle = new boolean[y.size()];
        boolean any = false;
        for (Expression fi : f) {
            any |= markAngles(fi, y, angle, new IdentityHashMap<>());
        }
        if (!any) {
            return null;
        }
        List<Variable> reduced = new ArrayList<>();
        List<Variable> cosines = new ArrayList<>();
        Map<Variable, Variable[]> sc = new HashMap<>();
        for (int i = 0; i < y.size(); i++) {
            if (angle[i]) {
                Variable s = new Variable("s" + i);
                Variable c = new Variable("c" + i);
                reduced.add(s);
                cosines.add(c);
                sc.put(y.get(i), new Variable[] {s, c});
            } else {
                reduced.add(y.get(i));
            }
        }
        Converter converter = new Converter(sc);
        List<Polynomial> velocities = new ArrayList<>();
        for (int i = 0; i < f.length; i++) {
            velocities.add(converter.convert(f[i], i));
        }
        List<Polynomial> dynamics = new ArrayList<>(velocities);
        List<Polynomial> circles = new ArrayList<>();
        for (int i = 0, k = 0; i < y.size(); i++) {
            if (angle[i]) {
                Polynomial s = Polynomial.of(reduced.get(i));
                Polynomial c = Polynomial.of(cosines.get(k++));
                dynamics.set(i, c.add(Polynomial.constant(1)).multiply(velocities.get(i)));
                dynamics.add(s.multiply(velocities.get(i)).negate());
                circles.add(s.multiply(s).add(c.multiply(c)).add(c.scale(2)));
            }
        }
        return new TrigonometricRecast(List.copyOf(reduced), List.copyOf(cosines), angle, List.copyOf(dynamics),
                List.copyOf(circles), List.copyOf(velocities));
    }

    /**
     * @param f the time derivatives in the displacement variables, with parameters as numbers
     * @param y the displacement variables
     * @return whether some state enters through sin or cos but the dynamics cannot be recast exactly (an
     *     angle also enters otherwise, or a denominator holds the state), so that sin and cos must be enclosed
     */
    static boolean needsEnclosure(Expression[] f, List<Variable> y) {
        boolean any = false;
        for (Expression fi : f) {
            any |= markAngles(fi, y, new boolean[y.size()], new IdentityHashMap<>());
        }
        if (!any) {
            return false;
        }
        try {
            of(f, y);
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    /** Every recast variable: {@code reduced} then {@code cosines}. */
    List<Variable> all() {
        List<Variable> out = new ArrayList<>(reduced);
        out.addAll(cosines);
        return out;
    }

    /** Marks the states that appear inside a sin or cos; returns whether any does. */
    private static boolean markAngles(Expression e, List<Variable> y, boolean[] angle, Map<Expression, Boolean> seen) {
        if (seen.containsKey(e)) {
            return seen.get(e);
        }
        boolean found = false;
        if (e.operator() == dev.mallard.symbolic.Operator.SIN || e.operator() == dev.mallard.symbolic.Operator.COS) {
            for (Variable v : e.argument(0).getVariables()) {
                int i = y.indexOf(v);
                if (i >= 0) {
                    angle[i] = true;
                    found = true;
                }
            }
        } else {
            for (int k = 0; k < e.operator().arity(); k++) {
                found |= markAngles(e.argument(k), y, angle, seen);
            }
        }
        seen.put(e, found);
        return found;
    }

    /** Expression to polynomial in the recast variables; sin and cos of {@code y_i + a} are expanded exactly. */
    private static final class Converter {
        private final Map<Variable, Variable[]> sc;
        private final Map<Expression, Polynomial> memo = new IdentityHashMap<>();
        private int entry;

        Converter(Map<Variable, Variable[]> sc) {
            this.sc = sc;
        }

        Polynomial convert(Expression e, int entryIndex) {
            entry = entryIndex;
            return convert(e);
        }

        private Polynomial convert(Expression e) {
            Polynomial known = memo.get(e);
            if (known == null) {
                known = compute(e);
                memo.put(e, known);
            }
            return known;
        }

        private Polynomial compute(Expression e) {
            if (e.getVariables().isEmpty()) {
                return Polynomial.constant(e.evaluate(new Environment()));
            }
            switch (e.operator()) {
                case VARIABLE:
                    if (sc.containsKey(e.variable())) {
                        throw refuse(e.variable() + " enters both through sin/cos and directly");
                    }
                    return Polynomial.of(e.variable());
                case ADD:
                    return convert(e.argument(0)).add(convert(e.argument(1)));
                case SUB:
                    return convert(e.argument(0)).sub(convert(e.argument(1)));
                case MUL:
                    return convert(e.argument(0)).multiply(convert(e.argument(1)));
                case NEG:
                    return convert(e.argument(0)).negate();
                case DIV:
                    if (e.argument(1).getVariables().isEmpty()) {
                        return convert(e.argument(0)).scale(1.0 / e.argument(1).evaluate(new Environment()));
                    }
                    throw refuse(e + " divides by a function of the state");
                case POW:
                    return power(e);
                case SIN:
                case COS:
                    return trigonometric(e);
                default:
                    throw refuse(e + " is not polynomial in the state, sin or cos of an angle");
            }
        }

        private Polynomial power(Expression e) {
            Expression exponent = e.argument(1);
            if (!exponent.isConstant() || exponent.constantValue() < 0
                    || exponent.constantValue() != Math.rint(exponent.constantValue())) {
                throw refuse(e + " is not a nonnegative integer power");
            }
            Polynomial base = convert(e.argument(0));
            Polynomial out = Polynomial.constant(1);
            for (int k = 0; k < (int) exponent.constantValue(); k++) {
                out = out.multiply(base);
            }
            return out;
        }

        /** sin(y + a) = s cos a + (c + 1) sin a; cos(y + a) = (c + 1) cos a - s sin a. */
        private Polynomial trigonometric(Expression e) {
            Expression arg = e.argument(0);
            if (arg.getVariables().size() != 1 || !sc.containsKey(arg.getVariables().iterator().next())) {
                throw refuse(e + " has an argument that is not one angle plus a constant");
            }
            Variable q = arg.getVariables().iterator().next();
            Polynomial p = arg.isPolynomial(List.of(q)) ? arg.toPolynomial(List.of(q)) : null;
            if (p == null || p.totalDegree() != 1 || p.coefficient(Monomial.of(q)) != 1.0) {
                throw refuse(e + " has an argument that is not one angle plus a constant");
            }
            double a = p.coefficient(Monomial.ONE);
            Polynomial s = Polynomial.of(sc.get(q)[0]);
            Polynomial c1 = Polynomial.of(sc.get(q)[1]).add(Polynomial.constant(1));
            return e.operator() == dev.mallard.symbolic.Operator.SIN
                    ? s.scale(Math.cos(a)).add(c1.scale(Math.sin(a)))
                    : c1.scale(Math.cos(a)).sub(s.scale(Math.sin(a)));
        }

        private IllegalArgumentException refuse(String why) {
            return new IllegalArgumentException("the dynamics cannot be recast exactly in sin and cos of the angles: "
                    + "in xdot[" + entry + "], " + why);
        }
    }
}
