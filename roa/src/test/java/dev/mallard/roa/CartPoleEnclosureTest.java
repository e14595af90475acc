package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.controllers.LinearQuadraticRegulator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Drake's cart-pole (m_c = 10, m_p = 1, l = 0.5, g = 9.81) under LQR about the upright: the angle enters
 * through sin and cos, through the feedback and through the denominator {@code m_c + m_p sin^2}, and Vdot's
 * margin is small next to its terms. The reference level inf{V : Vdot = 0, x != x*} of the true dynamics is
 * from Debian's python3 with scipy: K by solve_continuous_are, P of A_cl'P + P A_cl = -I, the first zero of
 * Vdot along 200000 random rays, then SLSQP minimising V subject to Vdot = 0 from the 20 best rays (0.0985784369
 * at theta - pi = -0.0380, every start agreeing to 1e-11).
 */
class CartPoleEnclosureTest {

    /** The exact level of the true dynamics for the default V (scipy, see the class comment). */
    static final double EXACT_LEVEL = 0.0985784369;

    @Test
    void cartPoleUnderLqrReachesNinetyPercentOfTheExactLevel() {
        // The linearisation about theta = pi: xddot = (m_p g/m_c) dth + u/m_c,
        // thddot = ((m_c + m_p) g/(l m_c)) dth + u/(l m_c).
        double[][] a = {{0, 0, 1, 0}, {0, 0, 0, 1}, {0, 0.981, 0, 0}, {0, 21.582, 0, 0}};
        double[][] b = {{0}, {0}, {0.1}, {0.2}};
        double[][] k = LinearQuadraticRegulator.continuous(a, b,
                new double[][] {{10, 0, 0, 0}, {0, 10, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}, new double[][] {{1}}).k();
        // scipy's solve_continuous_are.
        assertArrayEquals(new double[] {-3.16227766, 254.39247116, -9.76923594, 55.17739403}, k[0], 1e-6);
        String u = String.format("-(%.17g*x + %.17g*(th - %.17g) + %.17g*xd + %.17g*thd)", k[0][0], k[0][1], Math.PI,
                k[0][2], k[0][3]);
        String d = "(10 + sin(th)^2)";
        String xdd = "(" + u + " + sin(th)*(0.5*thd^2 + 9.81*cos(th)))/" + d;
        String thdd = "(-(" + u + ")*cos(th) - 0.5*thd^2*cos(th)*sin(th) - 11*9.81*sin(th))/(0.5*" + d + ")";
        Variable x = new Variable("x");
        Variable th = new Variable("th");
        Variable xd = new Variable("xd");
        Variable thd = new Variable("thd");
        Map<String, Variable> names = new LinkedHashMap<>();
        for (Variable v : List.of(x, th, xd, thd)) {
            names.put(v.name(), v);
        }
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(x, th, xd, thd)
                .dynamics(xd.toExpression(), thd.toExpression(), Formula.parse(xdd, names), Formula.parse(thdd, names))
                .build(Scalar.DOUBLE);
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(0, Math.PI, 0, 0);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, context,
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(x, th, xd, thd))
                        .withSimulationCheck(8, 20, 1e-3, 1));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() <= EXACT_LEVEL && r.rho() >= 0.9 * EXACT_LEVEL,
                "certified level " + r.rho() + ", exact " + EXACT_LEVEL);
        assertTrue(r.simulation().allConverged(), r.simulation()::toString);
    }
}
