package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fused {@link AutoDiffScalar#scaledLinearCombination}: bit for bit equal to the unfused chain {@code
 * base + scale * (0 + c t)}, its gradient equal to a closed form and to central differences, and the edge and
 * argument rules.
 */
class ScaledLinearCombinationTest {

    private static final Scalar<AutoDiff> S = AutoDiff.SCALAR;

    /** The chain the interface documents, written out with the unfused operations. */
    private static AutoDiff unfused(AutoDiff base, AutoDiff scale, double[] c, AutoDiff[] t, int count) {
        AutoDiff sum = AutoDiff.ZERO;
        for (int i = 0; i < count; i++) {
            sum = sum.add(t[i].mul(c[i]));
        }
        return base.add(scale.mul(sum));
    }

    @Test
    void fusedEqualsTheUnfusedChainBitForBitOnRandomMixesOfConstantsAndVariables() {
        Random r = new Random(7);
        for (int trial = 0; trial < 500; trial++) {
            int count = r.nextInt(7);
            double[] c = new double[count];
            AutoDiff[] t = new AutoDiff[count];
            for (int i = 0; i < count; i++) {
                c[i] = r.nextGaussian();
                t[i] = r.nextInt(3) == 0 ? AutoDiff.constant(r.nextGaussian()) : random(r);
            }
            AutoDiff base = r.nextBoolean() ? AutoDiff.constant(r.nextGaussian()) : random(r);
            AutoDiff scale = r.nextInt(3) == 0 ? random(r) : AutoDiff.constant(r.nextGaussian());
            AutoDiff fused = S.scaledLinearCombination(base, scale, c, t, count);
            AutoDiff chain = unfused(base, scale, c, t, count);
            assertEquals(chain.value(), fused.value(), 0.0);
            assertArrayEquals(chain.gradient(), fused.gradient(), 0.0);
            assertEquals(chain.isConstant(), fused.isConstant());
        }
    }

    private static AutoDiff random(Random r) {
        double[] g = new double[3];
        for (int i = 0; i < 3; i++) {
            g[i] = r.nextInt(4) == 0 ? 0.0 : r.nextGaussian();
        }
        return AutoDiff.of(r.nextGaussian(), g);
    }

    @Test
    void gradientMatchesTheClosedFormAndCentralDifferences() {
        // f(x, y) = x + y (0.5 sin(x y) - 2 y^2 + 3 * 4), at (0.7, -1.3): the scale y carries a gradient too
        double x0 = 0.7;
        double y0 = -1.3;
        AutoDiff x = AutoDiff.variable(x0, 2, 0);
        AutoDiff y = AutoDiff.variable(y0, 2, 1);
        AutoDiff f = S.scaledLinearCombination(x, y, new double[] {0.5, -2, 3},
                new AutoDiff[] {x.mul(y).sin(), y.square(), AutoDiff.constant(4)}, 3);
        assertEquals(value(x0, y0), f.value(), 1e-15);
        double sum = 0.5 * Math.sin(x0 * y0) - 2 * y0 * y0 + 12;
        assertEquals(1 + y0 * 0.5 * Math.cos(x0 * y0) * y0, f.derivative(0), 1e-14);
        assertEquals(sum + y0 * (0.5 * Math.cos(x0 * y0) * x0 - 4 * y0), f.derivative(1), 1e-14);
        double h = 1e-6;
        assertEquals((value(x0 + h, y0) - value(x0 - h, y0)) / (2 * h), f.derivative(0), 1e-8);
        assertEquals((value(x0, y0 + h) - value(x0, y0 - h)) / (2 * h), f.derivative(1), 1e-8);
    }

    private static double value(double x, double y) {
        return x + y * (0.5 * Math.sin(x * y) - 2 * y * y + 3 * 4);
    }

    @Test
    void constantSumAndScaleShareTheBaseGradient() {
        AutoDiff x = AutoDiff.variable(1.5, 2, 0);
        AutoDiff f = S.scaledLinearCombination(x, AutoDiff.constant(2), new double[] {3},
                new AutoDiff[] {AutoDiff.constant(5)}, 1);
        assertEquals(1.5 + 2 * (0.0 + 5 * 3), f.value(), 0.0);
        assertArrayEquals(new double[] {1, 0}, f.gradient(), 0.0);
        AutoDiff constants = S.scaledLinearCombination(AutoDiff.ONE, AutoDiff.constant(2), new double[] {3},
                new AutoDiff[] {AutoDiff.constant(5)}, 1);
        assertTrue(constants.isConstant());
        assertEquals(31.0, constants.value(), 0.0);
        assertEquals(x, S.scaledLinearCombination(x, AutoDiff.constant(4), new double[0], new AutoDiff[0], 0));
    }

    @Test
    void infiniteScaleKeepsZeroGradientComponentsZeroAsMulDoes() {
        AutoDiff x = AutoDiff.variable(1.0, 2, 0);
        AutoDiff inf = AutoDiff.constant(Double.POSITIVE_INFINITY);
        AutoDiff f = S.scaledLinearCombination(AutoDiff.ZERO, inf, new double[] {2}, new AutoDiff[] {x}, 1);
        assertArrayEquals(unfused(AutoDiff.ZERO, inf, new double[] {2}, new AutoDiff[] {x}, 1).gradient(),
                f.gradient(), 0.0);
        assertEquals(0.0, f.derivative(1), 0.0);
        AutoDiff y = AutoDiff.variable(Double.POSITIVE_INFINITY, 2, 1);
        AutoDiff g = S.scaledLinearCombination(x, y, new double[] {2}, new AutoDiff[] {x}, 1);
        assertArrayEquals(unfused(x, y, new double[] {2}, new AutoDiff[] {x}, 1).gradient(), g.gradient(), 0.0);
    }

    @Test
    void gradientSizeMismatchAndArgumentErrorsAreReported() {
        AutoDiff a = AutoDiff.variable(1, 2, 0);
        AutoDiff b = AutoDiff.variable(1, 3, 0);
        IllegalArgumentException scale = assertThrows(IllegalArgumentException.class,
                () -> S.scaledLinearCombination(AutoDiff.ZERO, b, new double[] {1}, new AutoDiff[] {a}, 1));
        assertTrue(scale.getMessage().contains("3 and 2"), scale.getMessage());
        IllegalArgumentException base = assertThrows(IllegalArgumentException.class,
                () -> S.scaledLinearCombination(b, AutoDiff.ONE, new double[] {1}, new AutoDiff[] {a}, 1));
        assertTrue(base.getMessage().contains("3 and 2"), base.getMessage());
        NullPointerException n = assertThrows(NullPointerException.class,
                () -> S.scaledLinearCombination(AutoDiff.ZERO, null, new double[0], new AutoDiff[0], 0));
        assertTrue(n.getMessage().contains("scale"), n.getMessage());
        NullPointerException t = assertThrows(NullPointerException.class,
                () -> S.scaledLinearCombination(AutoDiff.ZERO, AutoDiff.ONE, new double[] {1},
                        new AutoDiff[] {null}, 1));
        assertTrue(t.getMessage().contains("terms[0]"), t.getMessage());
    }
}
