package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.compile.CompiledFunction;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Expression#differentiate} against central finite differences of the double path (AutoDiff is
 * developed on another branch; the acceptance tests compare against it) and against closed forms.
 */
class DifferentiationTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Variable z = new Variable("z");
    private final Map<String, Variable> names = Map.of("x", x, "y", y, "z", z);

    @Test
    void derivativesMatchCentralDifferencesOfTheDoublePath() {
        Random random = new Random(3);
        List<Variable> vars = List.of(x, y, z);
        for (SampleFormulas f : SampleFormulas.ALL) {
            Expression e = f.apply(Expression.SCALAR, x.toExpression(), y.toExpression(), z.toExpression());
            for (int k = 0; k < 10; k++) {
                double[] p = SampleFormulas.samplePoint(random);
                Environment env = new Environment().put(x, p[0]).put(y, p[1]).put(z, p[2]);
                for (int j = 0; j < 3; j++) {
                    double h = 1e-5 * Math.max(1.0, Math.abs(p[j]));
                    double[] plus = p.clone();
                    double[] minus = p.clone();
                    plus[j] += h;
                    minus[j] -= h;
                    double fd = (f.apply(Scalar.DOUBLE, plus[0], plus[1], plus[2])
                            - f.apply(Scalar.DOUBLE, minus[0], minus[1], minus[2])) / (2 * h);
                    double symbolic = e.differentiate(vars.get(j)).evaluate(env);
                    assertEquals(fd, symbolic, 1e-6 * Math.max(1.0, Math.abs(fd)),
                            "d/d" + vars.get(j) + " of " + f + " at " + java.util.Arrays.toString(p));
                }
            }
        }
    }

    @Test
    void derivativesHaveTheirClosedForms() {
        Environment env = new Environment().put(x, 0.3).put(y, -1.7);
        double a = 0.3;
        double b = -1.7;
        assertEquals(2 * a * Math.sin(b) - 3, d("x^2*sin(y) - 3*x", x).evaluate(env), 1e-15);
        assertEquals(a * a * Math.cos(b), d("x^2*sin(y) - 3*x", y).evaluate(env), 1e-15);
        assertEquals(-b / (a * a + b * b), d("atan2(y, x)", x).evaluate(env), 1e-15);
        assertEquals(1 / Math.sqrt(1 - a * a), d("asin(x)", x).evaluate(env), 1e-15);
        assertEquals(1 / Math.pow(Math.cosh(a), 2), d("tanh(x)", x).evaluate(env), 1e-15);
        assertEquals(Math.pow(a, b) * Math.log(a), d("x^y", y).evaluate(env), 1e-14);
        assertEquals(Math.signum(b), d("abs(y)", y).evaluate(env), 0.0);
        assertEquals(1.0, d("max(x, y)", x).evaluate(env), 0.0);
        assertEquals(0.0, d("max(x, y)", y).evaluate(env), 0.0);
        assertEquals(1.0 / (3 * Math.cbrt(a) * Math.cbrt(a)), d("cbrt(x)", x).evaluate(env), 1e-15);
    }

    @Test
    void derivativesAreSimplifiedAtConstruction() {
        assertEquals("2*x", d("x^2", x).toString());
        assertEquals("3", d("3*x + y", x).toString());
        assertSame(Expression.ZERO, d("sin(y)*y^4", x));
        assertEquals("cos(x)", d("sin(x)", x).toString());
        assertEquals("-sin(x)", d("cos(x)", x).toString());
        assertEquals("2*x*sin(y) - 3", d("x^2*sin(y) - 3*x", x).toString());
    }

    @Test
    void differentiatingAHundredTermSumStaysLinearInSize() {
        Expression sum = Expression.ZERO;
        for (int k = 1; k <= 100; k++) {
            sum = sum.plus(Expression.sin(x.toExpression().times(k)).times(Expression.pow(y.toExpression(), k % 4)));
        }
        Expression dx = sum.differentiate(x);
        int nodes = dx.topologicalOrder().size();
        assertTrue(nodes < 12 * 100, "derivative has " + nodes + " nodes");
    }

    @Test
    void jacobianMatchesRowByRowDerivativesAndTheCompiledJacobian() {
        List<Expression> f = List.of(parse("x*y + sin(z)"), parse("exp(x - y)*z"));
        List<Variable> vars = List.of(x, y, z);
        Expression[][] j = Expression.jacobian(f, vars);
        CompiledFunction compiled = CompiledFunction.compileWithJacobian(f, vars);
        double[] p = {0.4, -0.9, 1.3};
        double[] values = new double[2];
        double[] jac = new double[6];
        compiled.evaluate(p, values, jac);
        Environment env = new Environment().put(x, p[0]).put(y, p[1]).put(z, p[2]);
        for (int r = 0; r < 2; r++) {
            assertEquals(f.get(r).evaluate(env), values[r], 0.0);
            for (int c = 0; c < 3; c++) {
                double expected = f.get(r).differentiate(vars.get(c)).evaluate(env);
                assertEquals(expected, j[r][c].evaluate(env), 0.0);
                assertEquals(expected, jac[r * 3 + c], 1e-15 * Math.max(1, Math.abs(expected)));
            }
        }
        assertEquals(Math.cos(1.3), jac[2], 1e-15);
        assertEquals(-Math.exp(0.4 + 0.9) * 1.3, jac[4], 1e-14);
    }

    @Test
    void reverseGradientAgreesWithTheForwardDerivativesOfEverySampleFormula() {
        Random random = new Random(5);
        Variable unused = new Variable("unused");
        List<Variable> vars = List.of(x, y, z, unused);
        for (SampleFormulas f : SampleFormulas.ALL) {
            Expression e = f.apply(Expression.SCALAR, x.toExpression(), y.toExpression(), z.toExpression());
            Expression[] g = Expression.gradient(e, vars);
            assertSame(Expression.ZERO, g[3], f.toString());
            for (int k = 0; k < 10; k++) {
                double[] p = SampleFormulas.samplePoint(random);
                Environment env = new Environment().put(x, p[0]).put(y, p[1]).put(z, p[2]);
                for (int j = 0; j < 3; j++) {
                    double forward = e.differentiate(vars.get(j)).evaluate(env);
                    assertEquals(forward, g[j].evaluate(env), 1e-12 * Math.max(1.0, Math.abs(forward)),
                            "d/d" + vars.get(j) + " of " + f + " at " + java.util.Arrays.toString(p));
                }
            }
        }
    }

    @Test
    void reverseGradientOfAWeightedSumHasItsClosedForm() {
        // s = sum_i w_i (x_i^2 x_{i+1} + min(x_i, c)), c = 0.5: ds/dx_i = w_i (2 x_i x_{i+1} + [x_i < c])
        //     + w_{i-1} x_{i-1}^2, ds/dw_i = the i-th term
        int m = 6;
        Variable[] xs = new Variable[m + 1];
        Variable[] ws = new Variable[m];
        for (int i = 0; i <= m; i++) {
            xs[i] = new Variable("x" + i);
        }
        Expression s = Expression.ZERO;
        for (int i = 0; i < m; i++) {
            ws[i] = new Variable("w" + i);
            Expression xi = xs[i].toExpression();
            Expression term = Expression.add(Expression.mul(Expression.pow(xi, Expression.TWO),
                    xs[i + 1].toExpression()), Expression.min(xi, Expression.constant(0.5)));
            s = Expression.add(s, Expression.mul(ws[i].toExpression(), term));
        }
        List<Variable> vars = new java.util.ArrayList<>(List.of(xs));
        vars.addAll(List.of(ws));
        Expression[] g = Expression.gradient(s, vars);
        Environment env = new Environment();
        double[] xv = new double[m + 1];
        double[] wv = new double[m];
        for (int i = 0; i <= m; i++) {
            xv[i] = 0.3 * i - 0.4;
            env.put(xs[i], xv[i]);
        }
        for (int i = 0; i < m; i++) {
            wv[i] = 1.5 - 0.7 * i;
            env.put(ws[i], wv[i]);
        }
        for (int i = 0; i <= m; i++) {
            double expected = (i < m ? wv[i] * (2 * xv[i] * xv[i + 1] + (xv[i] < 0.5 ? 1 : 0)) : 0)
                    + (i > 0 ? wv[i - 1] * xv[i - 1] * xv[i - 1] : 0);
            assertEquals(expected, g[i].evaluate(env), 1e-14, "d/dx" + i);
        }
        for (int i = 0; i < m; i++) {
            double expected = xv[i] * xv[i] * xv[i + 1] + Math.min(xv[i], 0.5);
            assertEquals(expected, g[m + 1 + i].evaluate(env), 1e-14, "d/dw" + i);
        }
    }

    private Expression parse(String text) {
        return Formula.parse(text, names);
    }

    private Expression d(String text, Variable v) {
        return parse(text).differentiate(v);
    }
}
