package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Angles that enter through sin and cos and also directly (a linear feedback of the angle): sin and cos
 * enclosed, the level certified for the true dynamics. Reference levels inf{V : Vdot = 0, x != x*} of the
 * true dynamics from Debian's python3 with scipy (the Lyapunov equation, then the first zero of Vdot along
 * 7200 rays, refined by bisection).
 */
class TrigonometricEnclosureTest {

    private final Variable th = new Variable("th");
    private final Variable w = new Variable("w");

    private RegionOfAttractionResult analyze(String omegaDot, int samples) {
        Map<String, Variable> names = new LinkedHashMap<>();
        names.put("th", th);
        names.put("w", w);
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(th, w)
                .dynamics(w.toExpression(), Formula.parse(omegaDot, names)).build(Scalar.DOUBLE);
        return RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(th, w))
                        .withSimulationCheck(samples, 20, 1e-3, 1));
    }

    private double at(Expression e, double dth, double dw) {
        return e.evaluate(new Environment().put(th, dth).put(w, dw));
    }

    @Test
    void invertedPendulumUnderLinearFeedbackReachesNinetyPercentOfTheExactLevel() {
        // th'' = (g/l) sin th - b/(m l^2) th' + u/(m l^2), m = 1, l = 0.5, b = 0.1, g = 9.81, u = -(10 th + th').
        RegionOfAttractionResult r = analyze("19.62*sin(th) - 0.4*w - 4*(10*th + w)", 8);
        assertTrue(r.isVerified(), r::toString);
        // scipy: P of A'P + PA = -I and the exact level of y'Py for the true dynamics.
        double exact = 10.0863233756;
        assertEquals(2.537494424123472, at(r.candidate(), 1, 0), 1e-9);
        assertEquals(0.1192122401641538, at(r.candidate(), 0, 1), 1e-9);
        assertTrue(r.rho() <= exact && r.rho() >= 0.9 * exact, "certified level " + r.rho() + ", exact " + exact);
        // The estimate, in the user's angle: {V <= 1} on the level's boundary, simulated with the true sin.
        assertEquals(1.0, r.lyapunovFunction().evaluate(new Environment().put(th, Math.sqrt(r.rho() / 2.537494424123472))
                .put(w, 0.0)), 1e-9);
        assertTrue(r.simulation().allConverged(), r.simulation()::toString);
    }

    @Test
    void pendulumUnderLqrIsCertifiedForEveryLevel() {
        // LQR with Q = diag(10, 1), R = 1 on the linearisation (scipy: K = [10.74101105, 2.42596626]): the
        // torque is unbounded and linear, and Vdot < 0 on the whole plane for the true sin (scipy: max of
        // Vdot/|x|^2 on a grid of half-widths 200 and 2000 is 0, attained at the origin only).
        RegionOfAttractionResult r = analyze("19.62*sin(th) - 0.4*w - 4*(10.74101105*th + 2.42596626*w)", 0);
        assertTrue(r.isGlobal() && r.isVerified(), r::toString);
        // no finite level is an answer: rho() refuses
        assertThrows(IllegalStateException.class, r::rho);
        assertEquals(1.42110175, at(r.lyapunovFunction(), 1, 0), 1e-6);
    }

    @Test
    void sineAndCosineLieBetweenTheirBounds() {
        Variable q = new Variable("q");
        for (int k = 1; k <= 4; k++) {
            for (double h : new double[] {0.3, 2.0, 4.0}) {
                Polynomial[] s = TrigonometricBounds.sine(q, k, h);
                Polynomial[] c = TrigonometricBounds.cosine(q, k, h);
                for (double x = -h; x <= h; x += h / 500) {
                    assertBetween(Math.sin(x), s, q, x);
                    assertBetween(Math.cos(x), c, q, x);
                }
            }
        }
        for (double x = -60; x <= 60; x += 0.01) {
            assertBetween(Math.sin(x), TrigonometricBounds.sineSector(q), q, x);
            assertBetween(Math.cos(x), TrigonometricBounds.cosineSector(q), q, x);
        }
    }

    @Test
    void productsOfSineAndCosineBecomeHarmonics() {
        for (int a = 0; a <= 3; a++) {
            for (int b = 0; b <= 3; b++) {
                java.util.Map<Integer, Double> h = HarmonicBound.productToSum(a, b);
                for (double q = -3; q <= 3; q += 0.37) {
                    double sum = 0;
                    for (java.util.Map.Entry<Integer, Double> e : h.entrySet()) {
                        int j = (e.getKey() + 1) / 2;
                        sum += e.getValue() * (e.getKey() % 2 == 1 ? Math.sin(j * q) : Math.cos(j * q));
                    }
                    assertEquals(Math.pow(Math.sin(q), a) * Math.pow(Math.cos(q), b), sum, 1e-14, a + " " + b);
                }
            }
        }
    }

    @Test
    void harmonicBoundLiesAboveThePolynomialOnTheBox() {
        // p = 3 w s c + 2 th w^2 s - w th c^2 + th^2 w^2 s^2, sampled against U on |th| <= 0.5, |w| <= 2.
        Variable s = new Variable("s");
        Variable c = new Variable("c");
        Polynomial pt = Polynomial.of(th);
        Polynomial pw = Polynomial.of(w);
        Polynomial p = pw.multiply(Polynomial.of(s)).multiply(Polynomial.of(c)).scale(3)
                .add(pt.multiply(pw.pow(2)).multiply(Polynomial.of(s)).scale(2))
                .sub(pw.multiply(pt).multiply(Polynomial.of(c).pow(2)))
                .add(pt.pow(2).multiply(pw.pow(2)).multiply(Polynomial.of(s).pow(2)));
        double h = 0.5;
        for (int exact = 0; exact <= 2; exact++) {
            List<Polynomial> vertices = HarmonicBound.upper(p, List.of(th, w), List.of(s, c), List.of(0, 0),
                    new double[] {h, 2}, new double[] {h, 2}, 0.15, 4, exact);
            assertEquals(1 << exact, vertices.size());
            // The remainders never reach the quadratic part: the vertices and p agree there (3 w th - w th).
            for (Polynomial u : vertices) {
                assertEquals(2.0, u.coefficient(dev.mallard.symbolic.Monomial.of(th)
                        .multiply(dev.mallard.symbolic.Monomial.of(w))), 1e-12);
            }
            java.util.Random random = new java.util.Random(5);
            for (int k = 0; k < 20000; k++) {
                double a = h * (2 * random.nextDouble() - 1);
                double b = 2 * (2 * random.nextDouble() - 1);
                Environment env = new Environment().put(th, a).put(w, b).put(s, Math.sin(a)).put(c, Math.cos(a));
                double largest = Double.NEGATIVE_INFINITY;
                for (Polynomial u : vertices) {
                    largest = Math.max(largest, u.evaluate(env));
                }
                assertTrue(p.evaluate(env) <= largest + 1e-14, "at " + a + ", " + b);
            }
        }
    }

    private static void assertBetween(double value, Polynomial[] bounds, Variable q, double x) {
        double a = bounds[0].evaluate(new Environment().put(q, x));
        double b = bounds[1].evaluate(new Environment().put(q, x));
        assertTrue(Math.min(a, b) <= value + 1e-15 && value <= Math.max(a, b) + 1e-15,
                value + " not within [" + a + ", " + b + "] at " + x);
    }
}
