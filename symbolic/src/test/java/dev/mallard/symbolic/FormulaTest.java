package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FormulaTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Map<String, Variable> names = Map.of("x", x, "y", y);

    private double eval(String formula, double xv, double yv) {
        return Formula.parse(formula, names).evaluate(new Environment().put(x, xv).put(y, yv));
    }

    @Test
    void productsBindTighterThanSumsAndOperatorsAssociateLeft() {
        assertEquals(2 + 3 * 4, eval("2 + 3*4", 0, 0), 0.0);
        assertEquals(10 - 4 - 3, eval("10 - 4 - 3", 0, 0), 0.0);
        assertEquals(24.0 / 4 / 2, eval("24/4/2", 0, 0), 0.0);
        assertEquals((2 + 3) * 4, eval("(2 + 3)*4", 0, 0), 0.0);
        assertEquals(7 - 2 * 3 / 4.0, eval("7 - 2*3/4", 0, 0), 0.0);
    }

    @Test
    void powerIsRightAssociativeAndBindsTighterThanUnaryMinus() {
        assertEquals(Math.pow(2, 9), eval("2^3^2", 0, 0), 0.0);
        assertEquals(-9.0, eval("-3^2", 0, 0), 0.0);
        assertEquals(9.0, eval("(-3)^2", 0, 0), 0.0);
        assertEquals(0.125, eval("2^-3", 0, 0), 0.0);
        assertEquals(-0.5, eval("-x^2*2", 0.5, 0), 0.0);
        assertEquals(-(1.5 * 1.5), eval("-x^2", 1.5, 0), 0.0);
        assertEquals(3.0, eval("--3", 0, 0), 0.0);
        assertEquals(-2.0, eval("+-2", 0, 0), 0.0);
        assertEquals(-3.0, eval("1 - -x*-4", 1, 0), 0.0);
    }

    @Test
    void numbersNamesConstantsAndNestedFunctionsParse() {
        assertEquals(1e-3, eval("1e-3", 0, 0), 0.0);
        assertEquals(2.5e4, eval("2.5E+4", 0, 0), 0.0);
        assertEquals(0.5, eval(".5", 0, 0), 0.0);
        assertEquals(Math.PI * Math.E, eval("pi*e", 0, 0), 0.0);
        assertEquals(Math.atan2(-1, 0.5), eval("atan2(y, x)", 0.5, -1), 0.0);
        assertEquals(Math.sin(Math.cos(Math.sqrt(Math.abs(-0.7)))), eval("sin(cos(sqrt(abs(y))))", 0, -0.7), 0.0);
        assertEquals(Math.max(Math.min(0.3, 0.8), Math.exp(Math.log(0.2))), eval("max(min(x, y), exp(log(0.2)))", 0.3, 0.8), 1e-16);
        assertEquals(Math.tanh(0.3) + Math.sinh(0.3) + Math.cosh(0.3) + Math.tan(0.3) + Math.asin(0.3) + Math.acos(0.3)
                + Math.atan(0.3), eval("tanh(x) + sinh(x) + cosh(x) + tan(x) + asin(x) + acos(x) + atan(x)", 0.3, 0), 1e-15);
        assertEquals(0.3 * 0.3 * Math.sin(2) - 0.9, eval("x^2*sin(y) - 3*x", 0.3, 2), 1e-15);
    }

    @Test
    void parseCreatingSharesVariablesBetweenFormulasAndParseMakesFreshOnes() {
        Map<String, Variable> shared = new HashMap<>();
        Expression a = Formula.parseCreating("u + v", shared);
        Expression b = Formula.parseCreating("u*w", shared);
        assertEquals(3, shared.size());
        assertTrue(b.getVariables().contains(shared.get("u")));
        assertTrue(a.getVariables().contains(shared.get("u")));
        Expression c = Formula.parse("u - u");
        assertSame(Expression.ZERO, c, "the same name within one formula is one variable");
        assertTrue(Formula.parse("u").getVariables().iterator().next() != shared.get("u"));
    }

    @Test
    void printedFormulasParseBackToEqualExpressions() {
        String[] formulas = {"x^2*sin(y) - 3*x", "-(x + y)", "x - (y - 1)", "x/(y*x)", "(x^y)^2", "x^y^2",
            "2^(-x)", "-x^2", "(-2)^x", "atan2(y, x) + hypot(x, y)", "x*(y + 1)/3", "-(x*y)", "1e-3*x"};
        for (String f : formulas) {
            Expression e = Formula.parse(f, names);
            assertEquals(e, Formula.parse(e.toString(), names), f + " printed as " + e);
        }
    }

    @Test
    void errorsNameTheColumnAndTheCulprit() {
        assertError("sinn(x)", 1, "unknown function 'sinn'");
        assertError("x + (y*2", 5, "missing ')' for this '('");
        assertError("x + y)", 6, "unmatched ')'");
        assertError("x * * y", 5, "unexpected '*' (expected a number, a name or '(')");
        assertError("x +", 4, "unexpected end of formula");
        assertError("2x", 2, "unexpected name 'x' (missing '*'?)");
        assertError("x # y", 3, "unexpected character '#'");
        assertError("atan2(x)", 1, "function 'atan2' takes 2 arguments, got 1");
        assertError("sin(x, y)", 1, "function 'sin' takes 1 argument, got 2");
        assertError("x + z", 5, "unknown variable 'z'");
        assertError("sin + 1", 1, "function 'sin' needs its arguments in parentheses");
        assertError("pi(2)", 1, "'pi' is a constant, not a function");
        assertError("", 1, "unexpected end of formula");
        assertError("max(x, y", 4, "missing ')' for this '('");
        assertError("(x y)", 4, "unexpected name 'y' (expected ')' for the '(' at column 1)");
    }

    private void assertError(String formula, int column, String problem) {
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse(formula, names));
        assertEquals(column, e.column(), formula + ": " + e.getMessage());
        assertTrue(e.problem().startsWith(problem), formula + ": " + e.problem());
        assertTrue(e.getMessage().contains("at column " + column), e.getMessage());
        assertTrue(e.getMessage().endsWith("\n  " + formula + "\n  " + " ".repeat(column - 1) + "^"), e.getMessage());
    }

    @Test
    void reservedNamesAreTheFunctionsAndTheConstants() {
        for (String name : new String[] {"sin", "atan2", "min", "hypot", "log1p", "pi", "e"}) {
            org.junit.jupiter.api.Assertions.assertTrue(Formula.isReserved(name), name);
        }
        for (String name : new String[] {"x", "t", "mu", "sine", "E", "Pi", "e1"}) {
            org.junit.jupiter.api.Assertions.assertFalse(Formula.isReserved(name), name);
        }
    }
}
