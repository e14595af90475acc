package dev.mallard.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.examples.BouncingBall;
import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.EventStatus;
import org.junit.jupiter.api.Test;

class SampledTrajectoryTest {

    private static final double G = 9.81;

    @Test
    void resetsAreRecordedAtTheClosedFormImpactsWithTheStateBeforeEach() {
        double h = 1.0;
        double e = 0.8;
        Simulator<Double> sim = new Simulator<>(new BouncingBall<>(Scalar.DOUBLE, h, e, G));
        sim.getMutableContext().setAccuracy(1e-9);
        SampledTrajectory t = SampledTrajectory.simulate(sim, 3.0, 500);
        double[] events = t.eventTimes();
        double[] velocityBefore = t.componentBeforeEvents(1);
        assertEquals(sim.getNumUnrestrictedUpdates(), events.length);
        for (int k = 0; k < events.length; k++) {
            assertEquals(BouncingBall.impactTime(k, h, e, G), events[k], 1e-7, "impact " + k);
            // Impact k arrives at -sqrt(2 g h) e^k: each bounce leaves at e times the arrival speed.
            assertEquals(-Math.sqrt(2 * G * h) * Math.pow(e, k), velocityBefore[k], 1e-6, "speed at impact " + k);
        }
    }

    @Test
    void theLastSampleIsTheEndTimeEvenWhenEvenSpacingRoundsPastIt() {
        // A run stopped by the monitor at an arbitrary time: t_end (n - 1) / (n - 1) may round above t_end,
        // which once made the sampling ask the dense output for a time past its span.
        for (int samples = 2; samples < 400; samples += 37) {
            Simulator<Double> sim = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1.0, false));
            sim.getMutableContext().setContinuousStateValues(1.0, 0.0);
            sim.setMonitor(c -> c.getTimeValue() > 10.671154576959303 ? EventStatus.reachedTermination(null, "stop")
                    : EventStatus.succeeded());
            SampledTrajectory t = SampledTrajectory.simulate(sim, 20.0, samples);
            double[] times = t.times();
            assertEquals(sim.getContext().getTimeValue(), times[times.length - 1], 0.0);
        }
    }

    @Test
    void fewerThanTwoSamplesAreRefused() {
        Simulator<Double> sim = new Simulator<>(new VanDerPol<>(Scalar.DOUBLE, 1.0, false));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SampledTrajectory.simulate(sim, 1.0, 1));
        assertEquals("samples must be >= 2, got 1", e.getMessage());
    }
}
