package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SimulationCrossCheckTest {

    private static SimulationCheck check(double levelRadius) {
        // {x^2 / r^2 <= 1} for xdot = -x + x^3, whose region of attraction is (-1, 1).
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, false, false);
        Context<Double> context = system.createDefaultContext();
        Variable y = new Variable("y");
        Polynomial v = Polynomial.of(Monomial.of(y, 2), 1.0 / (levelRadius * levelRadius));
        SublevelSet set = new SublevelSet(new PolynomialEvaluator(v, List.of(y)), 1);
        return SimulationCrossCheck.run(system, context, new double[] {0.0}, set,
                RegionOfAttractionOptions.defaults().withSimulationCheck(20, 20.0, 1e-3, 3));
    }

    @Test
    void samplesFromAnInnerEstimateAllConverge() {
        SimulationCheck c = check(0.9);
        assertEquals(10, c.insideSamples());
        assertEquals(10, c.boundarySamples());
        assertTrue(c.allConverged(), c::toString);
    }

    @Test
    void anEstimateLargerThanTheRegionIsCaught() {
        // Boundary samples at x = +-2 diverge; inside samples with |x| > 1 diverge too.
        SimulationCheck c = check(2.0);
        assertEquals(0, c.boundaryConverged(), c::toString);
        assertFalse(c.allConverged());
        assertTrue(c.insideConverged() < c.insideSamples(), c::toString);
    }

    @Test
    void boundaryRadiusIsFoundByBisection() {
        Variable a = new Variable("a");
        Variable b = new Variable("b");
        // 2a^2 + b^2 <= 1: along the diagonal (1, 1)/sqrt(2) the radius r solves 3 r^2 / 2 = 1.
        Polynomial v = Polynomial.of(Monomial.of(a, 2), 2.0).add(Polynomial.of(Monomial.of(b, 2), 1.0));
        SublevelSet set = new SublevelSet(new PolynomialEvaluator(v, List.of(a, b)), 2);
        double s = Math.sqrt(0.5);
        assertEquals(Math.sqrt(2.0 / 3.0), set.boundaryRadius(new double[] {s, s}), 1e-10);
        // Its area pi / sqrt(2) by Monte Carlo in [-1, 1]^2 (standard error about 0.01 with 40000 samples).
        assertEquals(Math.PI / Math.sqrt(2.0), set.volume(new double[] {1, 1}, 40000, 5), 0.04);
    }

    /** The check of {@code {y^2 <= r^2}} for {@code xdot = f(x)} with 10 + 10 samples over horizons of 20 s. */
    private static SimulationCheck check(String f, double radius) {
        Variable x = new Variable("x");
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(x)
                .dynamics(Formula.parse(f, Map.of("x", x))).build(Scalar.DOUBLE);
        Variable y = new Variable("y");
        SublevelSet set = new SublevelSet(new PolynomialEvaluator(Polynomial.of(Monomial.of(y, 2),
                1.0 / (radius * radius)), List.of(y)), 1);
        return SimulationCrossCheck.run(system, system.createDefaultContext(), new double[] {0.0}, set,
                RegionOfAttractionOptions.defaults().withSimulationCheck(20, 20.0, 1e-3, 3));
    }

    @Test
    void slowlyConvergingSamplesGetLongerHorizons() {
        // xdot = -0.02 x + x^3, region (-sqrt(0.02), sqrt(0.02)) = (-0.1414, 0.1414). With w = 1/x^2,
        // w' = 0.04 w - 2, so w(t) = 50 + (w0 - 50) e^(0.04 t): from |x| = 0.1 (w0 = 100) the distance 1e-3
        // (w = 1e6) takes t = ln((1e6 - 50) / 50) / 0.04 = 247.6 s, far beyond one horizon of 20 s (where every
        // sample would count as not converged).
        SimulationCheck c = check("-0.02*x + x^3", 0.1);
        assertTrue(c.allConverged(), c::toString);
        assertTrue(c.agreesWithCertificate(), c::toString);
        double exact = Math.log((1e6 - 50) / 50) / 0.04;
        assertEquals(247.6, exact, 0.05);
        // Boundary samples start at |x| = 0.1 and converge within the horizon that ends after 247.6 s.
        assertEquals(260.0, c.longestRun(), 1e-9, c::toString);
    }

    @Test
    void samplesStillConvergingAtTheCapAreUndecidedNotFailed() {
        // xdot = -1e-4 x: from |x| = 0.5 the tolerance takes ln(500) / 1e-4 = 62000 s, beyond the cap of
        // 50 horizons (1000 s); V still decreases, so nothing contradicts the estimate.
        SimulationCheck c = check("-0.0001*x", 0.5);
        assertEquals(0, c.insideConverged() + c.boundaryConverged(), c::toString);
        assertEquals(10, c.insideUndecided(), c::toString);
        assertEquals(10, c.boundaryUndecided(), c::toString);
        assertFalse(c.allConverged());
        assertTrue(c.agreesWithCertificate(), c::toString);
        assertEquals(20.0 * SimulationCrossCheck.MAX_HORIZONS, c.longestRun(), 1e-9);
    }

    @Test
    void aRunWhoseVStopsDecreasingIsNotConverged() {
        // xdot = -x + x^3 with the estimate {|y| <= 2}: samples beyond |x| = 1 diverge (terminated runs), and
        // none of them is undecided.
        SimulationCheck c = check("-x + x^3", 2.0);
        assertEquals(0, c.insideUndecided() + c.boundaryUndecided(), c::toString);
        assertFalse(c.agreesWithCertificate(), c::toString);
    }
}
