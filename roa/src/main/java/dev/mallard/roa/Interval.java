package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

/**
 * A sound enclosure of a polynomial's values over a box by interval arithmetic, term by term: every
 * operation's endpoints are rounded outward by one ulp, so the true range is contained in the result.
 */
final class Interval {

    private Interval() {
    }

    /**
     * @param p the polynomial
     * @param vars its variables, in the order of {@code ranges}
     * @param ranges per variable {lo, hi}, possibly infinite
     * @return {lo, hi} containing every value of p on the box (possibly infinite)
     */
    static double[] of(Polynomial p, List<Variable> vars, double[][] ranges) {
        double[] sum = {0, 0};
        for (Map.Entry<Monomial, Double> term : p.terms().entrySet()) {
            double[] t = {term.getValue(), term.getValue()};
            for (Map.Entry<Variable, Integer> factor : term.getKey().exponents().entrySet()) {
                t = times(t, power(ranges[vars.indexOf(factor.getKey())], factor.getValue()));
            }
            sum = new double[] {Math.nextDown(sum[0] + t[0]), Math.nextUp(sum[1] + t[1])};
        }
        return sum;
    }

    private static double[] power(double[] x, int n) {
        double[] out = {1, 1};
        for (int k = 0; k < n; k++) {
            out = times(out, x);
        }
        if (n % 2 == 0 && out[0] < 0) {
            // An even power is non-negative: the product of the endpoints overstates the spread.
            out[0] = 0;
        }
        return out;
    }

    private static double[] times(double[] a, double[] b) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double u : a) {
            for (double v : b) {
                // 0 times an infinite endpoint is 0: the interval's values are finite.
                double w = u == 0 || v == 0 ? 0 : u * v;
                lo = Math.min(lo, w);
                hi = Math.max(hi, w);
            }
        }
        return new double[] {Math.nextDown(lo), Math.nextUp(hi)};
    }
}
