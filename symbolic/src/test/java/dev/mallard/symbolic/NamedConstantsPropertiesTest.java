package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Property-based tests of named constants: any finite doubles written with Java's shortest round-trip form read
 * back to the same values and order, whatever the spacing; any text either parses or is refused with a column
 * inside it.
 */
class NamedConstantsPropertiesTest {

    @Property(seed = "3233", tries = 300)
    void writtenValuesReadBackExactly(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int n) {
        Random r = new Random(seed);
        Map<String, Double> expected = new LinkedHashMap<>();
        StringJoiner text = new StringJoiner(",");
        for (int k = 0; k < n; k++) {
            double value = (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(41) - 20);
            String name = "p" + k + "_" + (char) ('a' + r.nextInt(26));
            expected.put(name, value);
            text.add(" ".repeat(r.nextInt(3)) + name + " ".repeat(r.nextInt(2)) + "=" + " ".repeat(r.nextInt(3))
                    + value);
        }
        assertEquals(expected, NamedConstants.parse(text.toString()));
    }

    @Property(seed = "3234", tries = 500)
    void anyTextParsesOrIsRefusedWithAColumnInIt(@ForAll long seed, @ForAll @IntRange(min = 0, max = 30) int length) {
        Random r = new Random(seed);
        String alphabet = "ab1=, ()*+.e-pi";
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        try {
            NamedConstants.parse(text.toString()).values().forEach(v -> assertTrue(Double.isFinite(v)));
        } catch (FormulaParseException e) {
            assertTrue(e.column() >= 1 && e.column() <= text.length() + 1, e.getMessage());
            assertEquals(text.toString(), e.formula());
        }
    }
}
