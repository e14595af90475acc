package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The documented derivative of every operation at the edges of its domain. */
class AutoDiffEdgeTest {

    private static final double INF = Double.POSITIVE_INFINITY;
    private static final double NAN = Double.NaN;

    /** Variable 0 of 2 at x: gradient (1, 0), so component 1 shows that unmoved directions stay 0. */
    private static AutoDiff x0(double x) {
        return AutoDiff.variable(x, 2, 0);
    }

    private static AutoDiff x1(double x) {
        return AutoDiff.variable(x, 2, 1);
    }

    private static void assertValueAndGradient(double value, double[] gradient, AutoDiff actual) {
        assertEquals(value, actual.value(), 0.0, "value of " + actual);
        assertArrayEquals(gradient, actual.gradient(), 1e-15, "gradient of " + actual);
    }

    @Test
    void absTakesTheRightHandDerivativeAtZeroForBothSignsOfZero() {
        assertValueAndGradient(0.0, new double[] {1, 0}, x0(0.0).abs());
        assertValueAndGradient(0.0, new double[] {1, 0}, x0(-0.0).abs());
        assertValueAndGradient(2.0, new double[] {-1, 0}, x0(-2.0).abs());
        assertValueAndGradient(2.0, new double[] {1, 0}, x0(2.0).abs());
    }

    @Test
    void absOfNaNHasNaNSlopeOnlyInTheMovingDirection() {
        assertValueAndGradient(NAN, new double[] {NAN, 0}, x0(NAN).abs());
    }

    @Test
    void sqrtAtZeroHasInfiniteSlopeButKeepsUnmovedComponentsZero() {
        assertValueAndGradient(0.0, new double[] {INF, 0}, x0(0.0).sqrt());
        assertValueAndGradient(0.0, new double[] {-INF, 0}, AutoDiff.of(0.0, new double[] {-2, 0}).sqrt());
        assertValueAndGradient(NAN, new double[] {NAN, 0}, x0(-1.0).sqrt());
    }

    @Test
    void cbrtAtZeroHasInfiniteSlope() {
        assertValueAndGradient(0.0, new double[] {INF, 0}, x0(0.0).cbrt());
        assertValueAndGradient(-2.0, new double[] {1.0 / 12, 0}, x0(-8.0).cbrt());
    }

    @Test
    void asinAndAcosHaveInfiniteSlopeAtPlusMinusOneAndNaNOutside() {
        assertValueAndGradient(Math.PI / 2, new double[] {INF, 0}, x0(1.0).asin());
        assertValueAndGradient(-Math.PI / 2, new double[] {INF, 0}, x0(-1.0).asin());
        assertValueAndGradient(0.0, new double[] {-INF, 0}, x0(1.0).acos());
        assertValueAndGradient(NAN, new double[] {NAN, 0}, x0(1.5).asin());
        assertValueAndGradient(NAN, new double[] {NAN, 0}, x0(-1.5).acos());
    }

    @Test
    void logAtZeroIsMinusInfinityWithInfiniteSlope() {
        assertValueAndGradient(-INF, new double[] {INF, 0}, x0(0.0).log());
        assertValueAndGradient(NAN, new double[] {-0.5, 0}, x0(-2.0).log());
        assertValueAndGradient(-INF, new double[] {INF, 0}, x0(-1.0).log1p());
    }

    @Test
    void divisionByZeroFollowsIeeeInTheMovingDirectionsOnly() {
        assertValueAndGradient(INF, new double[] {0, -INF}, AutoDiff.constant(1.0).div(x1(0.0)));
        assertValueAndGradient(INF, new double[] {0, -INF}, x1(0.0).divInto(1.0));
        assertValueAndGradient(INF, new double[] {INF, 0}, x0(1.0).div(0.0));
    }

    @Test
    void realPowerAtZeroBase() {
        assertValueAndGradient(0.0, new double[] {0, 0}, x0(0.0).pow(2.0));
        assertValueAndGradient(0.0, new double[] {1, 0}, x0(0.0).pow(1.0));
        assertValueAndGradient(0.0, new double[] {INF, 0}, x0(0.0).pow(0.5));
        assertValueAndGradient(INF, new double[] {-INF, 0}, x0(0.0).pow(-1.0));
    }

    @Test
    void zeroExponentGivesTheConstantOneWithZeroSlopeEverywhere() {
        assertValueAndGradient(1.0, new double[] {0, 0}, x0(0.0).pow(0.0));
        assertValueAndGradient(1.0, new double[] {0, 0}, x0(NAN).pow(0.0));
        assertValueAndGradient(1.0, new double[] {0, 0}, x0(0.0).pow(0));
        assertValueAndGradient(1.0, new double[] {0, 0}, x0(-3.0).pow(0));
    }

    @Test
    void negativeBaseWithIntegerExponentHasRealValueAndSlope() {
        assertValueAndGradient(-8.0, new double[] {12, 0}, x0(-2.0).pow(3));
        assertValueAndGradient(-8.0, new double[] {12, 0}, x0(-2.0).pow(3.0));
        assertValueAndGradient(-0.125, new double[] {-0.1875, 0}, x0(-2.0).pow(-3));
        assertValueAndGradient(0.25, new double[] {0.25, 0}, x0(-2.0).pow(-2));
    }

    @Test
    void negativeBaseWithNonIntegerExponentIsNaN() {
        assertValueAndGradient(NAN, new double[] {NAN, 0}, x0(-2.0).pow(2.5));
    }

