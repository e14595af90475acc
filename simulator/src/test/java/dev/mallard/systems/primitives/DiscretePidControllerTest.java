package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

class DiscretePidControllerTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double H = 0.1;

    /** Samples at 0, h, 2h, ... of a constant error e = 2, rate error 0.5: u_k = kp e + ki k h e + kd 0.5. */
    @Test
    void withoutLimitsItIsTheSampledPidOfForwardEulerIntegral() {
        DiscretePidController<Double> pid = new DiscretePidController<>(D, "pid", new double[] {3}, new double[] {4},
                new double[] {0.5}, H);
        Context<Double> context = pid.createDefaultContext();
        pid.getInputPort(0).fixValue(context, 0.0, 0.0);
        pid.getInputPort(1).fixValue(context, 2.0, 0.5);
        assertFalse(pid.hasAnyDirectFeedthrough());
        assertEquals(0.0, pid.getOutputPort(0).eval(context).getValue(0));
        Simulator<Double> simulator = new Simulator<>(pid, context);
        for (int k = 0; k < 5; k++) {
            simulator.advanceTo(k * H + H / 2);
            double expected = 3 * 2 + 4 * (k * H * 2) + 0.5 * 0.5;
            assertEquals(expected, pid.getOutputPort(0).eval(simulator.getContext()).getValue(0), 1e-12, "sample " + k);
        }
    }

    /**
     * u = 1 + 10 I with e = 1 hits the limit 2 after I reaches 0.1 (two samples): conditional integration keeps
     * I there, so u stays at the limit and, once the error reverses, leaves it at the next sample.
     */
    @Test
    void antiWindupStopsTheIntegralAtTheLimit() {
        DiscretePidController<Double> pid = new DiscretePidController<>(D, "pid", new double[] {1},
                new double[] {10}, new double[] {0}, new double[] {-2}, new double[] {2}, H);
        Context<Double> context = pid.createDefaultContext();
        pid.getInputPort(0).fixValue(context, 0.0, 0.0);
        pid.getInputPort(1).fixValue(context, 1.0, 0.0);
        Simulator<Double> simulator = new Simulator<>(pid, context);
        simulator.advanceTo(3.0);
        // I: 0 -> 0.1 (u = 1) -> 0.2 (u = 2, at the limit, integrating in the limit's direction: kept)
        assertEquals(0.1, simulator.getContext().getDiscreteState(0).getValue(0), 1e-12);
        assertEquals(2.0, pid.getOutputPort(0).eval(simulator.getContext()).getValue(0));
        // the error reverses: u = -1 + 10 * 0.1 = 0 at the next sample, inside the limits again
        pid.getInputPort(1).fixValue(simulator.getMutableContext(), -1.0, 0.0);
        simulator.advanceTo(3.0 + H);
        assertEquals(0.0, pid.getOutputPort(0).eval(simulator.getContext()).getValue(0), 1e-12);
    }

    @Test
    void convertsAndRefusesBadArgumentsNamingThem() {
        DiscretePidController<Double> pid = new DiscretePidController<>(D, "pid", new double[] {1, 2},
                new double[] {3, 4}, new double[] {5, 6}, H);
        DiscretePidController<AutoDiff> converted = (DiscretePidController<AutoDiff>) pid.toScalar(AutoDiff.SCALAR);
        assertArrayEquals(new double[] {3, 4}, converted.getKiVector());
        assertEquals(H, converted.getPeriod());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DiscretePidController<>(
                D, "bad", new double[] {1}, new double[] {1}, new double[] {1}, new double[] {1}, new double[] {0}, H));
        assertEquals("the limits of control 0 must be ordered and not NaN, got uMin[0] = 1.0, uMax[0] = 0.0",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new DiscretePidController<>(D, "bad",
                new double[] {1}, new double[] {1}, new double[] {1}, 0.0));
        assertEquals("period must be finite and > 0 seconds, got 0.0", e.getMessage());
    }
}
