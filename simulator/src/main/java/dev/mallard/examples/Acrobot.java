package dev.mallard.examples;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Num;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import java.util.List;

/**
 * Spong's acrobot as Drake's {@code AcrobotPlant} models it: two links in a vertical plane, the shoulder passive,
 * a torque {@code tau} (N m) at the elbow. With {@code I1 = Ic1 + m1 lc1^2}, {@code I2 = Ic2 + m2 lc2^2},
 * {@code k = m2 l1 lc2}:
 * <pre>
 *   M(q) = [[I1 + I2 + m2 l1^2 + 2 k cos q2, I2 + k cos q2], [I2 + k cos q2, I2]]
 *   bias = [-2 k sin(q2) v2 v1 - k sin(q2) v2^2 + g (m1 lc1 sin q1 + m2 (l1 sin q1 + lc2 sin(q1 + q2))) + b1 v1,
 *            k sin(q2) v1^2 + g m2 lc2 sin(q1 + q2) + b2 v2]
 *   M(q) vdot = [0, tau] - bias
 * </pre>
 * State: q = {@code [theta1, theta2]} (rad; 0 hanging down, {@code theta1 = pi, theta2 = 0} upright),
 * v = {@code [theta1dot, theta2dot]} (rad/s). Input port 0 ("elbow_torque") is {@code tau}. The parameters are
 * Drake's {@code AcrobotParams}, one named group each ({@link #PARAMETERS}): masses (kg), lengths and centre of
 * mass distances (m), inertias about the centres of mass (kg m^2), joint damping (N m s), gravity (m/s^2);
 * {@code l2} is declared for completeness and does not enter the dynamics. Written with {@link Num}, so the
 * code reads like the equations and runs with every number type.
 *
 * @param <T> the number type
 */
public final class Acrobot<T> extends LeafSystem<T> {

    /** The parameter names, in declaration (group) order. */
    public static final List<String> PARAMETERS = List.of("m1", "m2", "l1", "l2", "lc1", "lc2", "Ic1", "Ic2", "b1",
            "b2", "g");
    /** Drake's AcrobotParams, in the order of {@link #PARAMETERS}. */
    public static final double[] DRAKE_PARAMETERS = {1, 1, 1, 2, 0.5, 1, 0.083, 0.33, 0.1, 0.1, 9.81};

    private final double[] parameters;

    /**
     * The acrobot with Drake's parameters, hanging at rest.
     *
     * @param scalar the number type
     */
    public Acrobot(Scalar<T> scalar) {
        this(scalar, DRAKE_PARAMETERS);
    }

    /**
     * @param scalar the number type
     * @param parameters the values in the order of {@link #PARAMETERS}, each finite; not modified
     * @throws IllegalArgumentException if there are not 11 values or one is not finite (naming it)
     */
    public Acrobot(Scalar<T> scalar, double... parameters) {
        super(scalar, "acrobot");
        Checks.size(parameters.length, PARAMETERS.size(), "parameters");
        this.parameters = parameters.clone();
        declareContinuousState(2, 2, 0);
        setContinuousStateNames("theta1", "theta2", "theta1dot", "theta2dot");
        for (int k = 0; k < PARAMETERS.size(); k++) {
            declareNumericParameter(PARAMETERS.get(k), Checks.finite(parameters[k], PARAMETERS.get(k)));
        }
        declareVectorInputPort("elbow_torque", 1);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> derivatives) {
        ContinuousState<T> x = c.getContinuousState();
        Num<T> q1 = Num.of(x, 0), q2 = Num.of(x, 1), v1 = Num.of(x, 2), v2 = Num.of(x, 3);
        Num<T> tau = Num.of(getInputPort(0).eval(c), 0);
        Num<T> m1 = p(c, 0), m2 = p(c, 1), l1 = p(c, 2), lc1 = p(c, 4), lc2 = p(c, 5), g = p(c, 10);
        Num<T> i1 = p(c, 6).add(m1.mul(lc1.sq())), i2 = p(c, 7).add(m2.mul(lc2.sq())), k = m2.mul(l1).mul(lc2);
        Num<T> s2 = q2.sin(), s1 = q1.sin(), s12 = q1.add(q2).sin(), kc2 = k.mul(q2.cos());
        Num<T> m11 = i1.add(i2).add(m2.mul(l1.sq())).add(kc2.mul(2)), m12 = i2.add(kc2);
        Num<T> bias1 = k.mul(s2).mul(v2).mul(v1.mul(2).add(v2)).neg()
                .add(g.mul(m1.mul(lc1).mul(s1).add(m2.mul(l1.mul(s1).add(lc2.mul(s12)))))).add(p(c, 8).mul(v1));
        Num<T> bias2 = k.mul(s2).mul(v1.sq()).add(g.mul(m2).mul(lc2).mul(s12)).add(p(c, 9).mul(v2));
        Num<T> r1 = bias1.neg(), r2 = tau.sub(bias2), det = m11.mul(i2).sub(m12.sq());
        derivatives.set(0, v1.get());
        derivatives.set(1, v2.get());
        derivatives.set(2, i2.mul(r1).sub(m12.mul(r2)).div(det).get());
        derivatives.set(3, m11.mul(r2).sub(m12.mul(r1)).div(det).get());
    }

    /** Parameter group {@code k}'s value. */
    private static <T> Num<T> p(Context<T> c, int k) {
        return Num.of(c.getNumericParameter(k), 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Acrobot<>(target, parameters);
    }
}
