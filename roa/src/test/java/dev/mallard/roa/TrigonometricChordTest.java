package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.math.BigDecimal;

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
                assertEquals(Math.sin(outer), at(s[0], outer), 1e-13);
                assertEquals(Math.cos(outer), at(c[1], outer), 1e-13);
                if (inner > 0) {
                    assertEquals(Math.sin(inner), at(s[1], inner), 1e-13);
                    assertEquals(Math.cos(inner), at(c[0], inner), 1e-13);
                }
            }
        }
    }

    /**
     * The coefficients bound the true functions, not only their doubles: against sin(t)/t and (1 - cos t)/t^2 to 50
     * digits (Taylor series in Python's decimal module), compared as exact decimals. At t = 2 and 1 the lower
     * coefficients lie below the true values, the upper ones (t as inner) above.
     */
    @Test
    void theCoefficientsAreRoundedOutwardsOfTheTrueValues() {
        String[][] truth = {
            {"2", "0.45464871341284084769800993295587242135112748572350",
                "0.35403670913678559674939205737519054744150019276888"},
            {"1", "0.84147098480789650665250232163029899962256306079834",
                "0.45969769413186028259906339255702339626768957938206"}};
        for (String[] row : truth) {
            double t = Double.parseDouble(row[0]);
            BigDecimal sine = new BigDecimal(row[1]);
            BigDecimal versine = new BigDecimal(row[2]);
            Polynomial[] outer = TrigonometricBounds.sineChord(Q, 0.0, t);
            Polynomial[] inner = TrigonometricBounds.sineChord(Q, t, Math.PI);
            assertTrue(exact(outer[0].coefficient(Monomial.of(Q))).compareTo(sine) < 0, "lower sine chord at " + t);
            assertTrue(exact(inner[1].coefficient(Monomial.of(Q))).compareTo(sine) > 0, "upper sine chord at " + t);
            Polynomial[] cosOuter = TrigonometricBounds.cosineChord(Q, 0.0, t);
            Polynomial[] cosInner = TrigonometricBounds.cosineChord(Q, t, Math.PI);
            // 1 - a q^2: the coefficient of q^2 is -a
            assertTrue(exact(-cosOuter[1].coefficient(Monomial.of(Q, 2))).compareTo(versine) < 0,
                    "upper cosine chord at " + t);
            assertTrue(exact(-cosInner[0].coefficient(Monomial.of(Q, 2))).compareTo(versine) > 0,
                    "lower cosine chord at " + t);
        }
    }

    private static BigDecimal exact(double x) {
        return new BigDecimal(x);
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
