package dev.mallard.cli;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.controllers.LinearQuadraticRegulator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A plant {@code xdot = f(x, u)} in closed loop with the linear feedback {@code u = u* - K (x - x*)}: K given,
 * or designed by LQR on the linearisation about {@code (x*, u*)}, whose Jacobians come from exact symbolic
 * differentiation of f.
 */
final class ClosedLoop {

    private ClosedLoop() {
    }

    /**
     * The Jacobians of the plant at {@code (x*, u*)}, parameters at their values.
     *
     * @param f the plant's dynamics, one per state
     * @param states the state variables
     * @param inputs the input variables
     * @param env the parameters' values, time 0 and the states at x*; the inputs are set to u* in it
     * @param uStar the equilibrium input, one per input
     * @return {A, B}: A is n x n, B is n x m
     */
    static double[][][] linearisation(List<Expression> f, List<Variable> states, List<Variable> inputs,
            Environment env, double[] uStar) {
        for (int i = 0; i < inputs.size(); i++) {
            env.put(inputs.get(i), uStar[i]);
        }
        double[][] a = new double[f.size()][states.size()];
        double[][] b = new double[f.size()][inputs.size()];
        for (int i = 0; i < f.size(); i++) {
            for (int j = 0; j < states.size(); j++) {
                a[i][j] = f.get(i).differentiate(states.get(j)).evaluate(env);
            }
            for (int j = 0; j < inputs.size(); j++) {
                b[i][j] = f.get(i).differentiate(inputs.get(j)).evaluate(env);
            }
        }
        return new double[][][] {a, b};
    }

    /**
     * The LQR gain of the linearisation.
     *
     * @param ab {A, B} from {@link #linearisation}
     * @param q the n x n state cost, symmetric positive semidefinite
     * @param r the m x m input cost, symmetric positive definite
     * @return K (m x n) and the cost-to-go S (n x n)
     * @throws BadInputException naming --lqr-q/--lqr-r when the design is impossible (not stabilisable, bad costs)
     */
    static LinearQuadraticRegulator.Result lqr(double[][][] ab, double[][] q, double[][] r) {
        try {
            return LinearQuadraticRegulator.continuous(ab[0], ab[1], q, r);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--lqr-q/--lqr-r: no LQR design about the equilibrium: " + e.getMessage());
        }
    }

    /**
     * @param f the plant's dynamics
     * @param states the state variables
     * @param inputs the input variables
     * @param k the gain, m x n
     * @param point x*
     * @param uStar u*, one per input
     * @return f with every input u_i replaced by {@code u*_i - sum_j K_ij (x_j - x*_j)}
     */
    static List<Expression> close(List<Expression> f, List<Variable> states, List<Variable> inputs, double[][] k,
            double[] point, double[] uStar) {
        Map<Variable, Expression> control = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            Expression u = uStar[i] == 0 ? Expression.ZERO : Expression.constant(uStar[i]);
            for (int j = 0; j < states.size(); j++) {
                if (k[i][j] != 0) {
                    Expression dx = point[j] == 0 ? states.get(j).toExpression() : states.get(j).toExpression().minus(point[j]);
                    u = u.minus(dx.times(k[i][j]));
                }
            }
            control.put(inputs.get(i), u);
        }
        List<Expression> out = new ArrayList<>();
        for (Expression fi : f) {
            out.add(fi.substitute(control));
        }
        return out;
    }
}
