package dev.mallard.roa;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.NotPolynomialException;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Dynamics written as polynomials: as given when they are polynomial in the state; for dynamics polynomial in
 * the state and affine in each of sin and cos of the angles ({@link TrigonometricEnclosure}, no denominators),
 * lifted to the state and, per angle q, two more variables {@code s = sin q} and {@code c = cos q - 1}, with
 * polynomial constraints that every true state satisfies on a box {@code |q| <= h <= pi}: the circle
 * {@code s^2 + c^2 + 2c = 0}, the box, and the chords of {@link TrigonometricBounds} as products. The lifted
 * field is exact at the true states, so a polynomial inequality in the lifted variables that holds wherever the
 * constraints do holds for the true dynamics on the box. Unlike replacing sin and cos by their bounds (vertex
 * fields, a hull that does not see that sin and cos are tied), the lifted constraints couple s and c through the
 * circle, and SOS certificates in the lifted variables may use s and c in their multipliers.
 */
final class LiftedDynamics {

    /** The displacement variables. */
    final List<Variable> y;
    /** The dynamics for polynomial systems, null when lifted. */
    private final List<Polynomial> polynomial;
    /** The enclosure, null for polynomial systems. */
    private final TrigonometricEnclosure form;
    /** Per state, whether it is an angle that enters through sin or cos. */
    final boolean[] angle;
    /** The lifted variables s and c per angle, made once so that every lifted form shares them. */
    private final List<Variable> lift = new ArrayList<>();
    /** The true time derivatives, in y (and the atoms when lifted). */
    private final List<PolynomialEvaluator> rates = new ArrayList<>();

    private LiftedDynamics(List<Variable> y, List<Polynomial> polynomial, TrigonometricEnclosure form) {
        this.y = List.copyOf(y);
        this.polynomial = polynomial;
        this.form = form;
        this.angle = new boolean[y.size()];
        if (form != null) {
            form.angleOf.forEach(i -> angle[i] = true);
            for (int a = 0; a + 1 < form.atoms.size(); a += 2) {
                String name = y.get(form.angleOf.get(a)).name();
                lift.add(new Variable("s_" + name));
                lift.add(new Variable("c_" + name));
            }
            form.numerators.forEach(n -> rates.add(new PolynomialEvaluator(n, form.allVariables())));
        } else {
            polynomial.forEach(p -> rates.add(new PolynomialEvaluator(p, y)));
        }
    }

    /**
     * @param f the time derivatives in the displacement variables, parameters as numbers
     * @param y the displacement variables
     * @return the dynamics, lifted when not polynomial
     * @throws IllegalArgumentException when f is neither polynomial nor polynomial in the state and sin and cos
     *     of single angles, affine in each of those, without denominators
     */
    static LiftedDynamics of(Expression[] f, List<Variable> y) {
        List<Polynomial> polynomial = new ArrayList<>();
        try {
            for (Expression fi : f) {
                polynomial.add(fi.toPolynomial(y));
            }
            return new LiftedDynamics(y, List.copyOf(polynomial), null);
        } catch (NotPolynomialException e) {
            // not polynomial: lift sin and cos
        }
        TrigonometricEnclosure form = TrigonometricEnclosure.of(f, y);
        if (!form.reciprocals.isEmpty()) {
            throw new IllegalArgumentException("shapeMatrix: the dynamics have a denominator in the state ("
                    + form.denominators.get(0) + "); the shape's level is searched for dynamics polynomial in the "
                    + "state and in sin and cos of the angles");
        }
        for (int j = 0; j < form.numerators.size(); j++) {
            if (!form.isMultiAffine(form.numerators.get(j))) {
                throw new IllegalArgumentException("shapeMatrix: xdot[" + j + "] = " + f[j] + " is not affine in "
                        + "each of sin and cos of the angles, as the search needs");
            }
        }
        return new LiftedDynamics(y, null, form);
    }

    /** @return whether some state is an angle, so that the lifted form holds only on a box */
    boolean lifted() {
        return form != null;
    }

    /** @return the lifted variables, s and c per angle in the order of the angles (none for polynomial dynamics) */
    List<Variable> liftVariables() {
        return List.copyOf(lift);
    }

    /**
     * The dynamics as polynomials in y and the lifted variables, with the constraints that hold at the true
     * states.
     *
     * @param field the time derivative of each state (exact at the true states)
     * @param inequalities polynomials nonnegative at every true state of the box
     * @param equations polynomials zero at every true state (the circles {@code s^2 + c^2 + 2c})
     */
    record Form(List<Polynomial> field, List<Polynomial> inequalities, List<Polynomial> equations) {
    }

    /**
     * @param outer per state, the bound h on |y_i| for angles, in {@code (0, pi]} (other entries ignored)
     * @return the dynamics as given (no constraints) when polynomial; else lifted, with the constraints on
     *     {@code |q_i| <= h_i}: the box {@code h^2 - q^2 >= 0}, the sine's chords {@code (s - q sin h / h)(q - s)
     *     >= 0} and {@code q s >= 0}, the cosine's {@code c + q^2/2 >= 0} and {@code -c - q^2 (1 - cos h) / h^2
     *     >= 0}, and the circle
     * @throws IllegalArgumentException if an angle's bound is not in {@code (0, pi]}
     */
    Form form(double[] outer) {
        if (form == null) {
            return new Form(polynomial, List.of(), List.of());
        }
        List<Variable> all = form.allVariables();
        List<Polynomial> replacements = new ArrayList<>();
        for (Variable v : all) {
            replacements.add(Polynomial.of(v));
        }
        List<Polynomial> inequalities = new ArrayList<>();
        List<Polynomial> equations = new ArrayList<>();
        for (int a = 0; a + 1 < form.atoms.size(); a += 2) {
            int i = form.angleOf.get(a);
            double h = outer[i];
            if (!(h > 0 && h <= Math.PI)) {
                throw new IllegalArgumentException("outer[" + i + "] must be in (0, pi], got " + h);
            }
            Polynomial q = Polynomial.of(y.get(i));
            Polynomial s = Polynomial.of(lift.get(a));
            Polynomial c = Polynomial.of(lift.get(a + 1));
            Polynomial one = Polynomial.constant(1);
            replacements.set(y.size() + a, s);
            replacements.set(y.size() + a + 1, c.add(one));
            Polynomial[] sine = TrigonometricBounds.sineChord(y.get(i), 0, h);
            Polynomial[] cosine = TrigonometricBounds.cosineChord(y.get(i), 0, h);
            inequalities.add(Polynomial.constant(h * h).sub(q.multiply(q)));
            inequalities.add(s.sub(sine[0]).multiply(sine[1].sub(s)));
            inequalities.add(q.multiply(s));
            inequalities.add(c.add(one).sub(cosine[0]));
            inequalities.add(cosine[1].sub(c.add(one)));
            equations.add(s.multiply(s).add(c.multiply(c)).add(c.scale(2)));
        }
        List<Polynomial> field = new ArrayList<>();
        for (Polynomial n : form.numerators) {
            field.add(PolynomialAlgebra.compose(n, all, replacements));
        }
        return new Form(List.copyOf(field), List.copyOf(inequalities), List.copyOf(equations));
    }

    /**
     * @param point a displacement y
     * @return the true time derivative there
     */
    double[] rate(double[] point) {
        double[] at = form == null ? point : form.withAtoms(point);
        double[] out = new double[y.size()];
        for (int j = 0; j < out.length; j++) {
            out[j] = rates.get(j).evaluate(at);
        }
        return out;
    }
}
