package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LinearizationTest {

    private final Variable q = new Variable("q");
    private final Variable v = new Variable("v");
    private final Variable u = new Variable("u");
    private final Map<String, Variable> names = Map.of("q", q, "v", v, "u", u);

    /** q' = v, v' = -9.81 sin q - 0.5 v + 2 u; y = (sin q, u). */
    private SymbolicVectorSystem<Double> pendulum() {
        return SymbolicVectorSystem.builder().name("pendulum").state(q, v).input(u)
                .dynamics(Formula.parse("v", names), Formula.parse("-9.81*sin(q) - 0.5*v + 2*u", names))
                .output(Formula.parse("sin(q)", names), Formula.parse("u", names)).build(Scalar.DOUBLE);
    }

    private static void assertMatrixEquals(double[][] expected, double[][] actual) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], actual[i], 1e-15, "row " + i);
        }
    }

    @Test
    void thePendulumAtTheBottomLinearisesToTheTextbookMatrices() {
        SymbolicVectorSystem<Double> p = pendulum();
        Context<Double> c = p.createDefaultContext();
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        AffineSystem<Double> lin = Linearization.linearize(p, c);
        assertMatrixEquals(new double[][] {{0, 1}, {-9.81, -0.5}}, lin.getA());
        assertMatrixEquals(new double[][] {{0}, {2}}, lin.getB());
        assertMatrixEquals(new double[][] {{1, 0}, {0, 0}}, lin.getC());
        assertMatrixEquals(new double[][] {{0}, {1}}, lin.getD());
        assertArrayEquals(new double[2], lin.getF0(), 0.0);
        assertEquals(0.0, lin.getTimePeriod(), 0.0);
    }

    @Test
    void aPointThatIsNotAnEquilibriumIsRefusedWithItsResidual() {
        SymbolicVectorSystem<Double> p = pendulum();
        Context<Double> c = p.createDefaultContext();
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.5));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Linearization.linearize(p, c));
        assertTrue(e.getMessage().contains("index 1 is 1.0"), e.getMessage());
        assertEquals(-9.81, Linearization.linearize(p, c, Double.POSITIVE_INFINITY).getA()[1][0], 1e-15);
    }

    @Test
    void anUnsetInputIsRefusedNamingThePort() {
        SymbolicVectorSystem<Double> p = pendulum();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Linearization.linearize(p, p.createDefaultContext()));
        assertTrue(e.getMessage().contains("'u'"), e.getMessage());
    }

    @Test
    void theTaylorApproximationMatchesValueAndSlopeAtThePoint() {
        SymbolicVectorSystem<Double> p = pendulum();
        Context<Double> c = p.createDefaultContext();
        c.setContinuousStateValues(1.0, 0.5);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.3));
        AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(p, c);
        Context<Double> tc = taylor.createDefaultContext();
        ContinuousState<Double> exact = p.allocateTimeDerivatives();
        ContinuousState<Double> approx = taylor.allocateTimeDerivatives();
        double h = 1e-3;
        for (double[] dx : new double[][] {{0, 0}, {h, 0}, {0, h}, {h, -h}}) {
            c.setContinuousStateValues(1.0 + dx[0], 0.5 + dx[1]);
            tc.setContinuousStateValues(1.0 + dx[0], 0.5 + dx[1]);
            tc.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.3));
            p.calcTimeDerivatives(c, exact);
            taylor.calcTimeDerivatives(tc, approx);
            // The remainder is (g/2) sin(1) dq^2 at most: second order.
            assertEquals(exact.getValue(1), approx.getValue(1), 9.81 * 0.5 * h * h * 1.01 + 1e-15);
            assertEquals(exact.getValue(0), approx.getValue(0), 1e-15);
            assertArrayEquals(p.getOutputPort(0).eval(c).toValueArray(),
                    taylor.getOutputPort(0).eval(tc).toValueArray(), 0.5 * h * h * 1.01 + 1e-15);
        }
    }

    @Test
    void aDifferenceEquationLinearisesInDiscreteTime() {
        Variable x = new Variable("x");
        SymbolicVectorSystem<Double> map = SymbolicVectorSystem.builder().state(x).input(u).initialState(2.0)
                .discreteDynamics(0.1, List.of(Formula.parse("x - 0.1*x^3 + u", Map.of("x", x, "u", u))))
                .build(Scalar.DOUBLE);
        Context<Double> c = map.createDefaultContext();
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.8));
        AffineSystem<Double> lin = Linearization.linearize(map, c);
        assertEquals(0.1, lin.getTimePeriod(), 0.0);
        assertEquals(1 - 0.3 * 4, lin.getA()[0][0], 1e-15);
        assertEquals(1.0, lin.getB()[0][0], 0.0);
    }

    @Test
    void theAffineSystemSimulatesItsOwnClosedForm() {
        // xdot = -2 x + 1 from 0: x(t) = (1 - exp(-2 t)) / 2, with any number type.
        AffineSystem<Double> s = new AffineSystem<>(Scalar.DOUBLE, "first order", new double[][] {{-2}},
                new double[][] {{0}}, new double[] {1}, new double[0][1], new double[0][1], new double[0], 0.0);
        assertEquals(1, s.numInputPorts());
        Simulator<Double> sim = new Simulator<>(s);
        sim.getMutableContext().fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        sim.getMutableIntegrator().setTargetAccuracy(1e-10);
        sim.advanceTo(1.0);
        assertEquals((1 - Math.exp(-2)) / 2, sim.getContext().getContinuousState().getValue(0), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> new AffineSystem<>(Scalar.DOUBLE, "bad",
                new double[][] {{1, 2}}, new double[1][0], new double[1], new double[0][1], new double[0][0],
                new double[0], 0.0));
    }
}
