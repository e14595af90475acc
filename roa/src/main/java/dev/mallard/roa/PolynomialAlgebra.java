package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

/** Small numeric operations on polynomials needed by the analysis: derivatives at 0, linear changes of variables. */
final class PolynomialAlgebra {

    private PolynomialAlgebra() {
    }

    /** @return the Hessian of p at the origin in the given variables (from its quadratic terms) */
    static double[][] hessianAtOrigin(Polynomial p, List<Variable> vars) {
        int n = vars.size();
        double[][] h = new double[n][n];
        for (int i = 0; i < n; i++) {
            h[i][i] = 2.0 * p.coefficient(Monomial.of(vars.get(i), 2));
            for (int j = i + 1; j < n; j++) {
                double c = p.coefficient(Monomial.of(Map.of(vars.get(i), 1, vars.get(j), 1)));
                h[i][j] = c;
                h[j][i] = c;
            }
        }
        return h;
    }

    /** @return the Jacobian of the polynomials at the origin (from their linear terms) */
    static double[][] jacobianAtOrigin(List<Polynomial> f, List<Variable> vars) {
        double[][] a = new double[f.size()][vars.size()];
        for (int i = 0; i < f.size(); i++) {
            for (int j = 0; j < vars.size(); j++) {
                a[i][j] = f.get(i).coefficient(Monomial.of(vars.get(j)));
            }
        }
        return a;
    }

    /** @return p(T y): every variable y_i replaced by sum_j T_ij y_j */
    static Polynomial substituteLinear(Polynomial p, List<Variable> vars, double[][] t) {
        int n = vars.size();
        List<Polynomial> rows = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            Polynomial r = Polynomial.ZERO;
            for (int j = 0; j < n; j++) {
                r = r.add(Polynomial.of(Monomial.of(vars.get(j)), t[i][j]));
            }
            rows.add(r);
        }
        return compose(p, vars, rows);
    }

    /** @return p with every variable vars_i replaced by the polynomial replacements_i */
    static Polynomial compose(Polynomial p, List<Variable> vars, List<Polynomial> replacements) {
        Polynomial out = Polynomial.ZERO;
        for (Map.Entry<Monomial, Double> term : p.terms().entrySet()) {
            Polynomial product = Polynomial.constant(term.getValue());
            for (int i = 0; i < vars.size(); i++) {
                int e = term.getKey().degree(vars.get(i));
                if (e > 0) {
                    product = product.multiply(replacements.get(i).pow(e));
                }
            }
            out = out.add(product);
        }
        return out;
    }

    /**
     * @return p with each variable of the map replaced by its polynomial; other variables are kept (unlike
     *     {@link #compose}, which is for polynomials in {@code vars} alone)
     */
    static Polynomial substitute(Polynomial p, Map<Variable, Polynomial> replacements) {
        Polynomial out = Polynomial.ZERO;
        for (Map.Entry<Monomial, Double> term : p.terms().entrySet()) {
            Polynomial product = Polynomial.constant(term.getValue());
            for (Map.Entry<Variable, Integer> factor : term.getKey().exponents().entrySet()) {
                Polynomial r = replacements.getOrDefault(factor.getKey(), Polynomial.of(factor.getKey()));
                product = product.multiply(r.pow(factor.getValue()));
            }
            out = out.add(product);
        }
        return out;
    }

    /** @return the gradient of v dotted with w: sum_i dv/dy_i w_i */
    static Polynomial directional(Polynomial v, List<Variable> vars, List<Polynomial> w) {
        Polynomial out = Polynomial.ZERO;
        for (int i = 0; i < vars.size(); i++) {
            out = out.add(v.differentiate(vars.get(i)).multiply(w.get(i)));
        }
        return out;
    }

    /** @return (y'y)^d */
    static Polynomial squaredNormPower(List<Variable> vars, int d) {
        Polynomial s = Polynomial.ZERO;
        for (Variable v : vars) {
            s = s.add(Polynomial.of(Monomial.of(v, 2), 1.0));
        }
        return s.pow(d);
    }

    /** @return the largest absolute coefficient (0 for the zero polynomial) */
    static double maxAbsCoefficient(Polynomial p) {
        double m = 0.0;
        for (double c : p.terms().values()) {
            m = Math.max(m, Math.abs(c));
        }
        return m;
    }
}
