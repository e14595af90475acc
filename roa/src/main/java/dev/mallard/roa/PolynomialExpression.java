package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A polynomial in indeterminates ({@link Variable}s) whose coefficients are {@link AffineForm}s in the
 * decision variables of an {@link SosProgram}: {@code lambda(x) * Vdot(x)} with the coefficients of
 * {@code lambda} to be chosen. Zero coefficients are dropped. Immutable.
 */
public final class PolynomialExpression {

    /** The zero polynomial. */
    public static final PolynomialExpression ZERO = new PolynomialExpression(new TreeMap<>());

    private final SortedMap<Monomial, AffineForm> terms;

    private PolynomialExpression(TreeMap<Monomial, AffineForm> terms) {
        this.terms = Collections.unmodifiableSortedMap(terms);
    }

    /**
     * @param p a polynomial with numeric coefficients, not null
     * @return the same polynomial with constant affine coefficients
     */
    public static PolynomialExpression of(Polynomial p) {
        Checks.notNull(p, "polynomial");
        TreeMap<Monomial, AffineForm> t = new TreeMap<>();
        p.terms().forEach((m, c) -> t.put(m, AffineForm.constant(c)));
        return new PolynomialExpression(t);
    }

    /**
     * @param m a monomial, not null
     * @param coefficient its coefficient, not null
     * @return the single term {@code coefficient * m}
     */
    public static PolynomialExpression of(Monomial m, AffineForm coefficient) {
        Checks.notNull(m, "monomial");
        TreeMap<Monomial, AffineForm> t = new TreeMap<>();
        if (!Checks.notNull(coefficient, "coefficient").isZero()) {
            t.put(m, coefficient);
        }
        return new PolynomialExpression(t);
    }

    /**
     * @param v a decision variable
     * @return the constant polynomial {@code v}
     */
    public static PolynomialExpression of(DecisionVariable v) {
        return of(Monomial.ONE, AffineForm.of(v));
    }

    /** @return monomial to non-zero coefficient, in monomial order (unmodifiable) */
    public SortedMap<Monomial, AffineForm> terms() {
        return terms;
    }

    /**
     * @param m a monomial
     * @return its coefficient ({@link AffineForm#ZERO} if absent)
     */
    public AffineForm coefficient(Monomial m) {
        return terms.getOrDefault(m, AffineForm.ZERO);
    }

    /** @return the monomials with a non-zero coefficient (unmodifiable) */
    public Set<Monomial> monomials() {
        return terms.keySet();
    }

    /** @return the indeterminates occurring, in creation order (a new set) */
    public Set<Variable> indeterminates() {
        Set<Variable> out = new TreeSet<>();
        for (Monomial m : terms.keySet()) {
            out.addAll(m.variables());
        }
        return out;
    }

    /** @return the highest total degree of a term, 0 for the zero polynomial */
    public int totalDegree() {
        return terms.isEmpty() ? 0 : terms.lastKey().totalDegree();
    }

    /**
     * @param other another polynomial expression
     * @return {@code this + other}
     */
    public PolynomialExpression plus(PolynomialExpression other) {
        return plusScaled(1.0, other);
    }

    /**
     * @param other another polynomial expression
     * @return {@code this - other}
     */
    public PolynomialExpression minus(PolynomialExpression other) {
        return plusScaled(-1.0, other);
    }

    /**
     * @param other a polynomial
     * @return {@code this + other}
     */
    public PolynomialExpression plus(Polynomial other) {
        return plus(of(other));
    }

    /**
     * @param other a polynomial
     * @return {@code this - other}
     */
    public PolynomialExpression minus(Polynomial other) {
        return minus(of(other));
    }

    private PolynomialExpression plusScaled(double factor, PolynomialExpression other) {
        Checks.notNull(other, "other");
        TreeMap<Monomial, AffineForm> t = new TreeMap<>(terms);
        other.terms.forEach((m, c) -> accumulate(t, m, factor, c));
        return new PolynomialExpression(t);
    }

    /**
     * @param factor a finite number
     * @return {@code factor * this}
     */
    public PolynomialExpression times(double factor) {
        Checks.finite(factor, "factor");
        TreeMap<Monomial, AffineForm> t = new TreeMap<>();
        terms.forEach((m, c) -> accumulate(t, m, factor, c));
        return new PolynomialExpression(t);
    }

    /**
     * @param p a polynomial with numeric coefficients
     * @return {@code this * p}, still affine in the decision variables
     */
    public PolynomialExpression times(Polynomial p) {
        Checks.notNull(p, "polynomial");
        Map<Monomial, AffineForm> sums = new HashMap<>();
        for (Map.Entry<Monomial, AffineForm> x : terms.entrySet()) {
            for (Map.Entry<Monomial, Double> y : p.terms().entrySet()) {
                Monomial m = x.getKey().multiply(y.getKey());
                AffineForm sum = sums.getOrDefault(m, AffineForm.ZERO);
                sums.put(m, sum.plusScaled(y.getValue(), x.getValue()));
            }
        }
        TreeMap<Monomial, AffineForm> t = new TreeMap<>();
        sums.forEach((m, c) -> {
            if (!c.isZero()) {
                t.put(m, c);
            }
        });
        return new PolynomialExpression(t);
    }

    /**
     * @param v an indeterminate
     * @return the partial derivative with respect to {@code v}
     */
    public PolynomialExpression differentiate(Variable v) {
        TreeMap<Monomial, AffineForm> t = new TreeMap<>();
        terms.forEach((m, c) -> {
            int p = m.degree(v);
            if (p > 0) {
                accumulate(t, m.divideBy(v), p, c);
            }
        });
        return new PolynomialExpression(t);
    }

    /**
     * @param values decision variable values by index; not modified
     * @return the polynomial with every coefficient evaluated
     */
    Polynomial evaluate(double[] values) {
        Map<Monomial, Double> out = new HashMap<>();
        terms.forEach((m, c) -> out.put(m, c.evaluate(values)));
        return Polynomial.of(out);
    }

    private static void accumulate(TreeMap<Monomial, AffineForm> t, Monomial m, double factor, AffineForm c) {
        AffineForm sum = t.getOrDefault(m, AffineForm.ZERO).plusScaled(factor, c);
        if (sum.isZero()) {
            t.remove(m);
        } else {
            t.put(m, sum);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PolynomialExpression && terms.equals(((PolynomialExpression) o).terms);
    }

    @Override
    public int hashCode() {
        return terms.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        terms.forEach((m, c) -> s.append(s.length() == 0 ? "" : " + ").append('(').append(c).append(")*").append(m));
        return s.length() == 0 ? "0" : s.toString();
    }
}
