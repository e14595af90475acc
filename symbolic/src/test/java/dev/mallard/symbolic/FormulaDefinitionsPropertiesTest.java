package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * Property-based tests of definitions in formula lists: a list with definitions in any order means what the
 * same list with every definition written out in parentheses means; a set of definitions parses exactly when
 * its references have no cycle (decided here by a depth-first search of the test's own), and a refusal
 * points at a reference to a defined name.
 */
class FormulaDefinitionsPropertiesTest {

    private static final Variable X = new Variable("x");
    private static final Variable Y = new Variable("y");
    private static final Map<String, Variable> NAMES = Map.of("x", X, "y", Y);

    /** Builds n definitions d0..d(n-1), each using only earlier ones, x, y and numbers. */
    private static List<String> acyclicBodies(int n, Random r) {
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String a = term(i, r);
            String b = term(i, r);
            String op = List.of(" + ", " - ", "*").get(r.nextInt(3));
            bodies.add(a + op + b);
        }
        return bodies;
    }

    private static String term(int i, Random r) {
        int pick = r.nextInt(i == 0 ? 3 : 5);
        return switch (pick) {
            case 0 -> "x";
            case 1 -> "y";
            case 2 -> String.valueOf(r.nextInt(5) + 1);
            case 3 -> "d" + r.nextInt(i);
            default -> "sin(d" + r.nextInt(i) + ")";
        };
    }

    /** Replaces each name dk by its body in parentheses, latest first, until no definition is left. */
    private static String inline(String formula, List<String> bodies) {
        String s = formula;
        for (int k = bodies.size() - 1; k >= 0; k--) {
            s = s.replaceAll("\\bd" + k + "\\b", "(" + bodies.get(k).replace("$", "\\$") + ")");
        }
        return s;
    }

    @Property(seed = "3232", tries = 300)
    void definitionsInAnyOrderMeanTheirWrittenOutFormulas(@ForAll @IntRange(min = 1, max = 8) int n,
            @ForAll long seed, @ForAll @DoubleRange(min = -2, max = 2) double x,
            @ForAll @DoubleRange(min = -2, max = 2) double y) {
        Random r = new Random(seed);
        List<String> bodies = acyclicBodies(n, r);
        // Inlining works latest first, so each body's references are to earlier definitions only.
        List<String> formulas = List.of("d" + (n - 1) + " + x", "y*d" + r.nextInt(n), "cos(d0) - d" + r.nextInt(n));
        List<String> entries = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            entries.add("d" + k + " = " + bodies.get(k));
        }
        Collections.shuffle(entries, r);
        // The formulas keep their order among themselves; the definitions are spread around them.
        List<String> all = new ArrayList<>(entries);
        int at = 0;
        for (String f : formulas) {
            at = at + r.nextInt(all.size() - at + 1);
            all.add(at++, f);
        }
        String text = String.join("; ", all) + (r.nextBoolean() ? ";" : "");
        List<Expression> parsed = Formula.parseList(text, NAMES);
        Environment env = new Environment().put(X, x).put(Y, y);
        assertEquals(formulas.size(), parsed.size(), text);
        for (int i = 0; i < formulas.size(); i++) {
            String written = inline(formulas.get(i), bodies);
            double expected = Formula.parse(written, NAMES).evaluate(env);
            assertEquals(expected, parsed.get(i).evaluate(env), 1e-12 * (1 + Math.abs(expected)), text);
        }
    }

    @Property(seed = "777", tries = 400)
    void definitionsParseExactlyWhenTheirReferencesHaveNoCycle(@ForAll @IntRange(min = 1, max = 7) int n,
            @ForAll long seed) {
        Random r = new Random(seed);
        boolean[][] uses = new boolean[n][n];
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder body = new StringBuilder("1");
            for (int j = 0; j < n; j++) {
                uses[i][j] = r.nextInt(n + 1) == 0;
                if (uses[i][j]) {
                    body.append(" + 2*d").append(j);
                }
            }
            entries.add("d" + i + " = " + body);
        }
        entries.add("x + y");
        Collections.shuffle(entries, r);
        String text = String.join("; ", entries);
        boolean cyclic = hasCycle(uses);
        try {
            Formula.parseList(text, NAMES);
            assertTrue(!cyclic, "a cycle was accepted: " + text);
        } catch (FormulaParseException e) {
            assertTrue(cyclic, "refused without a cycle: " + e.getMessage());
            assertTrue(e.problem().contains("cycle"), e.problem());
            // The column points at a reference "dk" inside a definition's formula (after some '=').
            String rest = text.substring(e.column() - 1);
            assertTrue(rest.matches("(?s)d\\d+.*"), rest);
            assertTrue(text.lastIndexOf('=', e.column() - 1) > text.lastIndexOf(';', e.column() - 1), text);
        } catch (RuntimeException e) {
            fail("not a FormulaParseException: " + e, e);
        }
    }

    /** Depth-first search with three colours. */
    private static boolean hasCycle(boolean[][] uses) {
        int[] colour = new int[uses.length];
        for (int i = 0; i < uses.length; i++) {
            if (colour[i] == 0 && visit(i, uses, colour)) {
                return true;
            }
        }
        return false;
    }

    private static boolean visit(int i, boolean[][] uses, int[] colour) {
        colour[i] = 1;
        for (int j = 0; j < uses.length; j++) {
            if (uses[i][j] && (colour[j] == 1 || colour[j] == 0 && visit(j, uses, colour))) {
                return true;
            }
        }
        colour[i] = 2;
        return false;
    }
}
