package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.LeafSystem;
import java.util.List;

/**
 * The linear system {@code xdot = A x + B u}, {@code y = C x + D u} (continuous), or
 * {@code x[n+1] = A x[n] + B u[n]}, {@code y = C x + D u} updated every {@code timePeriod} seconds from time 0
 * (discrete): Drake's {@code LinearSystem}, the {@link AffineSystem} with {@code f0 = 0} and {@code y0 = 0}.
 * Input port {@code "u"} of size {@code m} (if {@code B} or {@code D} has columns), output port {@code "y"}
 * of size {@code p} (if {@code C} has rows), direct feedthrough only when {@code D} has a non-zero entry;
 * state: {@code n} continuous z states, or discrete state group 0 of size {@code n}. Units: those the
 * matrices give.
 *
 * <p>Being an {@code AffineSystem}, it is accepted wherever one is (LQR controllers, linearisations).
 *
 * @param <T> the number type
 */
public final class LinearSystem<T> extends AffineSystem<T> {

    /**
     * A continuous-time linear system.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code n x n}; copied
     * @param b {@code n x m}; copied
     * @param c {@code p x n}; copied
     * @param d {@code p x m}; copied
     * @throws IllegalArgumentException naming the matrix whose shape disagrees
     */
    public LinearSystem(Scalar<T> scalar, String name, double[][] a, double[][] b, double[][] c, double[][] d) {
        this(scalar, name, a, b, c, d, 0.0);
    }

    /**
     * A linear system in continuous time ({@code timePeriod = 0}) or in discrete time.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code n x n}; copied
     * @param b {@code n x m}; copied
     * @param c {@code p x n}; copied
     * @param d {@code p x m}; copied
     * @param timePeriod 0 for continuous time, else the update period in seconds, finite and {@code > 0}
     * @throws IllegalArgumentException naming the matrix whose shape disagrees, or a bad period
     */
    public LinearSystem(Scalar<T> scalar, String name, double[][] a, double[][] b, double[][] c, double[][] d,
            double timePeriod) {
        super(scalar, name, a, b, new double[a == null ? 0 : a.length], c, d, new double[c == null ? 0 : c.length],
                timePeriod);
    }

    /**
     * Drake's {@code MakeLinearSystem}: the linear system whose dynamics and output are the given expressions,
     * linear in the state and input variables (see {@link AffineSystem#fromExpressions}).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param dynamics {@code f(x, u)}, one expression per state
     * @param output {@code g(x, u)}, one expression per output (may be empty)
     * @param stateVariables the state variables, in order, distinct
     * @param inputVariables the input variables, in order, distinct (may be empty)
     * @param timePeriod 0 for continuous time, else the update period in seconds, finite and {@code > 0}
     * @param <T> the number type
     * @return the system
     * @throws IllegalArgumentException as {@link AffineSystem#fromExpressions}, or naming the expression whose
     *     constant term is not zero
     */
    public static <T> LinearSystem<T> fromExpressions(Scalar<T> scalar, String name, List<Expression> dynamics,
            List<Expression> output, List<Variable> stateVariables, List<Variable> inputVariables,
            double timePeriod) {
        AffineSystem<T> affine = AffineSystem.fromExpressions(scalar, name, dynamics, output, stateVariables,
                inputVariables, timePeriod);
        checkNoConstant(affine.getF0(), "dynamics", dynamics);
        checkNoConstant(affine.getY0(), "output", output);
        return new LinearSystem<>(scalar, name, affine.getA(), affine.getB(), affine.getC(), affine.getD(),
                timePeriod);
    }

    private static void checkNoConstant(double[] constants, String what, List<Expression> expressions) {
        for (int i = 0; i < constants.length; i++) {
            if (constants[i] != 0) {
                throw new IllegalArgumentException(what + "[" + i + "] = " + expressions.get(i)
                        + " is not linear: its constant term is " + constants[i]);
            }
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new LinearSystem<>(target, getName(), getA(), getB(), getC(), getD(), getTimePeriod());
    }
}
