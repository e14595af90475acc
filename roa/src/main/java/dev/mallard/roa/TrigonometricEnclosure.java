package dev.mallard.roa;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Operator;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dynamics in which angles enter through sin and cos and also otherwise (a linear feedback of the angle, a
 * denominator in sin), written {@code ydot_j = N_j(y, s, c) / D(y, s, c)} with {@code s_i = sin(y_i)} and
 * {@code c_i = cos(y_i)} as new polynomial variables (the atoms; {@code sin(y_i + a)} is expanded exactly),
 * one common denominator D (the product of the distinct denominators up to scale, each made positive at the
 * origin and to be proven positive). For a polynomial V, {@code Vdot D = p(y, s, c)}. When p is affine in
 * each atom, and each atom lies between two polynomials of its angle ({@link TrigonometricBounds}), p at the
 * true sin and cos is a convex combination, with weights depending on y, of the vertex polynomials obtained
 * by replacing every atom by one of its bounds: Vdot < 0 wherever every vertex is negative and the bounds hold.
 */
final class TrigonometricEnclosure {

    /** The displacement variables. */
    final List<Variable> y;
    /** sin(y_i) and cos(y_i) for every angle i, in that order. */
    final List<Variable> atoms = new ArrayList<>();
    /** The index in y of each atom's angle. */
    final List<Integer> angleOf = new ArrayList<>();
    /** The time derivatives, one per state, polynomial in y, the atoms and the reciprocals. */
    final List<Polynomial> numerators = new ArrayList<>();
    /** The distinct denominators (up to scale) in y and the atoms, each positive at the origin. */
    final List<Polynomial> denominators = new ArrayList<>();
    /** One variable per denominator, standing for its reciprocal. */
    final List<Variable> reciprocals = new ArrayList<>();
    /** Per state, the index of its time derivative's denominator, or -1 when it has none. */
    private final List<Integer> denominatorOf = new ArrayList<>();

    /** Evaluators of the denominators, made on first use. */
    private List<PolynomialEvaluator> denominatorValues;

    private TrigonometricEnclosure(List<Variable> y) {
        this.y = List.copyOf(y);
    }

