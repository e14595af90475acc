package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
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

/** Drake's expectations of event statuses, event order, step counting and messages. */
class DrakeEventStatusTest {

    /** Logs its handlers' calls; the initialization unrestricted or discrete update may report termination. */
    private static final class EventStatusSystem extends LeafSystem<Double> {
        final List<String> log = new ArrayList<>();
        boolean terminateUnrestricted;
        boolean terminateDiscrete;

        EventStatusSystem() {
            super(Scalar.DOUBLE, "my_event_system");
            declareContinuousState(1);
            declareDiscreteState(0.0);
            declareInitializationUnrestrictedUpdateEvent((c, state) -> status("initialization unrestricted update",
                    c, terminateUnrestricted));
            declareInitializationDiscreteUpdateEvent((c, xd) -> status("initialization discrete update", c,
                    terminateDiscrete));
            declareInitializationPublishEvent(c -> status("initialization publish", c, false));
            declarePerStepPublishEvent(c -> status("per-step publish", c, false));
            declarePeriodicPublishEvent(0.5, 0.0, c -> status("periodic publish", c, false));
            declareWitnessFunction("t - 0.5", WitnessDirection.NEGATIVE_THEN_NON_NEGATIVE,
                    c -> c.getTimeValue() - 0.5, c -> status("witnessed publish", c, false));
        }

