package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Drake's Simulator set_publish_every_time_step / set_publish_at_initialization: a forced publish on the system
 * at the end of every trajectory-advancing step, and at the end of initialize, each its own publish dispatch.
 * Fixed steps of 0.25 s to t = 1 land on 0.25, 0.5, 0.75, 1 exactly (binary fractions).
 */
class ForcedPublishTest {

    /** Logs its per-step publishes, forced publishes and (through the test) the monitor, in call order. */
    private static final class Logger extends LeafSystem<Double> {
        final List<String> log = new ArrayList<>();
        final List<Double> forcedTimes = new ArrayList<>();
        Supplier<EventStatus> forcedOutcome = EventStatus::succeeded;
        Supplier<EventStatus> perStepOutcome = EventStatus::succeeded;

        Logger(boolean withForcedHandler) {
            super(Scalar.DOUBLE, "logger");
            declareContinuousState(1);
            declarePerStepPublishEvent(c -> {
                log.add("per-step@" + c.getTimeValue());
                return perStepOutcome.get();
            });
            if (withForcedHandler) {
                declareForcedPublishEvent(c -> {
                    log.add("forced@" + c.getTimeValue());
                    forcedTimes.add(c.getTimeValue());
                    return forcedOutcome.get();
                });
            }
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, 1.0);
        }
    }

    private static Simulator<Double> simulatorOf(Logger logger) {
        Simulator<Double> sim = new Simulator<>(logger);
        sim.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 0.25, c));
        sim.setMonitor(c -> {
            logger.log.add("monitor@" + c.getTimeValue());
            return EventStatus.didNothing();
        });
        return sim;
    }

    @Test
    void bothOptionsAreOffByDefaultAndForcedHandlersNeverRun() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        assertFalse(sim.getPublishEveryTimeStep());
        assertFalse(sim.getPublishAtInitialization());
        sim.advanceTo(1.0);
        assertEquals(List.of(), logger.forcedTimes);
        // the per-step publish at initialize and after each of the 4 steps
        assertEquals(5, sim.getNumPublishes());
    }

    @Test
    void publishEveryTimeStepForcesAPublishAfterEachStepButNotAtInitialization() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        sim.setPublishEveryTimeStep(true);
        sim.advanceTo(1.0);
        assertEquals(List.of(0.25, 0.5, 0.75, 1.0), logger.forcedTimes);
        // 5 per-step dispatches (initialize + 4 steps) and 4 forced ones
        assertEquals(9, sim.getNumPublishes());
        // the forced publish follows the step's other publishes and precedes the monitor
        assertEquals(List.of("per-step@0.0", "monitor@0.0", "per-step@0.25", "forced@0.25", "monitor@0.25"),
                logger.log.subList(0, 5));
    }

    @Test
    void publishAtInitializationForcesOnePublishAtTheInitialTimeOnly() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        sim.setPublishAtInitialization(true);
        sim.initialize();
        assertEquals(List.of("per-step@0.0", "forced@0.0", "monitor@0.0"), logger.log);
        assertEquals(2, sim.getNumPublishes());
        sim.advanceTo(1.0);
        assertEquals(List.of(0.0), logger.forcedTimes);
        assertEquals(6, sim.getNumPublishes());
    }

    @Test
    void bothOptionsTogetherPublishAtEveryPointOfTheTrajectory() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        sim.setPublishEveryTimeStep(true);
        sim.setPublishAtInitialization(true);
        sim.advanceTo(1.0);
        assertEquals(List.of(0.0, 0.25, 0.5, 0.75, 1.0), logger.forcedTimes);
        assertEquals(10, sim.getNumPublishes());
        sim.setPublishEveryTimeStep(false);
        sim.advanceTo(1.5);
        assertEquals(5, logger.forcedTimes.size(), "turned off between advances: no more forced publishes");
    }

    @Test
    void advancePendingEventsEndsWithTheForcedPublishWhenEnabled() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        sim.setPublishEveryTimeStep(true);
        sim.advanceTo(0.5);
        long before = sim.getNumPublishes();
        sim.advancePendingEvents();
        assertEquals(List.of(0.25, 0.5, 0.5), logger.forcedTimes);
        assertEquals(before + 2, sim.getNumPublishes(), "the per-step and the forced dispatch");
    }

    @Test
    void aForcedPublishThatDoesNothingIsNotCounted() {
        Logger without = new Logger(false);
        Simulator<Double> sim = simulatorOf(without);
        sim.setPublishEveryTimeStep(true);
        sim.setPublishAtInitialization(true);
        sim.advanceTo(1.0);
        assertEquals(5, sim.getNumPublishes(), "no forced-publish handler: the forced dispatch does nothing");

        Logger idle = new Logger(true);
        idle.forcedOutcome = EventStatus::didNothing;
        Simulator<Double> idleSim = simulatorOf(idle);
        idleSim.setPublishEveryTimeStep(true);
        idleSim.advanceTo(1.0);
        assertEquals(4, idle.forcedTimes.size());
        assertEquals(5, idleSim.getNumPublishes());
    }

    @Test
    void aFailedForcedPublishIsReportedAfterTheStepsOtherPublishesRan() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        sim.setPublishEveryTimeStep(true);
        sim.initialize();
        logger.forcedOutcome = () -> EventStatus.failed(null, "disk full");
        logger.log.clear();
        EventHandlerFailedException e = assertThrows(EventHandlerFailedException.class, () -> sim.advanceTo(1.0));
        assertEquals("disk full", e.getStatus().message());
        assertEquals("logger", e.getStatus().system().getName());
        assertEquals(0.25, e.getStatus().returnTime());
        assertEquals(List.of("per-step@0.25", "forced@0.25"), logger.log, "the monitor does not run after a failure");
        // initialize's per-step dispatch and the step's effective per-step dispatch; the failed one is not counted
        assertEquals(2, sim.getNumPublishes());
    }

    @Test
    void aFailedPerStepPublishStillLetsTheForcedPublishRunBeforeTheFailureIsReported() {
        Logger logger = new Logger(true);
        Simulator<Double> sim = simulatorOf(logger);
        sim.setPublishAtInitialization(true);
        logger.perStepOutcome = () -> EventStatus.failed(null, "bad sample");
        EventHandlerFailedException e = assertThrows(EventHandlerFailedException.class, sim::initialize);
        assertEquals("bad sample", e.getStatus().message());
        assertEquals(List.of("per-step@0.0", "forced@0.0"), logger.log);
        assertEquals(1, sim.getNumPublishes(), "only the forced dispatch was effective");
    }
}
