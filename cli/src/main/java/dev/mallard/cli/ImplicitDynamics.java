package dev.mallard.cli;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns implicit dynamics {@code g(x, xdot) = 0}, linear in xdot, into explicit rational dynamics
 * {@code xdot = -M(x)^-1 c(x)} with {@code M = dg/dxdot} and {@code c = g(x, 0)}, by Cramer's rule.
 */
final class ImplicitDynamics {

    private ImplicitDynamics() {
    }

    /**
     * @param g the residuals, one per state
     * @param dots the derivative variables, one per state
     * @return xdot as expressions in the states (rational)
     * @throws BadInputException if g is not linear in the derivatives
     */
    static List<Expression> solve(List<Expression> g, List<Variable> dots) {
        int n = g.size();
        Expression[][] m = new Expression[n][n];
        Expression[] c = new Expression[n];
        Map<Variable, Expression> zero = new java.util.HashMap<>();
        for (Variable d : dots) {
            zero.put(d, Expression.ZERO);
        }
        for (int i = 0; i < n; i++) {
            c[i] = g.get(i).substitute(zero);
            for (int j = 0; j < n; j++) {
                m[i][j] = g.get(i).differentiate(dots.get(j));
                for (Variable d : dots) {
                    if (m[i][j].getVariables().contains(d)) {
                        throw new BadInputException("--g: equation " + (i + 1) + " is not linear in " + dots.get(j).name()
                                + " (its coefficient depends on " + d.name() + ")");
                    }
                }
            }
        }
        Expression det = determinant(m);
        if (det.isConstant() && det.constantValue() == 0) {
            throw new BadInputException("--g: the equations do not determine the derivatives (dg/dxdot is singular)");
        }
        List<Expression> xdot = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            Expression[][] mj = new Expression[n][];
            for (int i = 0; i < n; i++) {
                mj[i] = m[i].clone();
                mj[i][j] = c[i].negate();
            }
            xdot.add(determinant(mj).dividedBy(det));
        }
        return xdot;
    }

    /** The determinant by cofactor expansion along the first row (the state counts here are small). */
    static Expression determinant(Expression[][] m) {
        int n = m.length;
        if (n == 1) {
            return m[0][0];
        }
        Expression sum = Expression.ZERO;
        for (int j = 0; j < n; j++) {
            Expression[][] minor = new Expression[n - 1][n - 1];
            for (int i = 1; i < n; i++) {
                for (int k = 0, col = 0; k < n; k++) {
                    if (k != j) {
                        minor[i - 1][col++] = m[i][k];
                    }
                }
            }
            Expression term = m[0][j].times(determinant(minor));
            sum = j % 2 == 0 ? sum.plus(term) : sum.minus(term);
        }
        return sum;
    }
}
