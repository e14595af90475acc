package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Systems that compute their own next update time (Drake's DoCalcNextUpdateTime). */
class CustomUpdateTimeTest {

    /** An unrestricted update at one given time, scheduled by the system itself. */
    private static final class UnrestrictedUpdater extends LeafSystem<Double> {
        final List<Double> updates = new ArrayList<>();
        private final double updateTime;
        private final Event<Double> update;

        UnrestrictedUpdater(double updateTime) {
            super(Scalar.DOUBLE, "updater");
            this.updateTime = updateTime;
            declareContinuousState(1);
            update = declareTimedUnrestrictedUpdateEvent((c, state) -> {
                updates.add(c.getTimeValue());
                return EventStatus.succeeded();
            });
        }

        @Override
        protected double doCalcNextUpdateTime(Context<Double> context, List<Event<Double>> events) {
            if (context.getTimeValue() < updateTime) {
                events.add(update);
                return updateTime;
            }
            return Double.POSITIVE_INFINITY;
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, -context.getContinuousState().getValue(0));
        }
    }

    @Test
    void anUpdateTimeOfOneTenBillionthFromMinusOneOver1024IsHitBitExactly() {
        UnrestrictedUpdater updater = new UnrestrictedUpdater(1e-10);
        Simulator<Double> simulator = new Simulator<>(updater);
        simulator.getMutableContext().setTime(-1.0 / 1024);
        simulator.initialize();
        simulator.advanceTo(1.0);
        assertEquals(List.of(1e-10), updater.updates);
        assertEquals(1.0, simulator.getContext().getTimeValue(), 0.0);
    }

    /** Asks for a publish "right now" while a message is waiting, as a message-driven system would. */
    private static final class RightNow extends LeafSystem<Double> {
        boolean messageWaiting;
        boolean consumeMessage;
        final List<Double> publishTimes = new ArrayList<>();
        int publishes;
        private final Event<Double> publish;

        RightNow() {
            super(Scalar.DOUBLE, "right_now");
            publish = declareTimedPublishEvent(c -> {
                publishes++;
                publishTimes.add(c.getTimeValue());
                messageWaiting &= !consumeMessage;
                return EventStatus.succeeded();
            });
        }

        @Override
        protected double doCalcNextUpdateTime(Context<Double> context, List<Event<Double>> events) {
            if (!messageWaiting) {
                return Double.POSITIVE_INFINITY;
            }
            events.add(publish);
            return context.getTimeValue();
        }
    }

    private static final class Periodic extends LeafSystem<Double> {
        int publishes;

        Periodic() {
            super(Scalar.DOUBLE, "periodic");
            declarePeriodicPublishEvent(0.25, 0.0, c -> {
                publishes++;
                return EventStatus.succeeded();
            });
        }
    }

    @Test
    void aRightNowEventAtInitializationIsNotLostNorHidesAPeriodicOneAsInDrakeIssue13296() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        RightNow rightNow = builder.addSystem(new RightNow());
        Periodic periodic = builder.addSystem(new Periodic());
        Simulator<Double> simulator = new Simulator<>(builder.build());

        // No message: at t = 0 only the periodic event.
        simulator.getMutableContext().setTime(0.0);
        simulator.initialize();
        assertEquals(0, rightNow.publishes);
        assertEquals(1, periodic.publishes);

        // A message at t = -1: the "right now" event, but the periodic one waits for its offset 0.
        rightNow.messageWaiting = true;
        periodic.publishes = 0;
        simulator.getMutableContext().setTime(-1.0);
        simulator.initialize();
        assertEquals(1, rightNow.publishes);
        assertEquals(0, periodic.publishes);

        // A message at t = 0: both (the case of Drake's issue 13296).
        rightNow.publishes = 0;
        simulator.getMutableContext().setTime(0.0);
        simulator.initialize();
        assertEquals(1, rightNow.publishes);
        assertEquals(1, periodic.publishes);
    }

    @Test
    void aRightNowEventDuringTheSimulationIsHandledAtTheStartTimeOfTheStep() {
        RightNow rightNow = new RightNow();
        rightNow.consumeMessage = true;
        Simulator<Double> simulator = new Simulator<>(rightNow);
        simulator.advanceTo(0.25);
        rightNow.messageWaiting = true;
        long steps = simulator.getNumStepsTaken();
        simulator.advanceTo(0.5);
        // The step from 0.25 ends at once (a step of zero length) with the publish, which takes the message.
        assertEquals(List.of(0.25), rightNow.publishTimes);
        assertEquals(steps + 2, simulator.getNumStepsTaken(), "the zero-length step, then one to 0.5");
        assertEquals(0.5, simulator.getContext().getTimeValue(), 0.0);
    }

    /** Returns a time in the past. */
    private static final class Backwards extends LeafSystem<Double> {
        private final Event<Double> publish = declareTimedPublishEvent(c -> EventStatus.succeeded());

        Backwards() {
            super(Scalar.DOUBLE, "backwards");
        }

        @Override
        protected double doCalcNextUpdateTime(Context<Double> context, List<Event<Double>> events) {
            events.add(publish);
            return context.getTimeValue() - 1;
        }
    }

    @Test
    void aNextUpdateTimeInThePastIsRefusedWithTheSystemsName() {
        Simulator<Double> simulator = new Simulator<>(new Backwards());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> simulator.advanceTo(1));
        assertTrue(e.getMessage().startsWith("backwards.doCalcNextUpdateTime returned -"), e.getMessage());
    }
}
