package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.UnaryOperator;
import java.util.function.BinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link Scalar#DOUBLE} against {@link Math} on seeded random inputs and at the edges of every domain
 * (NaN, infinities, signed zeros, arguments outside a function's domain), compared bit for bit.
 */
class DoubleScalarTest {

    private static final Scalar<Double> S = Scalar.DOUBLE;
    private static final double INF = Double.POSITIVE_INFINITY;
    private static final double NAN = Double.NaN;

    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -3.0, 1.5, -1.5, Math.PI,
        1e-300, -1e-300, 1e300, -1e300, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
        Double.MIN_NORMAL, 710.0, -746.0, INF, -INF, NAN};

    /** Special values followed by random values of random sign spread over 20 decades. */
    static double[] inputs(long seed, int randomCount) {
        Random r = new Random(seed);
        double[] x = new double[SPECIAL.length + randomCount];
        System.arraycopy(SPECIAL, 0, x, 0, SPECIAL.length);
        for (int i = SPECIAL.length; i < x.length; i++) {
            x[i] = (r.nextBoolean() ? 1 : -1) * Math.pow(10, -10 + 20 * r.nextDouble());
        }
        return x;
    }

    private static final Map<String, UnaryOperator<Double>> UNARY = Map.ofEntries(
            Map.entry("sin", S::sin), Map.entry("cos", S::cos), Map.entry("tan", S::tan),
            Map.entry("asin", S::asin), Map.entry("acos", S::acos), Map.entry("atan", S::atan),
            Map.entry("sinh", S::sinh), Map.entry("cosh", S::cosh), Map.entry("tanh", S::tanh),
            Map.entry("exp", S::exp), Map.entry("expm1", S::expm1), Map.entry("log", S::log),
            Map.entry("log1p", S::log1p), Map.entry("sqrt", S::sqrt), Map.entry("cbrt", S::cbrt),
            Map.entry("abs", S::abs), Map.entry("sign", S::sign), Map.entry("neg", S::neg),
            Map.entry("square", S::square));

    private static final Map<String, DoubleUnaryOperator> MATH_UNARY = Map.ofEntries(
            Map.entry("sin", Math::sin), Map.entry("cos", Math::cos), Map.entry("tan", Math::tan),
            Map.entry("asin", Math::asin), Map.entry("acos", Math::acos), Map.entry("atan", Math::atan),
            Map.entry("sinh", Math::sinh), Map.entry("cosh", Math::cosh), Map.entry("tanh", Math::tanh),
            Map.entry("exp", Math::exp), Map.entry("expm1", Math::expm1), Map.entry("log", Math::log),
            Map.entry("log1p", Math::log1p), Map.entry("sqrt", Math::sqrt), Map.entry("cbrt", Math::cbrt),
            Map.entry("abs", Math::abs), Map.entry("sign", Math::signum), Map.entry("neg", a -> -a),
            Map.entry("square", a -> a * a));

    private static final Map<String, BinaryOperator<Double>> BINARY = Map.of(
            "add", S::add, "sub", S::sub, "mul", S::mul, "div", S::div, "atan2", S::atan2,
            "pow", S::pow, "hypot", S::hypot);

    private static final Map<String, DoubleBinaryOperator> MATH_BINARY = Map.of(
            "add", Double::sum, "sub", (a, b) -> a - b, "mul", (a, b) -> a * b, "div", (a, b) -> a / b,
            "atan2", Math::atan2, "pow", Math::pow, "hypot", Math::hypot);

    @Test
    void everyUnaryOperationEqualsMathToTheLastBit() {
        assertEquals(MATH_UNARY.keySet(), UNARY.keySet());
        for (String op : UNARY.keySet()) {
            for (double x : inputs(op.hashCode(), 300)) {
                assertSameBits(MATH_UNARY.get(op).applyAsDouble(x), UNARY.get(op).apply(x), op + "(" + x + ")");
            }
        }
    }

    @Test
    void everyBinaryOperationEqualsMathToTheLastBit() {
        for (String op : BINARY.keySet()) {
            double[] in = inputs(op.hashCode(), 40);
            for (double a : in) {
                for (double b : in) {
                    assertSameBits(MATH_BINARY.get(op).applyAsDouble(a, b), BINARY.get(op).apply(a, b),
                            op + "(" + a + ", " + b + ")");
                }
            }
        }
    }

    @Test
    void mixedDoubleFormsEqualThePlainOperations() {
        double[] in = inputs(5, 30);
        for (double a : in) {
            for (double b : in) {
                String at = "(" + a + ", " + b + ")";
                assertSameBits(a + b, S.add(d(a), b), "add(T, double)" + at);
                assertSameBits(a - b, S.sub(d(a), b), "sub(T, double)" + at);
                assertSameBits(a - b, S.sub(a, d(b)), "sub(double, T)" + at);
                assertSameBits(a * b, S.mul(d(a), b), "mul(T, double)" + at);
                assertSameBits(a / b, S.div(d(a), b), "div(T, double)" + at);
                assertSameBits(a / b, S.div(a, d(b)), "div(double, T)" + at);
                assertSameBits(Math.pow(a, b), S.pow(d(a), b), "pow(T, double)" + at);
            }
        }
    }

    @Test
    void domainEdgesFollowIeeeAsDocumented() {
        assertSameBits(NAN, S.asin(1.5), "asin(1.5)");
        assertSameBits(NAN, S.acos(-1.0000001), "acos(-1.0000001)");
        assertSameBits(Math.PI / 2, S.asin(1.0), "asin(1)");
        assertSameBits(-INF, S.log(0.0), "log(0)");
        assertSameBits(-INF, S.log(-0.0), "log(-0)");
        assertSameBits(NAN, S.log(-1.0), "log(-1)");
        assertSameBits(NAN, S.log(-INF), "log(-inf)");
        assertSameBits(INF, S.log(INF), "log(inf)");
        assertSameBits(-INF, S.log1p(-1.0), "log1p(-1)");
        assertSameBits(NAN, S.log1p(-2.0), "log1p(-2)");
        assertSameBits(-0.0, S.sqrt(-0.0), "sqrt(-0)");
        assertSameBits(NAN, S.sqrt(-1e-300), "sqrt(-1e-300)");
        assertSameBits(-2.0, S.cbrt(-8.0), "cbrt(-8)");
        assertSameBits(INF, S.div(d(1.0), d(0.0)), "1/0");
        assertSameBits(-INF, S.div(d(1.0), d(-0.0)), "1/-0");
        assertSameBits(NAN, S.div(d(0.0), d(0.0)), "0/0");
        assertSameBits(INF, S.exp(710.0), "exp(710)");
        assertSameBits(0.0, S.exp(-746.0), "exp(-746)");
        assertSameBits(-1.0, S.expm1(-INF), "expm1(-inf)");
        assertSameBits(Math.PI, S.atan2(0.0, -1.0), "atan2(0, -1)");
        assertSameBits(-Math.PI, S.atan2(-0.0, -1.0), "atan2(-0, -1)");
        assertSameBits(0.0, S.atan2(0.0, 0.0), "atan2(0, 0)");
        assertSameBits(INF, S.hypot(INF, NAN), "hypot(inf, nan)");
        assertSameBits(-0.0, S.sign(-0.0), "sign(-0)");
        assertSameBits(NAN, S.sign(NAN), "sign(nan)");
        assertSameBits(0.0, S.abs(-0.0), "abs(-0)");
        assertSameBits(1.0, S.tanh(INF), "tanh(inf)");
    }

    @Test
    void powSpecialCasesFollowMathPowIncludingJavasNaNExponentRule() {
        assertSameBits(1.0, S.pow(d(0.0), d(0.0)), "0^0");
        assertSameBits(1.0, S.pow(d(NAN), d(0.0)), "NaN^0");
        assertSameBits(NAN, S.pow(d(1.0), d(NAN)), "1^NaN (NaN in Java, unlike C)");
        assertSameBits(INF, S.pow(d(0.0), d(-1.0)), "0^-1");
        assertSameBits(-INF, S.pow(d(-0.0), d(-1.0)), "-0^-1");
        assertSameBits(INF, S.pow(d(-0.0), d(-2.0)), "-0^-2");
        assertSameBits(NAN, S.pow(d(-8.0), d(1.0 / 3.0)), "(-8)^(1/3)");
        assertSameBits(-8.0, S.pow(d(-2.0), d(3.0)), "(-2)^3");
        assertSameBits(0.0, S.pow(d(0.5), d(INF)), "0.5^inf");
        assertSameBits(INF, S.pow(d(-2.0), d(INF)), "(-2)^inf");
    }

    @Test
    void integerPowerMatchesMathPowExactlyAtEverySpecialValue() {
        double[] special = {0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, Double.MIN_VALUE, -Double.MAX_VALUE, 1e-200, 1e200};
        for (int n = -70; n <= 70; n++) {
            for (double a : special) {
                assertSameBits(Math.pow(a, n), S.pow(d(a), n), "powInt(" + a + ", " + n + ")");
            }
        }
        for (int n : new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE - 1}) {
            for (double a : special) {
                assertSameBits(Math.pow(a, n), S.pow(d(a), n), "powInt(" + a + ", " + n + ")");
            }
        }
    }

    @Test
    void integerPowerIsWithinAFewUlpsOfMathPowOnRandomBasesAndManyExponents() {
        Random r = new Random(11);
        for (int k = 0; k < 500; k++) {
            double a = (r.nextBoolean() ? 1 : -1) * Math.exp(-5 + 10 * r.nextDouble());
            for (int n = -64; n <= 64; n++) {
                double expected = Math.pow(a, n);
                double actual = S.pow(d(a), n);
                if (Double.isFinite(expected) && Math.abs(expected) >= Double.MIN_NORMAL) {
                    double ulps = Math.abs(actual - expected) / Math.ulp(expected);
                    assertTrue(ulps <= Math.max(1, Math.abs(n)), "powInt(" + a + ", " + n + ") = " + actual
                            + ", Math.pow = " + expected + " (" + ulps + " ulps)");
                } else {
                    assertSameBits(expected, actual, "powInt(" + a + ", " + n + ")");
                }
            }
        }
    }

    @Test
    void integerPowerOfSmallExponentsIsExactForExactlyRepresentableResults() {
        assertSameBits(1024.0, S.pow(d(2.0), 10), "2^10");
        assertSameBits(-243.0, S.pow(d(-3.0), 5), "(-3)^5");
        assertSameBits(0.0625, S.pow(d(-2.0), -4), "(-2)^-4");
        assertSameBits(2.25, S.pow(d(1.5), 2), "1.5^2");
        assertSameBits(-1.0, S.pow(d(-1.0), Integer.MAX_VALUE), "(-1)^MAX");
        assertSameBits(1.0, S.pow(d(-1.0), Integer.MIN_VALUE), "(-1)^MIN");
    }

    @Test
    void minAndMaxReturnTheFirstOperandOnATieIncludingSignedZeros() {
        assertSameBits(0.0, S.min(0.0, -0.0), "min(0, -0)");
        assertSameBits(-0.0, S.min(-0.0, 0.0), "min(-0, 0)");
        assertSameBits(0.0, S.max(0.0, -0.0), "max(0, -0)");
        assertSameBits(-0.0, S.max(-0.0, 0.0), "max(-0, 0)");
        assertSameBits(2.0, S.min(2.0, 2.0), "min(2, 2)");
    }

    @Test
    void minAndMaxAreNaNIfEitherIsNaNAndOtherwiseMatchMath() {
        assertSameBits(NAN, S.min(NAN, 1.0), "min(NaN, 1)");
        assertSameBits(NAN, S.min(1.0, NAN), "min(1, NaN)");
        assertSameBits(NAN, S.max(-INF, NAN), "max(-inf, NaN)");
        double[] in = inputs(3, 40);
        for (double a : in) {
            for (double b : in) {
                if (a != b) {
                    assertSameBits(Math.min(a, b), S.min(a, b), "min(" + a + ", " + b + ")");
                    assertSameBits(Math.max(a, b), S.max(a, b), "max(" + a + ", " + b + ")");
                }
            }
        }
    }

    @Test
    void comparisonsActOnValuesWithNaNRules() {
        assertTrue(S.compare(NAN, INF) > 0);
        assertTrue(S.compare(-0.0, 0.0) < 0);
        assertEquals(0, S.compare(1.0, 1.0));
        assertTrue(S.lessThan(1.0, 2.0));
        assertFalse(S.lessThan(NAN, 2.0));
        assertFalse(S.lessThan(2.0, NAN));
        assertTrue(S.lessOrEqual(2.0, 2.0));
        assertFalse(S.lessOrEqual(NAN, NAN));
        assertTrue(S.greaterThan(3.0, 2.0));
        assertFalse(S.greaterThan(NAN, 2.0));
        assertTrue(S.isNaN(NAN));
        assertFalse(S.isNaN(INF));
        assertTrue(S.isFinite(Double.MAX_VALUE));
        assertFalse(S.isFinite(-INF));
        assertFalse(S.isFinite(NAN));
    }

    @Test
    void constantsAndFactories() {
        assertEquals("double", S.name());
        assertEquals(Double.class, S.type());
        assertTrue(S.isNumeric());
        assertSameBits(-0.0, S.of(-0.0), "of(-0)");
        assertSameBits(0.0, S.zero(), "zero");
        assertSameBits(1.0, S.one(), "one");
        assertSameBits(2.5, S.value(2.5), "value");
        assertEquals(3, S.newArray(3).length);
        assertInstanceOf(DoubleVector.class, S.newVector(2));
        assertInstanceOf(DoubleMatrix.class, S.newMatrix(2, 3));
        assertEquals("Scalar.DOUBLE", S.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> S.newArray(-2));
        assertEquals("length must be >= 0, got -2", e.getMessage());
        assertThrows(NullPointerException.class, () -> S.value(null));
    }

    private static Double d(double x) {
        return x;
    }

    private static void assertSameBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
                () -> what + ": expected " + expected + ", got " + actual);
    }
}
