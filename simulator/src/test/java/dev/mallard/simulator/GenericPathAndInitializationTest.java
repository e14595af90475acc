package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GenericPathAndInitializationTest {

    @Test
    void genericSimulatorReproducesTheDoubleSimulatorThroughImpacts() {
        BouncingBall<Double> fast = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.7);
        Simulator<Double> a = new Simulator<>(fast);
        a.advanceTo(1.5);
        BouncingBall<BoxedDouble> slow = new BouncingBall<>(BoxedDouble.SCALAR, 1.0, 0.7);
        Simulator<BoxedDouble> b = new Simulator<>(slow);
        b.advanceTo(BoxedDouble.SCALAR.of(1.5));
        assertEquals(fast.impactTimes.size(), slow.impactTimes.size());
        for (int k = 0; k < fast.impactTimes.size(); k++) {
            assertEquals(fast.impactTimes.get(k), slow.impactTimes.get(k), 1e-13, "impact " + k);
        }
        assertEquals(a.getNumStepsTaken(), b.getNumStepsTaken());
        assertEquals(a.getContext().getContinuousState().getValue(0), b.getContext().getContinuousState().getValue(0),
                1e-13);
        assertEquals(1.5, b.getContext().getTime().v(), 0.0);
    }

    /** Records the order of its initialization, per-step and periodic handlers. */
    private static final class Recorder<T> extends LeafSystem<T> {
        final List<String> log = new ArrayList<>();

        Recorder(Scalar<T> s) {
            super(s, "recorder");
            declareDiscreteState(0.0);
            declareInitializationDiscreteUpdateEvent((c, xd) -> {
                xd.get().setValue(0, 42);
                log.add("init update");
                return EventStatus.succeeded();
            });
            declareInitializationPublishEvent(c -> {
                log.add("init publish sees " + c.getDiscreteState(0).getValue(0));
                return EventStatus.succeeded();
            });
            declarePeriodicPublishEvent(1.0, 0.0, c -> {
                log.add("periodic publish at " + c.getTimeValue());
                return EventStatus.succeeded();
            });
            declareForcedPublishEvent(c -> {
                log.add("forced");
                return EventStatus.didNothing();
            });
        }
    }

    @Test
    void initializationUpdatesRunBeforeTheInitialPublishesUnlessSuppressed() {
        Recorder<Double> r = new Recorder<>(Scalar.DOUBLE);
        Simulator<Double> simulator = new Simulator<>(r);
        SimulatorStatus s = simulator.initialize();
        assertTrue(s.succeeded());
        assertEquals(List.of("init update", "init publish sees 42.0", "periodic publish at 0.0"), r.log);
        assertEquals(1, simulator.getNumDiscreteUpdates());
        assertEquals(1, simulator.getNumPublishes());

        Recorder<Double> quiet = new Recorder<>(Scalar.DOUBLE);
        Simulator<Double> reused = new Simulator<>(quiet);
        reused.initialize(new InitializeParams(true));
        assertEquals(List.of("periodic publish at 0.0"), quiet.log);
        assertEquals(0.0, reused.getContext().getDiscreteState(0).getValue(0), 0.0);
        reused.advanceTo(2.0);
        assertEquals(List.of("periodic publish at 0.0", "periodic publish at 1.0", "periodic publish at 2.0"), quiet.log);
        assertEquals(EventStatus.Severity.DID_NOTHING, quiet.forcedPublish(reused.getContext()).severity());
        assertEquals("forced", quiet.log.get(quiet.log.size() - 1));
    }

    @Test
    void simulatorContextCanBeReleasedAndReplaced() {
        Simulator<Double> simulator = new Simulator<>(new Oscillator<>(Scalar.DOUBLE));
        simulator.advanceTo(1.0);
        Context<Double> released = simulator.releaseContext();
        assertTrue(!simulator.hasContext());
        assertEquals(1.0, released.getTimeValue(), 0.0);
        Context<Double> fresh = simulator.getSystem().createDefaultContext();
        simulator.resetContext(fresh);
        simulator.advanceTo(0.5);
        assertEquals(Math.cos(0.5), fresh.getContinuousState().getValue(0), 1e-3);
        simulator.setTargetRealtimeRate(-3);
        assertEquals(0.0, simulator.getTargetRealtimeRate(), 0.0);
    }
}
