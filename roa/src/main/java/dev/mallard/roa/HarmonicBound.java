package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A polynomial upper bound {@code U(y)} of a polynomial {@code p(y, sin y_i, cos y_i)} valid where
 * {@code |y_i| <= h_i} on the angles, of low degree and with p's Hessian at the origin. Products of sin and cos
 * of one angle become harmonics by the product-to-sum formulas ({@code sin q cos q = sin(2q)/2}), so p is a sum
 * of terms {@code c(y) H} with H a product of harmonics {@code sin(jq)}, {@code cos(jq)} of distinct angles.
 * Each harmonic lies in {@code mid(q) + e w(q)} with {@code |e| <= 1/2} ({@link TrigonometricBounds} on
 * {@code |jq| <= j h}), of the lowest Taylor order whose remainder {@code c w} has no monomial below degree 4
 * (the remainder then leaves the linearisation alone) and whose relative width is within the tolerance: a term
 * of high degree takes order 0. Then {@code p <= sum c prod mid + sum |remainders|}, and each remainder's
 * absolute value is bounded monomial by monomial by the weighted AM-GM inequality
 * {@code |z^a| <= sum_i (a_i/n) |z_i|^n} ({@code n = |a|}) in variables {@code z_i = y_i / sigma_i} scaled to
 * the region of interest, with {@code |z|^n <= (z^(n-1) + z^(n+1))/2} for odd n. The largest remainders of
 * single harmonics may instead be kept exact: {@code c H = c mid + e r} with {@code |e| <= 1} lies between the
 * two vertices {@code +-r}. This replaces the 2^m vertex polynomials of m enclosed variables by 2^k (k small)
 * polynomials of low degree, whose largest is at each y at least the worst of the 2^m up to the AM-GM step.
 */
final class HarmonicBound {

    /** The lowest degree a remainder may have: below it, it would shift the linearisation (or Vdot's Hessian). */
    static final int REMAINDER_DEGREE = 4;

    private HarmonicBound() {
    }

    /**
     * @param p a polynomial in y then the atoms {@code sin y_i, cos y_i} (angles listed in {@code angleOf})
     * @param y the displacement variables
     * @param atoms sin and cos of each angle, in that order
     * @param angleOf for each atom, the index of its angle in y
     * @param halfWidths per state, the box on the angles (finite for every angle)
     * @param scales per state, {@code > 0}, the extent of the region of interest along {@code y_i}
     * @param tolerance the relative width of a harmonic's bounds accepted
     * @param maxOrder the highest Taylor order
     * @param exactGroups how many terms with one harmonic, those of the largest remainders, keep their remainder
     *     {@code +-r} exactly as two vertices instead of its AM-GM bound
     * @return the {@code 2^k} vertex polynomials in y ({@code k <= exactGroups}), with p at most the largest of
     *     them wherever the angles are within their half-widths
     */
    static List<Polynomial> upper(Polynomial p, List<Variable> y, List<Variable> atoms, List<Integer> angleOf,
            double[] halfWidths, double[] scales, double tolerance, int maxOrder, int exactGroups) {
        List<Integer> angles = new ArrayList<>();
        for (int a = 0; a < atoms.size(); a += 2) {
            angles.add(angleOf.get(a));
        }
        Map<List<Integer>, Polynomial> groups = harmonics(p, y, atoms, angles.size());
        List<Part> parts = new ArrayList<>();
        for (Map.Entry<List<Integer>, Polynomial> group : groups.entrySet()) {
            parts.add(enclose(group.getValue(), group.getKey(), angles, y, halfWidths, scales, tolerance, maxOrder));
        }
        Map<Variable, Double> corner = new HashMap<>();
        for (int i = 0; i < y.size(); i++) {
            corner.put(y.get(i), scales[i]);
        }
        // The largest remainders first, by their bound at the scales' corner (the sum of their magnitudes).
        parts.sort(java.util.Comparator.comparingDouble((Part part) -> -part.bound.evaluate(corner)));
        Polynomial common = Polynomial.ZERO;
        List<Polynomial> exact = new ArrayList<>();
        for (Part part : parts) {
            common = common.add(part.mid);
            if (part.remainder != null && exact.size() < exactGroups) {
                exact.add(part.remainder);
            } else {
                common = common.add(part.bound);
            }
        }
        List<Polynomial> out = new ArrayList<>();
        for (int mask = 0; mask < 1 << exact.size(); mask++) {
            Polynomial vertex = common;
            for (int k = 0; k < exact.size(); k++) {
                vertex = (mask >> k & 1) == 0 ? vertex.add(exact.get(k)) : vertex.sub(exact.get(k));
            }
            out.add(vertex);
        }
        return out;
    }

