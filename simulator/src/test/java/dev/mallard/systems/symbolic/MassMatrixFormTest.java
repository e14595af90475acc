package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Dynamics in mass-matrix form {@code M(x) xdot = f(x)}: the acrobot written as its mass matrix and the right-hand
 * side (no solve by the user) agrees with the explicit {@link Acrobot} example with double, AutoDiff (values and
 * gradients) and Expression numbers, and in simulation; a singular M is refused naming the time and the state; the
 * implicit residual is {@code M xdot - f}.
 */
class MassMatrixFormTest {

    /** Drake's acrobot parameters in the order of {@link Acrobot#PARAMETERS}, as formulas' names. */
    private static final String DEFINITIONS = "I1 = Ic1 + m1*lc1^2; I2 = Ic2 + m2*lc2^2; k = m2*l1*lc2";
    private static final String MASS_MATRIX = "I1 + I2 + m2*l1^2 + 2*k*cos(q2), I2 + k*cos(q2); I2 + k*cos(q2), I2";
    private static final String RHS = "v1; v2;"
            + " 2*k*sin(q2)*v2*v1 + k*sin(q2)*v2^2 - g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2))) - b1*v1;"
            + " u - k*sin(q2)*v1^2 - g*m2*lc2*sin(q1 + q2) - b2*v2";

    /** The acrobot as M(q) vdot = [0, u] - bias, with qdot = v. */
    static SymbolicVectorSystem<Double> acrobot() {
        SymbolicVectorSystem.Builder b = SymbolicVectorSystem.builder().name("acrobot (mass matrix)")
                .state(new Variable("q1"), new Variable("q2"), new Variable("v1"), new Variable("v2"))
                .input(new Variable("u")).definitions(DEFINITIONS).massMatrix(MASS_MATRIX).dynamics(RHS);
        for (int k = 0; k < Acrobot.PARAMETERS.size(); k++) {
            b.parameter(new Variable(Acrobot.PARAMETERS.get(k)), Acrobot.DRAKE_PARAMETERS[k]);
        }
        return b.build(Scalar.DOUBLE);
    }

    private static <T> ContinuousState<T> derivatives(DynamicalSystem<T> system, T[] x, double u) {
        Context<T> c = system.createDefaultContext();
        c.setContinuousState(ScalarVector.of(system.scalar(), x));
        c.fixInputPort(0, ScalarVector.ofValues(system.scalar(), u));
        ContinuousState<T> d = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(c, d);
        return d;
    }

