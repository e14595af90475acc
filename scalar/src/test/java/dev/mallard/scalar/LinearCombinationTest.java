package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link Scalar#linearCombination} and {@link Scalar#scaledLinearCombination} on {@link Scalar#DOUBLE}: their
 * values and argument checks.
 */
class LinearCombinationTest {

    private static final Scalar<Double> S = Scalar.DOUBLE;

    @Test
    void doubleCombinationIsTheLeftToRightSumOfProducts() {
        Double[] t = {3.0, -2.0, 0.1, 7.0};
        double[] c = {0.5, 4.0, 1.0 / 3, 99.0};
        // count 3 ignores the last term: 1 + 1.5 - 8 + 0.1/3, added left to right
        double expected = ((1.0 + 3.0 * 0.5) + -2.0 * 4.0) + 0.1 * (1.0 / 3);
        assertEquals(expected, S.linearCombination(1.0, c, t, 3), 0.0);
        assertEquals(-5.5 + 0.1 / 3, S.linearCombination(1.0, c, t, 3), 1e-15);
    }

    @Test
    void zeroTermsGiveTheBaseAndZeroCoefficientsStillPropagateNaN() {
        assertEquals(2.5, S.linearCombination(2.5, new double[0], new Double[0], 0), 0.0);
        assertTrue(Double.isNaN(S.linearCombination(1.0, new double[] {0.0}, new Double[] {Double.NaN}, 1)));
    }

    @Test
    void badArgumentsAreNamed() {
        double[] c = {1, 2};
        Double[] t = {1.0, 2.0, 3.0};
        assertMessage(assertThrows(NullPointerException.class, () -> S.linearCombination(null, c, t, 1)), "base");
        assertMessage(assertThrows(NullPointerException.class, () -> S.linearCombination(0.0, null, t, 1)),
                "coefficients");
        assertMessage(assertThrows(NullPointerException.class, () -> S.linearCombination(0.0, c, null, 1)), "terms");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> S.linearCombination(0.0, c, t, -1)),
                "count must be >= 0, got -1");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> S.linearCombination(0.0, c, t, 3)),
                "coefficients.length = 2 and terms.length = 3, got 3");
        assertMessage(assertThrows(NullPointerException.class,
                () -> S.linearCombination(0.0, c, new Double[] {1.0, null}, 2)), "terms[1]");
    }

    @Test
    void scaledCombinationAddsTheScaledSumFromZeroToTheBase() {
        double[] c = {0.1, -3};
        Double[] t = {2.5, 1.0 / 3};
        double expected = 1.25 + 0.3 * ((0.0 + 2.5 * 0.1) + (1.0 / 3) * -3);
        assertEquals(expected, S.scaledLinearCombination(1.25, 0.3, c, t, 2), 0.0);
        assertEquals(1.25 + 0.3 * (0.25 - 1), S.scaledLinearCombination(1.25, 0.3, c, t, 2), 1e-15);
        assertEquals(4.0, S.scaledLinearCombination(4.0, 0.3, c, t, 0), 0.0);
        assertMessage(assertThrows(NullPointerException.class, () -> S.scaledLinearCombination(0.0, null, c, t, 1)),
                "scale");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> S.scaledLinearCombination(0.0, 1.0, c, t,
                3)), "coefficients.length = 2");
    }

    private static void assertMessage(Exception e, String part) {
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