    @Test
    void integerPowerAtZeroAndExtremeExponents() {
        assertValueAndGradient(0.0, new double[] {0, 0}, x0(0.0).pow(3));
        assertValueAndGradient(0.0, new double[] {1, 0}, x0(0.0).pow(1));
        assertValueAndGradient(INF, new double[] {-INF, 0}, x0(0.0).pow(-1));
        assertValueAndGradient(1.0, new double[] {Integer.MIN_VALUE, 0}, x0(1.0).pow(Integer.MIN_VALUE));
        assertValueAndGradient(1.0, new double[] {Integer.MAX_VALUE, 0}, x0(1.0).pow(Integer.MAX_VALUE));
    }

    @Test
    void varyingExponentIsExpOfPTimesLogAForPositiveBase() {
        AutoDiff y = x0(2.0).pow(x1(3.0));
        assertValueAndGradient(8.0, new double[] {12.0, 8.0 * Math.log(2.0)}, y);
    }

    @Test
    void varyingExponentAtZeroBaseHasZeroExponentSlopeForPositiveExponent() {
        assertValueAndGradient(0.0, new double[] {0, 0}, x0(0.0).pow(x1(2.0)));
        assertValueAndGradient(0.0, new double[] {0, 0}, AutoDiff.constant(0.0).pow(x1(2.0)));
        assertValueAndGradient(1.0, new double[] {0, NAN}, x0(0.0).pow(x1(0.0)));
    }

    @Test
    void varyingExponentWithNegativeBaseIsNaNOnlyInTheExponentDirection() {
        assertValueAndGradient(-8.0, new double[] {12, NAN}, x0(-2.0).pow(x1(3.0)));
    }

    @Test
    void constantExponentAsAutoDiffIsExactlyTheRealPower() {
        AutoDiff base = x0(-2.0);
        assertEquals(base.pow(3.0), base.pow(AutoDiff.constant(3.0)));
        assertEquals(x0(0.0).pow(0.5), x0(0.0).pow(AutoDiff.constant(0.5)));
    }

    @Test
    void atan2SlopesAreTheSameFormulaInAllFourQuadrants() {
        double[][] points = {{1, 2}, {1, -2}, {-1, -2}, {-1, 2}};
        for (double[] p : points) {
            double y = p[0];
            double x = p[1];
            double r2 = x * x + y * y;
            AutoDiff angle = x0(y).atan2(x1(x));
            assertValueAndGradient(Math.atan2(y, x), new double[] {x / r2, -y / r2}, angle);
        }
    }

    @Test
    void atan2IsSmoothAcrossTheBranchCutWhereTheValueJumps() {
        AutoDiff above = x0(0.0).atan2(x1(-1.0));
        AutoDiff below = x0(-0.0).atan2(x1(-1.0));
        assertValueAndGradient(Math.PI, new double[] {-1, 0}, above);
        assertValueAndGradient(-Math.PI, new double[] {-1, 0}, below);
    }

    @Test
    void atan2AndHypotAreNaNAtTheOrigin() {
        AutoDiff angle = x0(0.0).atan2(x1(0.0));
        assertEquals(0.0, angle.value());
        assertTrue(Double.isNaN(angle.derivative(0)) && Double.isNaN(angle.derivative(1)));
        AutoDiff norm = x0(0.0).hypot(x1(0.0));
        assertEquals(0.0, norm.value());
        assertTrue(Double.isNaN(norm.derivative(0)) && Double.isNaN(norm.derivative(1)));
    }

    @Test
    void minAndMaxTieReturnsTheFirstOperandWithItsGradient() {
        AutoDiff a = x0(1.0);
        AutoDiff b = x1(1.0);
        assertSame(a, a.min(b));
        assertSame(a, a.max(b));
        assertSame(b, b.min(a));
        assertSame(b, b.max(a));
        AutoDiff pz = x0(0.0);
        AutoDiff nz = x1(-0.0);
        assertSame(pz, pz.min(nz));
        assertSame(nz, nz.max(pz));
    }

    @Test
    void minAndMaxReturnTheSmallerOrLargerOperand() {
        AutoDiff a = x0(1.0);
        AutoDiff b = x1(2.0);
        assertSame(a, a.min(b));
        assertSame(a, b.min(a));
        assertSame(b, a.max(b));
        assertSame(b, b.max(a));
    }

    @Test
    void minAndMaxWithNaNReturnTheFirstNaNOperand() {
        AutoDiff nan = x0(NAN);
        AutoDiff one = x1(1.0);
        assertSame(nan, nan.min(one));
        assertSame(nan, one.min(nan));
        assertSame(nan, one.max(nan));
        AutoDiff otherNan = x1(NAN);
        assertSame(nan, nan.max(otherNan));
    }

    @Test
    void signHasZeroGradientEverywhereIncludingZero() {
        for (double x : new double[] {-2.0, -0.0, 0.0, 3.0, NAN}) {
            AutoDiff s = x0(x).sign();
            assertEquals(Math.signum(x), s.value(), 0.0);
            assertTrue(s.isConstant());
            assertEquals(0.0, s.derivative(1));
        }
    }

    @Test
    void infiniteArgumentsFollowIeee() {
        assertValueAndGradient(INF, new double[] {INF, 0}, x0(INF).exp());
        assertValueAndGradient(0.0, new double[] {0, 0}, x0(-INF).exp());
        assertValueAndGradient(1.0, new double[] {0, 0}, x0(INF).tanh());
        assertValueAndGradient(Math.PI / 2, new double[] {0, 0}, x0(INF).atan());
    }
}
