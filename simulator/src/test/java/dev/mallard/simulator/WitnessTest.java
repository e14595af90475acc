package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.ExplicitEulerIntegrator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WitnessTest {

    @Test
    void bouncingBallImpactTimesMatchTheClosedForm() {
        double height = 1.0;
        double e = 0.8;
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, height, e);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.getMutableContext().setAccuracy(1e-9);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-9);
        simulator.initialize();
        simulator.advanceTo(2.5);
        assertTrue(ball.impactTimes.size() >= 4, "impacts " + ball.impactTimes);
        for (int k = 0; k < 4; k++) {
            assertEquals(BouncingBall.impactTime(k, height, e), ball.impactTimes.get(k), 1e-7, "impact " + k);
        }
        // Each impact reverses the velocity with restitution e: right after impact k, v = e^(k+1) sqrt(2gh).
        long derivativesWithWitness = simulator.getIntegrator().getNumDerivativeEvaluations();
        assertTrue(derivativesWithWitness > 0);
    }

    @Test
    void witnessIsolationCostsNoExtraDerivativeEvaluationsBeyondOnePerTrigger() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.getMutableContext().setAccuracy(1e-6);
        simulator.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 0.01, c));
        simulator.initialize();
        simulator.advanceTo(1.0);
        IntegratorBase<Double> in = simulator.getIntegrator();
        int impacts = ball.impactTimes.size();
        assertTrue(impacts >= 1);
        // RK2 evaluates twice per step; f(t0, x0) of the first step once; each isolation at most f(t1, x1) once.
        assertTrue(in.getNumDerivativeEvaluations() <= 2 * in.getNumStepsTaken() + 1 + impacts,
                in.getNumDerivativeEvaluations() + " evaluations for " + in.getNumStepsTaken() + " steps");
        // Fixed step 0.01 with accuracy 1e-6 in the context: Drake's window is 0.01 * 0.01 * 1e-6.
        assertEquals(0.01 * 1e-6 * 0.01, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 1e-20);
        assertEquals(BouncingBall.impactTime(0, 1.0, 0.8), ball.impactTimes.get(0), 1e-6);
    }

    /** Publishes when t - crossing changes sign: the trigger time is exactly isolated by the window rule. */
    private static final class Alarm<T> extends LeafSystem<T> {
        final List<Double> times = new ArrayList<>();

        Alarm(Scalar<T> scalar, double crossing, WitnessDirection direction) {
            super(scalar, "alarm");
            declareContinuousState(1);
            declareWitnessFunction("time", direction, c -> scalar.sub(c.getTime(), crossing), c -> {
                times.add(c.getTimeValue());
                return EventStatus.succeeded();
            });
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            derivatives.setValue(0, 1.0);
        }
    }

    @Test
    void witnessTriggerIsIsolatedWithinTheWindowAfterTheCrossing() {
        Alarm<Double> alarm = new Alarm<>(Scalar.DOUBLE, 0.3141592653589793, WitnessDirection.CROSSES_ZERO);
        Simulator<Double> simulator = new Simulator<>(alarm);
        simulator.initialize();
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        assertEquals(0.01 * 1e-4, window, 0.0); // Drake: 0.01 x accuracy in use 1e-4 x characteristic time 1 s
        simulator.advanceTo(1.0);
        assertEquals(1, alarm.times.size());
        double t = alarm.times.get(0);
        assertTrue(t >= 0.3141592653589793 && t <= 0.3141592653589793 + window, "trigger at " + t);
        assertEquals(1.0, simulator.getContext().getTimeValue(), 0.0);
    }

    @Test
    void directionSelectsWhichCrossingsTrigger() {
        Alarm<Double> up = new Alarm<>(Scalar.DOUBLE, 0.25, WitnessDirection.POSITIVE_THEN_NON_POSITIVE);
        new Simulator<>(up).advanceTo(1.0);
        assertTrue(up.times.isEmpty(), "t - 0.25 only increases: a positive-to-non-positive witness never fires");
        Alarm<Double> none = new Alarm<>(Scalar.DOUBLE, 0.25, WitnessDirection.NONE);
        new Simulator<>(none).advanceTo(1.0);
        assertTrue(none.times.isEmpty());
    }

    @Test
    void fixedStepWithoutContextAccuracyTriggersAtTheStepEnd() {
        Alarm<Double> alarm = new Alarm<>(Scalar.DOUBLE, 0.25, WitnessDirection.NEGATIVE_THEN_NON_NEGATIVE);
        Simulator<Double> simulator = new Simulator<>(alarm);
        simulator.resetIntegrator((s, c) -> new ExplicitEulerIntegrator<>(s, 0.1, c));
        simulator.initialize();
        assertTrue(simulator.getCurrentWitnessTimeIsolation().isEmpty());
        simulator.advanceTo(1.0);
        assertEquals(List.of(0.30000000000000004), alarm.times);
    }

    @Test
    void errorControlWithoutContextAccuracyUsesTheIntegratorsAccuracyInsteadOfThrowing() {
        Simulator<Double> simulator = new Simulator<>(new Alarm<>(Scalar.DOUBLE, 0.5, WitnessDirection.CROSSES_ZERO));
        // the documented difference: Drake would throw here; the default target accuracy 1e-4 stands in,
        // with Drake's factor 0.01
        assertEquals(0.01 * 1e-4, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-6);
        assertEquals(0.01 * 1e-6, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
        simulator.initialize();
        assertEquals(0.01 * 1e-6, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
        // an accuracy in the context takes precedence over the integrator's (1 s characteristic time)
        simulator.getMutableContext().setAccuracy(1e-3);
        assertEquals(0.01 * 1e-3, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
    }

    @Test
    void anErrorControlledSchemeInFixedStepModeFollowsTheFixedStepRule() {
        Simulator<Double> simulator = new Simulator<>(new Alarm<>(Scalar.DOUBLE, 0.5, WitnessDirection.CROSSES_ZERO));
        simulator.getMutableIntegrator().setFixedStepMode(true);
        simulator.getMutableIntegrator().setMaximumStepSize(0.02);
        assertTrue(simulator.getCurrentWitnessTimeIsolation().isEmpty(), "no context accuracy: no isolation");
        simulator.getMutableContext().setAccuracy(1e-5);
        assertEquals(0.01 * 1e-5 * 0.02, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
    }

    @Test
    void theWindowIsNeverBelowTheWorkingMinimumStep() {
        Simulator<Double> simulator = new Simulator<>(new Alarm<>(Scalar.DOUBLE, 0.5, WitnessDirection.CROSSES_ZERO));
        simulator.getMutableContext().setTime(1e12);
        // 1e-14 |t| = 1e-2 s exceeds 0.01 x 1 s x 1e-4: time itself cannot resolve a finer window there
        assertEquals(1e-2, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 1e-17);
        simulator.getMutableIntegrator().setRequestedMinimumStepSize(0.5);
        assertEquals(0.5, simulator.getCurrentWitnessTimeIsolation().getAsDouble(), 0.0);
    }

    @Test
    void aDefaultSimulatorIsolatesEveryBounceOfTheBallToItsDefaultWindow() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.advanceTo(1.5);
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        assertEquals(0.01 * 1e-4, window, 0.0);
        assertEquals(2, ball.impactTimes.size(), ball.impactTimes.toString());
        for (int k = 0; k < 2; k++) {
            // late by at most the window, plus the default integration error (accuracy 1e-4) in the state
            assertEquals(BouncingBall.impactTime(k, 1.0, 0.8), ball.impactTimes.get(k), window + 1e-4, "impact " + k);
        }
    }

    @Test
    void witnessTriggerRuleIsHalfOpen() {
        assertTrue(WitnessDirection.CROSSES_ZERO.triggers(1, 0));
        assertTrue(!WitnessDirection.CROSSES_ZERO.triggers(0, -1), "w(t0) = 0 never triggers");
        assertTrue(WitnessDirection.NEGATIVE_THEN_NON_NEGATIVE.triggers(-1, 0));
        assertTrue(!WitnessDirection.NEGATIVE_THEN_NON_NEGATIVE.triggers(1, -1));
        assertTrue(WitnessDirection.POSITIVE_THEN_NON_POSITIVE.triggers(2, -3));
        assertTrue(!WitnessDirection.POSITIVE_THEN_NON_POSITIVE.triggers(2, 3));
    }

    @Test
    void nonNumericScalarsAreRefusedByErrorControlAndWitnessesButSteppedWithFixedSteps() {
        Simulator<BoxedDouble> controlled = new Simulator<>(new Oscillator<>(BoxedDouble.OPAQUE));
        IllegalStateException e = assertThrows(IllegalStateException.class, controlled::initialize);
        assertTrue(e.getMessage().contains("error control needs numeric values") && e.getMessage().contains("opaque"),
                e.getMessage());

        Simulator<BoxedDouble> fixed = new Simulator<>(new Oscillator<>(BoxedDouble.OPAQUE));
        fixed.resetIntegrator((s, c) -> new RungeKutta3Integrator<>(s, c)).setFixedStepMode(true);
        fixed.getMutableIntegrator().setMaximumStepSize(0.5);
        fixed.advanceTo(0.5);
        // One step of a third-order method on x' = A x is (I + hA + (hA)^2/2 + (hA)^3/6) x0: from (1, 0) with
        // h = 0.5 that is q1 = 1 - h^2/2, v1 = -h + h^3/6.
        assertEquals(1 - 0.125, fixed.getContext().getContinuousState().get(0).v(), 1e-15);
        assertEquals(-0.5 + 0.125 / 6, fixed.getContext().getContinuousState().get(1).v(), 1e-15);

        Simulator<BoxedDouble> witnessed = new Simulator<>(new Alarm<>(BoxedDouble.OPAQUE, 0.5,
                WitnessDirection.CROSSES_ZERO));
        witnessed.resetIntegrator((s, c) -> new ExplicitEulerIntegrator<>(s, 0.1, c));
        IllegalStateException w = assertThrows(IllegalStateException.class, () -> witnessed.advanceTo(1.0));
        assertTrue(w.getMessage().contains("witness functions need numeric values"), w.getMessage());
    }
}
