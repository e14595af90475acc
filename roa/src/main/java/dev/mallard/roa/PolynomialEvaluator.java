package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

/** A polynomial flattened to exponent and coefficient arrays for fast repeated evaluation at points. */
final class PolynomialEvaluator {

    private final int[][] exponents;
    private final double[] coefficients;

    /**
     * @param p the polynomial
     * @param vars its variables, defining the order of a point's coordinates
     */
    PolynomialEvaluator(Polynomial p, List<Variable> vars) {
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
