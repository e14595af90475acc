package dev.mallard.examples.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The certified level against the exact one. For {@code V = x'Px} the exact level is
 * {@code inf { V(x) : Vdot(x) = 0, x != 0 }}: below it Vdot < 0 everywhere but at the origin. With
 * {@code f(x) = Ax + (0, x1³/3)}, along the ray {@code x = r u} (|u| = 1)
 * {@code Vdot = 2 x'P f(x) = r² 2u'PAu + r⁴ 2 (p12 u1 + p22 u2) u1³ / 3}, so Vdot vanishes at
 * {@code r² = -2u'PAu / (2 (p12 u1 + p22 u2) u1³ / 3)} when that is positive, and the exact level is the
 * smallest V there over all directions.
 */
class OwnSystemRegionOfAttractionTest {

    private static RegionOfAttractionResult result;
    private static double p11;
    private static double p12;
    private static double p22;

    @BeforeAll
    static void analyzeOnce() {
        result = OwnSystemRegionOfAttraction.analyze();
        Expression v = result.candidate();
        List<Variable> x = result.stateVariables();
        p11 = v.evaluate(new Environment().put(x.get(0), 1).put(x.get(1), 0));
        p22 = v.evaluate(new Environment().put(x.get(0), 0).put(x.get(1), 1));
        p12 = (v.evaluate(new Environment().put(x.get(0), 1).put(x.get(1), 1)) - p11 - p22) / 2;
    }

    @Test
    void theCandidateSolvesTheLyapunovEquationOfTheLinearisation() {
        // A = [[0, 1], [-1, -1]]; the entries of A'P + PA must be those of -I.
        assertEquals(-1.0, -2 * p12, 1e-9);
        assertEquals(0.0, p11 - p12 - p22, 1e-9);
        assertEquals(-1.0, 2 * p12 - 2 * p22, 1e-9);
        assertEquals(List.of("x1", "x2"), result.stateVariables().stream().map(Variable::name).toList());
    }

    @Test
    void theCertifiedLevelIsBelowTheExactLevelAndWithinATenthOfAPercentOfIt() {
        double exact = exactLevel();
        // A separate 200000-direction grid search for this P gave 3.850941.
        assertEquals(3.850941, exact, 1e-6);
        assertTrue(result.isVerified(), result::toString);
        assertTrue(result.rho() <= exact, () -> "certified " + result.rho() + " above the exact " + exact);
        assertTrue(result.rho() >= 0.999 * exact, () -> "certified " + result.rho() + " far below " + exact);
        assertTrue(result.simulation().allConverged(), () -> result.simulation().toString());
    }

    /** The minimum over directions of V where Vdot first vanishes: a grid, then golden-section refinement. */
    private static double exactLevel() {
        int n = 20000;
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (levelOnRay(Math.PI * i / n) < levelOnRay(Math.PI * best / n)) {
                best = i;
            }
        }
        double lo = Math.PI * (best - 1) / n;
        double hi = Math.PI * (best + 1) / n;
        double g = (Math.sqrt(5) - 1) / 2;
        for (int k = 0; k < 60; k++) {
            double a = hi - g * (hi - lo);
            double b = lo + g * (hi - lo);
            if (levelOnRay(a) < levelOnRay(b)) {
                hi = b;
            } else {
                lo = a;
            }
        }
        return levelOnRay((lo + hi) / 2);
    }

    /** V at the first zero of Vdot along direction theta (directions theta and theta + pi give the same). */
    private static double levelOnRay(double theta) {
        double u1 = Math.cos(theta);
        double u2 = Math.sin(theta);
        // Au = (u2, -u1 - u2); the quadratic coefficient 2u'PAu is -1 when P solves the Lyapunov equation.
        double pa1 = p11 * u2 + p12 * (-u1 - u2);
        double pa2 = p12 * u2 + p22 * (-u1 - u2);
        double quadratic = 2 * (u1 * pa1 + u2 * pa2);
        double quartic = 2 * (p12 * u1 + p22 * u2) * u1 * u1 * u1 / 3;
        if (quartic <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double r2 = -quadratic / quartic;
        return (p11 * u1 * u1 + 2 * p12 * u1 * u2 + p22 * u2 * u2) * r2;
    }
}
