package dev.mallard.roa;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.NotPolynomialException;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Polynomial vector fields whose convex hull holds the true dynamics where every angle is within a box: the
 * dynamics themselves when they are polynomial; otherwise, for dynamics polynomial in the state and affine in
 * each of sin and cos of the angles ({@link TrigonometricEnclosure}, no denominators), the fields obtained by
 * replacing each sin and cos by one of its two bounds on a range of |q| ({@link TrigonometricBounds}: chords
 * between the range's ends within half a turn, else Taylor bounds of order 0 for the sine and 1 for the cosine).
 * As the dynamics are affine in each atom, at every state of the range the true field is a convex combination
 * of the vertex fields there, so {@code grad V . f} is at most the largest vertex's value: a quadratic V
 * decreases wherever every vertex field makes it decrease.
 */
final class VertexFields {

    /** The displacement variables. */
    final List<Variable> y;
    /** The dynamics for polynomial systems, null when enclosed. */
    private final List<Polynomial> polynomial;
    /** The enclosure, null for polynomial systems. */
    private final TrigonometricEnclosure form;
    /** Per state, whether it is an angle that enters through sin or cos. */
    final boolean[] angle;
    /** The true time derivatives, in y (and the atoms when enclosed). */
    private final List<PolynomialEvaluator> rates = new ArrayList<>();

    private VertexFields(List<Variable> y, List<Polynomial> polynomial, TrigonometricEnclosure form) {
        this.y = List.copyOf(y);
        this.polynomial = polynomial;
        this.form = form;
        this.angle = new boolean[y.size()];
        if (form != null) {
            form.angleOf.forEach(i -> angle[i] = true);
            form.numerators.forEach(n -> rates.add(new PolynomialEvaluator(n, form.allVariables())));
        } else {
            polynomial.forEach(p -> rates.add(new PolynomialEvaluator(p, y)));
        }
    }

    /**
     * @param f the time derivatives in the displacement variables, parameters as numbers
     * @param y the displacement variables
     * @return the fields
     * @throws IllegalArgumentException when f is neither polynomial nor polynomial in the state and sin and cos
     *     of single angles, affine in each of those, without denominators
     */
    static VertexFields of(Expression[] f, List<Variable> y) {
        List<Polynomial> polynomial = new ArrayList<>();
        try {
            for (Expression fi : f) {
                polynomial.add(fi.toPolynomial(y));
            }
            return new VertexFields(y, List.copyOf(polynomial), null);
        } catch (NotPolynomialException e) {
            // not polynomial: enclose sin and cos
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
                        + "each of sin and cos of the angles, as the enclosure needs");
            }
        }
        return new VertexFields(y, null, form);
    }

    /** @return whether some state is an angle, so that the fields hold only on a box */
    boolean enclosed() {
        return form != null;
    }

    /**
     * @param inner per state, the lower bound on |y_i| for angles (other entries ignored), {@code >= 0}
     * @param outer per state, the upper bound on |y_i| for angles, above inner
     * @return the vertex fields valid where every angle is within its bounds, each one polynomial per state in y
     *     (one field, the dynamics, when polynomial): the chords of {@link TrigonometricBounds} when the outer
     *     bound is at most pi, else the Taylor bounds on {@code |q| <= outer}
     */
    List<List<Polynomial>> fields(double[] inner, double[] outer) {
        if (form == null) {
            return List.of(polynomial);
        }
        List<Variable> all = form.allVariables();
        List<Polynomial[]> bounds = new ArrayList<>();
        for (int a = 0; a < form.atoms.size(); a++) {
            Variable q = y.get(form.angleOf.get(a));
            double lo = inner[form.angleOf.get(a)];
            double h = outer[form.angleOf.get(a)];
            boolean chord = h <= Math.PI;
            if (a % 2 == 0) {
                bounds.add(chord ? TrigonometricBounds.sineChord(q, lo, h) : TrigonometricBounds.sine(q, 0, h));
            } else {
                bounds.add(chord ? TrigonometricBounds.cosineChord(q, lo, h) : TrigonometricBounds.cosine(q, 1, h));
            }
        }
        List<List<Polynomial>> out = new ArrayList<>();
        for (int mask = 0; mask < 1 << bounds.size(); mask++) {
            List<Polynomial> replacements = new ArrayList<>();
            for (Variable v : all) {
                replacements.add(Polynomial.of(v));
            }
            for (int a = 0; a < bounds.size(); a++) {
                replacements.set(y.size() + a, bounds.get(a)[(mask >> a) & 1]);
            }
            List<Polynomial> field = new ArrayList<>();
            for (Polynomial n : form.numerators) {
                field.add(PolynomialAlgebra.compose(n, all, replacements));
            }
            out.add(field);
        }
        return out;
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
