package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The simulation-guided search for V of degree 6 on the time-reversed Van der Pol oscillator
 * (x1' = -x2, x2' = x1 + mu (x1^2 - 1) x2), whose region of attraction is the inside of the limit cycle, against
 * the true areas of issue 29. Every check is independent of the SOS machinery and of the search's own
 * simulations: the area by polar integration of the returned V over 4000 rays, Vdot by central differences
 * along the field, the limit cycle by a fixed-step RK4 of the forward oscillator in this class.
 */
class SimulationGuidedSearchTest {

    /**
     * The area inside the limit cycle for mu = 3: scipy's solve_ivp from (2, 0), rtol = atol = 1e-12, one period
     * (8.8591 s) after t = 100, shoelace formula (docs/PERFORMANCE.md, "Coverage (issue 29)").
     */
    static final double TRUE_AREA_MU3 = 20.4914;
    static final double PERIOD_MU3 = 8.8591;

    static final Variable X1 = new Variable("x1");
    static final Variable X2 = new Variable("x2");

    @Test
    void muThreeDegreeSixCertifiesNinetyPercentOfTheTrueArea() {
        // 53% without guidance (the alternation from the quadratic estimate stalls); measured 93.9% with it
        double[][] v = certifiedV(3.0, 6, true, true);
        double area = polarArea(v);
        assertTrue(area >= 0.9 * TRUE_AREA_MU3 && area < TRUE_AREA_MU3, () -> "area " + area);
        assertCertifiedInsideTheLimitCycle(v, 3.0, PERIOD_MU3, TRUE_AREA_MU3);
    }

    @Test
    void withoutGuidanceTheAlternationStallsNearHalfTheTrueAreaAtMuThree() {
        RegionOfAttractionOptions off = RegionOfAttractionOptions.defaults().withSimulationGuidance(false);
        assertTrue(RegionOfAttractionOptions.defaults().simulationGuidance() && !off.simulationGuidance());
        assertTrue(off.toString().endsWith(", simulationGuidance=false]"), off::toString);
        double area = polarArea(certifiedV(3.0, 6, false, false));
        assertTrue(area > 0.45 * TRUE_AREA_MU3 && area < 0.6 * TRUE_AREA_MU3, () -> "area " + area);
    }

    @Test
    @Tag("coverage")
    void muOneDegreeSixCertifiesNinetyFivePercentOfTheTrueArea() {
        // 94.4% without guidance; measured 96.1% with it (its restarts; the fitted start is not tried then)
        double[][] v = certifiedV(1.0, 6, true, true);
        double area = polarArea(v);
        double truth = LyapunovDegreeTest.TRUE_AREA;
        assertTrue(area >= 0.95 * truth && area < truth, () -> "area " + area);
        assertCertifiedInsideTheLimitCycle(v, 1.0, LyapunovDegreeTest.PERIOD, truth);
    }

    @Test
    void theSamplerFindsTheLimitCycleAlongTheAxis() {
        // mu = 1; the unit disk lies inside the limit cycle, whose crossing of x2 = 0 is at the amplitude
        List<Polynomial> f = List.of(Polynomial.of(Monomial.of(X2), -1.0),
                Polynomial.of(Monomial.of(X1), 1.0).add(Polynomial.of(Monomial.of(X1, 2).multiply(Monomial.of(X2)), 1.0))
                        .add(Polynomial.of(Monomial.of(X2), -1.0)));
        Polynomial disk = Polynomial.of(Monomial.of(X1, 2), 1.0).add(Polynomial.of(Monomial.of(X2, 2), 1.0));
        TrueRegionSampler sampler = new TrueRegionSampler(LyapunovCoordinates.polynomial(List.of(X1, X2), f), disk, 1);
        double[][] cycle = limitCycle(1.0, LyapunovDegreeTest.PERIOD);
        double amplitude = 0;
        for (double x : cycle[0]) {
            amplitude = Math.max(amplitude, x);
        }
        assertEquals(2.0086, amplitude, 1e-3);
        double r = sampler.boundaryRadius(new double[] {1, 0}, 1.0);
        assertTrue(r <= amplitude && r > amplitude - 0.01, () -> "radius " + r + ", amplitude");
        assertTrue(sampler.converges(new double[] {0.98 * amplitude, 0}));
        assertTrue(!sampler.converges(new double[] {1.02 * amplitude, 0}));
    }

