package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Boxed;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SymbolicVectorSystemTest {

    private final Variable x = new Variable("x");
    private final Variable v = new Variable("v");
    private final Variable mu = new Variable("mu");
    private final Variable u = new Variable("u");
    private final Variable t = new Variable("t");
    private final Map<String, Variable> names = Map.of("x", x, "v", v, "mu", mu, "u", u, "t", t);

    private Expression parse(String text) {
        return Formula.parse(text, names);
    }

    /** Van der Pol with a forcing input and a time-varying term: xdot = v, vdot = mu (1 - x^2) v - x + u + sin t. */
    private SymbolicVectorSystem<Double> forcedVanDerPol() {
        return SymbolicVectorSystem.builder().name("vdp").time(t).state(x, v).input(u).parameter(mu, 1.5)
                .dynamics(parse("v"), parse("mu*(1 - x^2)*v - x + u + sin(t)"))
                .output(parse("x*v"), parse("2*u"))
                .initialState(2, 0).build(Scalar.DOUBLE);
    }

    @Test
    void doubleDerivativesAndOutputsEqualTheFormulas() {
        SymbolicVectorSystem<Double> sys = forcedVanDerPol();
        Context<Double> c = sys.createDefaultContext();
        c.setTime(0.7);
        c.setContinuousStateValues(0.3, -1.2);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.25));
        ContinuousState<Double> d = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(c, d);
        assertEquals(-1.2, d.getValue(0), 0.0);
        assertEquals(1.5 * (1 - 0.09) * -1.2 - 0.3 + 0.25 + Math.sin(0.7), d.getValue(1), 1e-15);
        assertArrayEquals(new double[] {0.3 * -1.2, 0.5}, sys.getOutputPort(0).eval(c).toValueArray(), 1e-15);
        assertArrayEquals(new double[] {2, 0}, sys.createDefaultContext().getContinuousState().toValueArray(), 0.0);
    }

    @Test
    void parametersLiveInNumericParameterGroupZero() {
        SymbolicVectorSystem<Double> sys = forcedVanDerPol();
        Context<Double> c = sys.createDefaultContext();
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        c.setContinuousStateValues(0.5, 1.0);
        c.getMutableNumericParameter(0).setValue(0, 4.0);
        ContinuousState<Double> d = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(c, d);
        assertEquals(4.0 * (1 - 0.25) * 1.0 - 0.5, d.getValue(1), 1e-15);
        assertEquals(List.of(mu), sys.getParameterVariables());
    }

    @Test
    void autoDiffDerivativesFollowTheChainRuleThroughCompiledJacobians() {
        DynamicalSystem<AutoDiff> sys = forcedVanDerPol().toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = sys.createDefaultContext();
        // Independent variables: (x, v, mu); x and v are themselves 2 a and a + b of (a, b, mu)-seeded values.
        AutoDiff a = AutoDiff.variable(0.15, 3, 0);
        AutoDiff b = AutoDiff.variable(-1.35, 3, 1);
        c.getMutableContinuousState().set(0, a.mul(2.0));
        c.getMutableContinuousState().set(1, a.add(b));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(1.5, 3, 2));
        c.fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.25));
        ContinuousState<AutoDiff> d = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(c, d);
        double xv = 0.3;
        double vv = -1.2;
        double dfdx = 1.5 * (-2 * xv) * vv - 1;
        double dfdv = 1.5 * (1 - xv * xv);
        AutoDiff f = d.get(1);
        assertEquals(1.5 * (1 - 0.09) * -1.2 - 0.3 + 0.25, f.value(), 1e-15);
        assertEquals(2 * dfdx + dfdv, f.derivative(0), 1e-14);
        assertEquals(dfdv, f.derivative(1), 1e-14);
        assertEquals((1 - xv * xv) * vv, f.derivative(2), 1e-14);
    }

    @Test
    void expressionConversionGivesBackTheDefiningEquations() {
        SymbolicVectorSystem<Double> sys = forcedVanDerPol();
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(sys);
        assertEquals(List.of(x, v), inspector.getContinuousStateVariables());
        assertEquals(List.of(u), inspector.getInputVariables());
        assertEquals(List.of(mu), inspector.getParameterVariables());
        assertEquals(t, inspector.getTimeVariable());
        assertEquals(sys.getDynamics(), inspector.getTimeDerivatives());
        assertEquals(sys.getOutputs(), inspector.getOutputs());
    }

    @Test
    void anUnknownNumberTypeEvaluatesTheGraphWithItsOwnArithmetic() {
        DynamicalSystem<Boxed> sys = forcedVanDerPol().toScalar(Boxed.SCALAR);
        Context<Boxed> c = sys.createDefaultContext();
        c.setTime(0.7);
        c.setContinuousStateValues(0.3, -1.2);
        c.fixInputPort(0, ScalarVector.ofValues(Boxed.SCALAR, 0.25));
        ContinuousState<Boxed> d = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(c, d);
        assertEquals(1.5 * (1 - 0.09) * -1.2 - 0.3 + 0.25 + Math.sin(0.7), d.getValue(1), 1e-15);
    }

    @Test
    void outputFeedthroughIsDeclaredOnlyWhenAnOutputUsesAnInput() {
        assertTrue(forcedVanDerPol().hasDirectFeedthrough(0, 0));
        SymbolicVectorSystem<Double> noFeedthrough = SymbolicVectorSystem.builder().state(x).input(u)
                .dynamics(parse("u - x")).output(parse("3*x")).build(Scalar.DOUBLE);
        assertFalse(noFeedthrough.hasDirectFeedthrough(0, 0));
    }

    @Test
    void discreteDynamicsUpdateOncePerPeriodFromTimeZero() {
        // x[n+1] = x[n] / 2 + 1 from x[0] = 0, period 0.25: x[n] = 2 (1 - 2^-n).
        SymbolicVectorSystem<Double> sys = SymbolicVectorSystem.builder().state(x)
                .discreteDynamics(0.25, List.of(parse("x/2 + 1"))).build(Scalar.DOUBLE);
        Simulator<Double> sim = new Simulator<>(sys);
        sim.advanceTo(1.1);
        // Updates at 0, 0.25, 0.5, 0.75, 1.0: five of them.
        assertEquals(2 * (1 - Math.pow(2, -5)), sim.getContext().getDiscreteState(0).getValue(0), 1e-15);
        assertTrue(sys.isDiscrete());
        assertEquals(0.25, sys.getPeriod().getAsDouble(), 0.0);
    }

    @Test
    void aGuardAndResetMakeABouncingBallThatBouncesAtTheFreeFallTime() {
        Variable z = new Variable("z");
        Variable e = new Variable("e");
        SymbolicVectorSystem<Double> ball = SymbolicVectorSystem.builder().name("ball").state(z, v).parameter(e, 0.8)
                .dynamics(Expression.of(v), Expression.constant(-9.81))
                .guardAndReset(Expression.of(z), List.of(Expression.of(z), Expression.of(v).times(Expression.of(e)).negate()))
                .initialState(1.0, 0.0).build(Scalar.DOUBLE);
        Simulator<Double> sim = new Simulator<>(ball);
        sim.getMutableIntegrator().setTargetAccuracy(1e-10);
        double impact = Math.sqrt(2 / 9.81);
        sim.advanceTo(impact + 0.01);
        // After the bounce: v = 0.8 sqrt(2 g) - g (t - t1), z = 0.8 sqrt(2 g) (t - t1) - g/2 (t - t1)^2.
        double dt = 0.01;
        double v1 = 0.8 * Math.sqrt(2 * 9.81);
        assertEquals(v1 - 9.81 * dt, sim.getContext().getContinuousState().getValue(1), 1e-6);
        assertEquals(v1 * dt - 4.905 * dt * dt, sim.getContext().getContinuousState().getValue(0), 1e-6);
        assertEquals(1, sim.getNumUnrestrictedUpdates());
    }

    @Test
    void anExpressionUsingAnUndeclaredVariableIsRefusedNamingIt() {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () ->
                SymbolicVectorSystem.builder().name("bad").state(x, v).dynamics(parse("v"), parse("-x - mu*v"))
                        .build(Scalar.DOUBLE));
        assertTrue(ex.getMessage().contains("dynamics 1") && ex.getMessage().contains("mu"), ex.getMessage());
    }

    @Test
    void sizeMismatchesAndRepeatedVariablesAreRefused() {
        assertThrows(IllegalArgumentException.class, () ->
                SymbolicVectorSystem.builder().state(x, v).dynamics(parse("v")).build(Scalar.DOUBLE));
        assertThrows(IllegalArgumentException.class, () ->
                SymbolicVectorSystem.builder().state(x).parameter(x, 1).dynamics(parse("x")).build(Scalar.DOUBLE));
        assertThrows(IllegalArgumentException.class, () ->
                SymbolicVectorSystem.builder().state(x).dynamics(parse("x")).initialState(1, 2).build(Scalar.DOUBLE));
        assertThrows(IllegalArgumentException.class, () ->
                SymbolicVectorSystem.builder().state(x).discreteDynamics(1, List.of(parse("x")))
                        .guardAndReset(parse("x"), List.of(parse("0"))).build(Scalar.DOUBLE));
        assertThrows(IllegalArgumentException.class, () ->
                SymbolicVectorSystem.builder().state(x).parameter(mu, Double.NaN));
    }
}