    /**
     * One term {@code c H} enclosed: {@code c prod mid}, and the rest, whose absolute value is at most
     * {@code bound}; when H is one harmonic, the rest is {@code e remainder} for some {@code |e| <= 1}.
     */
    private record Part(Polynomial mid, Polynomial remainder, Polynomial bound) {
    }

    /**
     * p as {@code sum c_H(y) H}, keyed by H: per angle, 0 for the constant 1, {@code 2j} for {@code cos(jq)},
     * {@code 2j - 1} for {@code sin(jq)}.
     */
    static Map<List<Integer>, Polynomial> harmonics(Polynomial p, List<Variable> y, List<Variable> atoms,
            int angleCount) {
        Map<List<Integer>, Polynomial> out = new LinkedHashMap<>();
        Map<List<Integer>, Map<Integer, Double>> memo = new HashMap<>();
        for (Map.Entry<Monomial, Double> term : p.terms().entrySet()) {
            Map<Variable, Integer> inY = new HashMap<>();
            for (Variable v : y) {
                inY.put(v, term.getKey().degree(v));
            }
            Polynomial c = Polynomial.of(Monomial.of(inY), term.getValue());
            List<Map<Integer, Double>> perAngle = new ArrayList<>();
            for (int i = 0; i < angleCount; i++) {
                List<Integer> powers = List.of(term.getKey().degree(atoms.get(2 * i)),
                        term.getKey().degree(atoms.get(2 * i + 1)));
                perAngle.add(memo.computeIfAbsent(powers, k -> productToSum(k.get(0), k.get(1))));
            }
            accumulate(out, c, perAngle, 0, new ArrayList<>());
        }
        out.values().removeIf(Polynomial::isZero);
        return out;
    }

    private static void accumulate(Map<List<Integer>, Polynomial> out, Polynomial c, List<Map<Integer, Double>> perAngle,
            int i, List<Integer> key) {
        if (i == perAngle.size()) {
            out.merge(List.copyOf(key), c, Polynomial::add);
            return;
        }
        for (Map.Entry<Integer, Double> h : perAngle.get(i).entrySet()) {
            key.add(h.getKey());
            accumulate(out, c.scale(h.getValue()), perAngle, i + 1, key);
            key.remove(key.size() - 1);
        }
    }

    /** {@code sin^a cos^b} as harmonics (keys as in {@link #harmonics}), by multiplying one factor at a time. */
    static Map<Integer, Double> productToSum(int a, int b) {
        Map<Integer, Double> out = new HashMap<>(Map.of(0, 1.0));
        for (int k = 0; k < a + b; k++) {
            boolean bySine = k < a;
            Map<Integer, Double> next = new HashMap<>();
            for (Map.Entry<Integer, Double> h : out.entrySet()) {
                int j = (h.getKey() + 1) / 2;
                boolean sine = h.getKey() % 2 == 1;
                double half = 0.5 * h.getValue();
                if (bySine && sine) {
                    // sin(jq) sin q = (cos((j-1)q) - cos((j+1)q)) / 2
                    add(next, j - 1, false, half);
                    add(next, j + 1, false, -half);
                } else if (bySine) {
                    // cos(jq) sin q = (sin((j+1)q) - sin((j-1)q)) / 2
                    add(next, j + 1, true, half);
                    add(next, j - 1, true, -half);
                } else if (sine) {
                    // sin(jq) cos q = (sin((j+1)q) + sin((j-1)q)) / 2
                    add(next, j + 1, true, half);
                    add(next, j - 1, true, half);
                } else {
                    // cos(jq) cos q = (cos((j+1)q) + cos((j-1)q)) / 2
                    add(next, j + 1, false, half);
                    add(next, j - 1, false, half);
                }
            }
            next.values().removeIf(v -> v == 0);
            out = next;
        }
        return out;
    }

