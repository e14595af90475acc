package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A polynomial flattened to exponent and coefficient arrays for fast repeated evaluation at points, optionally
 * composed with a map from the points to its variables (the sin/cos recast's chart).
 */
final class PolynomialEvaluator {

    private final int[][] exponents;
    private final double[] coefficients;
    /** Maps a point to the polynomial's variables; null for the identity. */
    private final UnaryOperator<double[]> chart;

    /**
     * @param p the polynomial
     * @param vars its variables, defining the order of a point's coordinates
     */
    PolynomialEvaluator(Polynomial p, List<Variable> vars) {
        this(p, vars, null);
    }

    /**
     * @param p the polynomial
     * @param vars its variables, defining the order of the chart's output
     * @param chart maps a point to values of vars (a new array); null for the identity
     */
    PolynomialEvaluator(Polynomial p, List<Variable> vars, UnaryOperator<double[]> chart) {
        this.chart = chart;
        exponents = new int[p.terms().size()][vars.size()];
        coefficients = new double[exponents.length];
        int k = 0;
        for (Map.Entry<Monomial, Double> t : p.terms().entrySet()) {
            for (int i = 0; i < vars.size(); i++) {
                exponents[k][i] = t.getKey().degree(vars.get(i));
            }
            coefficients[k++] = t.getValue();
        }
    }

    /**
     * @param point coordinates in the variables' order; not modified
     * @return the value
     */
    double evaluate(double[] point) {
        if (chart != null) {
            point = chart.apply(point);
        }
        double sum = 0.0;
        for (int k = 0; k < coefficients.length; k++) {
            double term = coefficients[k];
            for (int i = 0; i < point.length; i++) {
                for (int e = exponents[k][i]; e > 0; e--) {
                    term *= point[i];
                }
            }
            sum += term;
        }
        return sum;
    }
}
