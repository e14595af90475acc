package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiscreteValues;
import dev.mallard.systems.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Drake's affine_system_test.cc (the cases Mallard's constant-coefficient AffineSystem has; UpdateCoefficients
 * as withCoefficients) and the
 * MakeLinearSystem cases of linear_system_test.cc, with their numbers.
 */
class AffineSystemTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double[][] A = {{1.5, 2.7}, {3.5, -4.9}};
    private static final double[][] B = {{4.9, -5.1}, {6.8, 7.2}};
    private static final double[] F0 = {-4.5, 6.5};
    private static final double[][] C = {{1.1, 2.5}, {-3.8, 4.6}};
    private static final double[][] DD = {{4.1, 5.6}, {-6.3, 7.7}};
    private static final double[] Y0 = {3.5, -7.6};

    private static double[] affine(double[][] m, double[] x, double[][] n, double[] u, double[] k) {
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            out[i] = k[i];
            for (int j = 0; j < x.length; j++) {
                out[i] += m[i][j] * x[j];
            }
            for (int j = 0; j < u.length; j++) {
                out[i] += n[i][j] * u[j];
            }
        }
        return out;
    }

    private static AffineSystem<Double> dut() {
        return new AffineSystem<>(D, "test_affine_system", A, B, F0, C, DD, Y0, 0.0);
    }

    @Test
    void construction() {
        AffineSystem<Double> dut = dut();
        assertEquals("test_affine_system", dut.getName());
        assertArrayEquals(A, dut.getA());
        assertArrayEquals(B, dut.getB());
        assertArrayEquals(C, dut.getC());
        assertArrayEquals(DD, dut.getD());
        assertArrayEquals(F0, dut.getF0());
        assertArrayEquals(Y0, dut.getY0());
        assertEquals(1, dut.numInputPorts());
        assertEquals(1, dut.numOutputPorts());
    }

    @Test
    void derivativesAreAxPlusBuPlusF0() {
        AffineSystem<Double> dut = dut();
        Context<Double> context = dut.createDefaultContext();
        double[] u = {1, 4};
        double[] x = {0.1, 0.25};
        dut.getInputPort(0).fixValue(context, u);
        context.setContinuousStateValues(x);
        ContinuousState<Double> derivatives = dut.allocateTimeDerivatives();
        dut.calcTimeDerivatives(context, derivatives);
        assertArrayEquals(affine(A, x, B, u, F0), derivatives.toValueArray(), 1e-10);
        assertEquals(0, context.getNumDiscreteStateGroups());
    }

    @Test
    void outputIsCxPlusDuPlusY0() {
        AffineSystem<Double> dut = dut();
        Context<Double> context = dut.createDefaultContext();
        double[] u = {5.6, -10.1};
        double[] x = {0.8, -22.1};
        dut.getInputPort(0).fixValue(context, u);
        context.setContinuousStateValues(x);
        assertArrayEquals(affine(C, x, DD, u, Y0), dut.getOutputPort(0).eval(context).toValueArray(), 1e-10);
    }

    /**
     * Drake's UpdateCoefficients, as a new system: the copy has the new coefficients and computes with them,
     * the original keeps its own. Kept difference: a zero D (or C) may become non-zero, the copy declaring its
     * own feedthrough, where Drake refuses to change the output port's dependencies.
     */
    @Test
    void withCoefficientsGivesANewSystemAndLeavesThisOneUnchanged() {
        double[][] a = {{1, 2}, {3, 4}};
        double[][] b = {{5, 6}, {7, 8}};
        double[] f0 = {-1, -2};
        double[][] c = {{9, 10}, {11, 12}};
        double[][] d = {{13, 14}, {15, 16}};
        double[] y0 = {-3, -4};
        AffineSystem<Double> dut = dut();
        AffineSystem<Double> updated = dut.withCoefficients(a, b, f0, c, d, y0);
        assertArrayEquals(a, updated.getA());
        assertArrayEquals(b, updated.getB());
        assertArrayEquals(f0, updated.getF0());
        assertArrayEquals(c, updated.getC());
        assertArrayEquals(d, updated.getD());
        assertArrayEquals(y0, updated.getY0());
        assertEquals(dut.getName(), updated.getName());
        assertEquals(dut.getTimePeriod(), updated.getTimePeriod());
        assertArrayEquals(A, dut.getA());
        assertArrayEquals(DD, dut.getD());
        Context<Double> context = updated.createDefaultContext();
        double[] u = {1, 4};
        double[] x = {0.1, 0.25};
        updated.getInputPort(0).fixValue(context, u);
        context.setContinuousStateValues(x);
        ContinuousState<Double> derivatives = updated.allocateTimeDerivatives();
        updated.calcTimeDerivatives(context, derivatives);
        assertArrayEquals(new double[] {28.6, 38.3}, derivatives.toValueArray(), 1e-12);
        assertArrayEquals(new double[] {69.4, 79.1}, updated.getOutputPort(0).eval(context).toValueArray(), 1e-12);
        AffineSystem<Double> zeroD = new AffineSystem<>(D, "zero D", A, B, F0, C, new double[2][2], Y0, 0.0);
        assertFalse(zeroD.hasAnyDirectFeedthrough());
        assertTrue(zeroD.withCoefficients(a, b, f0, c, d, y0).hasAnyDirectFeedthrough());
        LinearSystem<Double> linear = new LinearSystem<>(D, "lin", A, B, C, DD);
        assertArrayEquals(f0, linear.withCoefficients(a, b, f0, c, d, y0).getF0());
    }

    /** Drake's UpdateCoefficientsButWrongSize: each coefficient must keep its size, named in the refusal. */
    @Test
    void withCoefficientsRefusesANewSizeNamingTheCoefficient() {
        AffineSystem<Double> dut = dut();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> dut.withCoefficients(new double[2][3], B, F0, C, DD, Y0));
        assertEquals("A must keep this system's size 2 x 2, got 2 x 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dut.withCoefficients(A, new double[3][2], F0, C, DD, Y0));
        assertEquals("B must keep this system's size 2 x 2, got 3 x 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dut.withCoefficients(A, B, new double[3], C, DD, Y0));
        assertEquals("f0 has length 3, expected 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dut.withCoefficients(A, B, F0, new double[3][3], DD, Y0));
        assertEquals("C must keep this system's size 2 x 2, got 3 x 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dut.withCoefficients(A, B, F0, C, new double[4][4], Y0));
        assertEquals("D must keep this system's size 2 x 2, got 4 x 4", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dut.withCoefficients(A, B, F0, C, DD, new double[4]));
        assertEquals("y0 has length 4, expected 2", e.getMessage());
        assertThrows(NullPointerException.class, () -> dut.withCoefficients(null, B, F0, C, DD, Y0));
    }

    @Test
    void feedthroughExactlyWhenDHasANonZeroEntry() {
        double[][] a = {{1.5, 2.7}, {3.5, -4.9}};
        double[][] b = {{4.9, -5.1}, {6.8, 7.2}};
        double[][] c = {{1.1, 2.5}, {-3.8, 4.6}};
        assertFalse(new AffineSystem<>(D, "zero D", a, b, new double[2], c, new double[2][2], new double[2], 0.0)
                .hasAnyDirectFeedthrough());
        assertTrue(new AffineSystem<>(D, "tiny D", a, b, new double[2], c, new double[][] {{1e-12, 0}, {0, 0}},
                new double[2], 0.0).hasAnyDirectFeedthrough());
    }

    @Test
    void discreteTimeUpdateIsAxPlusBuPlusF0() {
        double[][] a = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
        double[][] b = {{10}, {11}, {12}};
        double[] f0 = {13, 14, 15};
        double[][] c = {{16, 17, 18}, {19, 20, 21}};
        double[][] d = {{22}, {23}};
        double[] y0 = {24, 25};
        AffineSystem<Double> system = new AffineSystem<>(D, "discrete", a, b, f0, c, d, y0, 1.0);
        Context<Double> context = system.createDefaultContext();
        assertEquals(0, context.getNumContinuousStates());
        assertEquals(1, context.getNumDiscreteStateGroups());
        assertArrayEquals(new double[3], context.getDiscreteState(0).toValueArray());
        double[] x0 = {26, 27, 28};
        context.getMutableDiscreteState(0).setValuesFrom(x0, 0);
        system.getInputPort(0).fixValue(context, 29.0);
        DiscreteValues<Double> update = context.cloneContext().getDiscreteValues();
        system.calcDiscreteVariableUpdate(context, system.getEvents(Event.Trigger.PERIODIC), update);
        assertArrayEquals(affine(a, x0, b, new double[] {29}, f0), update.get(0).toValueArray());
        assertArrayEquals(affine(c, x0, d, new double[] {29}, y0), system.getOutputPort(0).eval(context).toValueArray());
    }

    @Test
    void withoutStateTheContextIsStatelessInContinuousAndDiscreteTime() {
        double[][] a = new double[0][0];
        double[][] b = new double[0][2];
        double[] f0 = new double[0];
        double[][] c = {{}, {}};
        double[][] d = {{1, 0}, {0, 1}};
        double[] y0 = {1, 1};
        AffineSystem<Double> continuous = new AffineSystem<>(D, "ct", a, b, f0, c, d, y0, 0.0);
        Context<Double> context = continuous.createDefaultContext();
        assertTrue(context.isStateless());
        continuous.getInputPort(0).fixValue(context, 1.0, 1.0);
        assertArrayEquals(new double[] {2, 2}, continuous.getOutputPort(0).eval(context).toValueArray());

        AffineSystem<Double> discrete = new AffineSystem<>(D, "dt", a, b, f0, c, d, y0, 1.0);
        context = discrete.createDefaultContext();
        assertTrue(context.isStateless());
        assertTrue(discrete.getEvents(Event.Trigger.PERIODIC).isEmpty());
        discrete.getInputPort(0).fixValue(context, 2.0, 2.0);
        assertArrayEquals(new double[] {3, 3}, discrete.getOutputPort(0).eval(context).toValueArray());
    }

    // Drake's AffineSystemSymbolicTest and LinearSystemSymbolicTest: systems from expressions.
    private static final double[][] SA = {{1, 0, 3}, {-4, 5, 0}, {7, 0, 9}};
    private static final double[][] SB = {{10, -7}, {12, 0}, {0, 15}};
    private static final double[][] SC = {{1, 2, 0}, {-4, 0, -7}};
    private static final double[][] SD = {{-3, 9}, {0, 13}};
    private static final double[] SF0 = {3, -7, 2};
    private static final double[] SY0 = {6, -7};
    private static final List<Variable> X = List.of(new Variable("x0"), new Variable("x1"), new Variable("x2"));
    private static final List<Variable> U = List.of(new Variable("u0"), new Variable("u1"));

    /** The rows of {@code m x + n u + k} as expressions. */
    private static List<Expression> affineExpressions(double[][] m, double[][] n, double[] k) {
        List<Expression> out = new ArrayList<>();
        for (int i = 0; i < m.length; i++) {
            Expression e = Expression.constant(k[i]);
            for (int j = 0; j < X.size(); j++) {
                e = e.plus(X.get(j).toExpression().times(m[i][j]));
            }
            for (int j = 0; j < U.size(); j++) {
                e = e.plus(U.get(j).toExpression().times(n[i][j]));
            }
            out.add(e);
        }
        return out;
    }

    @Test
    void affineSystemFromExpressions() {
        AffineSystem<Double> dut = AffineSystem.fromExpressions(D, "dut", affineExpressions(SA, SB, SF0),
                affineExpressions(SC, SD, SY0), X, U, 10.0);
        assertArrayEquals(SA, dut.getA());
        assertArrayEquals(SB, dut.getB());
        assertArrayEquals(SC, dut.getC());
        assertArrayEquals(SD, dut.getD());
        assertArrayEquals(SF0, dut.getF0());
        assertArrayEquals(SY0, dut.getY0());
        assertEquals(10.0, dut.getTimePeriod());
    }

    @Test
    void quadraticBilinearAndNonlinearTermsAreRefused() {
        Expression x0 = X.get(0).toExpression();
        Expression x1 = X.get(1).toExpression();
        Expression x2 = X.get(2).toExpression();
        Expression u0 = U.get(0).toExpression();
        Expression u1 = U.get(1).toExpression();
        List<List<Expression>> extras = List.of(List.of(x0.times(x0), x1.times(x1), x2.times(x2)),
                List.of(x0.times(u0), x1.times(u1), x2.times(u0)),
                List.of(Expression.sin(x0), Expression.cos(x1), Expression.log(u0)));
        for (List<Expression> extra : extras) {
            List<Expression> f = new ArrayList<>(affineExpressions(SA, SB, SF0));
            for (int i = 0; i < 3; i++) {
                f.set(i, f.get(i).plus(extra.get(i)));
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> AffineSystem.fromExpressions(D, "dut", f, affineExpressions(SC, SD, SY0), X, U, 10.0));
            assertTrue(e.getMessage().startsWith("dynamics[0] = ") && e.getMessage().contains("is not affine in"),
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> LinearSystem.fromExpressions(D, "dut", f,
                    affineExpressions(SC, SD, new double[2]), X, U, 10.0));
        }
    }

    @Test
    void linearSystemFromExpressionsAndItsConstantTerms() {
        LinearSystem<Double> dut = LinearSystem.fromExpressions(D, "dut", affineExpressions(SA, SB, new double[3]),
                affineExpressions(SC, SD, new double[2]), X, U, 10.0);
        assertArrayEquals(SA, dut.getA());
        assertArrayEquals(SB, dut.getB());
        assertArrayEquals(SC, dut.getC());
        assertArrayEquals(SD, dut.getD());
        assertEquals(10.0, dut.getTimePeriod());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LinearSystem.fromExpressions(D, "dut", affineExpressions(SA, SB, new double[] {-1, 1, Math.PI}),
                        affineExpressions(SC, SD, new double[2]), X, U, 10.0));
        assertTrue(e.getMessage().startsWith("dynamics[0] = ") && e.getMessage().endsWith(
                "is not linear: its constant term is -1.0"), e.getMessage());
        Variable stranger = new Variable("w");
        e = assertThrows(IllegalArgumentException.class, () -> AffineSystem.fromExpressions(D, "dut",
                List.of(stranger.toExpression(), X.get(0).toExpression(), X.get(1).toExpression()), List.of(), X, U,
                0.0));
        assertTrue(e.getMessage().endsWith("has the variable w, which is neither a state nor an input variable"),
                e.getMessage());
    }
}
