package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * A polynomial with exact rational coefficients, for the exact proof of a certificate: every operation is
 * exact, and a double enters as the binary fraction it is. Zero coefficients are dropped. Immutable.
 */
final class ExactPolynomial {

    static final ExactPolynomial ZERO = new ExactPolynomial(new TreeMap<>());

    private final TreeMap<Monomial, BigFraction> terms;

    private ExactPolynomial(TreeMap<Monomial, BigFraction> terms) {
        this.terms = terms;
    }

    /** @return p with each double coefficient taken exactly */
    static ExactPolynomial of(Polynomial p) {
        TreeMap<Monomial, BigFraction> t = new TreeMap<>();
        p.terms().forEach((m, c) -> t.put(m, BigFraction.from(c)));
        return new ExactPolynomial(t);
    }

    /** @return each of ps with its double coefficients taken exactly, in order */
    static List<ExactPolynomial> of(List<Polynomial> ps) {
        List<ExactPolynomial> out = new ArrayList<>(ps.size());
        ps.forEach(p -> out.add(of(p)));
        return out;
    }

    /** @return {@code c m} */
    static ExactPolynomial of(Monomial m, BigFraction c) {
        TreeMap<Monomial, BigFraction> t = new TreeMap<>();
        if (!c.isZero()) {
            t.put(m, c);
        }
        return new ExactPolynomial(t);
    }

    /** @return monomial to non-zero coefficient (unmodifiable) */
    Map<Monomial, BigFraction> terms() {
        return Collections.unmodifiableMap(terms);
    }

    /** @return the coefficient of m, zero if absent */
    BigFraction coefficient(Monomial m) {
        return terms.getOrDefault(m, BigFraction.ZERO);
    }

    ExactPolynomial add(ExactPolynomial other) {
        return plusScaled(BigFraction.ONE, other);
    }

    ExactPolynomial subtract(ExactPolynomial other) {
        return plusScaled(BigFraction.ONE.negate(), other);
    }

    ExactPolynomial negate() {
        return ZERO.subtract(this);
    }

    /** @return {@code this + factor * other} */
    ExactPolynomial plusScaled(BigFraction factor, ExactPolynomial other) {
        TreeMap<Monomial, BigFraction> t = new TreeMap<>(terms);
        other.terms.forEach((m, c) -> accumulate(t, m, factor.multiply(c)));
        return new ExactPolynomial(t);
    }

    ExactPolynomial multiply(ExactPolynomial other) {
        TreeMap<Monomial, BigFraction> t = new TreeMap<>();
        terms.forEach((m1, c1) -> other.terms.forEach((m2, c2) -> accumulate(t, m1.multiply(m2), c1.multiply(c2))));
        return new ExactPolynomial(t);
    }

    ExactPolynomial differentiate(Variable v) {
        TreeMap<Monomial, BigFraction> t = new TreeMap<>();
        terms.forEach((m, c) -> {
            int p = m.degree(v);
            if (p > 0) {
                accumulate(t, m.divideBy(v), c.multiply(p));
            }
        });
        return new ExactPolynomial(t);
    }

    /** @return {@code sum_i d p / d y_i * velocity_i}, the derivative along the vector field */
    ExactPolynomial directional(List<Variable> y, List<ExactPolynomial> velocity) {
        ExactPolynomial out = ZERO;
        for (int i = 0; i < y.size(); i++) {
            out = out.add(differentiate(y.get(i)).multiply(velocity.get(i)));
        }
        return out;
    }

    /** @return p with each {@code y_i} replaced by {@code sum_j t[i][j] y_j}, the doubles of t taken exactly */
    ExactPolynomial substituteLinear(List<Variable> y, double[][] t) {
        ExactPolynomial[] images = new ExactPolynomial[y.size()];
        for (int i = 0; i < y.size(); i++) {
            ExactPolynomial image = ZERO;
            for (int j = 0; j < y.size(); j++) {
                image = image.add(of(Monomial.of(y.get(j)), BigFraction.from(t[i][j])));
            }
            images[i] = image;
        }
        ExactPolynomial out = ZERO;
        for (Map.Entry<Monomial, BigFraction> term : terms.entrySet()) {
            ExactPolynomial product = of(Monomial.ONE, term.getValue());
            for (int i = 0; i < y.size(); i++) {
                for (int k = 0; k < term.getKey().degree(y.get(i)); k++) {
                    product = product.multiply(images[i]);
                }
            }
            out = out.add(product);
        }
        return out;
    }

    /** @return {@code (sum_i y_i^2)^d} */
    static ExactPolynomial squaredNormPower(List<Variable> y, int d) {
        ExactPolynomial norm = ZERO;
        for (Variable v : y) {
            norm = norm.add(of(Monomial.of(v, 2), BigFraction.ONE));
        }
        ExactPolynomial out = of(Monomial.ONE, BigFraction.ONE);
        for (int k = 0; k < d; k++) {
            out = out.multiply(norm);
        }
        return out;
    }

    private static void accumulate(TreeMap<Monomial, BigFraction> t, Monomial m, BigFraction delta) {
        BigFraction sum = t.getOrDefault(m, BigFraction.ZERO).add(delta);
        if (sum.isZero()) {
            t.remove(m);
        } else {
            t.put(m, sum);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExactPolynomial && terms.equals(((ExactPolynomial) o).terms);
    }

    @Override
    public int hashCode() {
        return terms.hashCode();
    }

    @Override
    public String toString() {
        return terms.isEmpty() ? "0" : terms.toString();
    }
}