    /**
     * V's terms as {coefficient, exponent of x1, exponent of x2}; with exact, its certificates proved in rational
     * arithmetic at the certified level (ExactProofTest re-expands them).
     */
    private static double[][] certifiedV(double mu, int degree, boolean guided, boolean exact) {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, mu, true);
        RegionOfAttractionResult result = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(X1, X2))
                        .withSimulationCheck(0, 1.0, 1.0, 1).withLyapunovDegree(degree)
                        .withSimulationGuidance(guided).withExactProof(exact));
        assertTrue(result.isVerified(), result::toString);
        if (exact) {
            ExactProof proof = result.exactProof().orElseThrow();
            assertTrue(proof.proved(), proof::toString);
            assertEquals(result.rho(), proof.level());
            ExactProofTest.assertHoldsExactly(proof);
        }
        return result.lyapunovFunction().toPolynomial(List.of(X1, X2)).terms().entrySet().stream()
                .map(t -> new double[] {t.getValue(), t.getKey().degree(X1), t.getKey().degree(X2)})
                .toArray(double[][]::new);
    }

    /** V > 0 away from 0, Vdot < 0 on {V <= 1} on a grid, and the boundary of {V <= 1} inside the limit cycle. */
    private static void assertCertifiedInsideTheLimitCycle(double[][] v, double mu, double period, double truth) {
        double h = 1e-6;
        int inside = 0;
        for (int i = -50; i <= 50; i++) {
            for (int j = -100; j <= 100; j++) {
                double a = 0.05 * i;
                double b = 0.05 * j;
                if (i == 0 && j == 0) {
                    continue;
                }
                double vab = value(v, a, b);
                assertTrue(vab > 0, () -> "V(" + a + ", " + b + ") = " + vab);
                if (vab <= 1) {
                    inside++;
                    double f1 = -b;
                    double f2 = a + mu * (a * a - 1) * b;
                    double vdot = (value(v, a + h * f1, b + h * f2) - value(v, a - h * f1, b - h * f2)) / (2 * h);
                    assertTrue(vdot < 0, () -> "Vdot(" + a + ", " + b + ") = " + vdot + " with V = " + vab);
                }
            }
        }
        assertTrue(inside > 0.8 * truth / (0.05 * 0.05), "grid points inside: " + inside);
        double[][] cycle = limitCycle(mu, period);
        assertEquals(truth, Math.abs(PlanarPolygon.shoelace(cycle)), 2e-3 * truth);
        for (int k = 0; k < 720; k++) {
            double t = 2 * Math.PI * k / 720;
            double r = boundaryRadius(v, Math.cos(t), Math.sin(t));
            double px = r * Math.cos(t);
            double py = r * Math.sin(t);
            assertTrue(PlanarPolygon.contains(cycle, px, py),
                    () -> "(" + px + ", " + py + ") is outside the limit cycle");
        }
    }

    private static double value(double[][] v, double a, double b) {
        double sum = 0;
        for (double[] t : v) {
            sum += t[0] * Math.pow(a, t[1]) * Math.pow(b, t[2]);
        }
        return sum;
    }

    /** The first crossing of V = 1 along (c, s), by growth and bisection. */
    private static double boundaryRadius(double[][] v, double c, double s) {
        double lo = 0;
        double hi = 0.01;
        while (value(v, hi * c, hi * s) <= 1) {
            lo = hi;
            hi *= 1.2;
        }
        for (int k = 0; k < 60; k++) {
            double mid = 0.5 * (lo + hi);
            if (value(v, mid * c, mid * s) <= 1) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double polarArea(double[][] v) {
        int n = 4000;
        double area = 0;
        for (int k = 0; k < n; k++) {
            double t = 2 * Math.PI * k / n;
            double r = boundaryRadius(v, Math.cos(t), Math.sin(t));
            area += 0.5 * r * r * 2 * Math.PI / n;
        }
        return area;
    }

    /** One period of the forward Van der Pol limit cycle by RK4 (step 1e-3) after 60 s from (2, 0). */
    private static double[][] limitCycle(double mu, double period) {
        double dt = 1e-3;
        double[] x = {2, 0};
        for (int k = 0; k < 60000; k++) {
            x = rk4(x, dt, mu);
        }
        int n = (int) Math.round(period / dt);
        double[][] out = new double[2][n];
        for (int k = 0; k < n; k++) {
            out[0][k] = x[0];
            out[1][k] = x[1];
            x = rk4(x, dt, mu);
        }
        return out;
    }

    private static double[] rk4(double[] x, double dt, double mu) {
        double[] k1 = forward(x, mu);
        double[] k2 = forward(new double[] {x[0] + 0.5 * dt * k1[0], x[1] + 0.5 * dt * k1[1]}, mu);
        double[] k3 = forward(new double[] {x[0] + 0.5 * dt * k2[0], x[1] + 0.5 * dt * k2[1]}, mu);
        double[] k4 = forward(new double[] {x[0] + dt * k3[0], x[1] + dt * k3[1]}, mu);
        return new double[] {x[0] + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]),
            x[1] + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])};
    }

    private static double[] forward(double[] x, double mu) {
        return new double[] {x[1], mu * (1 - x[0] * x[0]) * x[1] - x[0]};
    }
}