        private EventStatus status(String what, Context<Double> c, boolean terminate) {
            String description = what + " at " + c.getTimeValue();
            log.add(description);
            return terminate ? EventStatus.reachedTermination(this, description + " terminated")
                    : EventStatus.succeeded();
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, 1.0);
        }
    }

    @Test
    void initializeRunsEveryInitializationEventInDrakesOrderAndCountsDispatches() {
        EventStatusSystem system = new EventStatusSystem();
        Simulator<Double> sim = new Simulator<>(system);
        sim.getMutableContext().setTime(0.125);
        SimulatorStatus status = sim.initialize();
        assertEquals(List.of("initialization unrestricted update at 0.125", "initialization discrete update at 0.125",
                "initialization publish at 0.125", "per-step publish at 0.125"), system.log);
        assertEquals(1, sim.getNumUnrestrictedUpdates());
        assertEquals(1, sim.getNumDiscreteUpdates());
        assertEquals(1, sim.getNumPublishes());
        assertTrue(status.succeeded());
    }

    @Test
    void anInitializationUpdateReportingTerminationStopsInitializeBeforeThePublishes() {
        for (boolean unrestricted : new boolean[] {true, false}) {
            EventStatusSystem system = new EventStatusSystem();
            system.terminateUnrestricted = unrestricted;
            system.terminateDiscrete = !unrestricted;
            Simulator<Double> sim = new Simulator<>(system);
            sim.getMutableContext().setTime(0.125);
            SimulatorStatus status = sim.initialize();
            // The discrete updates still run after a terminating unrestricted update; no publish does.
            assertEquals(List.of("initialization unrestricted update at 0.125",
                    "initialization discrete update at 0.125"), system.log);
            assertEquals(1, sim.getNumUnrestrictedUpdates());
            assertEquals(1, sim.getNumDiscreteUpdates());
            assertEquals(0, sim.getNumPublishes());
            assertFalse(status.succeeded());
            assertEquals(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, status.reason());
            assertEquals(system, status.system());
            String what = unrestricted ? "unrestricted" : "discrete";
            assertEquals("Simulator returned early at time 0.125 because EventStatusSystem System"
                    + " 'my_event_system' requested termination with message: \"initialization " + what
                    + " update at 0.125 terminated\"", status.formatMessage());
            assertEquals(0.125, sim.getContext().getTimeValue(), 0.0);
        }
    }

    @Test
    void simultaneousPublishesRunPerStepThenPeriodicThenWitnessed() {
        EventStatusSystem system = new EventStatusSystem();
        Simulator<Double> sim = new Simulator<>(system);
        sim.initialize();
        system.log.clear();
        long before = sim.getNumPublishes();
        sim.advanceTo(0.5);
        List<String> atHalf = system.log.stream().filter(s -> s.endsWith(" at 0.5")).toList();
        assertEquals(List.of("per-step publish at 0.5", "periodic publish at 0.5", "witnessed publish at 0.5"),
                atHalf);
        assertEquals(sim.getNumStepsTaken(), sim.getNumPublishes() - before, "one dispatch per step");
    }

    @Test
    void advancePendingEventsIsAZeroLengthStepAndIsCounted() {
        EventStatusSystem system = new EventStatusSystem();
        Simulator<Double> sim = new Simulator<>(system);
        sim.advanceTo(0.25);
        long steps = sim.getNumStepsTaken();
        system.log.clear();
        assertTrue(sim.advancePendingEvents().succeeded());
        assertEquals(steps + 1, sim.getNumStepsTaken());
        assertEquals(List.of("per-step publish at 0.25"), system.log);
        assertEquals(0.25, sim.getContext().getTimeValue(), 0.0);
        SimulatorStatus status = sim.advanceTo(0.25);
        assertEquals(steps + 2, sim.getNumStepsTaken());
        assertEquals(List.of("per-step publish at 0.25", "per-step publish at 0.25"), system.log);
        assertEquals("Simulator successfully reached the boundary time (0.25).", status.formatMessage());
    }

    @Test
    void theActualRealtimeRateIsNaNBeforeInitialize() {
        Simulator<Double> sim = new Simulator<>(new EventStatusSystem());
        assertTrue(Double.isNaN(sim.getActualRealtimeRate()));
        sim.initialize();
        sim.advanceTo(1.0);
        double rate = sim.getActualRealtimeRate();
        assertTrue(rate > 0 && Double.isFinite(rate), "rate " + rate);
    }

    /** A unit mass on a unit spring with a periodic discrete update every second (Drake's test system). */
    private static final class SpringMassSystem extends LeafSystem<Double> {
        SpringMassSystem(String name, double updatePeriod) {
            super(Scalar.DOUBLE, name);
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(0.1, 0.0);
            declareDiscreteState(0.0);
            if (updatePeriod > 0) {
                declarePeriodicDiscreteUpdateEvent(updatePeriod, 0.0, (c, xd) -> EventStatus.succeeded());
            }
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.set(0, context.getContinuousState().get(1));
            derivatives.set(1, -context.getContinuousState().get(0));
        }
    }

    @Test
    void aFailureMessageHasDrakesForm() {
        SpringMassSystem spring = new SpringMassSystem("my_spring_mass", 1.0);
        Simulator<Double> sim = new Simulator<>(spring);
        sim.setMonitor(c -> c.getTimeValue() >= 6 ? EventStatus.failed(spring, "Something terrible happened.")
                : EventStatus.succeeded());
        EventHandlerFailedException e = assertThrows(EventHandlerFailedException.class, () -> sim.advanceTo(10));
        assertEquals("Simulator stopped at time 6 because SpringMassSystem System 'my_spring_mass' failed with"
                + " message: \"Something terrible happened.\"", e.getMessage());
        assertEquals("Simulator returned early at time 1e-05 because System requested termination with message:"
                + " \"done\"", new SimulatorStatus(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, 2,
                        1e-5, null, "done").formatMessage());
    }

    @Test
    void aStepRetriedAtTheMinimumIsStretchedOntoTheEvent() {
        SpringMassSystem spring = new SpringMassSystem("spring", 1.0);
        double directed = 1.0 - 1e-8;
        Simulator<Double> sim = new Simulator<>(spring);
        IntegratorBase<Double> integrator = sim.resetIntegrator((s, c) -> new RungeKutta3Integrator<>(s, c));
        integrator.setRequestedMinimumStepSize(directed);
        integrator.requestInitialStepSizeTarget(directed);
        integrator.setTargetAccuracy(1e-8);
        integrator.setThrowOnMinimumStepSizeViolation(true);
        assertThrows(SimulationException.class, () -> sim.advanceTo(1.0));

        sim.getMutableContext().setTime(0.0);
        sim.getMutableContext().getMutableContinuousState().setValue(0, 0.1);
        sim.getMutableContext().getMutableContinuousState().setValue(1, 0.0);
        integrator.setThrowOnMinimumStepSizeViolation(false);
        sim.initialize();
        sim.advanceTo(1.0);
        assertEquals(1.0, sim.getContext().getTimeValue(), 0.0);
        assertEquals(1, sim.getNumStepsTaken());
    }

    @Test
    void aFixedStepWithinOnePercentOfTheEventIsStretchedAndOneTenShortIsNot() {
        for (double shortBy : new double[] {1e-8, 0.1}) {
            Simulator<Double> sim = new Simulator<>(new SpringMassSystem("spring", 1.0));
            sim.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 1.0 - shortBy, c));
            sim.advanceTo(1.0);
            assertEquals(1.0, sim.getContext().getTimeValue(), 0.0);
            assertEquals(shortBy == 1e-8 ? 1 : 2, sim.getNumStepsTaken());
        }
    }
}
