package dev.mallard.symbolic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A sparse multivariate polynomial with double coefficients: a map from {@link Monomial} to non-zero
 * coefficient. Ring operations combine coefficients with ordinary double arithmetic (so each coefficient
 * is rounded as a double sum of products would be); a coefficient that becomes exactly zero is dropped.
 *
 * <p>Immutable and thread-safe.
 */
public final class Polynomial {

    /** The zero polynomial (no terms). */
    public static final Polynomial ZERO = new Polynomial(new TreeMap<>());

    private final SortedMap<Monomial, Double> terms;

    private Polynomial(TreeMap<Monomial, Double> terms) {
        this.terms = Collections.unmodifiableSortedMap(terms);
    }

    /**
     * @param c the value
     * @return the constant polynomial ({@link #ZERO} for 0)
     */
    public static Polynomial constant(double c) {
        return of(Monomial.ONE, c);
    }

    /**
     * @param v a variable
     * @return the polynomial {@code v}
     */
    public static Polynomial of(Variable v) {
        return of(Monomial.of(v), 1.0);
    }

    /**
     * @param m a monomial, not null
     * @param coefficient its coefficient
     * @return the single term {@code coefficient * m} ({@link #ZERO} if the coefficient is 0)
     */
    public static Polynomial of(Monomial m, double coefficient) {
        TreeMap<Monomial, Double> t = new TreeMap<>();
        if (coefficient != 0.0) {
            t.put(Objects.requireNonNull(m, "monomial"), coefficient);
        }
        return new Polynomial(t);
    }

    /**
     * @param coefficients monomial to coefficient, not null, no null keys or values; zero coefficients
     *     are dropped; not modified
     * @return the polynomial
     * @throws NullPointerException on a null monomial or coefficient
     */
    public static Polynomial of(Map<Monomial, Double> coefficients) {
        TreeMap<Monomial, Double> t = new TreeMap<>();
        for (Map.Entry<Monomial, Double> e : coefficients.entrySet()) {
            double c = Objects.requireNonNull(e.getValue(), "coefficient");
            if (c != 0.0) {
                t.put(Objects.requireNonNull(e.getKey(), "monomial"), c);
            }
        }
        return new Polynomial(t);
    }

    /**
     * @return monomial to non-zero coefficient, in {@link Monomial} order (unmodifiable)
     */
    public SortedMap<Monomial, Double> terms() {
        return terms;
    }

    /**
     * @param m a monomial
     * @return its coefficient, 0 if absent
     */
    public double coefficient(Monomial m) {
        return terms.getOrDefault(m, 0.0);
    }

    /**
     * @return the monomials with non-zero coefficient, in order (unmodifiable)
     */
    public Set<Monomial> monomials() {
        return terms.keySet();
    }

    /**
     * @return the variables occurring, in creation order (new set)
     */
    public Set<Variable> variables() {
        Set<Variable> out = new TreeSet<>();
        for (Monomial m : terms.keySet()) {
            out.addAll(m.variables());
        }
        return out;
    }

    /**
     * @return whether there are no terms
     */
    public boolean isZero() {
        return terms.isEmpty();
    }

    /**
     * @return the highest total degree of a term; 0 for the zero polynomial
     */
    public int totalDegree() {
        return terms.isEmpty() ? 0 : terms.lastKey().totalDegree();
    }

    /**
     * @param v a variable
     * @return the highest exponent of {@code v} in a term; 0 if absent
     */
    public int degree(Variable v) {
        int d = 0;
        for (Monomial m : terms.keySet()) {
            d = Math.max(d, m.degree(v));
        }
        return d;
    }

    /**
     * @param other a polynomial
     * @return {@code this + other}
     */
    public Polynomial add(Polynomial other) {
        TreeMap<Monomial, Double> t = new TreeMap<>(terms);
        other.terms.forEach((m, c) -> accumulate(t, m, c));
        return new Polynomial(t);
    }

    /**
     * @param other a polynomial
     * @return {@code this - other}
     */
    public Polynomial sub(Polynomial other) {
        TreeMap<Monomial, Double> t = new TreeMap<>(terms);
        other.terms.forEach((m, c) -> accumulate(t, m, -c));
        return new Polynomial(t);
    }

