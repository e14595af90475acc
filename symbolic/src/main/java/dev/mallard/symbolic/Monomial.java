package dev.mallard.symbolic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A monomial: a product of variables raised to positive integer powers, {@code x^2*y}. A value type:
 * equal exponents of the same variables make equal monomials, so it serves as a map key (a polynomial's
 * coefficient map, a sum-of-squares program's coefficient of each monomial).
 *
 * <p>Ordered graded-lexicographically: lower total degree first; within a degree, by the exponent of
 * the earliest-created variable, larger first. For variables x then y the order is
 * {@code 1, x, y, x^2, x*y, y^2, x^3, ...}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Monomial implements Comparable<Monomial> {

    /** The empty product, 1. */
    public static final Monomial ONE = new Monomial(new Variable[0], new int[0]);

    // Variables sorted by id, exponents all positive.
    private final Variable[] vars;
    private final int[] exps;
    private final int degree;
    private final int hash;

    private Monomial(Variable[] vars, int[] exps) {
        this.vars = vars;
        this.exps = exps;
        int d = 0;
        int h = 1;
        for (int i = 0; i < vars.length; i++) {
            d += exps[i];
            h = 31 * (31 * h + vars[i].hashCode()) + exps[i];
        }
        this.degree = d;
        this.hash = h;
    }

    /**
     * @param v a variable, not null
     * @return the monomial {@code v}
     */
    public static Monomial of(Variable v) {
        return of(v, 1);
    }

    /**
     * @param v a variable, not null
     * @param exponent its power, {@code >= 0}
     * @return the monomial {@code v^exponent} ({@link #ONE} for exponent 0)
     * @throws IllegalArgumentException if {@code exponent < 0}
     */
    public static Monomial of(Variable v, int exponent) {
        return of(Map.of(Objects.requireNonNull(v, "variable"), exponent));
    }

    /**
     * @param exponents variable to power, each power {@code >= 0} (zero powers are dropped); not modified
     * @return the monomial
     * @throws IllegalArgumentException naming the variable with a negative or null exponent
     */
    public static Monomial of(Map<Variable, Integer> exponents) {
        TreeMap<Variable, Integer> sorted = new TreeMap<>();
        for (Map.Entry<Variable, Integer> entry : exponents.entrySet()) {
            Integer e = entry.getValue();
            if (e == null || e < 0) {
                throw new IllegalArgumentException("exponent of '" + entry.getKey() + "' must be >= 0, got " + e);
            }
            if (e > 0) {
                sorted.put(Objects.requireNonNull(entry.getKey(), "variable"), e);
            }
        }
        Variable[] vs = sorted.keySet().toArray(new Variable[0]);
        int[] es = new int[vs.length];
        for (int i = 0; i < vs.length; i++) {
            es[i] = sorted.get(vs[i]);
        }
        return new Monomial(vs, es);
    }

    /**
     * Every monomial in the given variables whose total degree lies in {@code [minDegree, maxDegree]}, in
     * this class's order. A sum-of-squares program's monomial basis is {@code range(x, 0, d)}.
     *
     * @param variables the variables, not null, no duplicates
     * @param minDegree lowest total degree, {@code >= 0}
     * @param maxDegree highest total degree, {@code >= minDegree}
     * @return a new list
     * @throws IllegalArgumentException if the degrees are out of range or a variable repeats
     */
    public static List<Monomial> range(List<Variable> variables, int minDegree, int maxDegree) {
        if (minDegree < 0 || maxDegree < minDegree) {
            throw new IllegalArgumentException("need 0 <= minDegree <= maxDegree, got minDegree=" + minDegree
                    + ", maxDegree=" + maxDegree);
        }
        Variable[] sorted = new TreeSet<>(variables).toArray(new Variable[0]);
        if (sorted.length != variables.size()) {
            throw new IllegalArgumentException("variables repeat: " + variables);
        }
        List<Monomial> out = new ArrayList<>();
        for (int d = minDegree; d <= maxDegree; d++) {
            enumerate(sorted, 0, d, new int[sorted.length], out);
        }
        return out;
    }

    /**
     * @param variables the variables
     * @param maxDegree highest total degree, {@code >= 0}
     * @return every monomial of total degree at most {@code maxDegree}, in order, starting with 1
     */
    public static List<Monomial> upToDegree(List<Variable> variables, int maxDegree) {
        return range(variables, 0, maxDegree);
    }

    /**
     * @param variables the variables
     * @param degree the total degree, {@code >= 0}
     * @return every monomial of exactly that total degree, in order
     */
    public static List<Monomial> ofDegree(List<Variable> variables, int degree) {
        return range(variables, degree, degree);
    }

    // Fills exponents left to right, larger powers of earlier variables first: produces this class's order.
    private static void enumerate(Variable[] vars, int index, int remaining, int[] exps, List<Monomial> out) {
        if (index == vars.length - 1 || vars.length == 0) {
            if (vars.length > 0) {
                exps[index] = remaining;
            } else if (remaining > 0) {
                return;
            }
            out.add(fromDense(vars, exps));
            return;
        }
        for (int e = remaining; e >= 0; e--) {
            exps[index] = e;
            enumerate(vars, index + 1, remaining - e, exps, out);
        }
        exps[index] = 0;
    }

    private static Monomial fromDense(Variable[] vars, int[] exps) {
        int n = 0;
        for (int e : exps) {
            n += e > 0 ? 1 : 0;
        }
        Variable[] vs = new Variable[n];
        int[] es = new int[n];
        int k = 0;
        for (int i = 0; i < vars.length; i++) {
            if (exps[i] > 0) {
                vs[k] = vars[i];
                es[k++] = exps[i];
            }
        }
        return new Monomial(vs, es);
    }

    /**
     * @return the total degree (sum of exponents)
     */
    public int totalDegree() {
        return degree;
    }

    /**
     * @param v a variable
     * @return its exponent here, 0 if absent
     */
    public int degree(Variable v) {
        for (int i = 0; i < vars.length; i++) {
            if (vars[i] == v) {
                return exps[i];
            }
        }
        return 0;
    }

    /**
     * @return the variables with positive exponents, in creation order (new, unmodifiable)
     */
    public Set<Variable> variables() {
        return Collections.unmodifiableSet(new TreeSet<>(Arrays.asList(vars)));
    }

    /**
     * @return variable to positive exponent, in creation order (new, unmodifiable)
     */
    public Map<Variable, Integer> exponents() {
        Map<Variable, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < vars.length; i++) {
            out.put(vars[i], exps[i]);
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * @param other another monomial
     * @return the product (exponents added)
     */
    public Monomial multiply(Monomial other) {
        if (other.vars.length == 0) {
            return this;
        }
        if (vars.length == 0) {
            return other;
        }
        // Merge of the two variable-sorted exponent lists: products of monomials are the inner loop of
        // building sum-of-squares programs.
        Variable[] vs = new Variable[vars.length + other.vars.length];
        int[] es = new int[vs.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < vars.length || j < other.vars.length) {
            int order = i == vars.length ? 1 : j == other.vars.length ? -1 : vars[i].compareTo(other.vars[j]);
            if (order < 0) {
                vs[n] = vars[i];
                es[n++] = exps[i++];
            } else if (order > 0) {
                vs[n] = other.vars[j];
                es[n++] = other.exps[j++];
            } else {
                vs[n] = vars[i];
                es[n++] = Math.addExact(exps[i++], other.exps[j++]);
            }
        }
        return new Monomial(Arrays.copyOf(vs, n), Arrays.copyOf(es, n));
    }

    /**
     * @param n power, {@code >= 0}
     * @return this monomial to the n-th power
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public Monomial pow(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("monomial power must be >= 0, got " + n);
        }
        if (n == 0) {
            return ONE;
        }
        int[] es = exps.clone();
        for (int i = 0; i < es.length; i++) {
            es[i] = Math.multiplyExact(es[i], n);
        }
        return new Monomial(vars, es);
    }

    /**
     * The monomial with the exponent of {@code v} lowered by one; with {@link #degree(Variable)} as the
     * factor this is the derivative.
     *
     * @param v a variable with positive exponent
     * @return this monomial divided by {@code v}
     * @throws IllegalArgumentException if {@code v} does not occur
     */
    public Monomial divideBy(Variable v) {
        Map<Variable, Integer> e = new TreeMap<>(exponents());
        Integer p = e.get(v);
        if (p == null) {
            throw new IllegalArgumentException("variable '" + v + "' does not occur in " + this);
        }
        e.put(v, p - 1);
        return of(e);
    }

    /**
     * @param env values of the variables (more allowed), not modified
     * @return the product of the powers
     * @throws IllegalArgumentException naming a variable missing from {@code env}
     */
    public double evaluate(Environment env) {
        double product = 1.0;
        for (int i = 0; i < vars.length; i++) {
            product *= Evaluation.pow(env.get(vars[i]), exps[i]);
        }
        return product;
    }

    /**
     * @return the product of powers as an expression ({@link Expression#ONE} for {@link #ONE})
     */
    public Expression toExpression() {
        Expression e = Expression.ONE;
        for (int i = 0; i < vars.length; i++) {
            e = Expression.mul(e, Expression.pow(vars[i].toExpression(), exps[i]));
        }
        return e;
    }

    @Override
    public int compareTo(Monomial o) {
        if (degree != o.degree) {
            return Integer.compare(degree, o.degree);
        }
        int i = 0;
        int j = 0;
        while (i < vars.length && j < o.vars.length) {
            int byVariable = vars[i].compareTo(o.vars[j]);
            if (byVariable != 0) {
                // The earlier variable occurs only in the monomial that goes first.
                return byVariable < 0 ? -1 : 1;
            }
            if (exps[i] != o.exps[j]) {
                return exps[i] > o.exps[j] ? -1 : 1;
            }
            i++;
            j++;
        }
        return Integer.compare(o.vars.length - j, vars.length - i);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Monomial)) {
            return false;
        }
        Monomial m = (Monomial) o;
        return hash == m.hash && Arrays.equals(vars, m.vars) && Arrays.equals(exps, m.exps);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /**
     * @return e.g. {@code x^2*y}, or {@code 1}
     */
    @Override
    public String toString() {
        return toExpression().toString();
    }
}
