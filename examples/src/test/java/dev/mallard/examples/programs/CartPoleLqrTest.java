package dev.mallard.examples.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.CartPole;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.systems.AffineSystem;
import org.junit.jupiter.api.Test;

class CartPoleLqrTest {

    /**
     * For a small tilt the closed loop follows its linearisation {@code dx' = (A - B K) dx}, simulated here as
     * a separate linear system from the plant's Jacobians: the difference is second order in the tilt.
     */
    @Test
    void aSmallTiltFollowsTheLinearisedClosedLoop() {
        double tilt = 0.02;
        CartPoleLqr.Run run = CartPoleLqr.balance(tilt, 2.0);
        CartPole<Double> plant = new CartPole<>(Scalar.DOUBLE);
        AffineSystem<Double> lin = Linearization.linearize(plant, CartPoleLqr.upright(plant));
        double[][] a = lin.getA();
        double[][] b = lin.getB();
        double[][] k = run.gain().k();
        double[][] closed = new double[4][4];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                closed[i][j] = a[i][j] - b[i][0] * k[0][j];
            }
        }
        AffineSystem<Double> loop = new AffineSystem<>(Scalar.DOUBLE, "linear loop", closed, new double[4][0],
                new double[4], new double[0][4], new double[0][0], new double[0], 0);
        double[] times = run.log().sampleTimes();
        double[][] logged = run.log().data();
        for (int sample : new int[] {25, 50, 100}) {
            Simulator<Double> sim = new Simulator<>(loop);
            sim.getMutableIntegrator().setTargetAccuracy(1e-10);
            sim.getMutableContext().setContinuousStateValues(0, tilt, 0, 0);
            sim.initialize();
            sim.advanceTo(times[sample]);
            double[] dx = sim.getContext().getContinuousState().toValueArray();
            for (int i = 0; i < 4; i++) {
                double deviation = logged[i][sample] - CartPoleLqr.UPRIGHT[i];
                assertEquals(dx[i], deviation, 0.05 * tilt * tilt, "state " + i + " at t = " + times[sample]);
            }
        }
    }

    @Test
    void aLargerTiltIsBalancedBackToUprightAndLoggedAtEverySample() {
        CartPoleLqr.Run run = CartPoleLqr.balance(0.3, 15.0);
        double[] times = run.log().sampleTimes();
        double[][] x = run.log().data();
        assertEquals(751, times.length);
        for (int s = 0; s < times.length; s++) {
            assertEquals(s * CartPoleLqr.LOG_PERIOD, times[s], 0.0);
        }
        int last = times.length - 1;
        assertEquals(Math.PI + 0.3, x[1][0], 0.0);
        assertEquals(Math.PI, x[1][last], 1e-3);
        assertEquals(0.0, x[0][last], 1e-2);
        double largest = 0;
        for (int s = 0; s < times.length; s++) {
            largest = Math.max(largest, Math.abs(x[1][s] - Math.PI));
        }
        assertTrue(largest < 0.31, "the pole never falls further than its release: " + largest);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> CartPoleLqr.balance(Double.NaN, 1.0));
        assertThrows(IllegalArgumentException.class, () -> CartPoleLqr.balance(0.1, 0.0));
    }
}
