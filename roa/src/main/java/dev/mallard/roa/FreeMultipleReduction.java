package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Facial reduction of a Gram basis by the free multiples in its SOS constraint. If
 * {@code p = lambda q + r} with lambda a free polynomial whose coefficients appear nowhere else, and the
 * basis m holds q's monomials, then {@code m'Qm} and {@code m'(Q + t vv')m} (v the coefficients of q on m)
 * certify the same p with lambda changed by {@code -t q}: the Gram matrices form an unbounded set, the
 * moment matrix of the dual is singular at every feasible point, and an interior-point method loses its
 * accuracy as it approaches the optimum. Writing one monomial m_k of q as {@code (q - sum_{j != k} v_j m_j)
 * / v_k} turns {@code m'Qm} into {@code m~'Q~m~ + q (2 w'm~ + s q)}; the second part is absorbed by lambda
 * when every monomial of m~ and of q is among lambda's. So dropping m_k loses no certificate and removes
 * the unbounded direction (Permenter and Parrilo's facial reduction, for this structure, exactly). Several
 * multiples are reduced one after another, each modulo the ones before (Gaussian elimination on their
 * coefficient vectors).
 */
final class FreeMultipleReduction {

    /** A coefficient below this fraction of q's largest one is rounding, not a pivot. */
    private static final double PIVOT_TOLERANCE = 1e-9;

    /** A declared multiple: q and the monomials of its free multiplier. */
    record Multiple(Polynomial q, Set<Monomial> multiplierMonomials) {
    }

    private FreeMultipleReduction() {
    }

    /**
     * @param basis the Gram basis (Newton-reduced or full); not modified
     * @param multiples the constraint's free multiples
     * @return the basis without one monomial per independent multiple that can be absorbed
     */
    static List<Monomial> reduce(List<Monomial> basis, List<Multiple> multiples) {
        if (multiples.isEmpty()) {
            return basis;
        }
        Map<Monomial, Integer> position = new HashMap<>();
        for (int i = 0; i < basis.size(); i++) {
            position.put(basis.get(i), i);
        }
        List<double[]> reduced = new ArrayList<>();
        List<Integer> pivots = new ArrayList<>();
        for (Multiple multiple : multiples) {
            double[] v = coefficients(multiple.q(), position, basis.size());
            if (v == null || !absorbable(basis, multiple)) {
                continue;
            }
            for (int k = 0; k < reduced.size(); k++) {
                double f = v[pivots.get(k)];
                double[] u = reduced.get(k);
                for (int j = 0; j < v.length; j++) {
                    v[j] -= f * u[j];
                }
            }
            int pivot = largest(v, pivots);
            double scale = maxAbs(multiple.q());
            if (pivot < 0 || !(Math.abs(v[pivot]) > PIVOT_TOLERANCE * scale)) {
                continue;
            }
            double inverse = 1 / v[pivot];
            for (int j = 0; j < v.length; j++) {
                v[j] *= inverse;
            }
            reduced.add(v);
            pivots.add(pivot);
        }
        if (pivots.isEmpty()) {
            return basis;
        }
        Set<Integer> dropped = new HashSet<>(pivots);
        List<Monomial> out = new ArrayList<>();
        for (int i = 0; i < basis.size(); i++) {
            if (!dropped.contains(i)) {
                out.add(basis.get(i));
            }
        }
        return out;
    }

    /** q on the basis, or null if q has a monomial outside it. */
    private static double[] coefficients(Polynomial q, Map<Monomial, Integer> position, int n) {
        double[] v = new double[n];
        for (Map.Entry<Monomial, Double> t : q.terms().entrySet()) {
            Integer i = position.get(t.getKey());
            if (i == null) {
                return null;
            }
            v[i] = t.getValue();
        }
        return v;
    }

    /** Whether lambda can absorb q times any basis monomial and q times q's own monomials. */
    private static boolean absorbable(List<Monomial> basis, Multiple multiple) {
        return multiple.multiplierMonomials().containsAll(basis)
                && multiple.multiplierMonomials().containsAll(multiple.q().monomials());
    }

    private static int largest(double[] v, List<Integer> taken) {
        int best = -1;
        for (int j = 0; j < v.length; j++) {
            if (!taken.contains(j) && (best < 0 || Math.abs(v[j]) > Math.abs(v[best]))) {
                best = j;
            }
        }
        return best;
    }

    private static double maxAbs(Polynomial q) {
        double max = 0;
        for (double c : q.terms().values()) {
            max = Math.max(max, Math.abs(c));
        }
        return max;
    }
}
