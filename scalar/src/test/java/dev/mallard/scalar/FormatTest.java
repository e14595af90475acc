package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void vectorsPrintTheirNumbersExactly() {
        assertEquals("[1.0, -0.5, 1.0E-4, NaN]", Format.vector(new double[] {1, -0.5, 1e-4, Double.NaN}));
        assertEquals("[]", Format.vector(new double[0]));
        assertEquals("null", Format.vector(null));
        // Double.toString is exact: the printed text parses back to the same bits
        double third = 1.0 / 3;
        String text = Format.vector(new double[] {third});
        assertEquals(third, Double.parseDouble(text.substring(1, text.length() - 1)));
    }

    @Test
    void longVectorsAreCutAndSayHowManyEntriesAreLeftOut() {
        double[] v = IntStream.range(0, 13).asDoubleStream().toArray();
        assertEquals("[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, ... 3 more]", Format.vector(v));
        double[] exactlyTheLimit = IntStream.range(0, Format.MAX_ENTRIES).asDoubleStream().toArray();
        assertEquals("[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]", Format.vector(exactlyTheLimit));
    }

    @Test
    void matricesPrintRowByRow() {
        assertEquals("[[1.0, 2.0], [3.0, 4.0]]", Format.matrix(new double[][] {{1, 2}, {3, 4}}));
        assertEquals("[[1.0], [], null]", Format.matrix(new double[][] {{1}, {}, null}));
        assertEquals("[]", Format.matrix(new double[0][]));
        assertEquals("null", Format.matrix(null));
    }

    @Test
    void tallMatricesAreCutAfterTheRowLimit() {
        double[][] m = new double[12][1];
        String text = Format.matrix(m);
        assertEquals("[" + "[0.0], ".repeat(10) + "... 2 more rows]", text);
        assertEquals("[" + "[0.0], ".repeat(10) + "... 1 more row]", Format.matrix(new double[11][1]));
    }

    @Test
    void countsAgreeWithTheirNoun() {
        assertEquals("0 states", Format.count(0, "state"));
        assertEquals("1 state", Format.count(1, "state"));
        assertEquals("2 states", Format.count(2, "state"));
        assertThrows(NullPointerException.class, () -> Format.count(1, null));
        assertEquals("1 publish", Format.count(1, "publish", "publishes"));
        assertEquals("3 publishes", Format.count(3, "publish", "publishes"));
        assertThrows(NullPointerException.class, () -> Format.count(3, "publish", null));
    }
}