    /** Adds {@code value sin(jq)} or {@code value cos(jq)}, folding negative j (sin odd, cos even). */
    private static void add(Map<Integer, Double> into, int j, boolean sine, double value) {
        if (sine && j == 0) {
            return;
        }
        double signed = sine && j < 0 ? -value : value;
        int m = Math.abs(j);
        into.merge(sine ? 2 * m - 1 : 2 * m, signed, Double::sum);
    }

    /** {@code c H} as the product of the mids, and the AM-GM bound of every remainder. */
    private static Part enclose(Polynomial c, List<Integer> key, List<Integer> angles, List<Variable> y,
            double[] halfWidths, double[] scales, double tolerance, int maxOrder) {
        int low = lowestDegree(c);
        List<Integer> enclosed = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            if (key.get(i) != 0) {
                enclosed.add(i);
                // The other harmonics' mids start at degree 1 (sine) or 0 (cosine).
                low += key.get(i) % 2;
            }
        }
        List<Polynomial> mids = new ArrayList<>();
        List<Polynomial> widths = new ArrayList<>();
        for (int i : enclosed) {
            int harmonic = key.get(i);
            boolean sine = harmonic % 2 == 1;
            int j = (harmonic + 1) / 2;
            Variable q = y.get(angles.get(i));
            double h = j * halfWidths[angles.get(i)];
            int others = low - (sine ? 1 : 0);
            int k = TrigonometricBounds.order(sine, h, tolerance, maxOrder, REMAINDER_DEGREE - others);
            Polynomial[] pair = sine ? TrigonometricBounds.sine(q, k, h) : TrigonometricBounds.cosine(q, k, h);
            Map<Variable, Polynomial> argument = Map.of(q, Polynomial.of(q).scale(j));
            Polynomial lo = PolynomialAlgebra.substitute(pair[0], argument);
            Polynomial hi = PolynomialAlgebra.substitute(pair[1], argument);
            mids.add(lo.add(hi).scale(0.5));
            widths.add(hi.sub(lo));
        }
        Polynomial mid = c;
        Polynomial remainder = null;
        Polynomial bound = Polynomial.ZERO;
        for (int mask = 0; mask < 1 << enclosed.size(); mask++) {
            Polynomial product = c;
            for (int k = 0; k < enclosed.size(); k++) {
                product = product.multiply((mask >> k & 1) == 0 ? mids.get(k) : widths.get(k).scale(0.5));
            }
            if (mask == 0) {
                mid = product;
            } else {
                bound = bound.add(absoluteBound(product, y, scales));
                remainder = enclosed.size() == 1 ? product : null;
            }
        }
        return new Part(mid, remainder, bound);
    }

    private static int lowestDegree(Polynomial p) {
        int out = Integer.MAX_VALUE;
        for (Monomial m : p.monomials()) {
            out = Math.min(out, m.totalDegree());
        }
        return out;
    }

    /**
     * A polynomial at least {@code |r(y)|} everywhere, by the weighted AM-GM inequality in the scaled variables.
     *
     * @throws IllegalStateException if r has a monomial below {@link #REMAINDER_DEGREE}
     */
    static Polynomial absoluteBound(Polynomial r, List<Variable> y, double[] scales) {
        Polynomial out = Polynomial.ZERO;
        for (Map.Entry<Monomial, Double> term : r.terms().entrySet()) {
            Monomial m = term.getKey();
            int n = m.totalDegree();
            if (n < REMAINDER_DEGREE) {
                throw new IllegalStateException("a remainder of degree " + n + " would shift the linearisation: " + m);
            }
            double magnitude = Math.abs(term.getValue());
            for (int i = 0; i < y.size(); i++) {
                magnitude *= Math.pow(scales[i], m.degree(y.get(i)));
            }
            for (int i = 0; i < y.size(); i++) {
                int a = m.degree(y.get(i));
                if (a == 0) {
                    continue;
                }
                double weight = magnitude * a / n;
                Variable v = y.get(i);
                out = out.add(n % 2 == 0 ? Polynomial.of(Monomial.of(v, n), weight / Math.pow(scales[i], n))
                        : Polynomial.of(Monomial.of(v, n - 1), 0.5 * weight / Math.pow(scales[i], n - 1))
                                .add(Polynomial.of(Monomial.of(v, n + 1), 0.5 * weight / Math.pow(scales[i], n + 1))));
            }
        }
        return out;
    }
}
