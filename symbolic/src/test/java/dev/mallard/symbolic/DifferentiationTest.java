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

    private Expression parse(String text) {
        return Formula.parse(text, names);
    }

    private Expression d(String text, Variable v) {
        return parse(text).differentiate(v);
    }
}
