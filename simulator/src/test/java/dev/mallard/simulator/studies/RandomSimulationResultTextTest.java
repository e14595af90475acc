package dev.mallard.simulator.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The text of a Monte Carlo sample a user prints: its index and value, or why it failed. */
class RandomSimulationResultTextTest {

    @Test
    void monteCarloSamplesPrintWhatHappened() {
        assertEquals("sample 3: 0.5", new RandomSimulationResult(3, new ReplayableRandom(1), new double[] {0.5}, false, null).toString());
        assertEquals("sample 4: failed: java.lang.IllegalStateException: diverged",
                new RandomSimulationResult(4, new ReplayableRandom(1), null, false,
                        new IllegalStateException("diverged")).toString());
        assertEquals("sample 5: [0.5, -1.0]",
                new RandomSimulationResult(5, new ReplayableRandom(1), new double[] {0.5, -1}, true, null).toString());
        assertEquals("sample 6: [0.5]",
                new RandomSimulationResult(6, new ReplayableRandom(1), new double[] {0.5}, true, null).toString());
    }
}