    /**
     * @param other a polynomial
     * @return {@code this * other}
     */
    public Polynomial multiply(Polynomial other) {
        TreeMap<Monomial, Double> t = new TreeMap<>();
        for (Map.Entry<Monomial, Double> x : terms.entrySet()) {
            for (Map.Entry<Monomial, Double> y : other.terms.entrySet()) {
                accumulate(t, x.getKey().multiply(y.getKey()), x.getValue() * y.getValue());
            }
        }
        return new Polynomial(t);
    }

    /**
     * @param factor any double
     * @return {@code factor * this}
     */
    public Polynomial scale(double factor) {
        TreeMap<Monomial, Double> t = new TreeMap<>();
        terms.forEach((m, c) -> accumulate(t, m, c * factor));
        return new Polynomial(t);
    }

    /** @return {@code -this} */
    public Polynomial negate() {
        return scale(-1.0);
    }

    /**
     * @param n power, {@code >= 0}
     * @return {@code this^n} by repeated squaring ({@code this^0} is 1, also for the zero polynomial)
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public Polynomial pow(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("polynomial power must be >= 0, got " + n);
        }
        Polynomial result = constant(1.0);
        Polynomial base = this;
        for (int e = n; e != 0; e >>>= 1) {
            if ((e & 1) != 0) {
                result = result.multiply(base);
            }
            if (e > 1) {
                base = base.multiply(base);
            }
        }
        return result;
    }

    /**
     * @param v a variable
     * @return the partial derivative
     */
    public Polynomial differentiate(Variable v) {
        TreeMap<Monomial, Double> t = new TreeMap<>();
        terms.forEach((m, c) -> {
            int p = m.degree(v);
            if (p > 0) {
                accumulate(t, m.divideBy(v), c * p);
            }
        });
        return new Polynomial(t);
    }

    /**
     * @param env values of the variables (more allowed), not modified
     * @return the value
     * @throws IllegalArgumentException naming a variable missing from {@code env}
     */
    public double evaluate(Environment env) {
        double sum = 0.0;
        for (Map.Entry<Monomial, Double> e : terms.entrySet()) {
            sum += e.getValue() * e.getKey().evaluate(env);
        }
        return sum;
    }

    /**
     * @param values values of the variables (more allowed), not modified
     * @return the value
     * @throws IllegalArgumentException naming a variable missing from {@code values}
     */
    public double evaluate(Map<Variable, Double> values) {
        return evaluate(Environment.of(values));
    }

    /**
     * The polynomial as an expression, highest total degree first: {@code 2*x^2 + x*y - 3}.
     *
     * @return the expression ({@link Expression#ZERO} for the zero polynomial)
     */
    public Expression toExpression() {
        List<Monomial> order = new ArrayList<>(terms.keySet());
        order.sort(Comparator.comparingInt(Monomial::totalDegree).reversed().thenComparing(Comparator.naturalOrder()));
        Expression e = Expression.ZERO;
        for (Monomial m : order) {
            e = Expression.add(e, Expression.mul(Expression.constant(terms.get(m)), m.toExpression()));
        }
        return e;
    }

    /**
     * Whether every coefficient of {@code this - other} is at most {@code tolerance} in absolute value.
     *
     * @param other another polynomial
     * @param tolerance absolute tolerance, {@code >= 0}
     * @return true if the polynomials agree to the tolerance
     * @throws IllegalArgumentException if the tolerance is negative or NaN
     */
    public boolean equalsWithin(Polynomial other, double tolerance) {
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("tolerance must be >= 0, got " + tolerance);
        }
        for (double c : sub(other).terms.values()) {
            if (!(Math.abs(c) <= tolerance)) {
                return false;
            }
        }
        return true;
    }

    private static void accumulate(TreeMap<Monomial, Double> t, Monomial m, double c) {
        double sum = t.getOrDefault(m, 0.0) + c;
        if (sum == 0.0) {
            t.remove(m);
        } else {
            t.put(m, sum);
        }
    }

    /** Exact equality of the coefficient maps. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Polynomial && terms.equals(((Polynomial) o).terms);
    }

    @Override
    public int hashCode() {
        return terms.hashCode();
    }

    @Override
    public String toString() {
        return toExpression().toString();
    }
}
