package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.compile.CompiledFunction;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One formula, written once against {@code Scalar<T>}, through {@code Scalar.DOUBLE}, through
 * {@code Expression} evaluation, through the compiled function, and through the printed-then-parsed
 * formula: all agree to 1e-12 relative at random points. (AutoDiff's value is checked against the
 * double path in the autodiff module; the cross-module acceptance tests join the three.)
 */
class CrossRepresentationTest {

    private static final double REL = 1e-12;

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Variable z = new Variable("z");

    @Test
    void doubleExpressionCompiledAndReparsedAgreeOnRandomPoints() {
        Random random = new Random(42);
        for (SampleFormulas f : SampleFormulas.ALL) {
            Expression e = f.apply(Expression.SCALAR, x.toExpression(), y.toExpression(), z.toExpression());
            CompiledFunction compiled = CompiledFunction.compile(List.of(e), List.of(x, y, z));
            Expression reparsed = Formula.parse(e.toString(), java.util.Map.of("x", x, "y", y, "z", z));
            for (int k = 0; k < 25; k++) {
                double[] p = SampleFormulas.samplePoint(random);
                double expected = f.apply(Scalar.DOUBLE, p[0], p[1], p[2]);
                Environment env = new Environment().put(x, p[0]).put(y, p[1]).put(z, p[2]);
                String where = f + " at " + java.util.Arrays.toString(p);
                assertClose(expected, e.evaluate(env), where + " (Expression)");
                assertClose(expected, compiled.evaluate(p)[0], where + " (compiled)");
                assertClose(expected, reparsed.evaluate(env), where + " (reparsed " + e + ")");
            }
        }
    }

    @Test
    void expandedExpressionAndPolynomialAgreeWithOriginal() {
        Expression e = Formula.parse("(x + 2*y)^3 - (x - y)*(x + y)*z + 3", java.util.Map.of("x", x, "y", y, "z", z));
        Polynomial p = e.toPolynomial(List.of(x, y, z));
        Expression expanded = e.expand();
        Expression back = p.toExpression();
        Random random = new Random(7);
        for (int k = 0; k < 20; k++) {
            double[] v = SampleFormulas.samplePoint(random);
            Environment env = new Environment().put(x, v[0]).put(y, v[1]).put(z, v[2]);
            double expected = e.evaluate(env);
            assertClose(expected, p.evaluate(env), "polynomial");
            assertClose(expected, expanded.evaluate(env), "expanded");
            assertClose(expected, back.evaluate(env), "polynomial back to expression");
        }
    }

    static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, REL * Math.max(1.0, Math.abs(expected)), what);
    }
}
