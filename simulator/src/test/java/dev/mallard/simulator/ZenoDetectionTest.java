package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import org.junit.jupiter.api.Test;

/** Accumulating events and violated guards stop the simulation with a clear exception. */
class ZenoDetectionTest {

    /** From rest at height 1, bounces with restitution e accumulate at sqrt(2/g) (1 + e) / (1 - e). */
    private static double accumulation(double e) {
        return Math.sqrt(2 / BouncingBall.G) * (1 + e) / (1 - e);
    }

    @Test
    void bouncesAccumulatingAtTheirClosedFormLimitStopTheSimulationThere() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.5);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.getMutableIntegrator().setMaximumStepSize(0.01);
        SimulationException e = assertThrows(SimulationException.class, () -> simulator.advanceTo(10));
        String message = e.getMessage();
        assertTrue(message.startsWith("Zeno behaviour: the events of witness 'height' of system 'ball' accumulate"),
                message);
        // The event that reveals the accumulation is counted; its handler has not run.
        int events = ball.impactTimes.size() + 1;
        assertTrue(message.contains("(event " + events + " at t = "), message);
        assertTrue(events > 15, "detected only when the events come closer than the window: " + events);
        assertEquals(accumulation(0.5), e.getTime(), 1e-5);
        assertEquals("ball", e.getSystemName());
        assertEquals(e.getTime(), simulator.getContext().getTimeValue(), 0.0);
    }

    @Test
    void aBounceShorterThanTheStepIsNotMissed() {
        // Default maximum step 0.1 s; from the fifth impact on, a whole bounce (0.903 s x 0.5^k) is shorter.
        // Without the excursion search, the sixth bounce (0.028 s long) passes inside one step unseen.
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.5);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.advanceTo(1.35);
        int expected = 0;
        while (BouncingBall.impactTime(expected, 1.0, 0.5) <= 1.35) {
            expected++;
        }
        assertEquals(8, expected);
        assertEquals(expected, ball.impactTimes.size(), ball.impactTimes.toString());
        for (int k = 0; k < expected; k++) {
            assertEquals(BouncingBall.impactTime(k, 1.0, 0.5), ball.impactTimes.get(k), 1e-5, "impact " + k);
        }
    }

    /** A ball whose impact handler only counts: its reset never takes it back above the floor. */
    private static final class Sinker extends LeafSystem<Double> {
        int events;

        Sinker() {
            super(Scalar.DOUBLE, "sinker");
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1.0, 0.0);
            declareWitnessFunctionWithUnrestrictedUpdate("floor", WitnessDirection.POSITIVE_THEN_NON_POSITIVE,
                    c -> c.getContinuousState().get(0), (c, state) -> {
                        events++;
                        return EventStatus.succeeded();
                    });
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.set(0, context.getContinuousState().get(1));
            derivatives.set(1, -BouncingBall.G);
        }
    }

    @Test
    void aGuardLeftViolatedAfterItsEventIsNeverAcceptedSilently() {
        Sinker sinker = new Sinker();
        Simulator<Double> simulator = new Simulator<>(sinker);
        SimulationException e = assertThrows(SimulationException.class, () -> simulator.advanceTo(2));
        assertEquals(1, sinker.events);
        String message = e.getMessage();
        assertTrue(message.startsWith("witness 'floor' of system 'sinker' is past its guard at t = "), message);
        assertTrue(message.contains("since its event 1 at t = "), message);
        // The step after the event at sqrt(2/g) is the one that fails: it ends at most one maximum step later.
        double impact = Math.sqrt(2 / BouncingBall.G);
        assertTrue(e.getTime() > impact && e.getTime() <= impact + 0.1 + 1e-6, "at " + e.getTime());
    }
}
