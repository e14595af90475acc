package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PolynomialTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Variable z = new Variable("z");
    private final Map<String, Variable> names = Map.of("x", x, "y", y, "z", z);
    private final Polynomial px = Polynomial.of(x);
    private final Polynomial py = Polynomial.of(y);

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    @Test
    void powerOfABinomialHasBinomialCoefficients() {
        Polynomial p = px.add(py.scale(2)).pow(5);
        for (int k = 0; k <= 5; k++) {
            Monomial m = Monomial.of(x, 5 - k).multiply(Monomial.of(y, k));
            assertEquals(binomial(5, k) * Math.pow(2, k), p.coefficient(m), 0.0, m.toString());
        }
        assertEquals(6, p.terms().size());
        assertEquals(5, p.totalDegree());
        assertEquals(5, p.degree(y));
    }

    @Test
    void ringOperationsAgreeWithEvaluation() {
        Polynomial a = px.multiply(py).add(Polynomial.constant(3)).sub(px.pow(2));
        Polynomial b = py.pow(3).scale(-0.5).add(px);
        Environment env = new Environment().put(x, 1.3).put(y, -0.7);
        double av = 1.3 * -0.7 + 3 - 1.3 * 1.3;
        double bv = -0.5 * Math.pow(-0.7, 3) + 1.3;
        assertEquals(av, a.evaluate(env), 1e-15);
        assertEquals(bv, b.evaluate(env), 1e-15);
        assertEquals(av * bv, a.multiply(b).evaluate(env), 1e-14);
        assertEquals(av - bv, a.sub(b).evaluate(env), 1e-15);
        assertEquals(-av, a.negate().evaluate(env), 1e-15);
        assertTrue(a.sub(a).isZero(), "cancelled terms are dropped");
        assertEquals(Polynomial.constant(1), a.pow(0));
        assertEquals(a, a.add(Polynomial.ZERO));
    }

    @Test
    void differentiationLowersExponents() {
        // d/dx (x^3 y^2 - 4 x y + 7) = 3 x^2 y^2 - 4 y
        Polynomial p = px.pow(3).multiply(py.pow(2)).sub(px.multiply(py).scale(4)).add(Polynomial.constant(7));
        Polynomial expected = px.pow(2).multiply(py.pow(2)).scale(3).sub(py.scale(4));
        assertEquals(expected, p.differentiate(x));
        assertTrue(p.differentiate(z).isZero());
    }

    @Test
    void monomialsEnumerateInGradedOrderWithTheRightCount() {
        List<Monomial> basis = Monomial.upToDegree(List.of(x, y), 2);
        assertEquals("[1, x, y, x^2, x*y, y^2]", basis.toString());
        for (int d = 0; d <= 4; d++) {
            assertEquals(binomial(3 + d, d), Monomial.upToDegree(List.of(x, y, z), d).size(), "degree " + d);
            assertEquals(binomial(2 + d, d), Monomial.ofDegree(List.of(x, y, z), d).size(), "exactly degree " + d);
        }
        List<Monomial> cubic = Monomial.range(List.of(z, x), 1, 3);
        for (int i = 1; i < cubic.size(); i++) {
            assertTrue(cubic.get(i - 1).compareTo(cubic.get(i)) < 0, "sorted: " + cubic);
        }
        assertEquals(cubic.size(), new HashSet<>(cubic).size());
        assertThrows(IllegalArgumentException.class, () -> Monomial.range(List.of(x), 3, 2));
        assertThrows(IllegalArgumentException.class, () -> Monomial.upToDegree(List.of(x, x), 2));
    }

    @Test
    void monomialsAreValueTypesUsableAsMapKeys() {
        Map<Variable, Integer> e1 = new HashMap<>();
        e1.put(x, 2);
        e1.put(y, 1);
        Monomial a = Monomial.of(e1);
        Monomial b = Monomial.of(y).multiply(Monomial.of(x, 2));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        Map<Monomial, String> coefficientOf = new HashMap<>();
        coefficientOf.put(a, "c1");
        assertEquals("c1", coefficientOf.get(b));
        assertEquals(Map.of(x, 2, y, 1), b.exponents());
        assertEquals(3, b.totalDegree());
        assertEquals(Monomial.of(x, 4).multiply(Monomial.of(y, 2)), b.pow(2));
        assertEquals(Monomial.of(x).multiply(Monomial.of(y)), b.divideBy(x));
        assertEquals(Monomial.ONE, Monomial.of(z, 0));
        assertThrows(IllegalArgumentException.class, () -> Monomial.of(x, -1));
    }

    @Test
    void expressionToPolynomialToExpressionRoundTrips() {
        Random random = new Random(11);
        String[] formulas = {"(x + 2*y)^3 - x*y*z/4 + 1", "(x - 1)*(x + 1) - x^2", "3*x^2*y - y^3 + z", "-(x*(y - z))^2"};
        for (String f : formulas) {
            Expression e = Formula.parse(f, names);
            Polynomial p = e.toPolynomial(List.of(x, y, z));
            Expression back = p.toExpression();
            assertEquals(p, back.toPolynomial(List.of(x, y, z)), f);
            for (int k = 0; k < 5; k++) {
                Environment env = new Environment().put(x, random.nextGaussian()).put(y, random.nextGaussian())
                        .put(z, random.nextGaussian());
                assertEquals(e.evaluate(env), back.evaluate(env), 1e-12 * Math.max(1, Math.abs(e.evaluate(env))), f);
            }
        }
        assertEquals("2*x^2 + x*y - 3", Formula.parse("x*(2*x + y) - 3", names).toPolynomial(List.of(x, y)).toString());
    }

    @Test
    void expandMultipliesOutAroundNonPolynomialAtoms() {
        Expression e = Formula.parse("(x + sin(y))*(x - sin(y)) + (z + 1)^2/(x + 1)", names);
        Expression expanded = e.expand();
        assertEquals("x^2 - sin(y)^2 + (z^2 + 2*z + 1)/(x + 1)", expanded.toString());
        Environment env = new Environment().put(x, 0.4).put(y, 1.1).put(z, -0.3);
        assertEquals(e.evaluate(env), expanded.evaluate(env), 1e-14);
    }

    @Test
    void polynomialTestsAndDegrees() {
        assertTrue(Formula.parse("x^3*y - 2*x/4", names).isPolynomial(List.of(x, y)));
        assertFalse(Formula.parse("x^3*y", names).isPolynomial(List.of(x)), "y is not a polynomial variable");
        assertFalse(Formula.parse("x^0.5", names).isPolynomial());
        assertFalse(Formula.parse("1/x", names).isPolynomial());
        assertEquals(3, Formula.parse("x^3*y - x", names).degree(x));
        assertEquals(4, Formula.parse("x^3*y - x", names).degree());
        assertEquals(2, Formula.parse("(x + y)^2 - x^3 + x^3", names).degree(), "the x^3 terms cancel in the polynomial");
    }

    @Test
    void toPolynomialNamesTheNonPolynomialSubexpression() {
        assertCulprit("x^2 + x*sin(y)", List.of(x, y), "sin(y)", "is a function (sin)");
        assertCulprit("x/y + 1", List.of(x, y), "x/y", "divides by a non-constant");
        assertCulprit("x^y", List.of(x, y), "x^y", "non-negative integer exponent");
        assertCulprit("x^-2", List.of(x), "x^(-2)", "non-negative integer exponent");
        assertCulprit("x*z", List.of(x, y), "z", "is not one of the polynomial's variables");
        NotPolynomialException e = assertThrows(NotPolynomialException.class,
                () -> Formula.parse("x + sqrt(x)", names).toPolynomial(List.of(x)));
        assertTrue(e.getMessage().startsWith("x + sqrt(x) is not a polynomial in [x]: sqrt(x)"), e.getMessage());
    }

    private void assertCulprit(String formula, List<Variable> vars, String culprit, String why) {
        NotPolynomialException e = assertThrows(NotPolynomialException.class,
                () -> Formula.parse(formula, names).toPolynomial(vars));
        assertEquals(culprit, e.culprit().toString());
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    @Test
    void equalsWithinComparesCoefficientsToATolerance() {
        Polynomial a = px.add(Polynomial.constant(1e-10));
        assertTrue(a.equalsWithin(px, 1e-9));
        assertFalse(a.equalsWithin(px, 1e-11));
        assertThrows(IllegalArgumentException.class, () -> a.equalsWithin(px, -1));
    }
}
