package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.simulator.trajectories.Trajectories;
import dev.mallard.symbolic.Expression;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trajectory factories against closed forms and SciPy 1.10's interpolators on the same data. */
class TrajectoriesTest {

    private static final double[] BREAKS = {0, 1, 2.5, 3, 4.5};
    private static final double[][] SAMPLES = {{0, 1}, {1, -1}, {1, 0.5}, {3, 0.25}, {2, 4}};
    private static final double[] QUERIES = {0.3, 1.7, 2.9, 4.0, 4.5};

    @Test
    void zeroOrderHoldHoldsEachSampleUntilTheNextBreakAndDropsTheLastSampleAsDrake() {
        PiecewisePolynomial<Double> zoh = Trajectories.zeroOrderHold(Scalar.DOUBLE, BREAKS, SAMPLES);
        assertEquals(4, zoh.getNumberOfSegments());
        assertEquals(0.0, zoh.valueAt(0.0, 0), 0.0);
        assertEquals(0.0, zoh.valueAt(0.999, 0), 0.0);
        assertEquals(1.0, zoh.valueAt(1.0, 0), 0.0); // at a break the later segment holds
        assertEquals(0.25, zoh.valueAt(4.5, 1), 0.0); // the end time shows samples[N-2]
        assertEquals(0.0, zoh.derivative(2.0).getValue(0), 0.0);
    }

    @Test
    void firstOrderHoldInterpolatesLinearly() {
        PiecewisePolynomial<Double> foh = Trajectories.firstOrderHold(Scalar.DOUBLE, BREAKS, SAMPLES);
        assertEquals(-1 + 1.5 * (1.7 - 1) / 1.5, foh.valueAt(1.7, 1), 1e-15);
        assertEquals((3 - 1) / 0.5, foh.derivative(2.7).getValue(0), 1e-13);
        assertEquals(4.0, foh.valueAt(4.5, 1), 1e-15);
    }

    @Test
    void clampedCubicReproducesACubicExactly() {
        // y = t^3 - 2t has y' = 3t^2 - 2: with its end slopes, the spline is the cubic itself.
        double[][] samples = new double[BREAKS.length][1];
        for (int k = 0; k < BREAKS.length; k++) {
            samples[k][0] = Math.pow(BREAKS[k], 3) - 2 * BREAKS[k];
        }
        PiecewisePolynomial<Double> spline = Trajectories.cubicWithEndSlopes(Scalar.DOUBLE, BREAKS, samples,
                new double[] {-2}, new double[] {3 * 4.5 * 4.5 - 2});
        for (double t = 0; t <= 4.5; t += 0.125) {
            assertEquals(t * t * t - 2 * t, spline.valueAt(t, 0), 1e-12);
            assertEquals(3 * t * t - 2, spline.derivative(t).getValue(0), 1e-11);
        }
    }

    @Test
    void clampedCubicMatchesScipy() {
        // scipy.interpolate.CubicSpline(t, y, bc_type=((1, [0.5, -2.0]), (1, [1.0, 0.0]))) at QUERIES.
        double[][] values = {{0.2854297752808988, 0.3079775280898877}, {0.4158102372034955, -0.37942072409488126},
            {2.6650786516853926, 0.23986516853932588}, {2.352580108198086, 3.082084893882646},
            {2.000000000000001, 3.999999999999999}};
        double[][] slopes = {{1.2736797752808988, -2.4820224719101125}, {-0.973333333333334, 1.6933333333333338},
            {3.7892134831460687, -0.23865168539325898}, {-1.8355181023720348, 3.1704119850187267},
            {0.9999999999999982, -1.7763568394002505e-15}};
        PiecewisePolynomial<Double> spline = Trajectories.cubicWithEndSlopes(Scalar.DOUBLE, BREAKS, SAMPLES,
                new double[] {0.5, -2.0}, new double[] {1.0, 0.0});
        assertMatches(spline, values, slopes);
    }

