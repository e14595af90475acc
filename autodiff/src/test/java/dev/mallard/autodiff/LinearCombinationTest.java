package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fused {@link AutoDiffScalar#linearCombination}: bit for bit equal to the unfused chain of add and mul,
 * its gradient equal to central finite differences, and the gradient-size and argument rules.
 */
class LinearCombinationTest {

    private static final Scalar<AutoDiff> S = AutoDiff.SCALAR;

    /** The chain the interface documents, written out. */
    private static AutoDiff unfused(AutoDiff base, double[] c, AutoDiff[] t, int count) {
        AutoDiff sum = base;
        for (int i = 0; i < count; i++) {
            sum = sum.add(t[i].mul(c[i]));
        }
        return sum;
    }

    @Test
    void fusedEqualsTheUnfusedChainBitForBitOnRandomMixesOfConstantsAndVariables() {
        Random r = new Random(42);
        for (int trial = 0; trial < 200; trial++) {
            int count = r.nextInt(6);
            double[] c = new double[count];
            AutoDiff[] t = new AutoDiff[count];
            for (int i = 0; i < count; i++) {
                c[i] = r.nextGaussian();
                t[i] = r.nextInt(3) == 0 ? AutoDiff.constant(r.nextGaussian()) : random(r);
            }
            AutoDiff base = r.nextBoolean() ? AutoDiff.constant(r.nextGaussian()) : random(r);
            AutoDiff fused = S.linearCombination(base, c, t, count);
            AutoDiff chain = unfused(base, c, t, count);
            assertEquals(chain.value(), fused.value(), 0.0);
            assertArrayEquals(chain.gradient(), fused.gradient(), 0.0);
            assertEquals(chain.isConstant(), fused.isConstant());
        }
    }

    private static AutoDiff random(Random r) {
        double[] g = new double[3];
        for (int i = 0; i < 3; i++) {
            g[i] = r.nextGaussian();
        }
        return AutoDiff.of(r.nextGaussian(), g);
    }

    @Test
    void gradientMatchesCentralDifferencesOfANonlinearCombination() {
        // f(x, y) = x + 0.5 sin(x y) - 2 y^2 + 3 * 4 (a constant term), at (0.7, -1.3)
        double x0 = 0.7;
        double y0 = -1.3;
        AutoDiff x = AutoDiff.variable(x0, 2, 0);
        AutoDiff y = AutoDiff.variable(y0, 2, 1);
        AutoDiff f = S.linearCombination(x, new double[] {0.5, -2, 3},
                new AutoDiff[] {x.mul(y).sin(), y.square(), AutoDiff.constant(4)}, 3);
        double h = 1e-6;
        double dfdx = (value(x0 + h, y0) - value(x0 - h, y0)) / (2 * h);
        double dfdy = (value(x0, y0 + h) - value(x0, y0 - h)) / (2 * h);
        assertEquals(value(x0, y0), f.value(), 1e-15);
        assertEquals(dfdx, f.derivative(0), 1e-8);
        assertEquals(dfdy, f.derivative(1), 1e-8);
        // closed form as a second check
        assertEquals(1 + 0.5 * Math.cos(x0 * y0) * y0, f.derivative(0), 1e-14);
        assertEquals(0.5 * Math.cos(x0 * y0) * x0 - 4 * y0, f.derivative(1), 1e-14);
    }

    private static double value(double x, double y) {
        return x + 0.5 * Math.sin(x * y) - 2 * y * y + 3 * 4;
    }

    @Test
    void constantsOnlyGiveAConstantAndAGradientOnlyBaseIsShared() {
        AutoDiff c = S.linearCombination(AutoDiff.constant(1), new double[] {2, 3},
                new AutoDiff[] {AutoDiff.constant(5), AutoDiff.constant(7)}, 2);
        assertTrue(c.isConstant());
        assertEquals(32.0, c.value(), 0.0);
        AutoDiff x = AutoDiff.variable(1.5, 2, 0);
        AutoDiff shifted = S.linearCombination(x, new double[] {2}, new AutoDiff[] {AutoDiff.constant(5)}, 1);
        assertEquals(11.5, shifted.value(), 0.0);
        assertArrayEquals(new double[] {1, 0}, shifted.gradient(), 0.0);
        assertEquals(x, S.linearCombination(x, new double[0], new AutoDiff[0], 0));
    }

    @Test
    void infiniteCoefficientKeepsZeroGradientComponentsZeroAsMulDoes() {
        AutoDiff x = AutoDiff.variable(1.0, 2, 0);
        AutoDiff f = S.linearCombination(AutoDiff.ZERO, new double[] {Double.POSITIVE_INFINITY},
                new AutoDiff[] {x}, 1);
        assertArrayEquals(x.mul(Double.POSITIVE_INFINITY).gradient(), f.gradient(), 0.0);
        assertEquals(0.0, f.derivative(1), 0.0);
    }

    @Test
    void gradientSizeMismatchNamesBothSizes() {
        AutoDiff a = AutoDiff.variable(1, 2, 0);
        AutoDiff b = AutoDiff.variable(1, 3, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> S.linearCombination(AutoDiff.ZERO, new double[] {1, 1}, new AutoDiff[] {a, b}, 2));
        assertTrue(e.getMessage().contains("2 and 3"), e.getMessage());
        IllegalArgumentException withBase = assertThrows(IllegalArgumentException.class,
                () -> S.linearCombination(b, new double[] {1}, new AutoDiff[] {a}, 1));
        assertTrue(withBase.getMessage().contains("3 and 2"), withBase.getMessage());
    }

    @Test
    void argumentErrorsAreChecked() {
        AutoDiff[] t = {AutoDiff.ONE, null};
        NullPointerException n = assertThrows(NullPointerException.class,
                () -> S.linearCombination(AutoDiff.ZERO, new double[] {1, 1}, t, 2));
        assertTrue(n.getMessage().contains("terms[1]"), n.getMessage());
        IllegalArgumentException c = assertThrows(IllegalArgumentException.class,
                () -> S.linearCombination(AutoDiff.ZERO, new double[] {1}, t, 2));
        assertTrue(c.getMessage().contains("coefficients.length = 1"), c.getMessage());
        assertThrows(NullPointerException.class, () -> S.linearCombination(null, new double[0], t, 0));
    }
}
