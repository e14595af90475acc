package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A simulation whose only step events are periodic discrete updates takes the simulator's periodic-update
 * loop; a monitor that does nothing sends the same simulation through the general step. Both must give
 * bit-identical results: the same handler calls (time, the {@code xd⁻} and input they saw), the same final
 * state, the same steps, derivative evaluations and update counts, the same statuses and failures, including
 * when advances are split, pending updates are flushed in between, or the loop and the general step alternate.
 */
class PeriodicUpdateLoopTest {

    /** Every handler call: time, then what the handler read (xd⁻ entries and inputs). */
    private static final class Log {
        final List<double[]> calls = new ArrayList<>();

        void add(double... entry) {
            calls.add(entry);
        }
    }

    /** q'' = -q - 0.1 q' + u, output (q, q'), from (1, 0). */
    private static final class Plant<T> extends LeafSystem<T> {
        Plant(Scalar<T> scalar) {
            super(scalar, "plant");
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1, 0);
            declareVectorInputPort("u", 1);
            declareVectorOutputPort("x", 2, (c, y) -> {
                y.set(0, c.getContinuousState().get(0));
                y.set(1, c.getContinuousState().get(1));
            }, Feedthrough.none());
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            ContinuousState<T> x = context.getContinuousState();
            derivatives.set(0, x.get(1));
            derivatives.set(1, s.add(s.sub(s.neg(x.get(0)), s.mul(x.get(1), 0.1)), getInputPort(0).eval(context, 0)));
        }
    }

    /**
     * A sampled controller with two periodic updates of different rates on its two groups (so some samples
     * have both due, some one): u = -2 q - 0.5 q' from its input at 1 kHz; a counter every 2.5 ms from 0.7 ms
     * that adds u⁻ to a running sum. Optionally stops or fails at the given count of controller updates.
     */
    private static final class Controller<T> extends LeafSystem<T> {
        Controller(Scalar<T> scalar, Log log, int terminateAt, int failAt) {
            super(scalar, "controller");
            declareDiscreteState(0.0);
            declareDiscreteState(0.0, 0.0);
            declareVectorInputPort("x", 2);
            declareVectorOutputPort("u", 1, (c, y) -> y.set(0, c.getDiscreteState(0).get(0)), Feedthrough.none());
            int[] count = {0};
            declarePeriodicDiscreteUpdateEvent(1e-3, 0, (c, xd) -> {
                Scalar<T> s = scalar();
                var x = getInputPort(0).eval(c);
                log.add(c.getTimeValue(), 1, x.getValue(0), x.getValue(1), c.getDiscreteState(0).getValue(0),
                        xd.get(1).getValue(0), xd.get(1).getValue(1));
                xd.get(0).set(0, s.neg(s.add(s.mul(x.get(0), 2.0), s.mul(x.get(1), 0.5))));
                count[0]++;
                if (count[0] == terminateAt) {
                    return EventStatus.reachedTermination(null, "stop at update " + count[0]);
                }
                return count[0] == failAt ? EventStatus.failed(null, "fail at update " + count[0])
                        : EventStatus.succeeded();
            });
            declarePeriodicDiscreteUpdateEvent(2.5e-3, 0.7e-3, (c, xd) -> {
                Scalar<T> s = scalar();
                log.add(c.getTimeValue(), 2, xd.get(0).getValue(0), c.getDiscreteState(1).getValue(0));
                xd.get(1).set(0, s.add(c.getDiscreteState(1).get(0), c.getDiscreteState(0).get(0)));
                xd.get(1).set(1, s.add(c.getDiscreteState(1).get(1), 1.0));
                return EventStatus.succeeded();
            });
        }
    }

    /** A sample-and-hold of the plant's position at 300 Hz (a second updating leaf). */
    private static final class Hold<T> extends LeafSystem<T> {
        Hold(Scalar<T> scalar, Log log) {
            super(scalar, "hold");
            declareDiscreteState(0.0);
            declareVectorInputPort("x", 2);
            declarePeriodicDiscreteUpdateEvent(1 / 300.0, 0, (c, xd) -> {
                log.add(c.getTimeValue(), 3, getInputPort(0).eval(c).getValue(0), c.getDiscreteState(0).getValue(0));
                xd.get().set(0, getInputPort(0).eval(c, 0));
                return EventStatus.succeeded();
            });
        }
    }

    /** The plant and its controller in a loop, and the hold watching the plant. */
    private static Diagram<Double> loop(Log log, int terminateAt, int failAt) {
        return loop(Scalar.DOUBLE, log, terminateAt, failAt);
    }

    private static <T> Diagram<T> loop(Scalar<T> scalar, Log log, int terminateAt, int failAt) {
        DiagramBuilder<T> b = new DiagramBuilder<>(scalar);
        Plant<T> plant = b.addSystem(new Plant<>(scalar));
        Controller<T> controller = b.addSystem(new Controller<>(scalar, log, terminateAt, failAt));
        Hold<T> hold = b.addSystem(new Hold<>(scalar, log));
        b.connect(plant.getOutputPort(0), controller.getInputPort(0));
        b.connect(controller.getOutputPort(0), plant.getInputPort(0));
        b.connect(plant.getOutputPort(0), hold.getInputPort(0));
        return b.build("loop");
    }

    /** One leaf: the controller alone (its input fixed by {@link Pair}), no continuous state. */
    private static DynamicalSystem<Double> lone(Log log, int terminateAt, int failAt) {
        return new Controller<>(Scalar.DOUBLE, log, terminateAt, failAt);
    }

    /** A simulation run twice, through the periodic-update loop and through the general step. */
    private static final class Pair {
        final Log fastLog = new Log();
        final Log generalLog = new Log();
        final Simulator<Double> fast;
        final Simulator<Double> general;

        Pair(java.util.function.Function<Log, DynamicalSystem<Double>> build) {
            fast = simulator(build.apply(fastLog));
            general = simulator(build.apply(generalLog));
            general.setMonitor(c -> EventStatus.didNothing());
        }

        private static Simulator<Double> simulator(DynamicalSystem<Double> system) {
            Simulator<Double> s = new Simulator<>(system);
            if (system instanceof Controller<Double> c) {
                c.getInputPort(0).fixValue(s.getMutableContext(), 0.25, -0.5);
            }
            return s;
        }

        void both(Consumer<Simulator<Double>> action) {
            action.accept(fast);
            action.accept(general);
        }

        void assertIdentical() {
            assertEquals(generalLog.calls.size(), fastLog.calls.size(), "handler calls");
            for (int i = 0; i < fastLog.calls.size(); i++) {
                assertArrayBitsEqual(generalLog.calls.get(i), fastLog.calls.get(i), "handler call " + i);
            }
            assertContextBitsEqual(general.getContext(), fast.getContext());
            assertEquals(general.getNumStepsTaken(), fast.getNumStepsTaken(), "steps");
            assertEquals(general.getIntegrator().getNumDerivativeEvaluations(),
                    fast.getIntegrator().getNumDerivativeEvaluations(), "derivative evaluations");
            assertEquals(general.getNumDiscreteUpdates(), fast.getNumDiscreteUpdates(), "discrete updates");
            assertEquals(general.getNumPublishes(), fast.getNumPublishes(), "publishes");
        }
    }

    /** Equal but for the system object (each run has its own diagram): reason, times, system name, message. */
    private static void assertSameStatus(SimulatorStatus expected, SimulatorStatus actual) {
        assertEquals(expected.reason(), actual.reason());
        assertEquals(expected.boundaryTime(), actual.boundaryTime(), 0.0);
        assertEquals(expected.returnTime(), actual.returnTime(), 0.0);
        assertEquals(expected.system().getName(), actual.system().getName());
        assertEquals(expected.message(), actual.message());
    }

    private static void assertArrayBitsEqual(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]),
                    what + " entry " + i + ": " + expected[i] + " vs " + actual[i]);
        }
    }

    private static void assertContextBitsEqual(Context<Double> expected, Context<Double> actual) {
        assertEquals(Double.doubleToRawLongBits(expected.getTimeValue()), Double.doubleToRawLongBits(actual.getTimeValue()),
                "time");
        ContinuousState<Double> xe = expected.getContinuousState();
        ContinuousState<Double> xa = actual.getContinuousState();
        for (int i = 0; i < xe.size(); i++) {
            assertEquals(Double.doubleToRawLongBits(xe.getValue(i)), Double.doubleToRawLongBits(xa.getValue(i)),
                    "continuous state " + i);
        }
        List<Context<Double>> le = expected.getLeafContexts();
        List<Context<Double>> la = actual.getLeafContexts();
        for (int k = 0; k < le.size(); k++) {
            for (int g = 0; g < le.get(k).getNumDiscreteStateGroups(); g++) {
                double[] e = le.get(k).getDiscreteState(g).toValueArray();
                double[] a = la.get(k).getDiscreteState(g).toValueArray();
                assertArrayBitsEqual(e, a, "leaf " + k + " group " + g);
            }
        }
    }

    @Test
    void aDiagramOfThreeLeavesTakesTheLoopAndMatchesTheGeneralStepBitForBit() {
        Pair p = new Pair(log -> loop(log, -1, -1));
        p.both(s -> s.advanceTo(0.2));
        p.assertIdentical();
        // controller at k ms, k = 0..199 (the one due at 0.2 is pending); counter at 0.7 ms + k 2.5 ms,
        // k = 0..79; hold at k / 300 s, k = 0..59
        assertEquals(200 + 80 + 60, p.fastLog.calls.size());
        assertTrue(p.fast.getNumStepsTaken() >= 280, "steps " + p.fast.getNumStepsTaken());
    }

    @Test
    void splitAdvancesAndFlushedPendingUpdatesMatchTheGeneralStep() {
        Pair p = new Pair(log -> loop(log, -1, -1));
        p.both(s -> s.advanceTo(0.0105));
        p.assertIdentical();
        p.both(s -> s.advanceTo(0.03));
        p.both(Simulator::advancePendingEvents);
        p.assertIdentical();
        p.both(s -> s.advanceTo(0.03));
        p.both(s -> s.advanceTo(0.0712));
        p.assertIdentical();
    }

    @Test
    void alternatingBetweenTheLoopAndTheGeneralStepHandsPendingUpdatesOver() {
        Pair p = new Pair(log -> loop(log, -1, -1));
        Simulator.Monitor<Double> nothing = c -> EventStatus.didNothing();
        p.fast.advanceTo(0.02);
        p.fast.setMonitor(nothing);
        p.fast.advanceTo(0.04);
        p.fast.clearMonitor();
        p.fast.advanceTo(0.06);
        p.fast.setPublishEveryTimeStep(true);
        p.fast.advanceTo(0.065);
        p.fast.setPublishEveryTimeStep(false);
        p.fast.advanceTo(0.08);
        p.general.advanceTo(0.02);
        p.general.advanceTo(0.04);
        p.general.advanceTo(0.06);
        p.general.advanceTo(0.065);
        p.general.advanceTo(0.08);
        p.assertIdentical();
    }

    @Test
    void aSingleLeafWithoutContinuousStateMatchesTheGeneralStep() {
        Pair p = new Pair(log -> lone(log, -1, -1));
        p.both(s -> s.advanceTo(0.05));
        p.assertIdentical();
        assertEquals(50 + 20, p.fastLog.calls.size());
    }

    @Test
    void aTerminatingUpdateStopsBothAtTheSameTimeWithTheSameStatus() {
        Pair p = new Pair(log -> loop(log, 17, -1));
        SimulatorStatus[] statuses = new SimulatorStatus[2];
        statuses[0] = p.fast.advanceTo(0.1);
        statuses[1] = p.general.advanceTo(0.1);
        assertSameStatus(statuses[1], statuses[0]);
        assertEquals(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, statuses[0].reason());
        assertEquals(0.016, statuses[0].returnTime(), 1e-15);
        p.assertIdentical();
        // continuing goes on from the stop in both
        p.both(s -> s.advanceTo(0.03));
        p.assertIdentical();
    }

    @Test
    void aFailingUpdateThrowsTheSameFailureAndBothContinueAlike() {
        Pair p = new Pair(log -> loop(log, -1, 9));
        EventHandlerFailedException fastFailure = assertThrows(EventHandlerFailedException.class,
                () -> p.fast.advanceTo(0.1));
        EventHandlerFailedException generalFailure = assertThrows(EventHandlerFailedException.class,
                () -> p.general.advanceTo(0.1));
        assertSameStatus(generalFailure.getStatus(), fastFailure.getStatus());
        assertEquals(0.008, fastFailure.getStatus().returnTime(), 1e-15);
        p.assertIdentical();
        p.both(s -> s.advanceTo(0.02));
        p.assertIdentical();
    }

    @Test
    void restartingFromTheInitialStateRepeatsTheSameRun() {
        Pair p = new Pair(log -> loop(log, -1, -1));
        Context<Double> start = p.fast.getContext().cloneContext();
        p.both(s -> s.advanceTo(0.05));
        int calls = p.fastLog.calls.size();
        double q = p.fast.getContext().getContinuousState().getValue(0);
        p.fast.getMutableContext().setTimeStateAndParametersFrom(start);
        p.fast.initialize();
        p.fast.advanceTo(0.05);
        assertEquals(2 * calls, p.fastLog.calls.size());
        assertEquals(Double.doubleToRawLongBits(q), Double.doubleToRawLongBits(p.fast.getContext().getContinuousState().getValue(0)));
        assertArrayBitsEqual(p.fastLog.calls.get(calls - 1), p.fastLog.calls.get(2 * calls - 1), "last call");
    }

    @Test
    void withAutoDiffTheLoopGivesTheSameValuesAndGradientsAsTheGeneralStep() {
        Log fastLog = new Log();
        Log generalLog = new Log();
        Simulator<AutoDiff> fast = new Simulator<>(loop(AutoDiff.SCALAR, fastLog, -1, -1));
        Simulator<AutoDiff> general = new Simulator<>(loop(AutoDiff.SCALAR, generalLog, -1, -1));
        general.setMonitor(c -> EventStatus.didNothing());
        for (Simulator<AutoDiff> s : List.of(fast, general)) {
            s.getMutableContext().getMutableContinuousState().set(0, AutoDiff.variable(1.0, 2, 0));
            s.getMutableContext().getMutableContinuousState().set(1, AutoDiff.variable(0.0, 2, 1));
            s.advanceTo(0.0305);
        }
        assertEquals(generalLog.calls.size(), fastLog.calls.size());
        for (int i = 0; i < fastLog.calls.size(); i++) {
            assertArrayBitsEqual(generalLog.calls.get(i), fastLog.calls.get(i), "handler call " + i);
        }
        assertEquals(general.getNumStepsTaken(), fast.getNumStepsTaken());
        List<Context<AutoDiff>> le = general.getContext().getLeafContexts();
        List<Context<AutoDiff>> la = fast.getContext().getLeafContexts();
        for (int i = 0; i < 2; i++) {
            AutoDiff e = general.getContext().getContinuousState().get(i);
            AutoDiff a = fast.getContext().getContinuousState().get(i);
            assertArrayBitsEqual(new double[] {e.value(), e.derivative(0), e.derivative(1)},
                    new double[] {a.value(), a.derivative(0), a.derivative(1)}, "x" + i);
        }
        AutoDiff ue = le.get(1).getDiscreteState(0).get(0);
        AutoDiff ua = la.get(1).getDiscreteState(0).get(0);
        assertArrayBitsEqual(new double[] {ue.value(), ue.derivative(0), ue.derivative(1)},
                new double[] {ua.value(), ua.derivative(0), ua.derivative(1)}, "u");
        assertTrue(ua.derivative(0) != 0, "u depends on q(0)");
    }
}