    @Test
    void shapePreservingCubicMatchesScipysPchip() {
        // scipy.interpolate.PchipInterpolator(t, y) at QUERIES.
        double[][] values = {{0.4218, 0.09760000000000006}, {1.0, -0.32488888888888895},
            {2.7919999999999994, 0.2760000000000001}, {2.7037037037037037, 1.9722222222222223},
            {1.9999999999999998, 4.0}};
        double[][] slopes = {{1.358, -2.744}, {0.0, 1.4933333333333334}, {3.8400000000000034, -0.4800000000000004},
            {-0.888888888888889, 3.3333333333333335}, {-1.9999999999999998, 4.75}};
        PiecewisePolynomial<Double> pchip = Trajectories.cubicShapePreserving(Scalar.DOUBLE, BREAKS, SAMPLES);
        assertMatches(pchip, values, slopes);
        // Flat between the equal samples at t = 1 and 2.5: no overshoot.
        for (double t = 1; t <= 2.5; t += 0.05) {
            assertEquals(1.0, pchip.valueAt(t, 0), 1e-14);
        }
    }

    @Test
    void theSameTrajectoryWithEveryNumberType() {
        PiecewisePolynomial<Double> d = Trajectories.cubicShapePreserving(Scalar.DOUBLE, BREAKS, SAMPLES);
        PiecewisePolynomial<AutoDiff> a = Trajectories.cubicShapePreserving(AutoDiff.SCALAR, BREAKS, SAMPLES);
        PiecewisePolynomial<Expression> e = Trajectories.cubicShapePreserving(Expression.SCALAR, BREAKS, SAMPLES);
        for (double t : QUERIES) {
            for (int i = 0; i < 2; i++) {
                assertEquals(d.valueAt(t, i), a.valueAt(t, i), 0.0);
                assertEquals(d.valueAt(t, i), e.valueAt(t, i), 1e-14);
            }
        }
    }

    @Test
    void badSamplesAreRefusedWithTheirIndex() {
        List<Runnable> calls = List.of(
                () -> Trajectories.firstOrderHold(Scalar.DOUBLE, new double[] {0}, new double[][] {{1}}),
                () -> Trajectories.firstOrderHold(Scalar.DOUBLE, new double[] {0, 1, 1}, new double[][] {{1}, {2}, {3}}),
                () -> Trajectories.firstOrderHold(Scalar.DOUBLE, new double[] {0, 1}, new double[][] {{1}, {2, 3}}),
                () -> Trajectories.firstOrderHold(Scalar.DOUBLE, new double[] {0, 1}, new double[][] {{1}}),
                () -> Trajectories.firstOrderHold(Scalar.DOUBLE, new double[] {0, Double.NaN}, new double[][] {{1}, {2}}),
                () -> Trajectories.cubicWithEndSlopes(Scalar.DOUBLE, new double[] {0, 1}, new double[][] {{1}, {2}},
                        new double[] {0, 0}, new double[] {0}));
        List<String> expected = List.of("at least 2 times, got 1", "breaks[2] = 1.0 follows 1.0",
                "samples[1] has 2 entries, expected 1", "one vector per break (2), got 1", "breaks[1]",
                "startSlope has 2 entries, expected 1");
        for (int i = 0; i < calls.size(); i++) {
            IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, calls.get(i)::run);
            assertTrue(ex.getMessage().contains(expected.get(i)), ex.getMessage());
        }
    }

    private static void assertMatches(PiecewisePolynomial<Double> pp, double[][] values, double[][] slopes) {
        for (int q = 0; q < QUERIES.length; q++) {
            for (int i = 0; i < 2; i++) {
                assertEquals(values[q][i], pp.valueAt(QUERIES[q], i), 1e-13, "value at " + QUERIES[q]);
                assertEquals(slopes[q][i], pp.derivative(QUERIES[q]).getValue(i), 1e-12, "slope at " + QUERIES[q]);
            }
        }
    }
}
