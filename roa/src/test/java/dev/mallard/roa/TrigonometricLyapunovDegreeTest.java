package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A Lyapunov function of degree 4 in sin and cos of the angle (the exact recast, the circle's equation carried
 * by free multipliers), searched by bilinear alternation from the quadratic estimate, on pendulums under a
 * constant torque, {@code th'' = -sin(th) - b th' + tau} about {@code th* = asin(tau)} (the two-machine power
 * system is the case b = 0.5, tau = sin(pi/3)). The checks are independent of the SOS machinery: the returned
 * expressions evaluated on a grid (the estimate is the grid component of {V <= 1} holding x*) and a fixed-step
 * RK4 of the true dynamics from its points. The searches are guided by simulation (the default; see
 * {@link RegionOfAttractionOptions#withSimulationGuidance}); those with accepted steps take 15 to 70 s on the
 * shared machine: tagged "coverage" (roa/coverage.sh).
 */
class TrigonometricLyapunovDegreeTest {

    private final Variable th = new Variable("th");
    private final Variable w = new Variable("w");

    /** The quadratic and the degree-4 analyses, each with 8 simulations. */
    private RegionOfAttractionResult[] analyze(double b, double tau) {
        Map<String, Variable> names = Map.of("th", th, "w", w);
        SymbolicVectorSystem<Double> pendulum = SymbolicVectorSystem.builder().state(th, w)
                .dynamics(Formula.parse("w", names), Formula.parse("-sin(th) - " + b + "*w + " + tau, names))
                .build(Scalar.DOUBLE);
        Context<Double> context = pendulum.createDefaultContext();
        context.setContinuousStateValues(Math.asin(tau), 0.0);
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults().withStateVariables(List.of(th, w))
                .withSimulationCheck(8, 10.0, 1e-3, 1);
        RegionOfAttractionResult quartic = RegionOfAttraction.analyzeDetailed(pendulum, context,
                options.withLyapunovDegree(4));
        assertTrue(quartic.isVerified(), quartic::toString);
        assertTrue(quartic.simulation().allConverged(), quartic::toString);
        String v = quartic.lyapunovFunction().toString();
        assertTrue(v.contains("sin(th") && v.contains("cos(th"), v);
        return new RegionOfAttractionResult[] {RegionOfAttraction.analyzeDetailed(pendulum, context, options),
            quartic};
    }

    /**
     * Asserts the degree-4 estimate holds the quadratic one on the grid and that every 3rd grid point of it
     * (along each axis) reaches x* itself under RK4 within 60 s.
     *
     * @return the grid points of the quadratic and of the degree-4 estimate
     */
    private int[] checkOnGrid(RegionOfAttractionResult[] r, TrigonometricGrid grid, double b, double tau) {
        double[] star = {Math.asin(tau), 0.0};
        boolean[][] two = grid.component(r[0].lyapunovFunction(), th, w, star);
        boolean[][] four = grid.component(r[1].lyapunovFunction(), th, w, star);
        int outside = 0;
        for (int i = 0; i < two.length; i++) {
            for (int j = 0; j < two.length; j++) {
                outside += two[i][j] && !four[i][j] ? 1 : 0;
            }
        }
        assertEquals(0, outside, "grid points of the quadratic estimate outside the degree-4 one");
        for (int i = 0; i < four.length; i += 3) {
            for (int j = 0; j < four.length; j += 3) {
                if (four[i][j]) {
                    double[] end = TrigonometricGrid.simulate((a, c) -> -Math.sin(a) - b * c + tau, grid.first[i],
                            grid.second[j], 60.0);
                    assertTrue(Math.hypot(end[0] - star[0], end[1]) < 1e-3,
                            "from (" + grid.first[i] + ", " + grid.second[j] + ") to " + end[0] + ", " + end[1]);
                }
            }
        }
        int[] counts = {TrigonometricGrid.count(two), TrigonometricGrid.count(four)};
        System.out.printf("b = %s, tau = %s: grid points quadratic %d, degree 4 %d; %s%n", b, tau, counts[0],
                counts[1], r[1].enlargement());
        return counts;
    }

    @Test
    void degreeFourStartsFromTheQuadraticEstimateAndStaysInside() {
        // The quadratic estimate reaches the saddle (pi - th*, 0) here, so no V-step can grow it: the search
        // returns the quadratic estimate itself, certified again.
        double b = 0.5;
        double tau = 0.5;
        RegionOfAttractionResult[] r = analyze(b, tau);
        TrigonometricGrid grid = new TrigonometricGrid(Math.asin(tau) - Math.PI, Math.asin(tau) + Math.PI, -4, 4, 81);
        int[] counts = checkOnGrid(r, grid, b, tau);
        assertTrue(counts[1] >= counts[0] && counts[0] > 100, () -> counts[1] + " against " + counts[0]);
    }

    @Test
    @Tag("coverage")
    void degreeFourGrowsTheEstimateOfAWeaklyDampedPendulum() {
        double b = 0.3;
        double tau = 0.6;
        RegionOfAttractionResult[] r = analyze(b, tau);
        assertTrue(r[1].enlargement().iterations() >= 1, r[1].enlargement()::toString);
        TrigonometricGrid grid = new TrigonometricGrid(Math.asin(tau) - Math.PI, Math.asin(tau) + Math.PI, -4, 4, 121);
        int[] counts = checkOnGrid(r, grid, b, tau);
        assertTrue(counts[1] > 1.3 * counts[0], () -> counts[1] + " against " + counts[0]);
    }

    /**
     * The two-machine power system x1' = x2, x2' = -0.5 x2 - sin(x1 + pi/3) + sin(pi/3) in the box [-2,3] x
     * [-3,1.5]. The true region there, by scipy's solve_ivp (RK45, rtol 1e-9, atol 1e-11, 60 s, converged when
     * within 1e-3 of 0) from the points of a 201 x 201 grid over the box: 17702 of the 40401 points (43.82% of
     * the box; 44.01% on a 401 x 401 grid).
     */
    @Test
    @Tag("coverage")
    void powerSystemDegreeFourCertifiesMoreOfTheTrueRegion() {
        double b = 0.5;
        double tau = Math.sin(Math.PI / 3);
        long start = System.nanoTime();
        RegionOfAttractionResult[] r = analyze(b, tau);
        double seconds = (System.nanoTime() - start) * 1e-9;
        // th is the absolute angle, x1 = th - pi/3 the system's displacement: the box shifted by th* = pi/3.
        double s = Math.PI / 3;
        TrigonometricGrid grid = new TrigonometricGrid(s - 2, s + 3, -3, 1.5, 201);
        int[] counts = checkOnGrid(r, grid, b, tau);
        double before = counts[0] / 17702.0;
        double after = counts[1] / 17702.0;
        System.out.printf("power system: quadratic %.1f%%, degree 4 %.1f%% of the true region in the box; "
                + "%s; both analyses %.1f s%n", 100 * before, 100 * after, r[1].enlargement(), seconds);
        // The quadratic estimate covers 16.6%; degree 4 by the alternation alone 29%, guided by simulation (the
        // fitted start refined by cutting planes) 93% (measured 2026-11-26 with the solver's perturbed third pass;
        // before it, 21.9% and 53.1%). Issue 29's goal: 85%.
        assertEquals(0.166, before, 0.01);
        assertTrue(after > 0.85, () -> after + " against " + before);
    }
}
