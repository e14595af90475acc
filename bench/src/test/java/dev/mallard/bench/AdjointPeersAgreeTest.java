package dev.mallard.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The peers of {@link AdjointBenchmark} compute the same gradient: the adjoint and forward mode to rounding
 * (same steps), central differences in the parameters to their truncation and step-change error.
 */
class AdjointPeersAgreeTest {

    @Test
    void adjointForwardAndCentralDifferencesAgree() {
        AdjointBenchmark b = new AdjointBenchmark();
        b.parameters = 20;
        b.setUp();
        double[] adjoint = b.adjoint();
        double[] forward = b.forward();
        double[] differences = b.centralDifferences();
        double scale = 0;
        for (double v : forward) {
            scale = Math.max(scale, Math.abs(v));
        }
        assertEquals(20 + 20 + 1, adjoint.length);
        for (int j = 0; j < adjoint.length; j++) {
            assertEquals(forward[j], adjoint[j], 1e-10 * scale, "entry " + j);
        }
        for (int q = 0; q < 20; q++) {
            assertEquals(adjoint[20 + q], differences[q], 1e-3 * scale, "parameter " + q);
        }
    }
}
