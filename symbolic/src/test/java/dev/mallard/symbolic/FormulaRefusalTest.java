package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Formulas the parser must refuse cleanly: too deep, overflowing literals, huge or unprintable tokens. */
class FormulaRefusalTest {

    private static final Map<String, Variable> X = Map.of("x", new Variable("x"));

    @Test
    void nestingBeyondTheLimitIsRefusedWithoutDeepRecursion() {
        int depth = 60_000;
        String text = "(".repeat(depth) + "x" + ")".repeat(depth);
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse(text, X));
        assertEquals(Formula.MAX_DEPTH + 1, e.column(), e.problem());
        assertTrue(e.problem().contains("deeper than " + Formula.MAX_DEPTH), e.problem());
    }

    @Test
    void signsAndExponentsCountTowardsTheDepth() {
        String signs = "-".repeat(Formula.MAX_DEPTH + 1) + "x";
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse(signs, X));
        assertEquals(Formula.MAX_DEPTH + 1, e.column());
        String powers = "x^".repeat(Formula.MAX_DEPTH + 1) + "x";
        assertThrows(FormulaParseException.class, () -> Formula.parse(powers, X));
    }

    @Test
    void nestingAtTheLimitParsesOnASmallStack() throws InterruptedException {
        String text = "(".repeat(Formula.MAX_DEPTH - 1) + "x+1" + ")".repeat(Formula.MAX_DEPTH - 1);
        double[] value = {Double.NaN};
        // 512 KiB, the smallest default thread stack of the common JVM platforms.
        Thread t = new Thread(null, () -> value[0] = Formula.parse(text, X)
                .evaluate(new Environment().put(X.get("x"), 2.0)), "small-stack", 512 * 1024);
        t.start();
        t.join();
        assertEquals(3.0, value[0]);
    }

    @Test
    void overflowingLiteralIsRefusedWithItsColumn() {
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse("2*1e400", X));
        assertEquals(3, e.column());
        assertEquals("number '1e400' is too large (beyond 1.8e308)", e.problem());
    }

    @Test
    void hugeTokensAreQuotedAsABoundedExcerpt() {
        String name = "y".repeat(1_000_000);
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse("x " + name, X));
        assertEquals(3, e.column());
        assertTrue(e.problem().length() < 120, e.problem().length() + " characters");
        assertTrue(e.problem().startsWith("unexpected name 'yyyy"), e.problem());
    }

    @Test
    void unprintableCharactersAreEscapedToOneLine() {
        for (String c : new String[] {"\u0085", "\u0000", "\u001b", "\u200e", "\ud800"}) {
            FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse("x +" + c, X));
            assertEquals("unexpected character U+" + String.format("%04X", (int) c.charAt(0)), e.problem());
            assertEquals(4, e.column());
        }
        // Line and paragraph separators are white space between tokens, as a newline is.
        assertEquals(2.0, Formula.parse("x\u2028+\r\n1", X).evaluate(new Environment().put(X.get("x"), 1.0)));
    }
}
