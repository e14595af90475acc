package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import org.junit.jupiter.api.Test;

/** The chord bounds of sin and cos on a range of |q| within half a turn: valid, and exact at the ends. */
class TrigonometricChordTest {

    private static final Variable Q = new Variable("q");

    @Test
    void sineAndCosineLieBetweenTheirChordsAndTouchThemAtTheEnds() {
        for (double outer : new double[] {0.5, 2.0, Math.PI}) {
            for (double inner : new double[] {0.0, 0.5 * outer}) {
                Polynomial[] s = TrigonometricBounds.sineChord(Q, inner, outer);
                Polynomial[] c = TrigonometricBounds.cosineChord(Q, inner, outer);
                for (double x = inner; x <= outer; x += outer / 400) {
                    for (double signed : new double[] {x, -x}) {
                        assertBetween(Math.sin(signed), s, signed);
                        assertBetween(Math.cos(signed), c, signed);
                    }
                }
                assertEquals(Math.sin(outer), at(s[0], outer), 1e-15);
                assertEquals(Math.cos(outer), at(c[1], outer), 1e-15);
                if (inner > 0) {
                    assertEquals(Math.sin(inner), at(s[1], inner), 1e-15);
                    assertEquals(Math.cos(inner), at(c[0], inner), 1e-15);
                }
            }
        }
    }

    @Test
    void rangesBeyondHalfATurnAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrigonometricBounds.sineChord(Q, 0.0, 4.0));
        assertTrue(e.getMessage().contains("outer 4.0"), e.getMessage());
    }

    private static double at(Polynomial p, double x) {
        return p.evaluate(new Environment().put(Q, x));
    }

    private static void assertBetween(double value, Polynomial[] bounds, double x) {
        double a = at(bounds[0], x);
        double b = at(bounds[1], x);
        assertTrue(Math.min(a, b) <= value + 1e-15 && value <= Math.max(a, b) + 1e-15,
                value + " not within [" + a + ", " + b + "] at " + x);
    }
}
