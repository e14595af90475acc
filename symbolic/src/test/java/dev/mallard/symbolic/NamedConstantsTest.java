package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Named constants as text: values, order, and each refusal with its column in the whole text. */
class NamedConstantsTest {

    @Test
    void readsConstantFormulasInOrder() {
        Map<String, Double> values = NamedConstants.parse(" m = 0.486, w = 2*pi,a=atan2(1, 2) , g=9.81");
        assertEquals(List.of("m", "w", "a", "g"), List.copyOf(values.keySet()));
        assertEquals(0.486, values.get("m"), 0.0);
        assertEquals(2 * Math.PI, values.get("w"), 0.0);
        assertEquals(Math.atan2(1, 2), values.get("a"), 0.0);
        assertEquals(9.81, values.get("g"), 0.0);
        assertTrue(NamedConstants.parse("  ").isEmpty());
    }

    @Test
    void entriesLeaveTheValuesUnparsed() {
        List<NamedConstants.Entry> entries = NamedConstants.entries("k = abc, m = 2");
        assertEquals("k", entries.get(0).name());
        assertEquals(2.0, entries.get(1).value(), 0.0);
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> entries.get(0).value());
        assertEquals("unknown variable 'abc'", e.problem());
        assertEquals(5, e.column());
        assertEquals("k = abc, m = 2", e.formula());
    }

    @Test
    void refusalsNameTheColumnInTheWholeText() {
        assertRefused("m = 1,, g = 2", 7, "empty entry (expected name = value)");
        assertRefused("m = 1, g 2", 8, "expected name = value, got 'g 2'");
        assertRefused("m = 1, sin = 2", 8, "'sin' is not a valid name (it is reserved)");
        assertRefused("m = 1, 2x = 2", 8, "'2x' is not a valid name");
        assertRefused("= 2", 1, "no name before '='");
        assertRefused("m = 1, g =  ", 11, "no value after '=' for 'g'");
        assertRefused("m = 1, g =  1/0", 13, "'1/0' is Infinity; 'g' must be a finite number");
        assertRefused("m = 1, g = 2*(3", 14, "missing ')' for this '('");
        assertRefused("m = 1, m = 2", 8, "'m' is given twice");
    }

    private static void assertRefused(String text, int column, String problem) {
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> NamedConstants.parse(text));
        assertEquals(problem, e.problem(), text);
        assertEquals(column, e.column(), text);
    }
}
