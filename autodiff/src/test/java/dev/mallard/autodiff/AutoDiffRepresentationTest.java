package dev.mallard.autodiff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * AutoDiff's two representations, gradients of at most {@link AutoDiff#SMALL} components in fields and larger
 * ones in arrays, give the same results bit for bit. Each case runs on a small gradient and on its padded twin
 * (the same components followed by others, so the array path is taken): every component is computed on its own,
 * so the twin's leading components must equal the small result's bit for bit (zeros' signs included; NaN is
 * compared as NaN, since Java leaves its sign and payload unspecified).
 */
class AutoDiffRepresentationTest {

    private static final Scalar<AutoDiff> S = AutoDiff.SCALAR;
    /** Extra components of a twin: enough to pass SMALL for every small size. */
    private static final int PAD = AutoDiff.SMALL + 1;
    /** Gradient components that exercise the edge rules: zeros of both signs, huge, tiny, non-finite. */
    private static final double[] COMPONENTS = {0.0, -0.0, 1.0, -2.5, 1e300, -1e-300, 0.3, Double.POSITIVE_INFINITY,
        Double.NaN};
    /** Values including the points of infinite slopes (sqrt, cbrt and pow at 0, asin and acos at 1, 1/0). */
    private static final double[] VALUES = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.0, 1e-200};

    /** The twin of a small value: its gradient followed by PAD further components. */
    private static AutoDiff twin(AutoDiff a, Random r) {
        if (a.isConstant()) {
            return a;
        }
        double[] g = Arrays.copyOf(a.gradient(), a.gradientSize() + PAD);
        for (int i = a.gradientSize(); i < g.length; i++) {
            g[i] = COMPONENTS[r.nextInt(COMPONENTS.length)];
        }
        return AutoDiff.of(a.value(), g);
    }

    private static AutoDiff small(double value, int n, Random r) {
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            g[i] = COMPONENTS[r.nextInt(COMPONENTS.length)];
        }
        return AutoDiff.of(value, g);
    }

    /** The small result equals the twin's leading components bit for bit, and keeps the small size. */
    private static void assertSameBits(AutoDiff smallResult, AutoDiff twinResult, int n, String what) {
        assertEquals(Double.doubleToLongBits(twinResult.value()), Double.doubleToLongBits(smallResult.value()),
                what + ": value");
        assertEquals(smallResult.isConstant() ? 0 : n, smallResult.gradientSize(), what + ": size");
        assertEquals(smallResult.isConstant(), twinResult.isConstant(), what + ": constant");
        for (int i = 0; i < smallResult.gradientSize(); i++) {
            assertEquals(Double.doubleToLongBits(twinResult.derivative(i)),
                    Double.doubleToLongBits(smallResult.derivative(i)),
                    what + ": component " + i + " of " + smallResult + " vs " + twinResult);
        }
    }

    @Test
    void everyUnaryOperationGivesTheArrayPathsComponentsBitForBit() {
        Random r = new Random(31);
        for (int n = 1; n <= AutoDiff.SMALL; n++) {
            for (double v : VALUES) {
                for (int trial = 0; trial < 4; trial++) {
                    AutoDiff a = small(v, n, r);
                    AutoDiff big = twin(a, r);
                    for (String op : Ops.UNARY) {
                        assertSameBits(Ops.unary(S, op, a), Ops.unary(S, op, big), n, op + " at " + a);
                    }
                }
            }
        }
    }

    @Test
    void everyBinaryOperationGivesTheArrayPathsComponentsBitForBitWithConstantsOnEitherSide() {
        Random r = new Random(32);
        for (int n = 1; n <= AutoDiff.SMALL; n++) {
            for (double va : VALUES) {
                for (double vb : VALUES) {
                    AutoDiff a = small(va, n, r);
                    AutoDiff b = small(vb, n, r);
                    AutoDiff bigA = twin(a, r);
                    AutoDiff bigB = twin(b, r);
                    AutoDiff c = AutoDiff.constant(vb);
                    for (String op : Ops.BINARY) {
                        String what = op + " of " + a + " and " + b;
                        assertSameBits(Ops.binary(S, op, a, b), Ops.binary(S, op, bigA, bigB), n, what);
                        assertSameBits(Ops.binary(S, op, a, c), Ops.binary(S, op, bigA, c), n, what + " (constant)");
                        assertSameBits(Ops.binary(S, op, c, a), Ops.binary(S, op, c, bigA), n, "(constant) " + what);
                    }
                }
            }
        }
    }

    /**
     * A constant operand adds no term, not even a zero's sign or an {@code Infinity * 0}: the binary operation
     * equals the one on the double, whose gradient is the other operand's scaled by one partial. Both sides are
     * checked component by component, on small gradients and on arrays.
     */
    @Test
    void aConstantOperandGivesWhatTheDoubleOperandGivesBitForBit() {
        Random r = new Random(34);
        for (int n : new int[] {1, AutoDiff.SMALL, AutoDiff.SMALL + 2}) {
            for (double va : VALUES) {
                for (double vc : VALUES) {
                    AutoDiff a = small(va, n, r);
                    AutoDiff c = AutoDiff.constant(vc);
                    String what = a + " and " + vc;
                    assertSameBits(a.add(vc), a.add(c), n, "add " + what);
                    assertSameBits(a.add(vc), c.add(a), n, "add " + what + ", constant first");
                    assertSameBits(a.sub(vc), a.sub(c), n, "sub " + what);
                    assertSameBits(a.subFrom(vc), c.sub(a), n, "constant minus " + what);
                    assertSameBits(a.mul(vc), a.mul(c), n, "mul " + what);
                    assertSameBits(a.mul(vc), c.mul(a), n, "mul " + what + ", constant first");
                    assertSameBits(a.div(vc), a.div(c), n, "div " + what);
                    assertSameBits(a.divInto(vc), c.div(a), n, "constant over " + what);
                }
            }
        }
    }

    @Test
    void fusedCombinationsAndTheChainRuleGiveTheArrayPathsComponentsBitForBit() {
        Random r = new Random(33);
        double[] coefficients = {0.0, -0.0, 1.0, -0.75, 3.0, Double.POSITIVE_INFINITY, 1e-310};
        for (int n = 1; n <= AutoDiff.SMALL; n++) {
            for (int trial = 0; trial < 300; trial++) {
                int count = r.nextInt(5);
                AutoDiff[] t = new AutoDiff[count];
                AutoDiff[] bigT = new AutoDiff[count];
                double[] c = new double[count];
                for (int i = 0; i < count; i++) {
                    double v = VALUES[r.nextInt(VALUES.length)];
                    t[i] = r.nextInt(3) == 0 ? AutoDiff.constant(v) : small(v, n, r);
                    bigT[i] = twin(t[i], r);
                    c[i] = coefficients[r.nextInt(coefficients.length)];
                }
                AutoDiff base = r.nextBoolean() ? AutoDiff.constant(0.25) : small(-1.5, n, r);
                AutoDiff scale = r.nextBoolean() ? AutoDiff.constant(c.length > 0 ? c[0] : 2.0) : small(0.5, n, r);
                AutoDiff bigBase = twin(base, r);
                AutoDiff bigScale = twin(scale, r);
                assertSameBits(S.linearCombination(base, c, t, count), S.linearCombination(bigBase, c, bigT, count), n,
                        "linearCombination " + trial);
                assertSameBits(S.scaledLinearCombination(base, scale, c, t, count),
                        S.scaledLinearCombination(bigBase, bigScale, c, bigT, count), n, "scaledLinearCombination " + trial);
                int[] columns = new int[count];
                for (int i = 0; i < count; i++) {
                    columns[i] = count - 1 - i;
                }
                assertSameBits(AutoDiff.chainRule(1.25, c, 0, t, columns), AutoDiff.chainRule(1.25, c, 0, bigT, columns),
                        n, "chainRule " + trial);
            }
        }
    }

    @Test
    void smallArithmeticMatchesHandComputedGradients() {
        AutoDiff q = AutoDiff.of(2.0, new double[] {1.0, 0.0, 0.0});
        AutoDiff v = AutoDiff.of(-0.5, new double[] {0.0, 1.0, 0.0});
        AutoDiff mu = AutoDiff.of(1.5, new double[] {0.0, 0.0, 1.0});
        // Van der Pol's v' = mu (1 - q^2) v - q: partials (-2 mu q v - 1, mu (1 - q^2), (1 - q^2) v)
        AutoDiff f = S.sub(S.mul(mu, S.mul(S.sub(1.0, S.mul(q, q)), v)), q);
        assertEquals(1.5 * (1 - 4) * -0.5 - 2.0, f.value(), 0.0);
        assertArrayEquals(new double[] {-2 * 1.5 * 2.0 * -0.5 - 1, 1.5 * (1 - 4), (1 - 4) * -0.5}, f.gradient(), 0.0);
        AutoDiff s = q.sqrt().add(v.mul(Double.POSITIVE_INFINITY));
        assertArrayEquals(new double[] {0.5 / Math.sqrt(2.0), Double.POSITIVE_INFINITY, 0.0}, s.gradient(), 0.0);
        AutoDiff atZero = AutoDiff.of(0.0, new double[] {0.0, 2.0}).sqrt();
        assertArrayEquals(new double[] {0.0, Double.POSITIVE_INFINITY}, atZero.gradient(), 0.0);
    }

    @Test
    void accessorsAgreeAcrossSizesAndRepresentations() {
        for (int n = 1; n <= AutoDiff.SMALL + 2; n++) {
            double[] g = new double[n];
            for (int i = 0; i < n; i++) {
                g[i] = i - 1.5;
            }
            AutoDiff a = AutoDiff.of(0.5, g);
            g[0] = 99;  // of copies
            assertEquals(n, a.gradientSize());
            assertFalse(a.isConstant());
            assertEquals(-1.5, a.derivative(0), 0.0);
            assertEquals(n - 2.5, a.derivative(n - 1), 0.0);
            final int size = n;
            assertThrows(IndexOutOfBoundsException.class, () -> a.derivative(size));
            double[] target = new double[n + 2];
            Arrays.fill(target, 7.0);
            a.copyGradientTo(target, 1, n);
            assertEquals(7.0, target[0], 0.0);
            assertEquals(7.0, target[n + 1], 0.0);
            assertArrayEquals(a.gradient(), Arrays.copyOfRange(target, 1, n + 1), 0.0);
            double[] rows = new double[3 + n];
            System.arraycopy(a.gradient(), 0, rows, 3, n);
            AutoDiff slice = AutoDiff.of(0.5, rows, 3, n);
            assertEquals(a, slice);
            assertEquals(a.hashCode(), slice.hashCode());
            assertEquals(a.toString(), slice.toString());
            AutoDiff unit = AutoDiff.variable(0.5, n, n - 1);
            assertEquals(1.0, unit.derivative(n - 1), 0.0);
            assertEquals(0.5 + " " + Arrays.toString(unit.gradient()), unit.toString());
            assertEquals(AutoDiff.constant(0.5), unit.mul(0.0).add(0.5), "a zero gradient equals a constant");
            assertEquals(AutoDiff.constant(0.5).hashCode(), unit.mul(0.0).add(0.5).hashCode());
            assertNotEquals(a, AutoDiff.of(0.5, Arrays.copyOf(a.gradient(), n + 1)));
        }
    }

    @Test
    void sizeMismatchesBetweenRepresentationsNameBothSizes() {
        AutoDiff inFields = AutoDiff.variable(1.0, AutoDiff.SMALL, 0);
        AutoDiff inArray = AutoDiff.variable(1.0, AutoDiff.SMALL + 2, 0);
        String expected = AutoDiff.SMALL + " and " + (AutoDiff.SMALL + 2);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> inFields.mul(inArray)).getMessage()
                .contains(expected));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> inFields.add(inArray)).getMessage()
                .contains(expected));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> S.linearCombination(inFields,
                new double[] {1}, new AutoDiff[] {inArray}, 1)).getMessage().contains(expected));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AutoDiff.chainRule(0, new double[] {1, 1}, 0,
                new AutoDiff[] {inFields, inArray}, new int[] {0, 1})).getMessage().contains(expected));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> inFields.copyGradientTo(new double[9], 0, AutoDiff.SMALL + 2)).getMessage()
                .contains((AutoDiff.SMALL + 2) + " and " + AutoDiff.SMALL));
    }
}
