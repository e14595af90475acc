package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.ExplicitEulerIntegrator;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatorPolicyTest {

    /** Counts: a periodic discrete update (0.25 s), a per-step publish and a per-step unrestricted update. */
    private static final class Counter<T> extends LeafSystem<T> {
        final List<Double> publishTimes = new ArrayList<>();

        Counter(Scalar<T> s) {
            super(s, "counter");
            declareDiscreteState(0.0);
            declareAbstractState("start");
            declarePeriodicDiscreteUpdateEvent(0.25, 0.0, (c, xd) -> {
                xd.get().set(0, s.add(c.getDiscreteState(0).get(0), 1.0));
                return EventStatus.succeeded();
            });
            declarePerStepPublishEvent(c -> {
                publishTimes.add(c.getTimeValue());
                return EventStatus.succeeded();
            });
            declarePerStepUnrestrictedUpdateEvent((c, state) -> {
                state.setAbstractState(0, "stepped at " + c.getTimeValue());
                return EventStatus.succeeded();
            });
        }
    }

    /** Adds {@code increment} to its discrete state every {@code period} s, reading x⁻ from the handler's xd. */
    private static final class Accumulator<T> extends LeafSystem<T> {
        Accumulator(Scalar<T> s, String name, double period, double increment) {
            super(s, name);
            declareDiscreteState(0.0);
            declarePeriodicDiscreteUpdateEvent(period, 0.0, (c, xd) -> {
                xd.get().set(0, s.add(xd.get().get(0), increment));
                return EventStatus.succeeded();
            });
        }
    }

    @Test
    void discreteUpdatesOfSomeLeavesKeepTheOthersAndStartFromTheCurrentState() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        Accumulator<Double> fast = b.addSystem(new Accumulator<>(Scalar.DOUBLE, "fast", 0.25, 1.0));
        Accumulator<Double> slow = b.addSystem(new Accumulator<>(Scalar.DOUBLE, "slow", 0.5, 10.0));
        Simulator<Double> simulator = new Simulator<>(b.build());
        Context<Double> root = simulator.getMutableContext();
        simulator.advanceTo(0.75);
        // Updates at 0, 0.25, 0.5 (the one at 0.75 is pending): fast alone at 0.25, both at 0 and 0.5.
        assertEquals(3.0, fast.getMyContextFromRoot(root).getDiscreteState(0).getValue(0), 0.0);
        assertEquals(20.0, slow.getMyContextFromRoot(root).getDiscreteState(0).getValue(0), 0.0);
        assertEquals(3, simulator.getNumDiscreteUpdates());
        // A value set between advances is the x⁻ the next update starts from.
        slow.getMyContextFromRoot(root).getMutableDiscreteState(0).setValue(0, 100.0);
        simulator.advanceTo(1.0);
        // fast at 0.75 only (1.0 pending); slow's next update is the pending one at 1.0.
        assertEquals(4.0, fast.getMyContextFromRoot(root).getDiscreteState(0).getValue(0), 0.0);
        assertEquals(100.0, slow.getMyContextFromRoot(root).getDiscreteState(0).getValue(0), 0.0);
        simulator.advancePendingEvents();
        assertEquals(5.0, fast.getMyContextFromRoot(root).getDiscreteState(0).getValue(0), 0.0);
        assertEquals(110.0, slow.getMyContextFromRoot(root).getDiscreteState(0).getValue(0), 0.0);
    }

    @Test
    void countsStepsPublishesAndUpdatesWithPeriodicAndPerStepEvents() {
        Counter<Double> counter = new Counter<>(Scalar.DOUBLE);
        Simulator<Double> simulator = new Simulator<>(counter);
        simulator.initialize();
        assertEquals(1, simulator.getNumPublishes(), "initialize publishes the per-step event once");
        assertEquals(0, simulator.getNumStepsTaken());
        simulator.advanceTo(1.0);
        // No continuous state: each step runs to the next update time, 0 -> 0.25 -> 0.5 -> 0.75 -> 1.
        assertEquals(4, simulator.getNumStepsTaken());
        assertEquals(List.of(0.0, 0.25, 0.5, 0.75, 1.0), counter.publishTimes);
        assertEquals(5, simulator.getNumPublishes());
        assertEquals(4, simulator.getNumDiscreteUpdates(), "updates at 0, 0.25, 0.5, 0.75; the one at 1 is pending");
        assertEquals(4, simulator.getNumUnrestrictedUpdates());
        Context<Double> c = simulator.getContext();
        assertEquals(4.0, c.getDiscreteState(0).getValue(0), 0.0);
        assertEquals("stepped at 0.75", c.getAbstractState(0, String.class));
        simulator.advancePendingEvents();
        assertEquals(5.0, c.getDiscreteState(0).getValue(0), 0.0);
        assertEquals(6, simulator.getNumPublishes());
        simulator.resetStatistics();
        assertEquals(0, simulator.getNumPublishes() + simulator.getNumStepsTaken() + simulator.getNumDiscreteUpdates());
    }

    @Test
    void fixedStepCountIncludesStepsShortenedToLandOnEvents() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        Oscillator<Double> plant = b.addSystem(new Oscillator<>(Scalar.DOUBLE));
        SampleLogger<Double> logger = b.addSystem(new SampleLogger<>(Scalar.DOUBLE, 1, 0.25));
        b.connect(plant.getOutputPort("q"), logger.getInputPort("u"));
        Simulator<Double> simulator = new Simulator<>(b.build());
        simulator.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 0.1, c));
        simulator.advanceTo(1.0);
        // Each quarter second: 0.1, 0.1, then 0.05 to land on the publish time.
        assertEquals(12, simulator.getNumStepsTaken());
        assertEquals(12, simulator.getIntegrator().getNumStepsTaken());
        assertEquals(24, simulator.getIntegrator().getNumDerivativeEvaluations());
        assertEquals(List.of(0.0, 0.25, 0.5, 0.75, 1.0), logger.times);
    }

    @Test
    void monitorTerminationStopsAtTheFirstStepThatSatisfiesIt() {
        Simulator<Double> simulator = new Simulator<>(new Oscillator<>(Scalar.DOUBLE));
        simulator.resetIntegrator((s, c) -> new ExplicitEulerIntegrator<>(s, 0.1, c));
        simulator.setMonitor(c -> c.getTimeValue() >= 0.35
                ? EventStatus.reachedTermination(null, "goal reached") : EventStatus.succeeded());
        SimulatorStatus status = simulator.advanceTo(1.0);
        assertEquals(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, status.reason());
        assertEquals(1.0, status.boundaryTime(), 0.0);
        assertEquals(0.4, status.returnTime(), 1e-15);
        assertEquals(0.4, simulator.getContext().getTimeValue(), 1e-15);
        assertEquals("goal reached", status.message());
        assertTrue(status.formatMessage().contains("goal reached"));
        simulator.clearMonitor();
        assertTrue(simulator.advanceTo(1.0).succeeded());
    }

    @Test
    void monitorFailureThrowsWithMessageSystemAndTime() {
        Oscillator<Double> plant = new Oscillator<>(Scalar.DOUBLE);
        Simulator<Double> simulator = new Simulator<>(plant);
        simulator.resetIntegrator((s, c) -> new ExplicitEulerIntegrator<>(s, 0.1, c));
        simulator.setMonitor(c -> c.getContinuousState().getValue(0) < 0.99
                ? EventStatus.failed(plant, "fell over") : EventStatus.succeeded());
        EventHandlerFailedException e = assertThrows(EventHandlerFailedException.class, () -> simulator.advanceTo(2.0));
        // Euler from (1, 0): q stays 1 for one step, then 0.99, then 1 - 0.01 - 0.02 = 0.97 at t = 0.3.
        assertEquals(0.3, e.getTime(), 1e-15);
        assertEquals("oscillator", e.getSystemName());
        assertTrue(e.getMessage().contains("fell over") && e.getMessage().contains("oscillator")
                && e.getMessage().contains("0.3"), e.getMessage());
        assertEquals(SimulatorStatus.ReturnReason.EVENT_HANDLER_FAILED, e.getStatus().reason());
    }

    /** An unrestricted update that modifies the state and then fails; and two simultaneous publishes. */
    private static final class Faulty<T> extends LeafSystem<T> {
        final List<String> ran = new ArrayList<>();

        Faulty(Scalar<T> s, boolean failUpdate) {
            super(s, "faulty");
            declareContinuousState(1);
            declareDiscreteState(7.0);
            if (failUpdate) {
                declarePeriodicUnrestrictedUpdateEvent(0.5, 0.5, (c, state) -> {
                    state.getMutableContinuousState().setValue(0, 99.0);
                    state.getMutableDiscreteState(0).setValue(0, 99.0);
                    return EventStatus.failed(this, "cannot reset");
                });
            } else {
                declarePeriodicPublishEvent(0.5, 0.5, c -> {
                    ran.add("first");
                    return EventStatus.failed(this, "first publish failed");
                });
                declarePeriodicPublishEvent(0.5, 0.5, c -> {
                    ran.add("second");
                    return EventStatus.succeeded();
                });
            }
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            derivatives.setValue(0, 2.0);
        }
    }

    @Test
    void failedUnrestrictedUpdateLeavesTheStateUnchanged() {
        Simulator<Double> simulator = new Simulator<>(new Faulty<>(Scalar.DOUBLE, true));
        simulator.advanceTo(0.5);
        Context<Double> c = simulator.getContext();
        assertEquals(1.0, c.getContinuousState().getValue(0), 1e-12);
        EventHandlerFailedException e = assertThrows(EventHandlerFailedException.class, simulator::advancePendingEvents);
        assertTrue(e.getMessage().contains("cannot reset") && e.getMessage().contains("faulty"), e.getMessage());
        assertEquals(0.5, e.getTime(), 0.0);
        assertEquals(1.0, c.getContinuousState().getValue(0), 1e-12);
        assertEquals(7.0, c.getDiscreteState(0).getValue(0), 0.0);
        assertEquals(0, simulator.getNumUnrestrictedUpdates());
    }

    @Test
    void allSimultaneousPublishesRunBeforeAPublishFailureIsReported() {
        Faulty<Double> faulty = new Faulty<>(Scalar.DOUBLE, false);
        Simulator<Double> simulator = new Simulator<>(faulty);
        EventHandlerFailedException e = assertThrows(EventHandlerFailedException.class, () -> simulator.advanceTo(1));
        assertEquals(List.of("first", "second"), faulty.ran);
        assertTrue(e.getMessage().contains("first publish failed"), e.getMessage());
        assertEquals(0.5, simulator.getContext().getTimeValue(), 0.0);
        assertEquals(0, simulator.getNumPublishes(), "a dispatch with a failure is not counted");
    }

    @Test
    void changingTheTimeWithoutInitializeMakesAdvanceToThrow() {
        Simulator<Double> simulator = new Simulator<>(new Oscillator<>(Scalar.DOUBLE));
        simulator.advanceTo(0.5);
        simulator.getMutableContext().setTime(3.0);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> simulator.advanceTo(4.0));
        assertTrue(e.getMessage().contains("initialize") && e.getMessage().contains("3.0"), e.getMessage());
        simulator.initialize();
        assertTrue(simulator.advanceTo(4.0).succeeded());
        assertEquals(4.0, simulator.getContext().getTimeValue(), 0.0);
    }

    /** x' = 1 / (0.5 - t): the state blows up at t = 0.5; past it the derivative is NaN. */
    private static final class BlowUp<T> extends LeafSystem<T> {
        BlowUp(Scalar<T> s) {
            super(s, "blowup");
            declareContinuousState(0, 0, 2);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            double t = context.getTimeValue();
            derivatives.setValue(0, 0.0);
            derivatives.setValue(1, t < 0.5 ? 1.0 : Double.NaN);
        }
    }

    @Test
    void nanInTheStateIsReportedWithTimeAndIndex() {
        Simulator<Double> simulator = new Simulator<>(new BlowUp<>(Scalar.DOUBLE));
        simulator.resetIntegrator((s, c) -> new ExplicitEulerIntegrator<>(s, 0.1, c));
        SimulationException e = assertThrows(SimulationException.class, () -> simulator.advanceTo(1.0));
        assertTrue(e.getMessage().contains("index 1") && e.getMessage().contains("NaN")
                && e.getMessage().contains("blowup"), e.getMessage());
        assertEquals(0.6, e.getTime(), 1e-12);

        Simulator<Double> controlled = new Simulator<>(new BlowUp<>(Scalar.DOUBLE));
        SimulationException e2 = assertThrows(SimulationException.class, () -> controlled.advanceTo(1.0));
        assertTrue(e2.getMessage().contains("index 1") && e2.getMessage().contains("NaN"), e2.getMessage());
    }
}
