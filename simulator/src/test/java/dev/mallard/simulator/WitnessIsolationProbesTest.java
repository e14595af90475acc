package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The isolation's probes: {@link QuadraticCrossing} against closed-form zeros, and the number of witness
 * evaluations the isolation of a bouncing ball's impacts costs (Drake bisects: 24 probes for a 1e-8 s window
 * in a 0.1 s step).
 */
class WitnessIsolationProbesTest {

    private static final double G = 9.81;

    @Test
    void theQuadraticThroughThreePointsOfAParabolaGivesItsZeroInTheBracket() {
        // y = 2 - 3 t - 4 t^2: zeros (-3 +- sqrt(41)) / 8, the positive one 0.42539052967...
        double zero = (-3 + Math.sqrt(41)) / 8;
        double root = QuadraticCrossing.root(0.0, 2.0, 1.0, -5.0, 0.3, y(0.3), 0.0, 1.0);
        assertEquals(zero, root, 1e-15);
        // the other zero (-1.1754) lies outside the bracket: the one inside is chosen whatever the order
        assertEquals(zero, QuadraticCrossing.root(1.0, -5.0, 0.3, y(0.3), 0.5, y(0.5), 0.3, 0.5), 1e-15);
    }

    private static double y(double t) {
        return 2 - 3 * t - 4 * t * t;
    }

    @Test
    void aLineGivesItsZeroAndNoZeroInsideTheBracketGivesNaN() {
        // three points of y = 1 - 2 t: zero 0.5
        assertEquals(0.5, QuadraticCrossing.root(0.0, 1.0, 1.0, -1.0, 0.25, 0.5, 0.0, 1.0), 1e-15);
        // zero 0.5 outside (0.6, 1)
        assertTrue(Double.isNaN(QuadraticCrossing.root(0.0, 1.0, 1.0, -1.0, 0.25, 0.5, 0.6, 1.0)));
        // y = 1 + t^2 has no real zero
        assertTrue(Double.isNaN(QuadraticCrossing.root(0.0, 1.0, 1.0, 2.0, 2.0, 5.0, -10.0, 10.0)));
        // only two distinct points (the first probe: x0 is NaN)
        assertTrue(Double.isNaN(QuadraticCrossing.root(Double.NaN, Double.NaN, 0.0, 1.0, 1.0, -1.0, 0.0, 1.0)));
    }

    @Test
    void bothZerosInsideTheBracketGiveTheOneNearestTheNewestPoint() {
        // y = (t - 0.2)(t - 0.7) = t^2 - 0.9 t + 0.14, newest point 0.65
        double root = QuadraticCrossing.root(0.0, 0.14, 1.0, 0.24, 0.65, 0.65 * 0.65 - 0.9 * 0.65 + 0.14, 0.0, 1.0);
        assertEquals(0.7, root, 1e-15);
    }

    /** A ball with restitution 1 from 1 m whose witness counts its evaluations. */
    private static final class CountingBall extends LeafSystem<Double> {
        int evaluations;
        final List<Double> impacts = new ArrayList<>();

        CountingBall() {
            super(Scalar.DOUBLE, "ball");
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1.0, 0.0);
            declareWitnessFunctionWithUnrestrictedUpdate("height", WitnessDirection.POSITIVE_THEN_NON_POSITIVE,
                    c -> {
                        evaluations++;
                        return c.getContinuousState().get(0);
                    }, (c, state) -> {
                        impacts.add(c.getTimeValue());
                        state.getMutableContinuousState().set(1, -c.getContinuousState().get(1));
                        return EventStatus.succeeded();
                    });
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.set(0, context.getContinuousState().get(1));
            derivatives.set(1, -G);
        }
    }

    @Test
    void eachImpactOfTheBallIsIsolatedWithThreeProbesWithinTheWindowAfterTheCrossing() {
        CountingBall ball = new CountingBall();
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.resetIntegrator((s, c) -> new RungeKutta3Integrator<>(s, c));
        simulator.getMutableIntegrator().setMaximumStepSize(0.1);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-6);
        simulator.initialize();
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        assertEquals(1e-8, window, 0.0);
        simulator.advanceTo(10.0);
        int impacts = ball.impacts.size();
        assertEquals(11, impacts);
        // one evaluation at initialize, one at each step's end, one at the start after each impact's reset;
        // the rest are the isolation's probes
        long probes = ball.evaluations - 1 - simulator.getNumStepsTaken() - impacts;
        assertEquals(3L * impacts, probes);
        // the parabola's crossings come every 2 sqrt(2/g) after the first (restitution 1): each impact within
        // the window after its crossing, shifted by the lateness of those before (reflected late, the ball
        // follows the ideal bounce delayed by twice the lateness)
        double td = Math.sqrt(2 / G);
        double crossing = td;
        for (double t : ball.impacts) {
            double late = t - crossing;
            assertTrue(late >= -1e-12 && late <= window, "late by " + late);
            crossing = t + 2 * td + late;
        }
    }
}
