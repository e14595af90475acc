package dev.mallard.examples;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

/**
 * The acrobot and the planar quadrotor written in Java as their equations: names, parameter values, definitions
 * and formulas given to {@link SymbolicVectorSystem.Builder}, which traces them once into expressions and
 * evaluates them compiled for {@code double} and {@code AutoDiff} (and as expressions for {@code Expression}).
 * They are the same models as {@link Acrobot} and {@link PlanarQuadrotor} (tested to agree to rounding), in the
 * shape a NumPy or JAX user writes them; the acrobot in mass-matrix form {@code M(q) vdot = [0, u] - bias}, the
 * solve left to the system.
 */
public final class EquationModels {

    private EquationModels() {
    }

    /**
     * Spong's acrobot with Drake's {@code AcrobotParams}: state {@code (q1, q2, v1, v2)} (rad, rad/s), input
     * {@code u} the elbow torque (N m), parameters named as Drake's.
     *
     * @param scalar the number type
     * @param <T> that type
     * @return a new system
     */
    public static <T> SymbolicVectorSystem<T> acrobot(Scalar<T> scalar) {
        return SymbolicVectorSystem.builder().name("acrobot").state("q1, q2, v1, v2").input("u")
                .parameters("m1 = 1, m2 = 1, l1 = 1, lc1 = 0.5, lc2 = 1, Ic1 = 0.083, Ic2 = 0.33, b1 = 0.1, b2 = 0.1, g = 9.81")
                .definitions("I1 = Ic1 + m1*lc1^2; I2 = Ic2 + m2*lc2^2; k = m2*l1*lc2")
                .massMatrix("I1 + I2 + m2*l1^2 + 2*k*cos(q2), I2 + k*cos(q2); I2 + k*cos(q2), I2")
                .dynamics("v1; v2; 2*k*sin(q2)*v2*v1 + k*sin(q2)*v2^2 - g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2))) - b1*v1;"
                        + " u - k*sin(q2)*v1^2 - g*m2*lc2*sin(q1 + q2) - b2*v2")
                .build(scalar);
    }

    /**
     * Drake's planar quadrotor ({@code Quadrotor2D}): state {@code (x, y, th, xd, yd, thd)} (m, rad, m/s, rad/s),
     * inputs {@code u0, u1} the two rotors' thrusts (N), parameters mass {@code m} (kg), inertia {@code I}
     * (kg m^2), arm {@code r} (m) and gravity {@code g} (m/s^2).
     *
     * @param scalar the number type
     * @param <T> that type
     * @return a new system
     */
    public static <T> SymbolicVectorSystem<T> planarQuadrotor(Scalar<T> scalar) {
        return SymbolicVectorSystem.builder().name("planar_quadrotor").state("x, y, th, xd, yd, thd").input("u0, u1")
                .parameters("m = 0.486, I = 0.00383, r = 0.25, g = 9.81")
                .dynamics("F = (u0 + u1)/m; xd; yd; thd; -sin(th)*F; cos(th)*F - g; r*(u0 - u1)/I").build(scalar);
    }
}
