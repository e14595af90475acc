package dev.mallard.symja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Operator;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.matheclipse.core.expression.F;

/** Symja at the edges. Few tests: each Symja start costs seconds. */
class SymjaTest {

    @Test
    void simplifyFactorSeriesAndTexGoThroughSymjaAndBack() {
        Map<String, Variable> vars = new HashMap<>();
        Expression pythagoras = Formula.parseCreating("sin(x)^2 + cos(x)^2 + y", vars);
        Variable x = vars.get("x");
        Variable y = vars.get("y");
        assertEquals(Expression.add(Expression.ONE, y.toExpression()), Symja.simplify(pythagoras),
                "sin^2 + cos^2 simplifies to 1");

        Expression quadratic = Formula.parse("x^2 - 3*x + 2", vars);
        Expression factored = Symja.factor(quadratic);
        // (x - 1)(x - 2): a product whose expansion is the original, and which vanishes at 1 and 2.
        assertEquals(Operator.MUL, factored.operator(), "factored: " + factored);
        assertEquals(0.0, factored.evaluate(new Environment().put(x, 1.0)), 0.0);
        assertEquals(0.0, factored.evaluate(new Environment().put(x, 2.0)), 0.0);
        Polynomial back = factored.toPolynomial(List.of(x));
        assertTrue(back.equalsWithin(quadratic.toPolynomial(List.of(x)), 0.0), "factored form expands back");

        Expression taylor = Symja.series(Formula.parse("exp(x)", vars), x, 0.0, 3);
        // 1 + x + x^2/2 + x^3/6
        Polynomial p = taylor.toPolynomial(List.of(x));
        assertEquals(1.0 / 6.0, p.coefficient(dev.mallard.symbolic.Monomial.of(x, 3)), 1e-15);
        assertEquals(0.5, p.coefficient(dev.mallard.symbolic.Monomial.of(x, 2)), 1e-15);

        String tex = Symja.toTeX(Formula.parse("x^2/y", vars));
        assertTrue(tex.contains("\\frac"), tex);
        assertTrue(Symja.isStarted());
    }

    @Test
    void converterRoundTripsEveryFunctionNumerically() {
        Map<String, Variable> vars = new HashMap<>();
        Expression e = Formula.parseCreating("atan2(y, x) + hypot(x, y) + cbrt(y) + expm1(x) + log1p(x) + "
                + "asin(x/2) + acos(x/3) + atan(y) + sinh(x) + cosh(y) + tanh(x) + tan(x) + abs(y) + sign(y) "
                + "+ min(x, y) + max(x, y) + sqrt(x) + 2^x + x^0.25 + exp(-x) + log(x) / pi + e", vars);
        SymjaConverter c = new SymjaConverter();
        Expression back = c.toExpression(c.toIExpr(e));
        Environment env = new Environment().put(vars.get("x"), 0.7).put(vars.get("y"), -1.3);
        assertEquals(e.evaluate(env), back.evaluate(env), 1e-13 * Math.abs(e.evaluate(env)));

        IllegalArgumentException unknownFunction = assertThrows(IllegalArgumentException.class,
                () -> c.toExpression(F.Gamma(c.toIExpr(vars.get("x").toExpression()))));
        assertTrue(unknownFunction.getMessage().contains("Symja function Gamma with 1 argument(s) has no Mallard equivalent"),
                unknownFunction.getMessage());
        IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
                () -> c.toExpression(F.Dummy("q")));
        assertTrue(foreign.getMessage().contains("Symja symbol 'q' is not a variable of this converter"),
                foreign.getMessage());
        IllegalArgumentException complex = assertThrows(IllegalArgumentException.class,
                () -> c.toExpression(F.CI));
        assertTrue(complex.getMessage().contains("is not real"), complex.getMessage());
    }
}
