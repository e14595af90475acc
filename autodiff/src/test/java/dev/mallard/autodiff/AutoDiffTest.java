package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import java.util.function.BinaryOperator;
import org.junit.jupiter.api.Test;

/** Construction, accessors, gradient-size rules, equality and the basic facts of {@link AutoDiff}. */
class AutoDiffTest {

    @Test
    void variableHasUnitGradientAtItsIndex() {
        AutoDiff x = AutoDiff.variable(2.5, 3, 1);
        assertEquals(2.5, x.value());
        assertEquals(3, x.gradientSize());
        assertFalse(x.isConstant());
        assertArrayEquals(new double[] {0, 1, 0}, x.gradient());
        assertEquals(1.0, x.derivative(1));
        assertEquals(0.0, x.derivative(2));
    }

    @Test
    void constantHasAnEmptyGradientAndZeroDerivativeForEveryIndex() {
        AutoDiff c = AutoDiff.constant(-4.0);
        assertTrue(c.isConstant());
        assertEquals(0, c.gradientSize());
        assertArrayEquals(new double[0], c.gradient());
        assertEquals(0.0, c.derivative(0));
        assertEquals(0.0, c.derivative(1000));
    }

    @Test
    void gradientIsADefensiveCopy() {
        double[] g = {1, 2};
        AutoDiff a = AutoDiff.of(1.0, g);
        g[0] = 99;
        assertEquals(1.0, a.derivative(0));
        a.gradient()[1] = 99;
        assertEquals(2.0, a.derivative(1));
    }

    @Test
    void emptyExplicitGradientGivesAConstant() {
        assertTrue(AutoDiff.of(3.0, new double[0]).isConstant());
    }

    @Test
    void badConstructionArgumentsAreReportedWithTheirValues() {
        IllegalArgumentException n = assertThrows(IllegalArgumentException.class, () -> AutoDiff.variable(1, 0, 0));
        assertTrue(n.getMessage().contains("n must be >= 1, got 0"), n.getMessage());
        IndexOutOfBoundsException i = assertThrows(IndexOutOfBoundsException.class, () -> AutoDiff.variable(1, 3, 3));
        assertTrue(i.getMessage().contains("index = 3") && i.getMessage().contains("[0, 3)"), i.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> AutoDiff.variable(1, 3, -1));
        NullPointerException g = assertThrows(NullPointerException.class, () -> AutoDiff.of(1, null));
        assertTrue(g.getMessage().contains("gradient"), g.getMessage());
    }

    @Test
    void derivativeIndexOutsideTheGradientIsReported() {
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                () -> AutoDiff.variable(1, 2, 0).derivative(2));
        assertTrue(e.getMessage().contains("i = 2") && e.getMessage().contains("[0, 2)"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> AutoDiff.constant(1).derivative(-1));
    }

