package dev.mallard.bench.model;

import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

/**
 * Spong's acrobot as formulas in a {@link SymbolicVectorSystem}, with Drake's parameters: explicit (the
 * accelerations solved by hand, as the README's {@code --f}) or in mass-matrix form {@code M(q) vdot = f}
 * (solved numerically at each evaluation). The same equations as {@link Acrobot}.
 */
public final class AcrobotFormulas {

    private static final String DEFINITIONS = "I1 = Ic1 + m1*lc1^2; I2 = Ic2 + m2*lc2^2; k = m2*l1*lc2;"
            + " m11 = I1 + I2 + m2*l1^2 + 2*k*cos(q2); m12 = I2 + k*cos(q2);"
            + " r1 = 2*k*sin(q2)*v2*v1 + k*sin(q2)*v2^2 - g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2)))"
            + " - b1*v1; r2 = u - k*sin(q2)*v1^2 - g*m2*lc2*sin(q1 + q2) - b2*v2; det = m11*I2 - m12^2";

    private AcrobotFormulas() {
    }

    /** @return the acrobot with its accelerations written out (Cramer's rule by hand) */
    public static SymbolicVectorSystem<Double> explicit() {
        return builder().dynamics("v1; v2; (I2*r1 - m12*r2)/det; (m11*r2 - m12*r1)/det").build(Scalar.DOUBLE);
    }

    /** @return the acrobot as {@code M(q) vdot = [r1, r2]}, {@code qdot = v} */
    public static SymbolicVectorSystem<Double> massMatrix() {
        return builder().massMatrix("m11, m12; m12, I2").dynamics("v1; v2; r1; r2").build(Scalar.DOUBLE);
    }

    private static SymbolicVectorSystem.Builder builder() {
        SymbolicVectorSystem.Builder b = SymbolicVectorSystem.builder().name("acrobot")
                .state(new Variable("q1"), new Variable("q2"), new Variable("v1"), new Variable("v2"))
                .input(new Variable("u")).definitions(DEFINITIONS);
        for (int i = 0; i < Acrobot.PARAMETERS.size(); i++) {
            b.parameter(new Variable(Acrobot.PARAMETERS.get(i)), Acrobot.DRAKE_PARAMETERS[i]);
        }
        return b;
    }
}
