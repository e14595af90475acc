package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.scalar.Scalar;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Scalar contract across number types: for every operation, on random and special inputs, the
 * value of the AutoDiff result equals {@link Scalar#DOUBLE}'s result bit for bit (NaNs compared as one
 * NaN), whether the AutoDiff inputs are variables or constants.
 */
class ScalarsAgreeTest {

    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 3.0, 1e-300, -1e300,
        Double.MIN_VALUE, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};

    private static double[] inputs() {
        Random r = new Random(42);
        double[] x = new double[SPECIAL.length + 60];
        System.arraycopy(SPECIAL, 0, x, 0, SPECIAL.length);
        for (int i = SPECIAL.length; i < x.length; i++) {
            x[i] = (r.nextBoolean() ? 1 : -1) * Math.exp(Ops.uniform(r, -5, 5));
        }
        return x;
    }

    @Test
    void everyUnaryOperationGivesTheDoubleValueToTheLastBit() {
        for (String op : Ops.UNARY) {
            for (double x : inputs()) {
                double expected = Ops.unary(Scalar.DOUBLE, op, x);
                assertSameBits(expected, Ops.unary(AutoDiff.SCALAR, op, AutoDiff.variable(x, 2, 1)).value(), op, x, x);
                assertSameBits(expected, Ops.unary(AutoDiff.SCALAR, op, AutoDiff.constant(x)).value(), op, x, x);
            }
        }
    }

    @Test
    void everyBinaryOperationGivesTheDoubleValueToTheLastBit() {
        double[] in = inputs();
        for (String op : Ops.BINARY) {
            for (double a : in) {
                for (double b : in) {
                    double expected = Ops.binary(Scalar.DOUBLE, op, a, b);
                    AutoDiff va = AutoDiff.variable(a, 2, 0);
                    AutoDiff vb = AutoDiff.variable(b, 2, 1);
                    assertSameBits(expected, Ops.binary(AutoDiff.SCALAR, op, va, vb).value(), op, a, b);
                    assertSameBits(expected, Ops.binary(AutoDiff.SCALAR, op, va, AutoDiff.constant(b)).value(), op, a, b);
                    assertSameBits(expected, Ops.binary(AutoDiff.SCALAR, op, AutoDiff.constant(a), vb).value(), op, a, b);
                }
            }
        }
    }

    @Test
    void integerPowersAgreeForManyExponents() {
        for (int n = -40; n <= 40; n++) {
            for (double x : inputs()) {
                assertSameBits(Scalar.DOUBLE.pow(x, n), AutoDiff.variable(x, 1, 0).pow(n).value(), "pow " + n, x, n);
            }
        }
    }

    @Test
    void aFunctionWrittenOnceGivesTheSameValueWithBothScalars() {
        Random r = new Random(7);
        for (int k = 0; k < 50; k++) {
            double theta = Ops.uniform(r, -3, 3);
            double omega = Ops.uniform(r, -3, 3);
            double d = pendulumAcceleration(Scalar.DOUBLE, theta, omega);
            AutoDiff[] v = AutoDiffs.variables(theta, omega);
            AutoDiff ad = pendulumAcceleration(AutoDiff.SCALAR, v[0], v[1]);
            assertSameBits(d, ad.value(), "pendulum", theta, omega);
        }
    }

    /** A damped pendulum with quadratic drag, written once against Scalar<T>. */
    static <T> T pendulumAcceleration(Scalar<T> s, T theta, T omega) {
        T gravity = s.mul(s.sin(theta), -9.81);
        T drag = s.mul(s.mul(omega, s.abs(omega)), -0.1);
        return s.sub(s.add(gravity, drag), s.mul(s.tanh(omega), 0.05));
    }

    private static void assertSameBits(double expected, double actual, String op, double a, double b) {
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
                () -> op + "(" + a + ", " + b + "): double gives " + expected + ", AutoDiff gives " + actual);
    }
}
