package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.Scalar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpressionTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Expression ex = x.toExpression();
    private final Expression ey = y.toExpression();

    @Test
    void variablesAreEqualByIdentityNotByName() {
        Variable other = new Variable("x");
        assertNotEquals(x, other);
        assertNotEquals(ex, other.toExpression());
        assertTrue(other.id() > x.id());
        assertEquals("x", other.toString());
        assertEquals(2, ex.plus(other.toExpression()).getVariables().size());
        assertThrows(IllegalArgumentException.class, () -> new Variable(""));
    }

    @Test
    void trivialIdentitiesAndConstantsFoldAtConstruction() {
        assertSame(ex, ex.plus(0));
        assertSame(ex, Expression.add(Expression.ZERO, ex));
        assertSame(ex, ex.times(1));
        assertSame(Expression.ZERO, ex.times(0));
        assertSame(Expression.ZERO, ex.minus(ex));
        assertSame(Expression.ZERO, Expression.sin(ex).times(ey).minus(Expression.sin(ex).times(ey)));
        assertSame(ex, ex.negate().negate());
        assertSame(ex, Expression.pow(ex, 1));
        assertSame(Expression.ONE, Expression.pow(ex, 0));
        assertSame(ex, ex.dividedBy(1));
        assertEquals(5.0, Expression.constant(2).plus(3).constantValue(), 0.0);
        assertEquals(Math.sin(2.0), Expression.sin(Expression.constant(2)).constantValue(), 0.0);
        assertEquals(Math.atan2(1, 2), Expression.atan2(Expression.ONE, Expression.TWO).constantValue(), 0.0);
        assertEquals("x + 5", ex.plus(2).plus(3).toString(), "constants in a sum are collected");
        assertEquals("6*x", ex.times(2).times(3).toString(), "constant factors are collected");
        assertEquals("x - 1", ex.plus(-1).toString());
        assertEquals("x - y", ex.plus(ey.negate()).toString());
        assertEquals("x - 3*y", ex.plus(ey.times(-3)).toString());
        assertEquals("x^2", ex.times(ex).toString());
        assertEquals("x^6", ex.pow(2).pow(3).toString());
    }

    @Test
    void subexpressionsAreSharedNotCopied() {
        Expression s = Expression.sin(ex);
        Expression sum = s.plus(ey);
        assertSame(s, sum.argument(0));
        Expression doubled = sum.times(sum.plus(1));
        assertSame(sum, doubled.argument(0));
        assertSame(sum, doubled.argument(1).argument(0));
    }

    @Test
    void toStringUsesMinimalParentheses() {
        assertEquals("x^2*sin(y) - 3*x", ex.pow(2).times(Expression.sin(ey)).minus(ex.times(3)).toString());
        assertEquals("x - (y - 1)", ex.minus(ey.minus(1)).toString());
        assertEquals("(x + y)*(x - y)", ex.plus(ey).times(ex.minus(ey)).toString());
        assertEquals("x/(2*y)", ex.dividedBy(ey.times(2)).toString());
        assertEquals("x^y^2", Expression.pow(ex, ey.pow(2)).toString());
        assertEquals("(x^y)^2", Expression.pow(Expression.pow(ex, ey), Expression.TWO).toString());
        assertEquals("x^(-1)", Expression.pow(ex, -1).toString());
        assertEquals("-(x + y)", ex.plus(ey).negate().toString());
        assertEquals("-x^2", ex.pow(2).negate().toString());
        assertEquals("0.5*x", ex.times(0.5).toString());
        assertEquals("-2.5E-4*atan2(y, x)", Expression.atan2(ey, ex).times(-2.5e-4).toString());
    }

    @Test
    void printingAGraphWhoseTreeIsAstronomicalStopsAtAMillionCharacters() {
        Expression q = ex;
        Expression v = ey;
        for (int k = 0; k < 80; k++) {
            Expression qNext = q.plus(v.times(0.01));
            v = v.minus(Expression.sin(q).times(0.1));
            q = qNext;
        }
        String text = q.toString();
        assertTrue(text.length() < 1_000_200, "length " + text.length());
        assertTrue(text.matches("(?s).* \\.\\.\\. \\[truncated: .* the graph has \\d+ nodes\\]"), text.substring(text.length() - 120));
        assertTrue(q.toLatex().contains("[truncated"));
    }

    @Test
    void toLatexWritesFractionsPowersAndFunctions() {
        Variable theta = new Variable("theta");
        Expression t = theta.toExpression();
        assertEquals("x^{2} \\sin\\left(y\\right) - 3 x", ex.pow(2).times(Expression.sin(ey)).minus(ex.times(3)).toLatex());
        assertEquals("\\frac{x}{y + 1}", ex.dividedBy(ey.plus(1)).toLatex());
        assertEquals("\\sqrt{\\theta} + e^{-x}", Expression.sqrt(t).plus(Expression.exp(ex.negate())).toLatex());
        assertEquals("\\left(x + y\\right)^{2}", ex.plus(ey).pow(2).toLatex());
        assertEquals("\\left|x\\right| \\ln\\left(y\\right)", Expression.abs(ex).times(Expression.log(ey)).toLatex());
        assertEquals("\\operatorname{atan2}\\left(y, x\\right)", Expression.atan2(ey, ex).toLatex());
    }

    @Test
    void scalarValueAndComparisonsWorkOnConstantsAndNameTheExpressionOtherwise() {
        Scalar<Expression> s = Expression.SCALAR;
        assertFalse(s.isNumeric());
        assertEquals("Expression", s.name());
        assertEquals(Expression.class, s.type());
        assertEquals(7.0, s.value(s.add(s.of(3), 4.0)), 0.0);
        assertTrue(s.lessThan(s.of(1), s.of(2)));
        assertEquals(-1, s.compare(s.of(1), s.of(2)));
        NonNumericValueException e = assertThrows(NonNumericValueException.class, () -> s.value(ex.plus(1)));
        assertTrue(e.getMessage().contains("x + 1") && e.getMessage().contains("[x]"), e.getMessage());
        NonNumericValueException c = assertThrows(NonNumericValueException.class, () -> s.lessThan(ex, s.of(2)));
        assertTrue(c.getMessage().contains("x"), c.getMessage());
        assertEquals(3, s.newArray(3).length);
        assertEquals("sign(x)", s.sign(ex).toString());
        assertEquals("min(x, y)", s.min(ex, ey).toString());
        assertSame(ex, s.max(ex, ex));
        assertEquals(Math.hypot(3, 4), s.value(s.hypot(s.of(3), s.of(4))), 0.0);
    }

    @Test
    void evaluationWithAMissingVariableNamesIt() {
        Expression e = ex.times(ey).plus(1);
        IllegalArgumentException m = assertThrows(IllegalArgumentException.class,
                () -> e.evaluate(new Environment().put(x, 1.0)));
        assertTrue(m.getMessage().contains("no value for variable 'y'"), m.getMessage());
        Map<Variable, Double> values = new HashMap<>();
        values.put(x, 2.0);
        values.put(y, null);
        IllegalArgumentException n = assertThrows(IllegalArgumentException.class, () -> e.evaluate(values));
        assertTrue(n.getMessage().contains("'y' has a null value"), n.getMessage());
        values.put(y, 3.0);
        assertEquals(7.0, e.evaluate(values), 0.0);
    }

    @Test
    void substitutionIsSimultaneousAndFolds() {
        Expression e = ex.plus(ey.times(2));
        assertEquals("y + 2*x", e.substitute(Map.of(x, ey, y, ex)).toString());
        assertEquals(7.0, e.substitute(x, 1.0).substitute(y, 3.0).constantValue(), 0.0);
        assertSame(e, e.substitute(new Variable("z"), 1.0));
        Expression shared = Expression.sin(ex).plus(Expression.sin(ex).pow(2));
        assertEquals(Math.sin(0.5) + Math.pow(Math.sin(0.5), 2), shared.substitute(x, 0.5).constantValue(), 1e-16);
    }

    @Test
    void getVariablesListsFreeVariablesInCreationOrder() {
        assertEquals(List.of(x, y), List.copyOf(ey.times(Expression.cos(ex)).getVariables()));
        assertTrue(Expression.constant(3).getVariables().isEmpty());
    }
}
