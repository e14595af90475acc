package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import org.junit.jupiter.api.Test;

/**
 * A system without events is stepped without the event bookkeeping; a monitor (which needs the full step)
 * must see every step, and the trajectory must be the same either way.
 */
class EventFreeSteppingTest {

    @Test
    void steppingWithAndWithoutTheEventPathGivesTheSameTrajectory() {
        Simulator<Double> plain = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1));
        Simulator<Double> monitored = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1));
        long[] calls = new long[1];
        monitored.setMonitor(c -> {
            calls[0]++;
            return EventStatus.didNothing();
        });
        plain.advanceTo(3.0);
        monitored.advanceTo(3.0);
        assertTrue(plain.getNumStepsTaken() > 50, "steps " + plain.getNumStepsTaken());
        assertEquals(monitored.getNumStepsTaken(), plain.getNumStepsTaken());
        assertEquals(monitored.getIntegrator().getNumDerivativeEvaluations(),
                plain.getIntegrator().getNumDerivativeEvaluations());
        // the monitor runs once at initialization and once per step
        assertEquals(monitored.getNumStepsTaken() + 1, calls[0]);
        Context<Double> a = plain.getContext();
        Context<Double> b = monitored.getContext();
        assertEquals(3.0, a.getTimeValue(), 0.0);
        for (int i = 0; i < 2; i++) {
            assertEquals(b.getContinuousState().getValue(i), a.getContinuousState().getValue(i), 0.0);
        }
    }

    @Test
    void aMonitorSetBetweenAdvancesSeesEveryLaterStep() {
        Simulator<Double> simulator = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1));
        simulator.advanceTo(1.0);
        long before = simulator.getNumStepsTaken();
        double[] lastSeen = {Double.NaN};
        long[] calls = new long[1];
        simulator.setMonitor(c -> {
            calls[0]++;
            lastSeen[0] = c.getTimeValue();
            return EventStatus.didNothing();
        });
        simulator.advanceTo(2.0);
        assertEquals(simulator.getNumStepsTaken() - before, calls[0]);
        assertEquals(2.0, lastSeen[0], 0.0);
    }
}
