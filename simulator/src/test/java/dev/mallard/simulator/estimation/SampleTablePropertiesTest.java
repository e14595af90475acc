package dev.mallard.simulator.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Property-based tests of the CSV reader (fixed seeds): a table written with Java's shortest round-trip decimals is
 * read back bit for bit; a mutated file is either read as a table that keeps the reader's invariants (finite values,
 * non-decreasing times, one value per column) and reads back the same when written again, or refused with an
 * {@link IllegalArgumentException} naming the source and a line of the text; never another exception.
 */
class SampleTablePropertiesTest {

    /** A random table from a seed: 1 to 4 value columns, 1 to 30 samples, values over many magnitudes. */
    private static SampleTable table(long seed) {
        Random r = new Random(seed);
        int columns = 1 + r.nextInt(4);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            names.add("c" + i + (char) ('a' + r.nextInt(26)));
        }
        int samples = 1 + r.nextInt(30);
        double[] times = new double[samples];
        double[][] values = new double[samples][columns];
        double t = r.nextGaussian();
        for (int k = 0; k < samples; k++) {
            t += r.nextInt(5) == 0 ? 0 : Math.abs(r.nextGaussian()) * Math.pow(10, r.nextInt(6) - 3);
            times[k] = t;
            for (int i = 0; i < columns; i++) {
                values[k][i] = r.nextGaussian() * Math.pow(10, r.nextInt(40) - 20);
            }
        }
        return new SampleTable(names, times, values);
    }

    private static String write(SampleTable table) {
        StringBuilder out = new StringBuilder("t," + String.join(",", table.columns()) + "\n");
        double[] times = table.times();
        double[][] values = table.values();
        for (int k = 0; k < times.length; k++) {
            out.append(times[k]);
            for (double v : values[k]) {
                out.append(',').append(v);
            }
            out.append('\n');
        }
        return out.toString();
    }

    @Property(seed = "31", tries = 300)
    void aWrittenTableReadsBackBitForBit(@ForAll long seed) {
        SampleTable table = table(seed);
        assertEquals(table, SampleTable.parse(write(table), "table"));
    }

    private static final String PIECES = ",.#\"eE-+x 0123456789\n\r\t";

    @Property(seed = "2718", tries = 1000)
    void aMutatedTableIsReadConsistentlyOrRefusedNamingALine(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4)
            int edits) {
        Random r = new Random(seed);
        StringBuilder text = new StringBuilder(write(table(seed)));
        for (int e = 0; e < edits; e++) {
            int at = r.nextInt(text.length() + 1);
            switch (r.nextInt(3)) {
                case 0 -> {
                    if (at < text.length()) {
                        text.deleteCharAt(at);
                    }
                }
                case 1 -> text.insert(at, PIECES.charAt(r.nextInt(PIECES.length())));
                default -> text.insert(at, "nan,Infinity,1e999,,".split(",", -1)[r.nextInt(5)]);
            }
        }
        String mutated = text.toString();
        int lines = mutated.split("\r\n|\n|\r", -1).length;
        SampleTable read;
        try {
            read = SampleTable.parse(mutated, "mutated.csv");
        } catch (IllegalArgumentException refused) {
            String message = refused.getMessage();
            Matcher m = Pattern.compile("^mutated\\.csv line (\\d+)").matcher(message);
            if (m.find()) {
                int line = Integer.parseInt(m.group(1));
                assertTrue(line >= 1 && line <= lines, message);
            } else {
                assertTrue(message.startsWith("mutated.csv: "), message);
            }
            assertTrue(!message.contains("\n") && message.length() < 300, message);
            return;
        }
        double[] times = read.times();
        for (int k = 0; k < times.length; k++) {
            assertTrue(Double.isFinite(times[k]) && (k == 0 || times[k] >= times[k - 1]), Arrays.toString(times));
            assertEquals(read.columns().size(), read.values()[k].length);
            for (double v : read.values()[k]) {
                assertTrue(Double.isFinite(v));
            }
        }
        assertEquals(read, SampleTable.parse(write(read), "again"));
    }

    @Test
    void errorsNameTheLineAndColumn() {
        assertEquals("f.csv line 3, column 2: 'abc' is not a number", assertThrows(IllegalArgumentException.class,
                () -> SampleTable.parse("t,x\n0,1\n1,abc\n", "f.csv")).getMessage());
        assertEquals("f.csv line 3, column 1: time 0.5 is before the previous 1.0", assertThrows(
                IllegalArgumentException.class, () -> SampleTable.parse("t,x\n1,1\n0.5,2\n", "f.csv")).getMessage());
        assertEquals("f.csv line 2: 3 fields, the header has 2", assertThrows(IllegalArgumentException.class,
                () -> SampleTable.parse("t,x\n1,1,2\n", "f.csv")).getMessage());
        assertEquals("f.csv line 1, column 3: column name 'x' is repeated", assertThrows(
                IllegalArgumentException.class, () -> SampleTable.parse("t,x,x\n1,1,2\n", "f.csv")).getMessage());
        assertEquals("f.csv: no sample after the header", assertThrows(IllegalArgumentException.class,
                () -> SampleTable.parse("# comment\nt,x\n\n", "f.csv")).getMessage());
        assertEquals("f.csv line 2, column 2: NaN is not finite".replace("NaN is not finite", "'NaN' is not a number"),
                assertThrows(IllegalArgumentException.class, () -> SampleTable.parse("t,x\n1,NaN\n", "f.csv"))
                        .getMessage());
        SampleTable ok = SampleTable.parse("# made by hand\r\nt , x,y\r\n0, 1.5 ,2\r\n\r\n0.5,-3e-2,4.\r\n", "f.csv");
        assertEquals(List.of("x", "y"), ok.columns());
        assertEquals(-3e-2, ok.values()[1][0]);
        assertEquals(4.0, ok.values()[1][1]);
    }
}
