package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Gram basis of a sum-of-squares constraint reduced by the Newton polytope. If
 * {@code p = sum_i q_i^2}, every monomial of every {@code q_i} has an exponent in half the convex hull of
 * the exponents of {@code p} (Reznick's theorem). A monomial outside would need a zero row and column in
 * every Gram matrix, so it is left out: it only enlarges the semidefinite program and removes its interior
 * (no Gram matrix could be positive definite), which interior-point solvers handle badly.
 */
public final class NewtonPolytope {

    private NewtonPolytope() {
    }

    /**
     * The monomials {@code x^a} in the given variables with {@code 2a} in the convex hull of the exponents
     * of {@code support}, in {@link Monomial} order. Candidates are first bounded by degree and by the
     * per-variable exponent range, then each is tested exactly by a linear program (unless {@code 2a} is
     * itself in the support).
     *
     * @param support the monomials of the polynomial with a non-zero coefficient; not modified
     * @param variables the indeterminates, containing every variable of the support; not modified
     * @return the reduced basis (empty for an empty support)
     * @throws IllegalArgumentException if a support monomial has a variable outside {@code variables}
     */
    public static List<Monomial> gramBasis(Collection<Monomial> support, List<Variable> variables) {
        Checks.notNull(support, "support");
        Checks.notNull(variables, "variables");
        if (support.isEmpty()) {
            return new ArrayList<>();
        }
        int n = variables.size();
        double[][] points = new double[support.size()][];
        int minDegree = Integer.MAX_VALUE;
        int maxDegree = 0;
        int[] low = new int[n];
        int[] high = new int[n];
        java.util.Arrays.fill(low, Integer.MAX_VALUE);
        int k = 0;
        for (Monomial m : support) {
            checkVariables(m, variables);
            double[] e = new double[n];
            for (int i = 0; i < n; i++) {
                int d = m.degree(variables.get(i));
                e[i] = d;
                low[i] = Math.min(low[i], d);
                high[i] = Math.max(high[i], d);
            }
            points[k++] = e;
            minDegree = Math.min(minDegree, m.totalDegree());
            maxDegree = Math.max(maxDegree, m.totalDegree());
        }
        Set<Monomial> supportSet = new HashSet<>(support);
        HullMembership hull = new HullMembership(points);
        Slabs slabs = new Slabs(points);
        List<Monomial> basis = new ArrayList<>();
        for (Monomial candidate : Monomial.range(variables, (minDegree + 1) / 2, maxDegree / 2)) {
            if (withinExponentBox(candidate, variables, low, high)
                    && (supportSet.contains(candidate.pow(2))
                    || slabs.contain(doubled(candidate, variables)) && hull.contains(doubled(candidate, variables)))) {
                basis.add(candidate);
            }
        }
        return basis;
    }

    private static void checkVariables(Monomial m, List<Variable> variables) {
        for (Variable v : m.variables()) {
            if (!variables.contains(v)) {
                throw new IllegalArgumentException("monomial " + m + " has variable '" + v
                        + "' that is not an indeterminate " + variables);
            }
        }
    }

    private static boolean withinExponentBox(Monomial m, List<Variable> variables, int[] low, int[] high) {
        for (int i = 0; i < variables.size(); i++) {
            int twice = 2 * m.degree(variables.get(i));
            if (twice < low[i] || twice > high[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A quick necessary test before the linear program: the ranges over the support of the functionals
     * {@code totalDegree(e) + e_i} and {@code totalDegree(e) - e_i}, which every point of the hull respects. They
     * reject, without a linear program, the monomials mixing variables of two groups that the support never
     * mixes at top degree (as {@code y_i z_j} when z appears squared only in terms of lower degree): the
     * linear programs over thousands of support points were most of the time of large implicit-form programs.
     */
    private static final class Slabs {
        private final double[] upperPlus;
        private final double[] lowerPlus;
        private final double[] upperMinus;
        private final double[] lowerMinus;

        Slabs(double[][] points) {
            int n = points[0].length;
            upperPlus = filled(n, Double.NEGATIVE_INFINITY);
            upperMinus = filled(n, Double.NEGATIVE_INFINITY);
            lowerPlus = filled(n, Double.POSITIVE_INFINITY);
            lowerMinus = filled(n, Double.POSITIVE_INFINITY);
            for (double[] e : points) {
                double total = sum(e);
                for (int i = 0; i < n; i++) {
                    upperPlus[i] = Math.max(upperPlus[i], total + e[i]);
                    lowerPlus[i] = Math.min(lowerPlus[i], total + e[i]);
                    upperMinus[i] = Math.max(upperMinus[i], total - e[i]);
                    lowerMinus[i] = Math.min(lowerMinus[i], total - e[i]);
                }
            }
        }

        boolean contain(double[] q) {
            double total = sum(q);
            for (int i = 0; i < q.length; i++) {
                if (total + q[i] > upperPlus[i] || total + q[i] < lowerPlus[i] || total - q[i] > upperMinus[i]
                        || total - q[i] < lowerMinus[i]) {
                    return false;
                }
            }
            return true;
        }

        private static double[] filled(int n, double value) {
            double[] a = new double[n];
            java.util.Arrays.fill(a, value);
            return a;
        }

        private static double sum(double[] e) {
            double s = 0.0;
            for (double x : e) {
                s += x;
            }
            return s;
        }
    }

    private static double[] doubled(Monomial m, List<Variable> variables) {
        double[] q = new double[variables.size()];
        for (int i = 0; i < q.length; i++) {
            q[i] = 2.0 * m.degree(variables.get(i));
        }
        return q;
    }
}
