package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DoubleArraysTest {

    /** The unrolled runs (1, 2), the loop (up to 8) and arraycopy (longer) copy exactly the range asked for. */
    @Test
    void copiesExactlyTheRangeAtOffsetsForShortAndLongRuns() {
        for (int n : new int[] {0, 1, 2, 3, 8, 9, 20}) {
            double[] from = new double[n + 3];
            for (int i = 0; i < from.length; i++) {
                from[i] = i + 0.5;
            }
            double[] to = new double[n + 4];
            java.util.Arrays.fill(to, -1);
            DoubleArrays.copy(from, 3, to, 1, n);
            double[] expected = new double[n + 4];
            java.util.Arrays.fill(expected, -1);
            for (int i = 0; i < n; i++) {
                expected[1 + i] = 3 + i + 0.5;
            }
            assertArrayEquals(expected, to, 0.0, "n = " + n);
        }
    }

    @Test
    void copiesFromTheStartWithoutOffsets() {
        double[] to = new double[12];
        DoubleArrays.copy(new double[] {1, 2, 3}, to, 2);
        assertArrayEquals(new double[] {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, to, 0.0);
    }

    @Test
    void rangesOutsideTheArraysThrowForShortAndLongRuns() {
        assertThrows(IndexOutOfBoundsException.class, () -> DoubleArrays.copy(new double[1], new double[3], 2));
        assertThrows(IndexOutOfBoundsException.class, () -> DoubleArrays.copy(new double[3], 2, new double[3], 0, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> DoubleArrays.copy(new double[2], new double[3], 3));
        assertThrows(IndexOutOfBoundsException.class, () -> DoubleArrays.copy(new double[20], new double[9], 10));
    }
}
