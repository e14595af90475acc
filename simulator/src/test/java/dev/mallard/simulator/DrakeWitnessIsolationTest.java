package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import dev.mallard.systems.WitnessFunction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drake's expectations of witness isolation: its window rule, accuracy and simultaneity. */
class DrakeWitnessIsolationTest {

    private static final double G = BouncingBall.G;

    /** Witnesses {@code t - crossing[k]} with publish events recording (time, witness index). */
    private static final class Clock extends LeafSystem<Double> {
        final List<double[]> published = new ArrayList<>();
        final List<WitnessFunction<Double>> witnesses = new ArrayList<>();

        Clock(double... crossings) {
            super(Scalar.DOUBLE, "clock");
            declareContinuousState(1);
            for (int k = 0; k < crossings.length; k++) {
                double crossing = crossings[k];
                int index = k;
                witnesses.add(declareWitnessFunction("t - " + crossing, WitnessDirection.CROSSES_ZERO,
                        c -> c.getTimeValue() - crossing, c -> {
                            published.add(new double[] {c.getTimeValue(), index});
                            return EventStatus.succeeded();
                        }));
            }
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, 1.0);
        }
    }

    /** Drake's bouncing ball with restitution 1, simulated as Drake's test does. */
    private static Simulator<Double> drakeBall(BouncingBall<Double> ball) {
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.resetIntegrator((s, c) -> new RungeKutta3Integrator<>(s, c));
        simulator.getMutableContext().setAccuracy(1e-4);
        simulator.getMutableIntegrator().requestInitialStepSizeTarget(1e-3);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-4);
        simulator.getMutableIntegrator().setMaximumStepSize(Math.sqrt(2 / G));
        simulator.initialize();
        return simulator;
    }

    @Test
    void restitutionOneBallIsWithinDrakesToleranceOfTheClosedFormAtTenSeconds() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 1.0);
        Simulator<Double> simulator = drakeBall(ball);
        simulator.advanceTo(10.0);
        assertEquals(10.0, simulator.getContext().getTimeValue(), 0.0);
        // From rest at q0 = 1 the ball returns to q0 every 2 td, td = sqrt(2 q0 / g): at phase s of that period
        // it falls for s <= td (q = 1 - g s^2 / 2, v = -g s) and rises after (the mirror image).
        double td = Math.sqrt(2 / G);
        double s = 10.0 % (2 * td);
        double q = s <= td ? 1 - G * s * s / 2 : 1 - G * (2 * td - s) * (2 * td - s) / 2;
        double v = s <= td ? -G * s : G * (2 * td - s);
        assertEquals(q, simulator.getContext().getContinuousState().get(0), 1e-4);
        assertEquals(v, simulator.getContext().getContinuousState().get(1), 1e-4);
        assertEquals(11, ball.impactTimes.size(), ball.impactTimes.toString());
    }

    @Test
    void isolatedImpactTimesAreNeverEarlyAndNotSystematicallyLate() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 1.0);
        Simulator<Double> simulator = drakeBall(ball);
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        assertEquals(0.01 * 1e-4, window, 0.0); // Drake: 0.01 x accuracy 1e-4 x characteristic time 1 s
        simulator.advanceTo(10.0);
        double td = Math.sqrt(2 / G);
        double sumLate = 0;
        double crossing = td;
        for (int k = 0; k < ball.impactTimes.size(); k++) {
            double late = ball.impactTimes.get(k) - crossing;
            // RK3 and the cubic interpolant are exact on the parabola: only isolation moves the event off the
            // crossing. Reflected a time `late` after it, the ball then follows the ideal bounce delayed by
            // 2 late, so its next crossing is 2 td + late after this event.
            assertTrue(late >= -1e-12 && late <= window, "impact " + k + " late by " + late);
            sumLate += late;
            crossing = ball.impactTimes.get(k) + 2 * td + late;
        }
        assertTrue(sumLate / ball.impactTimes.size() < 0.05 * window, "mean lateness " + sumLate / 11);
    }

    @Test
    void fixedStepModeWithContextAccuracyIsolatesAndTighterAccuracyNeverMovesTheEventAway() {
        Clock clock = new Clock(1.0);
        Simulator<Double> simulator = new Simulator<>(clock);
        simulator.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 10.0, c)).setFixedStepMode(true);
        simulator.getMutableIntegrator().setMaximumStepSize(10.0);
        double accuracy = 1.0;
        simulator.getMutableContext().setAccuracy(accuracy);
        // Drake: 0.01 x accuracy 1 x maximum step 10
        assertEquals(0.01 * 1.0 * 10.0, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
        double previous = Double.POSITIVE_INFINITY;
        while (accuracy > 1e-8) {
            clock.published.clear();
            simulator.getMutableContext().setTime(0.0);
            simulator.initialize();
            simulator.advanceTo(10.0);
            assertEquals(1, clock.published.size());
            double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
            double value = clock.published.get(0)[0] - 1.0;
            assertTrue(value >= 0 && value <= window, "witness value " + value + " at accuracy " + accuracy);
            assertTrue(value <= previous, "witness value grew to " + value + " at accuracy " + accuracy);
            previous = value;
            accuracy *= 0.1;
            simulator.getMutableContext().setAccuracy(accuracy);
        }
    }

    @Test
    void fixedStepModeWithoutContextAccuracyTriggersAtTheEndOfTheStep() {
        Clock clock = new Clock(0.25e-3);
        Simulator<Double> simulator = new Simulator<>(clock);
        simulator.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 1e-3, c));
        simulator.advanceTo(1e-3);
        assertTrue(simulator.getCurrentWitnessTimeIsolation().isEmpty());
        assertEquals(1, clock.published.size());
        assertEquals(1e-3, clock.published.get(0)[0], 0.0);
    }

    @Test
    void twoWitnessesWithIdenticalCrossingsTriggerTogether() {
        Clock clock = new Clock(1.0, 1.0);
        Simulator<Double> simulator = new Simulator<>(clock);
        simulator.getMutableIntegrator().setMaximumStepSize(2.0);
        simulator.getMutableContext().setAccuracy(1e-12);
        simulator.initialize();
        simulator.advanceTo(10.0);
        assertEquals(2, clock.published.size());
        double[] first = clock.published.get(0);
        double[] second = clock.published.get(1);
        assertEquals(first[0], second[0], 0.0, "both at one time");
        assertEquals(1.0, first[1] + second[1], 0.0, "one event of each witness");
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        assertTrue(Math.abs(first[0] - 1.0) < window, "at " + first[0] + ", window " + window);
        assertEquals(1, simulator.getNumPublishes(), "one publish dispatch for both");
    }

    @Test
    void staggeredWitnessesTriggerSeparatelyWithinTheWindow() {
        Clock clock = new Clock(1.0, 2.0);
        Simulator<Double> simulator = new Simulator<>(clock);
        simulator.getMutableIntegrator().setMaximumStepSize(3.0);
        simulator.getMutableContext().setAccuracy(1e-12);
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        simulator.advanceTo(2.1);
        assertEquals(2, clock.published.size());
        assertEquals(1.0, clock.published.get(0)[0], window);
        assertEquals(0.0, clock.published.get(0)[1], 0.0);
        assertEquals(2.0, clock.published.get(1)[0], window);
        assertEquals(1.0, clock.published.get(1)[1], 0.0);
    }
}