    private static Double[] boxed(double[] x) {
        Double[] out = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i];
        }
        return out;
    }

    /** x seeded with the 4 state directions. */
    private static AutoDiff[] seeded(double[] x) {
        AutoDiff[] out = new AutoDiff[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = AutoDiff.variable(x[i], x.length, i);
        }
        return out;
    }

    @Test
    void acrobotInMassMatrixFormAgreesWithTheExplicitExampleInDoubleAndAutoDiff() {
        SymbolicVectorSystem<Double> implicit = acrobot();
        Acrobot<Double> explicit = new Acrobot<>(Scalar.DOUBLE);
        DynamicalSystem<AutoDiff> implicitAd = implicit.toScalar(AutoDiff.SCALAR);
        DynamicalSystem<AutoDiff> explicitAd = explicit.toScalar(AutoDiff.SCALAR);
        Random r = new Random(32);
        for (int trial = 0; trial < 50; trial++) {
            double[] x = r.doubles(4, -3, 3).toArray();
            double u = r.nextDouble() * 4 - 2;
            ContinuousState<Double> expected = derivatives(explicit, boxed(x), u);
            ContinuousState<Double> got = derivatives(implicit, boxed(x), u);
            ContinuousState<AutoDiff> expectedAd = derivatives(explicitAd, seeded(x), u);
            ContinuousState<AutoDiff> gotAd = derivatives(implicitAd, seeded(x), u);
            for (int i = 0; i < 4; i++) {
                double e = expected.getValue(i);
                assertEquals(e, got.getValue(i), 1e-12 * (1 + Math.abs(e)), "double, entry " + i);
                assertEquals(e, gotAd.getValue(i), 1e-12 * (1 + Math.abs(e)), "AutoDiff value, entry " + i);
                for (int j = 0; j < 4; j++) {
                    double de = expectedAd.get(i).derivative(j);
                    assertEquals(de, gotAd.get(i).derivative(j), 1e-11 * (1 + Math.abs(de)),
                            "AutoDiff d xdot" + i + "/d x" + j);
                }
            }
        }
    }

    @Test
    void theSymbolicFormIsTheSolvedDynamicsAndTheResidualVanishesOnThem() {
        SymbolicVectorSystem<Double> implicit = acrobot();
        SymbolicVectorSystem<Expression> symbolic = (SymbolicVectorSystem<Expression>) implicit
                .toScalar(Expression.SCALAR);
        Expression[] x = new Expression[4];
        for (int i = 0; i < 4; i++) {
            x[i] = implicit.getStateVariables().get(i).toExpression();
        }
        ContinuousState<Expression> f = derivatives(symbolic, x, 0.7);
        double[] point = {0.3, -0.4, 0.5, -0.6};
        Environment at = new Environment();
        for (int i = 0; i < 4; i++) {
            at.put(implicit.getStateVariables().get(i), point[i]);
        }
        // docs/models/acrobot.py prints these derivatives at this state with u = 0.7 (ModelExamplesTest).
        double[] expected = {0.5, -0.6, -9.256336150390657, 17.04759222436525};
        Context<Double> c = implicit.createDefaultContext();
        c.setContinuousStateValues(point);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.7));
        ScalarVector<Double> residual = Scalar.DOUBLE.newVector(4);
        implicit.calcImplicitTimeDerivativesResidual(c, ScalarVector.ofValues(Scalar.DOUBLE, expected), residual);
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], f.get(i).evaluate(at), 1e-12 * (1 + Math.abs(expected[i])), "Expression " + i);
            assertEquals(0.0, residual.getValue(i), 1e-12, "residual " + i);
        }
        // Off the solution the residual is M (xdot - xdot*): with xdot* + e3, the third column of the full M.
        double[] moved = expected.clone();
        moved[2] += 1;
        implicit.calcImplicitTimeDerivativesResidual(c, ScalarVector.ofValues(Scalar.DOUBLE, moved), residual);
        double i2 = 0.33 + 1.0, k = 1.0;
        double m11 = (0.083 + 0.25) + i2 + 1 + 2 * k * Math.cos(-0.4);
        double m12 = i2 + k * Math.cos(-0.4);
        assertEquals(0.0, residual.getValue(1), 1e-12);
        assertEquals(m11, residual.getValue(2), 1e-12);
        assertEquals(m12, residual.getValue(3), 1e-12);
    }

    @Test
    void simulationAgreesWithTheExplicitExample() {
        double[] start = {1.0, -0.5, 0.2, 0.0};
        double[][] end = new double[2][];
        List<DynamicalSystem<Double>> forms = List.of(acrobot(), new Acrobot<>(Scalar.DOUBLE));
        for (int k = 0; k < 2; k++) {
            Simulator<Double> sim = new Simulator<>(forms.get(k));
            sim.getMutableContext().setContinuousStateValues(start);
            sim.getMutableContext().fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
            sim.getMutableIntegrator().setTargetAccuracy(1e-10);
            sim.advanceTo(3.0);
            end[k] = sim.getContext().getContinuousState().toValueArray();
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(end[1][i], end[0][i], 1e-8, "state " + i + " at t = 3");
        }
    }

    @Test
    void aSingularMassMatrixIsRefusedNamingTheTimeAndTheState() {
        // (1 - q^2) vdot = -q: the mass matrix vanishes at q = 1.
        SymbolicVectorSystem<Double> s = SymbolicVectorSystem.builder().name("degenerate")
                .state(new Variable("q"), new Variable("v")).massMatrix("1 - q^2").dynamics("v; -q")
                .build(Scalar.DOUBLE);
        for (DynamicalSystem<?> system : List.of(s, s.toScalar(AutoDiff.SCALAR))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> evaluateAt(system, 1.0));
            assertTrue(e.getMessage().contains("singular at t = 0.0, q = 1.0, v = 0.0"), e.getMessage());
        }
    }

    private static <T> void evaluateAt(DynamicalSystem<T> system, double q) {
        Context<T> c = system.createDefaultContext();
        c.setContinuousStateValues(q, 0.0);
        system.calcTimeDerivatives(c, system.allocateTimeDerivatives());
    }

    @Test
    void theBuilderRefusesAMatrixThatIsNotSquareOrLargerThanTheState() {
        SymbolicVectorSystem.Builder notSquare = SymbolicVectorSystem.builder().state(new Variable("q"),
                new Variable("v")).massMatrix("1, 0; 0").dynamics("v; -q");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> notSquare.build(Scalar.DOUBLE));
        assertTrue(e.getMessage().contains("row 2 has 1 entries"), e.getMessage());
        SymbolicVectorSystem.Builder tooLarge = SymbolicVectorSystem.builder().state(new Variable("q"))
                .massMatrix("1, 0; 0, 1").dynamics("-q");
        e = assertThrows(IllegalArgumentException.class, () -> tooLarge.build(Scalar.DOUBLE));
        assertTrue(e.getMessage().contains("has 2 rows; it must have 1 to 1"), e.getMessage());
    }

    @Test
    void aModelFilesMassMatrixMustBeSquareAndIsRefusedWithItsLine() {
        String good = "states: [q, v]\nmass_matrix: [[2 + q^2]]\ndynamics: {q: v, v: -q}\n";
        SymbolicVectorSystem<Double> s = ModelFile.parse(good, "good.yaml").toSystem(Scalar.DOUBLE);
        Context<Double> c = s.createDefaultContext();
        c.setContinuousStateValues(1.0, 0.0);
        ContinuousState<Double> d = s.allocateTimeDerivatives();
        s.calcTimeDerivatives(c, d);
        assertEquals(-1.0 / 3.0, d.getValue(1), 1e-15);
        String bad = "states: [q, v]\nmass_matrix:\n  - [1, 0]\n  - [0]\ndynamics: {q: v, v: -q}\n";
        ModelFileException e = assertThrows(ModelFileException.class, () -> ModelFile.parse(bad, "bad.yaml"));
        assertTrue(e.getMessage().contains("bad.yaml:4:") && e.getMessage().contains("row 2 has 1 entries"),
                e.getMessage());
    }

    @Test
    void aParameterChangeBetweenEvaluationsAndAnotherContextAreSeen() {
        // m vdot = -q: vdot = -q/m, parameters gathered only when they change.
        SymbolicVectorSystem<Double> s = SymbolicVectorSystem.builder().state(new Variable("q"), new Variable("v"))
                .parameter(new Variable("m"), 2.0).massMatrix("m").dynamics("v; -q").build(Scalar.DOUBLE);
        Context<Double> a = s.createDefaultContext();
        Context<Double> b = s.createDefaultContext();
        a.setContinuousStateValues(1.0, 0.0);
        b.setContinuousStateValues(1.0, 0.0);
        b.getMutableNumericParameter(0).setValue(0, 4.0);
        ContinuousState<Double> d = s.allocateTimeDerivatives();
        double[] expected = {-0.5, -0.25, -0.5};
        for (int k = 0; k < 3; k++) {
            s.calcTimeDerivatives(k == 1 ? b : a, d);
            assertEquals(expected[k], d.getValue(1), 0.0, "evaluation " + k);
        }
        a.getMutableNumericParameter(0).setValue(0, 8.0);
        s.calcTimeDerivatives(a, d);
        assertEquals(-0.125, d.getValue(1), 0.0);
    }
}
