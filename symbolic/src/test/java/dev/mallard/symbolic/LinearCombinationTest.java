package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.mallard.scalar.Scalar;
import org.junit.jupiter.api.Test;

/** {@link Scalar#linearCombination} on {@link Expression}: the unfused expression, folded as add and mul fold. */
class LinearCombinationTest {

    private static final Scalar<Expression> S = Expression.SCALAR;
    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Expression ex = x.toExpression();
    private final Expression ey = y.toExpression();

    @Test
    void combinationEqualsTheUnfusedExpressionAndEvaluatesToTheSum() {
        Expression[] t = {ex, S.sin(ey), S.of(4)};
        double[] c = {2, -0.5, 3};
        Expression fused = S.linearCombination(ey, c, t, 3);
        Expression chain = S.add(S.add(S.add(ey, S.mul(ex, 2)), S.mul(S.sin(ey), -0.5)), S.mul(S.of(4), 3));
        assertEquals(chain, fused);
        assertEquals(chain.toString(), fused.toString());
        double expected = -1.3 + 2 * 0.7 - 0.5 * Math.sin(-1.3) + 12;
        assertEquals(expected, fused.evaluate(new Environment().put(x, 0.7).put(y, -1.3)), 1e-15);
    }

    @Test
    void zeroBaseAndUnitCoefficientFoldAway() {
        assertSame(ex, S.linearCombination(Expression.ZERO, new double[] {1}, new Expression[] {ex}, 1));
        assertSame(Expression.ZERO, S.linearCombination(Expression.ZERO, new double[] {0}, new Expression[] {ex}, 1));
    }
}
