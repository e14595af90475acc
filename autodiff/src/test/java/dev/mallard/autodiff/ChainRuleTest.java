package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link AutoDiff#chainRule}: the gradient of a function of AutoDiff inputs from its known partials. */
class ChainRuleTest {

    @Test
    void gradientIsTheJacobianRowTimesTheInputGradientsAndMatchesTheDirectComputation() {
        // inputs u = x y, v = sin(x), w = the constant 2, at (x, y) = (0.3, -1.7); f(u, v, w) = u v + w u^2
        double x0 = 0.3;
        double y0 = -1.7;
        AutoDiff x = AutoDiff.variable(x0, 2, 0);
        AutoDiff y = AutoDiff.variable(y0, 2, 1);
        AutoDiff u = x.mul(y);
        AutoDiff v = x.sin();
        AutoDiff w = AutoDiff.constant(2);
        double uv = u.value();
        double vv = v.value();
        // partials of f in (u, v, w) after two unrelated leading entries (the offset)
        double[] partials = {99, -99, vv + 2 * 2 * uv, uv, uv * uv};
        AutoDiff[] in = {u, v, w};
        AutoDiff f = AutoDiff.chainRule(uv * vv + 2 * uv * uv, partials, 2, in, new int[] {0, 1, 2});
        AutoDiff direct = u.mul(v).add(w.mul(u.square()));
        assertEquals(direct.value(), f.value(), 1e-15);
        assertArrayEquals(direct.gradient(), f.gradient(), 1e-14);
        // closed form: df/dx = (v + 4u) y + u cos(x), df/dy = (v + 4u) x
        assertEquals((vv + 4 * uv) * y0 + uv * Math.cos(x0), f.derivative(0), 1e-14);
        assertEquals((vv + 4 * uv) * x0, f.derivative(1), 1e-14);
        // columns limit the inputs combined: u alone
        AutoDiff onlyU = AutoDiff.chainRule(0, partials, 2, in, new int[] {0});
        assertArrayEquals(u.mul(partials[2]).gradient(), onlyU.gradient(), 0.0);
    }

    @Test
    void constantInputsGiveAConstantAndZeroPartialsKeepTheGradientSize() {
        AutoDiff c = AutoDiff.chainRule(5, new double[] {1, 2}, 0,
                new AutoDiff[] {AutoDiff.constant(1), AutoDiff.constant(2)}, new int[] {0, 1});
        assertTrue(c.isConstant());
        assertEquals(5.0, c.value(), 0.0);
        AutoDiff z = AutoDiff.chainRule(5, new double[] {0}, 0, new AutoDiff[] {AutoDiff.variable(1, 3, 2)},
                new int[] {0});
        assertEquals(3, z.gradientSize());
        assertArrayEquals(new double[3], z.gradient(), 0.0);
    }

    @Test
    void structuralZeroDoesNotTurnAnInfiniteGradientIntoNaNAndInfinitePartialsKeepZerosZero() {
        AutoDiff infinite = AutoDiff.variable(0, 2, 0).sqrt();
        AutoDiff zeroPartial = AutoDiff.chainRule(1, new double[] {0}, 0, new AutoDiff[] {infinite},
                new int[] {0});
        assertArrayEquals(new double[] {0, 0}, zeroPartial.gradient(), 0.0);
        AutoDiff x = AutoDiff.variable(1, 2, 0);
        AutoDiff inf = AutoDiff.chainRule(1, new double[] {Double.POSITIVE_INFINITY}, 0, new AutoDiff[] {x},
                new int[] {0});
        assertArrayEquals(new double[] {Double.POSITIVE_INFINITY, 0}, inf.gradient(), 0.0);
    }

    @Test
    void aSingleContributingInputWithUnitPartialGivesItsGradient() {
        AutoDiff v = AutoDiff.variable(0.5, 3, 1).mul(-2.0);
        AutoDiff q = AutoDiff.variable(2.0, 3, 0);
        AutoDiff[] in = {q, v, AutoDiff.constant(4)};
        // q contributes nothing (zero partial), the constant is ignored: the result is v's gradient
        AutoDiff f = AutoDiff.chainRule(7, new double[] {0, 1, 3}, 0, in, new int[] {0, 1, 2});
        assertEquals(7.0, f.value(), 0.0);
        assertArrayEquals(new double[] {0, -2, 0}, f.gradient(), 0.0);
        // two contributing inputs are summed into a new array
        AutoDiff g = AutoDiff.chainRule(7, new double[] {1, 1, 3}, 0, in, new int[] {0, 1, 2});
        assertArrayEquals(new double[] {1, -2, 0}, g.gradient(), 0.0);
        assertArrayEquals(new double[] {0, -2, 0}, v.gradient(), 0.0);
    }

    @Test
    void badArgumentsAreReported() {
        AutoDiff a = AutoDiff.variable(1, 2, 0);
        AutoDiff b = AutoDiff.variable(1, 3, 0);
        IllegalArgumentException sizes = assertThrows(IllegalArgumentException.class,
                () -> AutoDiff.chainRule(0, new double[] {1, 1}, 0, new AutoDiff[] {a, b}, new int[] {0, 1}));
        assertTrue(sizes.getMessage().contains("2 and 3"), sizes.getMessage());
        IndexOutOfBoundsException shortPartials = assertThrows(IndexOutOfBoundsException.class,
                () -> AutoDiff.chainRule(0, new double[] {1, 1}, 1, new AutoDiff[] {a, a}, new int[] {0}));
        assertTrue(shortPartials.getMessage().contains("offset 1"), shortPartials.getMessage());
        NullPointerException nullInput = assertThrows(NullPointerException.class,
                () -> AutoDiff.chainRule(0, new double[] {1, 1}, 0, new AutoDiff[] {a, null}, new int[] {0, 1}));
        assertTrue(nullInput.getMessage().contains("inputs[1]"), nullInput.getMessage());
        IndexOutOfBoundsException column = assertThrows(IndexOutOfBoundsException.class,
                () -> AutoDiff.chainRule(0, new double[] {1, 1}, 0, new AutoDiff[] {a, a}, new int[] {2}));
        assertTrue(column.getMessage().contains("column = 2"), column.getMessage());
    }
}
