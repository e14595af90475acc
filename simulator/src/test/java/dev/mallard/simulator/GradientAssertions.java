package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

/**
 * Test helper: two gradients (or any vectors) compared entry by entry, with a tolerance relative to the largest
 * entry of the expected one, so that a gradient's small entries are held to the accuracy its large ones set.
 */
public final class GradientAssertions {

    private GradientAssertions() {
    }

    /**
     * Asserts {@code |actual[j] - expected[j]| <= tolerance max_k |expected[k]|} for every entry of
     * {@code expected}; the failure message names the entry and shows both vectors.
     *
     * @param expected the reference, not modified
     * @param actual the computed vector, at least as long as {@code expected}, not modified
     * @param tolerance the relative tolerance
     * @param what names the comparison in the failure message
     */
    public static void assertAgree(double[] expected, double[] actual, double tolerance, String what) {
        double scale = 0;
        for (double e : expected) {
            scale = Math.max(scale, Math.abs(e));
        }
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j], actual[j], tolerance * scale, what + ": entry " + j + ": expected "
                    + Arrays.toString(expected) + ", got " + Arrays.toString(actual));
        }
    }
}
