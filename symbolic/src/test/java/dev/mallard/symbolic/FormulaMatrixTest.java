package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Formula#parseMatrix}: rows by ';', entries by ',' outside parentheses, errors at their column. */
class FormulaMatrixTest {

    private final Variable q = new Variable("q");
    private final Map<String, Variable> names = Map.of("q", q);

    @Test
    void rowsAndEntriesSplitOutsideParenthesesAndUseDefinitions() {
        Definitions defs = Definitions.parse("k = 2*q", names);
        List<List<Expression>> m = Formula.parseMatrix("k + 1, atan2(q, 2); min(q, 3), k", names, defs);
        Environment at = new Environment().put(q, 0.5);
        assertEquals(2, m.size());
        assertEquals(2.0, m.get(0).get(0).evaluate(at), 0.0);
        assertEquals(Math.atan2(0.5, 2), m.get(0).get(1).evaluate(at), 0.0);
        assertEquals(0.5, m.get(1).get(0).evaluate(at), 0.0);
        assertEquals(1.0, m.get(1).get(1).evaluate(at), 0.0);
    }

    @Test
    void errorsNameTheirColumnInTheWholeText() {
        FormulaParseException e = assertThrows(FormulaParseException.class,
                () -> Formula.parseMatrix("1, q; q, w", names, Definitions.NONE));
        assertEquals(10, e.column());
        e = assertThrows(FormulaParseException.class, () -> Formula.parseMatrix("1, 2; 3", names, Definitions.NONE));
        assertEquals("matrix row 2 has 1 entries, the first row 2", e.problem());
        e = assertThrows(FormulaParseException.class, () -> Formula.parseMatrix("1, ; 3", names, Definitions.NONE));
        assertEquals("empty matrix entry", e.problem());
        assertEquals(3, e.column());
    }
}
