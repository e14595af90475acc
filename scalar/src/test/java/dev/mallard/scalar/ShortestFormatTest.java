package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Format#shortest}: the fewest significant digits that read back to the same double. */
class ShortestFormatTest {

    @Test
    void knownValuesPrintWithTheirFewestDigits() {
        assertEquals("14.7", Format.shortest(14.7));
        assertEquals("14.700000000000001", Format.shortest(1.5 * 9.8));
        assertEquals("0.30000000000000004", Format.shortest(0.1 + 0.2));
        assertEquals("2.0E23", Format.shortest(2e23));
        assertEquals("1.0E23", Format.shortest(1e23));
        assertEquals("0.001", Format.shortest(1e-3));
        assertEquals("1.5E-7", Format.shortest(1.5e-7));
        assertEquals("-2.5", Format.shortest(-2.5));
        assertEquals("1.0E7", Format.shortest(1e7));
        assertEquals("9999999.5", Format.shortest(9999999.5));
        assertEquals("3.0", Format.shortest(3));
        assertEquals("5.0E-324", Format.shortest(Double.MIN_VALUE));
        assertEquals("1.7976931348623157E308", Format.shortest(Double.MAX_VALUE));
        assertEquals("-0.0", Format.shortest(-0.0));
        assertEquals("NaN", Format.shortest(Double.NaN));
        assertEquals("-Infinity", Format.shortest(Double.NEGATIVE_INFINITY));
    }

    /**
     * Against a reference of the test's own: the fewest digits p for which printf's correctly rounded
     * {@code %.(p-1)e} reads back; the text must read back, have that many digits, and be no longer than
     * Double.toString's.
     */
    @Test
    void randomDoublesReadBackWithTheFewestDigits() {
        Random r = new Random(20261126);
        for (int k = 0; k < 3_000; k++) {
            double v = k % 2 == 0 ? Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL)
                    : Math.round(r.nextGaussian() * 1e6) / 1e3 * (r.nextBoolean() ? 1 : 1.1);
            if (v == 0) {
                continue;
            }
            String s = Format.shortest(v);
            assertEquals(v, Double.parseDouble(s), s);
            int fewest = 1;
            while (Double.parseDouble(String.format(Locale.ROOT, "%." + (fewest - 1) + "e", v)) != v) {
                fewest++;
            }
            assertEquals(fewest, significantDigits(s), s + " for " + v);
            assertTrue(significantDigits(s) <= significantDigits(Double.toString(v)), s);
        }
    }

    private static int significantDigits(String s) {
        String mantissa = s.replaceAll("[Ee].*", "").replace("-", "").replace(".", "");
        return Math.max(1, mantissa.replaceAll("^0+", "").replaceAll("0+$", "").length());
    }
}
