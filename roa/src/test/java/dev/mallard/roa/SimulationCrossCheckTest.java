package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;

import java.util.List;

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
}
