package dev.mallard.symja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Symja#series} keeps every term, including those free of the expansion variable. */
class SeriesTest {

    private final Map<String, Variable> names = new LinkedHashMap<>();
    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");

    SeriesTest() {
        names.put("x", x);
        names.put("y", y);
    }

    private Polynomial series(String e, double point, int order) {
        return Symja.series(Formula.parse(e, names), x, point, order).toPolynomial(List.of(x, y));
    }

    private Polynomial polynomial(String e) {
        return Formula.parse(e, names).toPolynomial(List.of(x, y));
    }

    @Test
    void subtractedTermsFreeOfTheVariableAreKept() {
        assertTrue(series("x - y", 0, 3).equalsWithin(polynomial("x - y"), 0.0), () -> "" + series("x - y", 0, 3));
        assertTrue(series("2*y - x", 0, 3).equalsWithin(polynomial("2*y - x"), 0.0));
        assertTrue(series("y*x - 2*y + 3", 0, 3).equalsWithin(polynomial("x*y - 2*y + 3"), 0.0));
        // exp(x) y - y = y (x + x^2/2 + x^3/6) + O(x^4).
        assertTrue(series("exp(x)*y - y - y^2", 0, 3).equalsWithin(
                polynomial("y*x + y*x^2/2 + y*x^3/6 - y^2"), 1e-15), () -> "" + series("exp(x)*y - y - y^2", 0, 3));
    }

    @Test
    void dampedPendulumUnderLinearFeedbackKeepsItsDamping() {
        // th'' = (g/l) sin(th) - b/(m l^2) th' + u/(m l^2), m = 1, l = 0.5, b = 0.1, g = 9.81, u = -(10 th + th'):
        // the cubic Taylor polynomial in th is (19.62 - 40) th - 4.4 w - (19.62/6) th^3, with w = th'.
        Polynomial p = series("(9.81/0.5)*sin(x) - 0.1/(1*0.5^2)*y + (-(10*x + y))/(1*0.5^2)", 0, 3);
        assertEquals(19.62 - 40, p.coefficient(Monomial.of(x)), 1e-12);
        assertEquals(-4.4, p.coefficient(Monomial.of(y)), 1e-12);
        assertEquals(-19.62 / 6, p.coefficient(Monomial.of(x, 3)), 1e-12);
        assertEquals(3, p.terms().size(), () -> "" + p);
    }

    @Test
    void aboutANonzeroPointTheShiftIsMultipliedOut() {
        // sin(x) - y about pi/2 to order 2: 1 - (x - pi/2)^2 / 2 - y.
        double h = Math.PI / 2;
        Polynomial p = series("sin(x) - y", h, 2);
        assertEquals(1 - h * h / 2, p.coefficient(Monomial.ONE), 1e-12);
        assertEquals(h, p.coefficient(Monomial.of(x)), 1e-12);
        assertEquals(-0.5, p.coefficient(Monomial.of(x, 2)), 1e-12);
        assertEquals(-1, p.coefficient(Monomial.of(y)), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Symja.series(x.toExpression(), x, Double.NaN, 2));
        assertEquals(Expression.ZERO, Symja.series(Formula.parse("y - y", names), x, 0, 2));
    }
}
