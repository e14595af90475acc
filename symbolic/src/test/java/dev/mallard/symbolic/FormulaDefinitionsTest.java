package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Lists of formulas with definitions: meaning, sharing, and every refusal with its column. */
class FormulaDefinitionsTest {

    private static final Variable X = new Variable("x");
    private static final Variable TH = new Variable("th");
    private static final Variable THD = new Variable("thd");
    private static final Variable U = new Variable("u");
    private static final Map<String, Variable> NAMES = Map.of("x", X, "th", TH, "thd", THD, "u", U);

    @Test
    void aDefinitionStandsForItsFormula() {
        List<Expression> withDefinition = Formula.parseList(
                "d = 10 + sin(th)^2; thd; (u + sin(th)*0.5*thd^2)/d", NAMES);
        List<Expression> inlined = Formula.parseList("thd; (u + sin(th)*0.5*thd^2)/(10 + sin(th)^2)", NAMES);
        assertEquals(inlined, withDefinition);
        Environment at = new Environment().put(TH, 0.3).put(THD, -1.2).put(U, 2.0);
        double d = 10 + Math.sin(0.3) * Math.sin(0.3);
        assertEquals((2.0 + Math.sin(0.3) * 0.5 * 1.44) / d, withDefinition.get(1).evaluate(at), 1e-15);
    }

    @Test
    void definitionsMayComeInAnyOrderAndUseEachOther() {
        List<Expression> f = Formula.parseList("b - a; b = a*a; a = x + 1;", NAMES);
        assertEquals(1, f.size());
        assertEquals(9.0 - 3.0, f.get(0).evaluate(new Environment().put(X, 2.0)), 0.0);
    }

    @Test
    void aDefinitionUsedTwiceIsOneSharedNode() {
        Expression e = Formula.parseList("d = x + 1; sin(d) + cos(d)", NAMES).get(0);
        assertSame(e.argument(0).argument(0), e.argument(1).argument(0));
    }

    @Test
    void definitionsParsedOnceServeLaterFormulas() {
        Definitions defs = Definitions.parse("m = 2; w = m*x", NAMES);
        assertEquals(List.of("m", "w"), List.copyOf(defs.names()));
        assertEquals(4.0 * 2.0 + 1, Formula.parse("w*x + 1", NAMES, defs).evaluate(new Environment().put(X, 2.0)), 0.0);
        Definitions more = Definitions.parse("v = w + m", NAMES, defs);
        assertEquals(2 * 2.0 + 2, more.get("v").orElseThrow().evaluate(new Environment().put(X, 2.0)), 0.0);
        assertEquals(List.of(4.0), Formula.parseList("w + 2*x - 4", NAMES, defs).stream()
                .map(e -> e.evaluate(new Environment().put(X, 2.0))).toList());
        assertTrue(Definitions.parse("  ", NAMES).isEmpty());
    }

    @Test
    void aCycleIsRefusedAtTheReferenceThatStartsIt() {
        String text = "x; a = b + 1; b = 2*a";
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parseList(text, NAMES));
        assertEquals(text.indexOf("b + 1") + 1, e.column());
        assertTrue(e.problem().contains("a -> b -> a"), e.problem());
        FormulaParseException self = assertThrows(FormulaParseException.class,
                () -> Formula.parseList("d = d + 1; d", NAMES));
        assertEquals(5, self.column());
        assertTrue(self.problem().contains("d -> d"), self.problem());
    }

    @Test
    void aCycleBehindAHealthyDefinitionIsNamedWithoutIt() {
        String text = "c = a; a = b; b = a; c";
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parseList(text, NAMES));
        assertTrue(e.problem().endsWith("a -> b -> a"), e.problem());
        assertEquals(text.indexOf("b;") + 1, e.column());
    }

    @Test
    void unknownNamesInDefinitionsAndFormulasGiveTheirColumn() {
        String text = "d = 10 + sin(phi)^2; d";
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parseList(text, NAMES));
        assertEquals(text.indexOf("phi") + 1, e.column());
        assertTrue(e.problem().contains("unknown variable 'phi'"), e.problem());
        assertEquals(text, e.formula());
        FormulaParseException later = assertThrows(FormulaParseException.class,
                () -> Formula.parseList("d = x; d + q", NAMES));
        assertEquals(12, later.column());
    }

    @Test
    void badDefinitionsAreRefusedAtTheirName() {
        assertRefused("x; x = 2", 4, "already a variable");
        assertRefused("sin = 2; x", 1, "reserved");
        assertRefused("a = 1; a = 2; x", 8, "defined twice (first at column 1)");
        assertRefused("a = ; x", 5, "no formula after '='");
        assertRefused("a = 1;; x", 7, "empty entry before ';'");
        assertRefused("x + x = 1", 7, "a definition is 'name = formula'");
        FormulaParseException e = assertThrows(FormulaParseException.class,
                () -> Definitions.parse("m = 1; x + m", NAMES));
        assertEquals(8, e.column());
        assertTrue(e.problem().contains("expected a definition"), e.problem());
        FormulaParseException outer = assertThrows(FormulaParseException.class,
                () -> Formula.parseList("m = 3; m", NAMES, Definitions.parse("m = 1", NAMES)));
        assertEquals(1, outer.column());
        assertTrue(outer.problem().contains("already defined"), outer.problem());
    }

    @Test
    void aSemicolonOrEqualsSignIsStillRefusedInASingleFormula() {
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parse("x; x", NAMES));
        assertEquals(2, e.column());
        assertThrows(FormulaParseException.class, () -> Formula.parse("d = x", NAMES));
    }

    @Test
    void nestingThroughDefinitionsCountsTowardsTheLimit() {
        StringBuilder ok = new StringBuilder("d0 = x");
        for (int k = 1; k < Formula.MAX_DEPTH; k++) {
            ok.append("; d").append(k).append(" = -d").append(k - 1);
        }
        String last = "d" + (Formula.MAX_DEPTH - 1);
        // d_k is k signs deep, d_(MAX-1) reaches the limit exactly.
        double sign = (Formula.MAX_DEPTH - 1) % 2 == 0 ? 1 : -1;
        assertEquals(sign * 2.0, Formula.parseList(ok + "; " + last, NAMES).get(0)
                .evaluate(new Environment().put(X, 2.0)), 0.0);
        String tooDeep = ok + "; d" + Formula.MAX_DEPTH + " = -" + last + "; x";
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parseList(tooDeep, NAMES));
        assertEquals(tooDeep.lastIndexOf(last) + 1, e.column());
        assertTrue(e.problem().contains("through definition '" + last + "'"), e.problem());
    }

    private static void assertRefused(String text, int column, String problem) {
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> Formula.parseList(text, NAMES));
        assertEquals(column, e.column(), e.problem());
        assertTrue(e.problem().contains(problem), e.problem());
    }
}