    @Test
    void mixingGradientsOfDifferentSizesThrowsNamingBothSizes() {
        AutoDiff two = AutoDiff.variable(0.5, 2, 0);
        AutoDiff three = AutoDiff.variable(0.25, 3, 0);
        for (String op : Ops.BINARY) {
            if (op.equals("min") || op.equals("max")) {
                continue; // they select an operand and combine no gradients
            }
            BinaryOperator<AutoDiff> f = (a, b) -> Ops.binary(AutoDiff.SCALAR, op, a, b);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.apply(two, three), op);
            assertTrue(e.getMessage().contains("2") && e.getMessage().contains("3"), op + ": " + e.getMessage());
        }
    }

    @Test
    void constantsCombineWithGradientsOfAnySize() {
        AutoDiff c = AutoDiff.constant(2.0);
        for (String op : Ops.BINARY) {
            if (op.equals("min") || op.equals("max")) {
                continue; // they return one operand (see AutoDiffEdgeTest), not a combination
            }
            for (int n = 1; n <= 3; n++) {
                AutoDiff x = AutoDiff.variable(0.5, n, 0);
                assertEquals(n, Ops.binary(AutoDiff.SCALAR, op, x, c).gradientSize(), op);
                assertEquals(n, Ops.binary(AutoDiff.SCALAR, op, c, x).gradientSize(), op);
            }
        }
    }

    @Test
    void addingADoubleSharesTheGradientAndKeepsItUnchanged() {
        AutoDiff x = AutoDiff.of(1.0, new double[] {3, 4});
        AutoDiff y = x.add(2.0).sub(0.5);
        assertEquals(2.5, y.value());
        assertArrayEquals(new double[] {3, 4}, y.gradient());
    }

    @Test
    void productRuleAndQuotientRuleOnGeneralGradients() {
        AutoDiff a = AutoDiff.of(3.0, new double[] {1, 2});
        AutoDiff b = AutoDiff.of(-2.0, new double[] {5, -1});
        assertArrayEquals(new double[] {-2 * 1 + 3 * 5, -2 * 2 + 3 * -1}, a.mul(b).gradient(), 0.0);
        assertArrayEquals(new double[] {(1 * -2 - 3 * 5) / 4.0, (2 * -2 - 3 * -1) / 4.0}, a.div(b).gradient(), 1e-15);
    }

    @Test
    void compositeFunctionGradientMatchesItsHandDerivedFormula() {
        // f(x, y) = exp(x) sin(y) / (1 + x^2)
        double x = 0.7;
        double y = -1.3;
        AutoDiff[] v = AutoDiffs.variables(x, y);
        AutoDiff f = v[0].exp().mul(v[1].sin()).div(v[0].square().add(1.0));
        double q = 1 + x * x;
        double dfdx = Math.exp(x) * Math.sin(y) * (q - 2 * x) / (q * q);
        double dfdy = Math.exp(x) * Math.cos(y) / q;
        assertEquals(Math.exp(x) * Math.sin(y) / q, f.value(), 1e-15);
        assertEquals(dfdx, f.derivative(0), 1e-14);
        assertEquals(dfdy, f.derivative(1), 1e-14);
    }

    @Test
    void equalityComparesValueAndGradientAndTreatsConstantsAsZeroGradients() {
        AutoDiff a = AutoDiff.of(1.0, new double[] {0, 2});
        assertEquals(a, AutoDiff.of(1.0, new double[] {0, 2}));
        assertEquals(a.hashCode(), AutoDiff.of(1.0, new double[] {-0.0, 2}).hashCode());
        assertEquals(a, AutoDiff.of(1.0, new double[] {-0.0, 2}));
        assertNotEquals(a, AutoDiff.of(1.0, new double[] {0, 3}));
        assertNotEquals(a, AutoDiff.of(1.5, new double[] {0, 2}));
        assertNotEquals(a, AutoDiff.of(1.0, new double[] {0, 2, 0}));
        AutoDiff zeroGradient = AutoDiff.of(1.0, new double[] {0, 0});
        assertEquals(AutoDiff.constant(1.0), zeroGradient);
        assertEquals(zeroGradient, AutoDiff.constant(1.0));
        assertEquals(AutoDiff.constant(1.0).hashCode(), zeroGradient.hashCode());
        assertEquals(AutoDiff.constant(Double.NaN), AutoDiff.constant(Double.NaN));
        assertEquals(AutoDiff.of(1, new double[] {Double.NaN}), AutoDiff.of(1, new double[] {Double.NaN}));
        assertNotEquals(AutoDiff.constant(0.0), AutoDiff.constant(-0.0));
        assertNotEquals(AutoDiff.constant(1.0), (Object) 1.0);
    }

    @Test
    void toStringShowsValueAndGradient() {
        assertEquals("1.5 [0.0, 2.0]", AutoDiff.of(1.5, new double[] {0, 2}).toString());
        assertEquals("1.5", AutoDiff.constant(1.5).toString());
    }

    @Test
    void scalarTypeClassIsNumericAndBuildsConstants() {
        Scalar<AutoDiff> s = AutoDiff.SCALAR;
        assertTrue(s.isNumeric());
        assertEquals("AutoDiff", s.name());
        assertEquals(AutoDiff.class, s.type());
        assertEquals(AutoDiff.constant(2.0), s.of(2.0));
        assertEquals(0.0, s.zero().value());
        assertEquals(1.0, s.one().value());
        assertEquals(4, s.newArray(4).length);
        assertThrows(IllegalArgumentException.class, () -> s.newArray(-1));
        assertTrue(s.lessThan(AutoDiff.variable(1, 1, 0), s.of(2)));
        assertEquals(3, s.newVector(3).size());
        assertTrue(s.newVector(2).get(1).isConstant());
    }

    @Test
    void nullOperandsAreRejected() {
        AutoDiff x = AutoDiff.variable(1, 1, 0);
        assertThrows(NullPointerException.class, () -> AutoDiff.SCALAR.add(x, null));
        assertThrows(NullPointerException.class, () -> AutoDiff.SCALAR.sin(null));
    }

    @Test
    void aGradientSliceIsCopiedInAndOutWithoutSharing() {
        double[] rows = {9, 1, 2, 3, 9};
        AutoDiff a = AutoDiff.of(0.5, rows, 1, 3);
        rows[2] = 7;
        assertArrayEquals(new double[] {1, 2, 3}, a.gradient());
        assertTrue(AutoDiff.of(0.5, rows, 4, 0).isConstant());
        double[] out = {-1, -1, -1, -1, -1};
        a.copyGradientTo(out, 2, 3);
        assertArrayEquals(new double[] {-1, -1, 1, 2, 3}, out);
        AutoDiff.constant(4.0).copyGradientTo(out, 1, 3);
        assertArrayEquals(new double[] {-1, 0, 0, 0, 3}, out);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.copyGradientTo(out, 0, 2));
        assertTrue(e.getMessage().contains("sizes 2 and 3"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> a.copyGradientTo(out, 3, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> AutoDiff.of(1.0, rows, 3, 3));
    }
}
