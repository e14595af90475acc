package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The step keeps the pending updates of a simulation whose only step events are periodic discrete updates
 * as due flags ({@link PeriodicUpdates}); an event log makes the same step keep them in the event set. The two
 * stores are distinct code, so the same scenarios run through both must agree bit for bit: the handler calls
 * (time and what each handler read), the final context, the steps, derivative evaluations and update counts,
 * and the statuses, with advances split, pending updates flushed in between, termination and failure.
 */
class EventStoreEquivalenceTest {

    /** q'' = -q - 0.1 q' + u, output (q, q'). */
    private static final class Plant extends LeafSystem<Double> {
        Plant() {
            super(Scalar.DOUBLE, "plant");
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1, 0);
            declareVectorInputPort("u", 1);
            declareVectorOutputPort("x", 2, (c, y) -> {
                y.set(0, c.getContinuousState().get(0));
                y.set(1, c.getContinuousState().get(1));
            }, Feedthrough.none());
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            ContinuousState<Double> x = context.getContinuousState();
            derivatives.setValue(0, x.getValue(1));
            derivatives.setValue(1, -x.getValue(0) - 0.1 * x.getValue(1) + getInputPort(0).eval(context).getValue(0));
        }
    }

    /**
     * Two periodic updates of different rates and offsets on two groups, so that some samples have both due
     * and some one; stops or fails at the given count of the fast update.
     */
    private static final class Controller extends LeafSystem<Double> {
        Controller(List<double[]> log, int terminateAt, int failAt) {
            super(Scalar.DOUBLE, "controller");
            declareDiscreteState(0.0);
            declareDiscreteState(0.0, 0.0);
            declareVectorInputPort("x", 2);
            declareVectorOutputPort("u", 1, (c, y) -> y.set(0, c.getDiscreteState(0).get(0)), Feedthrough.none());
            int[] count = {0};
            declarePeriodicDiscreteUpdateEvent(2e-3, 0, (c, xd) -> {
                var x = getInputPort(0).eval(c);
                log.add(new double[] {c.getTimeValue(), 1, x.getValue(0), x.getValue(1),
                    c.getDiscreteState(0).getValue(0)});
                xd.get(0).setValue(0, -2 * x.getValue(0) - 0.5 * x.getValue(1));
                count[0]++;
                if (count[0] == terminateAt) {
                    return EventStatus.reachedTermination(null, "stop at " + count[0]);
                }
                return count[0] == failAt ? EventStatus.failed(null, "fail at " + count[0]) : EventStatus.succeeded();
            });
            declarePeriodicDiscreteUpdateEvent(3e-3, 1e-3, (c, xd) -> {
                log.add(new double[] {c.getTimeValue(), 2, xd.get(0).getValue(0), c.getDiscreteState(1).getValue(0)});
                xd.get(1).setValue(0, c.getDiscreteState(1).getValue(0) + c.getDiscreteState(0).getValue(0));
                xd.get(1).setValue(1, c.getDiscreteState(1).getValue(1) + 1);
                return EventStatus.succeeded();
            });
        }
    }

    private static Diagram<Double> loop(List<double[]> log, int terminateAt, int failAt) {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        Plant plant = b.addSystem(new Plant());
        Controller controller = b.addSystem(new Controller(log, terminateAt, failAt));
        b.connect(plant.getOutputPort(0), controller.getInputPort(0));
        b.connect(controller.getOutputPort(0), plant.getInputPort(0));
        return b.build("loop");
    }

    /** The same simulation twice: pending updates as flags, and (with an event log) in the event set. */
    private static final class Pair {
        final List<double[]> flagsLog = new ArrayList<>();
        final List<double[]> setLog = new ArrayList<>();
        final Simulator<Double> flags;
        final Simulator<Double> set;
        final EventLog events = new EventLog(100000, EventLog.OverflowPolicy.KEEP_FIRST);

        Pair(int terminateAt, int failAt) {
            flags = new Simulator<>(loop(flagsLog, terminateAt, failAt));
            set = new Simulator<>(loop(setLog, terminateAt, failAt));
            set.setEventLog(events);
        }

        void both(Consumer<Simulator<Double>> action) {
            action.accept(flags);
            action.accept(set);
        }

        void assertIdentical() {
            assertEquals(setLog.size(), flagsLog.size(), "handler calls");
            for (int i = 0; i < setLog.size(); i++) {
                assertBitsEqual(setLog.get(i), flagsLog.get(i), "handler call " + i);
            }
            Context<Double> e = set.getContext();
            Context<Double> a = flags.getContext();
            assertBitsEqual(new double[] {e.getTimeValue()}, new double[] {a.getTimeValue()}, "time");
            assertBitsEqual(e.getContinuousState().toValueArray(), a.getContinuousState().toValueArray(), "xc");
            for (int k = 0; k < e.getLeafContexts().size(); k++) {
                Context<Double> le = e.getLeafContexts().get(k);
                Context<Double> la = a.getLeafContexts().get(k);
                for (int g = 0; g < le.getNumDiscreteStateGroups(); g++) {
                    assertBitsEqual(le.getDiscreteState(g).toValueArray(), la.getDiscreteState(g).toValueArray(),
                            "leaf " + k + " group " + g);
                }
            }
            assertEquals(set.getNumStepsTaken(), flags.getNumStepsTaken(), "steps");
            assertEquals(set.getIntegrator().getNumDerivativeEvaluations(),
                    flags.getIntegrator().getNumDerivativeEvaluations(), "derivative evaluations");
            assertEquals(set.getNumDiscreteUpdates(), flags.getNumDiscreteUpdates(), "discrete updates");
        }
    }

    private static void assertBitsEqual(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]),
                    what + " entry " + i + ": " + expected[i] + " vs " + actual[i]);
        }
    }

    @Test
    void flagsAndTheEventSetDispatchTheSameUpdatesBitForBit() {
        Pair p = new Pair(-1, -1);
        p.both(s -> s.advanceTo(0.1));
        p.assertIdentical();
        // fast update at 2k ms, k = 0..49; slow at 1 + 3k ms, k = 0..32
        assertEquals(50 + 33, p.flagsLog.size());
        assertEquals(p.setLog.size(), p.events.records().size(), "the log records every dispatched event");
    }

    @Test
    void splitAdvancesAndFlushedPendingUpdatesAgree() {
        Pair p = new Pair(-1, -1);
        p.both(s -> s.advanceTo(0.0105));
        p.assertIdentical();
        p.both(s -> s.advanceTo(0.013));
        p.both(Simulator::advancePendingEvents);
        p.assertIdentical();
        p.both(s -> s.advanceTo(0.013));
        p.both(s -> s.advanceTo(0.0412));
        p.assertIdentical();
    }

    @Test
    void switchingTheStoreBetweenAdvancesHandsPendingUpdatesOver() {
        Pair p = new Pair(-1, -1);
        p.both(s -> s.advanceTo(0.02));
        p.flags.setEventLog(new EventLog(100000, EventLog.OverflowPolicy.KEEP_FIRST));
        p.set.setEventLog(null);
        p.both(s -> s.advanceTo(0.04));
        p.flags.setEventLog(null);
        p.set.setEventLog(p.events);
        p.both(s -> s.advanceTo(0.06));
        p.assertIdentical();
    }

    @Test
    void terminationAndFailureAgree() {
        Pair stop = new Pair(7, -1);
        List<SimulatorStatus> statuses = new ArrayList<>();
        stop.both(s -> statuses.add(s.advanceTo(0.1)));
        assertEquals(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, statuses.get(0).reason());
        assertEquals(statuses.get(1).returnTime(), statuses.get(0).returnTime(), 0.0);
        assertEquals(statuses.get(1).message(), statuses.get(0).message());
        stop.assertIdentical();

        Pair fail = new Pair(-1, 5);
        List<String> messages = new ArrayList<>();
        fail.both(s -> messages.add(assertThrows(EventHandlerFailedException.class, () -> s.advanceTo(0.1))
                .getMessage()));
        assertEquals(messages.get(1), messages.get(0));
        fail.assertIdentical();
    }
}
