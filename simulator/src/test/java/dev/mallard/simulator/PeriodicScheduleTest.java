package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator's cached periodic schedule: every sample, exactly {@code offset + k period}, once. */
class PeriodicScheduleTest {

    /** x' = 1; publishes every 0.1 s from 0.05 and every 0.25 s from 0, logging the times. */
    private static final class TwoClocks extends LeafSystem<Double> {
        final List<Double> fast = new ArrayList<>();
        final List<Double> slow = new ArrayList<>();

        TwoClocks() {
            super(Scalar.DOUBLE, "two clocks");
            declareContinuousState(1);
            declarePeriodicPublishEvent(0.1, 0.05, c -> log(fast, c));
            declarePeriodicPublishEvent(0.25, 0.0, c -> log(slow, c));
        }

        private static EventStatus log(List<Double> times, Context<Double> c) {
            times.add(c.getTimeValue());
            return EventStatus.succeeded();
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            throw new UnsupportedOperationException("double only");
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, 1.0);
        }
    }

    private static List<Double> samples(double period, double offset, double from, double to) {
        List<Double> times = new ArrayList<>();
        for (long k = 0; offset + k * period <= to; k++) {
            if (offset + k * period >= from) {
                times.add(offset + k * period);
            }
        }
        return times;
    }

    @Test
    void advancingInPiecesAndReinitializingEarlierLogsEverySampleExactlyOnce() {
        TwoClocks system = new TwoClocks();
        Simulator<Double> simulator = new Simulator<>(system);
        simulator.initialize();
        // Boundaries between samples, on a sample, and a long step: the cache must survive each.
        simulator.advanceTo(0.33);
        simulator.advanceTo(0.5);
        simulator.advanceTo(1.0);
        assertEquals(samples(0.1, 0.05, 0, 1.0), system.fast);
        assertEquals(samples(0.25, 0.0, 0, 1.0), system.slow);

        // Back to an earlier time: the schedule is recomputed from there, not continued from 1.0.
        system.fast.clear();
        system.slow.clear();
        simulator.getMutableContext().setTime(0.4);
        simulator.initialize();
        simulator.advanceTo(0.8);
        assertEquals(samples(0.1, 0.05, 0.4, 0.8), system.fast);
        assertEquals(samples(0.25, 0.0, 0.5, 0.8), system.slow);
    }

    @Test
    void nextIndexAndTimeAgreeWithNext() {
        double period = 0.02;
        for (double t : new double[] {0, 0.01, 0.02, 0.06, 1.0, 123.456}) {
            for (boolean inclusive : new boolean[] {false, true}) {
                long k = PeriodicSchedule.nextIndex(period, 0.005, t, inclusive);
                double tk = PeriodicSchedule.time(period, 0.005, k);
                assertEquals(PeriodicSchedule.next(period, 0.005, t, inclusive), tk, 0.0);
                assertEquals(0.005 + k * period, tk, 0.0);
                // the first such sample: the one before is not after t (nor at t when inclusive)
                if (k > 0) {
                    double before = PeriodicSchedule.time(period, 0.005, k - 1);
                    assertEquals(true, inclusive ? before < t : before <= t, "t = " + t);
                }
                assertEquals(true, inclusive ? tk >= t : tk > t, "t = " + t);
            }
        }
    }
}
