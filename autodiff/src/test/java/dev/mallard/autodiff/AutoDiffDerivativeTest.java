package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every derivative of {@link AutoDiff#SCALAR} against an independent reference at random points: a
 * central finite difference of the double function (fourth-order five-point stencil, relative step
 * 1e-4, so truncation and rounding errors are both far below the 1e-6 tolerance) and the textbook
 * closed form.
 */
class AutoDiffDerivativeTest {

    private static final int POINTS = 40;

    static Stream<String> unaryOps() {
        return Ops.UNARY.stream();
    }

    static Stream<String> binaryOps() {
        return Ops.BINARY.stream();
    }

    @ParameterizedTest
    @MethodSource("unaryOps")
    void unaryDerivativeMatchesCentralFiniteDifferenceThroughTheChainRule(String op) {
        Random r = new Random(op.hashCode());
        for (int k = 0; k < POINTS; k++) {
            double x = Ops.sample(op, r);
            // A seed gradient of size 3 checks the chain rule d f(a) = f'(a) g_a, not only f'(a).
            double[] seed = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
            AutoDiff y = Ops.unary(AutoDiff.SCALAR, op, AutoDiff.of(x, seed));
            double slope = centralDifference(t -> Ops.unary(Scalar.DOUBLE, op, t), x);
            for (int i = 0; i < seed.length; i++) {
                assertClose(slope * seed[i], y.derivative(i), 1e-6, op + " at " + x + ", component " + i);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("unaryOps")
    void unaryDerivativeMatchesItsClosedForm(String op) {
        Random r = new Random(op.hashCode() + 1);
        for (int k = 0; k < POINTS; k++) {
            double x = Ops.sample(op, r);
            AutoDiff y = Ops.unary(AutoDiff.SCALAR, op, AutoDiff.variable(x, 1, 0));
            assertClose(closedForm(op, x), y.derivative(0), 1e-12, op + " at " + x);
        }
    }

    @ParameterizedTest
    @MethodSource("binaryOps")
    void binaryPartialsMatchCentralFiniteDifferences(String op) {
        Random r = new Random(op.hashCode());
        for (int k = 0; k < POINTS; k++) {
            double[] ab = sampleBinary(op, r);
            double a = ab[0];
            double b = ab[1];
            AutoDiff y = Ops.binary(AutoDiff.SCALAR, op, AutoDiff.variable(a, 2, 0), AutoDiff.variable(b, 2, 1));
            double da = centralDifference(t -> Ops.binary(Scalar.DOUBLE, op, t, b), a);
            double db = centralDifference(t -> Ops.binary(Scalar.DOUBLE, op, a, t), b);
            assertClose(da, y.derivative(0), 1e-6, op + "(" + a + ", " + b + ") d/da");
            assertClose(db, y.derivative(1), 1e-6, op + "(" + a + ", " + b + ") d/db");
        }
    }

    @ParameterizedTest
    @MethodSource("binaryOps")
    void binaryPartialsMatchTheirClosedForms(String op) {
        Random r = new Random(op.hashCode() + 1);
        for (int k = 0; k < POINTS; k++) {
            double[] ab = sampleBinary(op, r);
            AutoDiff y = Ops.binary(AutoDiff.SCALAR, op, AutoDiff.variable(ab[0], 2, 0), AutoDiff.variable(ab[1], 2, 1));
            double[] expected = closedFormPartials(op, ab[0], ab[1]);
            assertClose(expected[0], y.derivative(0), 1e-12, op + " d/da at " + ab[0] + ", " + ab[1]);
            assertClose(expected[1], y.derivative(1), 1e-12, op + " d/db at " + ab[0] + ", " + ab[1]);
        }
    }

    /** Arguments away from each op's edges (zero denominators, the atan2 branch cut, min/max kinks). */
    private static double[] sampleBinary(String op, Random r) {
        switch (op) {
            case "div":
                return new double[] {Ops.uniform(r, -3, 3), (r.nextBoolean() ? 1 : -1) * Ops.uniform(r, 0.2, 3)};
            case "atan2":
                return new double[] {(r.nextBoolean() ? 1 : -1) * Ops.uniform(r, 0.1, 3), Ops.uniform(r, -3, 3)};
            case "pow":
                return new double[] {Ops.uniform(r, 0.1, 3), Ops.uniform(r, -2, 2)};
            case "min": case "max":
                double a = Ops.uniform(r, -3, 3);
                return new double[] {a, a + (r.nextBoolean() ? 1 : -1) * Ops.uniform(r, 0.01, 2)};
            default:
                return new double[] {Ops.uniform(r, -3, 3), Ops.uniform(r, -3, 3)};
        }
    }

    private static double closedForm(String op, double x) {
        String[] parts = op.split(" ");
        double c = parts.length > 1 ? Double.parseDouble(parts[1]) : 0.0;
        switch (parts[0]) {
            case "neg": return -1;
            case "square": return 2 * x;
            case "sin": return Math.cos(x);
            case "cos": return -Math.sin(x);
            case "tan": return 1 / (Math.cos(x) * Math.cos(x));
            case "asin": return 1 / Math.sqrt(1 - x * x);
            case "acos": return -1 / Math.sqrt(1 - x * x);
            case "atan": return 1 / (1 + x * x);
            case "sinh": return Math.cosh(x);
            case "cosh": return Math.sinh(x);
            case "tanh": return 1 / (Math.cosh(x) * Math.cosh(x));
            case "exp": case "expm1": return Math.exp(x);
            case "log": return 1 / x;
            case "log1p": return 1 / (1 + x);
            case "sqrt": return 0.5 / Math.sqrt(x);
            case "cbrt": return Math.pow(Math.abs(x), -2.0 / 3.0) / 3;
            case "abs": return Math.signum(x);
            case "sign": return 0;
            case "add": case "sub": return 1;
            case "rsub": return -1;
            case "mul": return c;
            case "div": return 1 / c;
            case "rdiv": return -c / (x * x);
            case "powd": case "powi": return c == 0 ? 0 : c * Math.pow(x, c - 1);
            default: throw new IllegalArgumentException(op);
        }
    }

    private static double[] closedFormPartials(String op, double a, double b) {
        switch (op) {
            case "add": return new double[] {1, 1};
            case "sub": return new double[] {1, -1};
            case "mul": return new double[] {b, a};
            case "div": return new double[] {1 / b, -a / (b * b)};
            case "atan2": return new double[] {b / (a * a + b * b), -a / (a * a + b * b)};
            case "pow": return new double[] {b * Math.pow(a, b - 1), Math.pow(a, b) * Math.log(a)};
            case "min": return a <= b ? new double[] {1, 0} : new double[] {0, 1};
            case "max": return a >= b ? new double[] {1, 0} : new double[] {0, 1};
            case "hypot": return new double[] {a / Math.hypot(a, b), b / Math.hypot(a, b)};
            default: throw new IllegalArgumentException(op);
        }
    }

    /** Five-point central difference with a step relative to |x|. */
    static double centralDifference(DoubleUnaryOperator f, double x) {
        double h = 1e-4 * Math.max(1.0, Math.abs(x));
        return (f.applyAsDouble(x - 2 * h) - 8 * f.applyAsDouble(x - h) + 8 * f.applyAsDouble(x + h)
                - f.applyAsDouble(x + 2 * h)) / (12 * h);
    }

    /** Relative error at most {@code tol}, with an absolute floor of 1e-10 for derivatives near zero. */
    static void assertClose(double expected, double actual, double tol, String what) {
        assertTrue(Double.isFinite(actual), what + ": derivative " + actual + " is not finite");
        double err = Math.abs(expected - actual);
        assertTrue(err <= tol * Math.abs(expected) + 1e-10,
                what + ": expected " + expected + ", got " + actual + " (error " + err + ")");
    }

    @ParameterizedTest
    @MethodSource("unaryOps")
    void constantArgumentGivesConstantResult(String op) {
        AutoDiff y = Ops.unary(AutoDiff.SCALAR, op, AutoDiff.constant(Ops.sample(op, new Random(3))));
        assertTrue(y.isConstant(), op + " of a constant should be a constant, got " + y);
        assertEquals(0, y.gradientSize());
    }

    @ParameterizedTest
    @MethodSource("binaryOps")
    void constantArgumentsGiveConstantResult(String op) {
        double[] ab = sampleBinary(op, new Random(5));
        AutoDiff y = Ops.binary(AutoDiff.SCALAR, op, AutoDiff.constant(ab[0]), AutoDiff.constant(ab[1]));
        assertTrue(y.isConstant(), op + " of constants should be a constant, got " + y);
    }
}
