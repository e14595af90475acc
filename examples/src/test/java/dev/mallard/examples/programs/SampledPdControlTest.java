package dev.mallard.examples.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SampledPdControlTest {

    private static final double FINAL_TIME = 3.0;

    @Test
    void theLogHoldsOneSampleAtEachSampleTimeExactly() {
        double[] t = SampledPdControl.simulate(FINAL_TIME).sampleTimes();
        assertEquals(31, t.length);
        for (int k = 0; k < t.length; k++) {
            // Exactly k h (the schedule multiplies, it does not add up periods), not merely close.
            assertEquals(k * SampledPdControl.PERIOD, t[k], 0.0, "sample " + k);
        }
    }

    /**
     * Under a zero-order hold the cart is exactly a linear discrete system: with a = b / m,
     * {@code v+ = e v + (1 - e) u / b} and {@code q+ = q + (1 - e) v / a + (h - (1 - e) / a) u / b}, where
     * {@code e = exp(-a h)}, and {@code u_k = -kp (q_k - r) - kd v_k}. The logged samples must follow that
     * recursion to the integrator's accuracy.
     */
    @Test
    void theClosedLoopMatchesTheExactDiscretisationOfTheCartUnderZeroOrderHold() {
        double h = SampledPdControl.PERIOD;
        double b = SampledPdControl.FRICTION;
        double a = b / SampledPdControl.MASS;
        double decay = Math.exp(-a * h);
        double[][] logged = SampledPdControl.simulate(FINAL_TIME).data();
        double q = 0;
        double v = 0;
        for (int k = 0; k < logged[0].length; k++) {
            assertEquals(q, logged[0][k], 1e-8, "q at sample " + k);
            assertEquals(v, logged[1][k], 1e-8, "v at sample " + k);
            double u = -SampledPdControl.KP * (q - SampledPdControl.TARGET) - SampledPdControl.KD * v;
            double qNext = q + (1 - decay) / a * v + (h - (1 - decay) / a) * u / b;
            v = decay * v + (1 - decay) * u / b;
            q = qNext;
        }
        // The recursion's fixed point is q = r, v = 0: the loop settles on the target.
        assertEquals(31, logged[0].length);
        assertEquals(SampledPdControl.TARGET, logged[0][logged[0].length - 1], 1e-3);
    }

    @Test
    void aNegativeFinalTimeIsRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SampledPdControl.simulate(-1.0));
        assertEquals("finalTime must be finite and >= 0, got -1.0", e.getMessage());
    }
}