    /**
     * @param f the time derivatives in the displacement variables, parameters as numbers
     * @param y the displacement variables
     * @return the rational form in y and the atoms
     * @throws IllegalArgumentException naming the entry and the culprit when f is not rational in y and sin and
     *     cos of single angles plus constants
     */
    static TrigonometricEnclosure of(Expression[] f, List<Variable> y) {
        TrigonometricEnclosure out = new TrigonometricEnclosure(y);
        Map<Variable, Variable[]> sc = new java.util.HashMap<>();
        List<RationalFunction> rational = new ArrayList<>();
        for (int j = 0; j < f.length; j++) {
            Expression replaced = new Replacer(out, sc, j).replace(f[j]);
            List<Variable> all = new ArrayList<>(y);
            all.addAll(out.atoms);
            try {
                rational.add(RationalFunction.of(replaced, all));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the dynamics are not rational in the state and sin and cos of "
                        + "angles: in xdot[" + j + "], " + e.getMessage(), e);
            }
        }
        List<Variable> all = out.allVariables();
        double[] origin = out.withAtoms(new double[y.size()]);
        for (int j = 0; j < f.length; j++) {
            Polynomial d = rational.get(j).denominator;
            double atOrigin = new PolynomialEvaluator(d, all).evaluate(origin);
            if (atOrigin == 0) {
                throw new IllegalArgumentException("the dynamics are not defined at the fixed point: the denominator "
                        + "of xdot[" + j + "] vanishes there");
            }
            if (d.totalDegree() == 0) {
                out.numerators.add(rational.get(j).numerator.scale(1.0 / atOrigin));
                out.denominatorOf.add(-1);
                continue;
            }
            int k = 0;
            double alpha = Double.NaN;
            for (; k < out.denominators.size(); k++) {
                Polynomial rep = out.denominators.get(k);
                alpha = atOrigin / new PolynomialEvaluator(rep, all).evaluate(origin);
                if (d.equalsWithin(rep.scale(alpha), 1e-12 * PolynomialAlgebra.maxAbsCoefficient(d))) {
                    break;
                }
            }
            if (k == out.denominators.size()) {
                alpha = Math.signum(atOrigin);
                out.denominators.add(d.scale(alpha));
                out.reciprocals.add(new Variable("reciprocal" + k));
            }
            out.numerators.add(rational.get(j).numerator.scale(1.0 / alpha)
                    .multiply(Polynomial.of(out.reciprocals.get(k))));
            out.denominatorOf.add(k);
        }
        return out;
    }

    /** y, the atoms, then the reciprocals. */
    List<Variable> allVariables() {
        List<Variable> all = new ArrayList<>(y);
        all.addAll(atoms);
        all.addAll(reciprocals);
        return all;
    }

    /**
     * @param v V in y
     * @return Vdot in y, the atoms and the reciprocals
     */
    Polynomial vdot(Polynomial v) {
        Polynomial p = Polynomial.ZERO;
        for (int j = 0; j < y.size(); j++) {
            p = p.add(v.differentiate(y.get(j)).multiply(numerators.get(j)));
        }
        return p;
    }

    /**
     * @param p a polynomial in {@link #allVariables()}
     * @return whether p is affine in each atom and reciprocal, as {@link #vertices} needs
     */
    boolean isMultiAffine(Polynomial p) {
        List<Variable> all = allVariables();
        for (Variable a : all.subList(y.size(), all.size())) {
            if (p.degree(a) > 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Vdot times the product of the denominators, which has Vdot's sign where every denominator is positive
     * ({@link #checkDenominators}).
     *
     * @param v V in y
     * @return the product, in y and the atoms
     */
    Polynomial clearedVdot(Polynomial v) {
        Polynomial all = Polynomial.constant(1);
        for (Polynomial d : denominators) {
            all = all.multiply(d);
        }
        Map<Variable, Polynomial> others = new java.util.HashMap<>();
        for (int k = 0; k < denominators.size(); k++) {
            Polynomial product = Polynomial.constant(1);
            for (int m = 0; m < denominators.size(); m++) {
                product = m == k ? product : product.multiply(denominators.get(m));
            }
            others.put(reciprocals.get(k), product);
        }
        Polynomial p = Polynomial.ZERO;
        for (int j = 0; j < y.size(); j++) {
            Polynomial cleared = denominatorOf.get(j) < 0 ? numerators.get(j).multiply(all)
                    : PolynomialAlgebra.substitute(numerators.get(j), others);
            p = p.add(v.differentiate(y.get(j)).multiply(cleared));
        }
        return p;
    }

    /**
     * @param halfWidths per state, only angles' entries read
     * @throws IllegalArgumentException when a denominator is not bounded away from zero where the angles are
     *     within their half-widths
     */
    void checkDenominators(double[] halfWidths) {
        for (int k = 0; k < denominators.size(); k++) {
            denominatorRange(k, halfWidths);
        }
    }

    /** The range of denominator k over the box, by interval arithmetic, checked positive. */
    private double[] denominatorRange(int k, double[] halfWidths) {
        Polynomial d = denominators.get(k);
        double[] range = Interval.of(d, allVariables(), box(halfWidths));
        if (!(range[0] > 0)) {
            throw new IllegalArgumentException("the denominator " + d + " is not bounded away from zero where the "
                    + "angles are within " + java.util.Arrays.toString(halfWidths) + " (interval " + range[0] + " to "
                    + range[1] + "); only denominators in sin and cos of the angles are supported");
        }
        return range;
    }

    /**
     * @param p a polynomial in {@link #allVariables()}
     * @return the indices, among the atoms then the reciprocals, of those p depends on
     */
    List<Integer> enclosedIn(Polynomial p) {
        List<Variable> all = allVariables();
        List<Integer> out = new ArrayList<>();
        for (int a = y.size(); a < all.size(); a++) {
            if (p.degree(all.get(a)) > 0) {
                out.add(a - y.size());
            }
        }
        return out;
    }

    /**
     * Bounds of an atom or reciprocal valid where {@code |y_i| <= halfWidths[i]} for every angle i (an
     * infinite half-width: every angle). An atom gets the Taylor pair of its order, or the sector pair when its
     * angle is unbounded; a reciprocal, the constants 1/max and 1/min of its denominator over the box,
     * bounded by interval arithmetic.
     *
     * @param a the index among the atoms then the reciprocals
     * @param halfWidths per state, only angles' entries read
     * @param order the Taylor order of an atom (ignored for the sector and for reciprocals)
     * @return the two bounds, polynomials in y
     * @throws IllegalArgumentException when a denominator is not bounded away from zero on the box
     */
    Polynomial[] bounds(int a, double[] halfWidths, int order) {
        if (a < atoms.size()) {
            Variable q = y.get(angleOf.get(a));
            double h = halfWidths[angleOf.get(a)];
            boolean sine = a % 2 == 0;
            if (Double.isInfinite(h)) {
                return sine ? TrigonometricBounds.sineSector(q) : TrigonometricBounds.cosineSector(q);
            }
            return sine ? TrigonometricBounds.sine(q, order, h) : TrigonometricBounds.cosine(q, order, h);
        }
        double[] range = denominatorRange(a - atoms.size(), halfWidths);
        return new Polynomial[] {Polynomial.constant(1 / range[1]), Polynomial.constant(1 / range[0])};
    }

    /**
     * @param p a polynomial in {@link #allVariables()}, affine in each enclosed variable
     * @param used the enclosed variables p depends on ({@link #enclosedIn})
     * @param bounds for each used one, its two bounds (polynomials in y)
     * @return the 2^m polynomials in y obtained by replacing each used one by one of its bounds
     */
    List<Polynomial> vertices(Polynomial p, List<Integer> used, List<Polynomial[]> bounds) {
        List<Variable> all = allVariables();
        List<Polynomial> out = new ArrayList<>();
        for (int mask = 0; mask < 1 << used.size(); mask++) {
            List<Polynomial> replacements = new ArrayList<>();
            for (Variable v : all) {
                replacements.add(Polynomial.of(v));
            }
            for (int k = 0; k < used.size(); k++) {
                replacements.set(y.size() + used.get(k), bounds.get(k)[(mask >> k) & 1]);
            }
            out.add(PolynomialAlgebra.compose(p, all, replacements));
        }
        return out;
    }

    /**
     * @param displacement a point y
     * @return y followed by the true values of the atoms and the reciprocals there
     */
    double[] withAtoms(double[] displacement) {
        double[] out = java.util.Arrays.copyOf(displacement, y.size() + atoms.size() + reciprocals.size());
        for (int a = 0; a < atoms.size(); a++) {
            double q = displacement[angleOf.get(a)];
            out[y.size() + a] = a % 2 == 0 ? Math.sin(q) : Math.cos(q);
        }
        if (denominatorValues == null || denominatorValues.size() != denominators.size()) {
            denominatorValues = new ArrayList<>();
            for (Polynomial d : denominators) {
                denominatorValues.add(new PolynomialEvaluator(d, allVariables()));
            }
        }
        for (int k = 0; k < denominators.size(); k++) {
            out[y.size() + atoms.size() + k] = 1 / denominatorValues.get(k).evaluate(out);
        }
        return out;
    }

    /**
     * Interval ranges of y (angles within their half-widths, other states unbounded) and of the atoms there,
     * widened outward by 1e-12 against rounding.
     */
    private double[][] box(double[] halfWidths) {
        List<Variable> all = allVariables();
        double[][] out = new double[all.size()][];
        for (int i = 0; i < y.size(); i++) {
            double h = angleOf.contains(i) ? halfWidths[i] : Double.POSITIVE_INFINITY;
            out[i] = new double[] {-h, h};
        }
        for (int a = 0; a < atoms.size(); a++) {
            double h = halfWidths[angleOf.get(a)];
            double[] r = a % 2 == 0 ? new double[] {-Math.sin(Math.min(h, Math.PI / 2)), Math.sin(Math.min(h, Math.PI / 2))}
                    : new double[] {Math.cos(Math.min(h, Math.PI)), 1};
            out[y.size() + a] = new double[] {r[0] - 1e-12, r[1] + 1e-12};
        }
        for (int k = 0; k < reciprocals.size(); k++) {
            out[y.size() + atoms.size() + k] = new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
        }
        return out;
    }

    /** Replaces sin and cos of an angle plus a constant by polynomials in the atoms. */
    private static final class Replacer {
        private final TrigonometricEnclosure form;
        private final Map<Variable, Variable[]> sc;
        private final int entry;
        private final Map<Expression, Expression> memo = new IdentityHashMap<>();

        Replacer(TrigonometricEnclosure form, Map<Variable, Variable[]> sc, int entry) {
            this.form = form;
            this.sc = sc;
            this.entry = entry;
        }

        Expression replace(Expression e) {
            Expression known = memo.get(e);
            if (known == null) {
                known = compute(e);
                memo.put(e, known);
            }
            return known;
        }

        private Expression compute(Expression e) {
            if (java.util.Collections.disjoint(e.getVariables(), form.y)) {
                return e;
            }
            if (e.operator() == Operator.SIN || e.operator() == Operator.COS) {
                return trigonometric(e);
            }
            int arity = e.operator().arity();
            if (arity == 0) {
                return e;
            }
            Expression[] args = new Expression[arity];
            for (int k = 0; k < arity; k++) {
                args[k] = replace(e.argument(k));
            }
            return Expression.apply(e.operator(), args);
        }

        /** sin(y + a) = s cos a + c sin a; cos(y + a) = c cos a - s sin a. */
        private Expression trigonometric(Expression e) {
            Expression arg = e.argument(0);
            Variable q = arg.getVariables().size() == 1 ? arg.getVariables().iterator().next() : null;
            Polynomial p = q != null && form.y.contains(q) && arg.isPolynomial(List.of(q))
                    ? arg.toPolynomial(List.of(q)) : null;
            if (p == null || p.totalDegree() != 1 || p.coefficient(Monomial.of(q)) != 1.0) {
                throw new IllegalArgumentException("the dynamics cannot be enclosed: in xdot[" + entry + "], " + e
                        + " has an argument that is not one angle plus a constant");
            }
            Variable[] atoms = sc.computeIfAbsent(q, k -> {
                Variable[] pair = {new Variable("sin_" + k.name()), new Variable("cos_" + k.name())};
                int i = form.y.indexOf(k);
                form.atoms.add(pair[0]);
                form.atoms.add(pair[1]);
                form.angleOf.add(i);
                form.angleOf.add(i);
                return pair;
            });
            double a = p.coefficient(Monomial.ONE);
            double cosA = snap(Math.cos(a));
            double sinA = snap(Math.sin(a));
            Expression s = atoms[0].toExpression();
            Expression c = atoms[1].toExpression();
            return e.operator() == Operator.SIN ? s.times(cosA).plus(c.times(sinA))
                    : c.times(cosA).minus(s.times(sinA));
        }

        /** cos and sin of multiples of pi/2 as exact 0 and +-1, so that no spurious 1e-16 terms appear. */
        private static double snap(double x) {
            double r = Math.rint(x);
            return Math.abs(x - r) < 1e-15 ? r : x;
        }
    }
}
