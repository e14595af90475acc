package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Dynamics in sin and cos of an angle, recast exactly and certified for the true dynamics. */
class TrigonometricRecastTest {

    private final Variable th = new Variable("th");
    private final Variable w = new Variable("w");

    private RegionOfAttractionResult analyze(String thetaDot, String omegaDot, double[] star) {
        Map<String, Variable> names = new LinkedHashMap<>();
        names.put("th", th);
        names.put("w", w);
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(th, w)
                .dynamics(Formula.parse(thetaDot, names), Formula.parse(omegaDot, names)).build(Scalar.DOUBLE);
        var context = system.createDefaultContext();
        context.setContinuousStateValues(star);
        return RegionOfAttraction.analyzeDetailed(system, context,
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(th, w)).withSimulationCheck(0, 1, 1e-3, 1));
    }

    /**
     * inf{V : Vdot = 0} of the true dynamics over the first sign change of Vdot along 720 rays from x*,
     * within one turn of the angle, and the equilibria half a turn away.
     */
    private double exactLevel(Expression v, Expression thDot, Expression wDot, double[] star) {
        Expression vdot = v.differentiate(th).times(thDot).plus(v.differentiate(w).times(wDot));
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 720; k++) {
            double c = Math.cos(2 * Math.PI * k / 720);
            double s = Math.sin(2 * Math.PI * k / 720);
            double lo = 1e-3;
            double hi = lo;
            while (hi < 30 && Math.abs(hi * c) <= Math.PI && at(vdot, star, hi * c, hi * s) < 0) {
                lo = hi;
                hi += 0.01;
            }
            if (hi >= 30 || Math.abs(hi * c) > Math.PI) {
                continue;
            }
            for (int i = 0; i < 60; i++) {
                double mid = 0.5 * (lo + hi);
                if (at(vdot, star, mid * c, mid * s) < 0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            best = Math.min(best, at(v, star, hi * c, hi * s));
        }
        // The other equilibria within the turn, half a turn away (Vdot = 0 there, which no ray lands on exactly).
        return Math.min(best, Math.min(at(v, star, Math.PI, 0), at(v, star, -Math.PI, 0)));
    }

    private double at(Expression e, double[] star, double dth, double dw) {
        return e.evaluate(new Environment().put(th, star[0] + dth).put(w, star[1] + dw));
    }

    @Test
    void pendulumUnderSineFeedbackIsCertifiedForTheTrueDynamics() {
        // th'' = (g/l) sin th - b/(m l^2) th' + u/(m l^2), m = 1, l = 0.5, b = 0.1, g = 9.81, u = -(10 sin th + th').
        String wDot = "(9.81/0.5)*sin(th) - 0.1/0.25*w + (-(10*sin(th) + w))/0.25";
        RegionOfAttractionResult r = analyze("w", wDot, new double[] {0, 0});
        assertTrue(r.isVerified(), r::toString);
        Expression v = r.lyapunovFunction();
        assertTrue(v.toString().contains("sin(th)") && v.toString().contains("cos(th)"), v::toString);
        Map<String, Variable> names = Map.of("th", th, "w", w);
        double exact = exactLevel(v, w.toExpression(), Formula.parse(wDot, names), new double[] {0, 0});
        // {V <= 1} is the estimate: never above the exact level, and at least 90% of it.
        assertTrue(exact >= 1 - 1e-6 && exact <= 1 / 0.9, "exact level of the certified V: " + exact);
    }

    @Test
    void angleMeasuredFromANonzeroEquilibriumIsShifted() {
        // The same closed loop written about th* = pi (the pendulum's upright measured from hanging).
        String wDot = "-(9.81/0.5)*sin(th) - 0.4*w - 4*(10*sin(th - 3.141592653589793) + w)";
        double[] star = {Math.PI, 0};
        RegionOfAttractionResult r = analyze("w", wDot, star);
        assertTrue(r.isVerified(), r::toString);
        Map<String, Variable> names = Map.of("th", th, "w", w);
        double exact = exactLevel(r.lyapunovFunction(), w.toExpression(), Formula.parse(wDot, names), star);
        assertTrue(exact >= 1 - 1e-6 && exact <= 1 / 0.9, "exact level of the certified V: " + exact);
        assertEquals(0.0, at(r.lyapunovFunction(), star, 0, 0), 1e-12);
    }
}
