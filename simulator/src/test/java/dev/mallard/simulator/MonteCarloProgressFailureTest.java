package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A progress callback that throws stops the study: its exception comes out unchanged, serial or parallel. */
class MonteCarloProgressFailureTest {

    private static final int SAMPLES = 40;
    private static final int FAILING_REPORT = 3;

    private static RuntimeException runUntilTheCallbackThrows(Parallelism parallelism, AtomicInteger made,
            AtomicInteger reportsAfterFailure) {
        RuntimeException stop = new IllegalStateException("the user cancelled");
        boolean[] thrown = {false};
        RuntimeException out = assertThrows(RuntimeException.class, () -> MonteCarlo.monteCarloSimulation(gen -> {
            made.incrementAndGet();
            Simulator<Double> sim = new Simulator<>(new Oscillator<>(Scalar.DOUBLE, 1 + gen.nextDouble()));
            sim.getMutableContext().setContinuousStateValues(1, 0);
            return sim;
        }, (s, c) -> c.getContinuousState().getValue(0), 1.0, SAMPLES, new ReplayableRandom(7), parallelism,
                (done, total) -> {
                    if (thrown[0]) {
                        reportsAfterFailure.incrementAndGet();
                    }
                    if (done == FAILING_REPORT) {
                        thrown[0] = true;
                        throw stop;
                    }
                }));
        assertSame(stop, out);
        return out;
    }

    @Test
    void serialStudyStopsAtTheThrowingReport() {
        AtomicInteger made = new AtomicInteger();
        AtomicInteger after = new AtomicInteger();
        runUntilTheCallbackThrows(Parallelism.none(), made, after);
        assertEquals(FAILING_REPORT, made.get());
        assertEquals(0, after.get());
    }

    @Test
    void parallelStudyStopsStartingSamplesAndRethrowsTheSameException() {
        AtomicInteger made = new AtomicInteger();
        AtomicInteger after = new AtomicInteger();
        runUntilTheCallbackThrows(Parallelism.of(2), made, after);
        // At most the samples in flight (two per worker) and the one being made are started after the failure.
        assertTrue(made.get() <= FAILING_REPORT + 2 * 2 + 1, made.get() + " samples made");
        assertEquals(0, after.get(), "progress reported after the callback threw");
    }
}
