package dev.mallard.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.SymbolicStepping;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.CompiledSystems;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One system (a forced Duffing oscillator written once against Scalar), every number type: double, AutoDiff,
 * the compiled double and AutoDiff systems, the same equations as a SymbolicVectorSystem, and Expression.
 */
class ThreeScalarsTest {

    private static final double[] SAMPLE_TIMES = {0.5, 1.0, 2.0, 3.5, 5.0};

    /** The continuous state at each sample time, as values. */
    private static <T> List<double[]> trajectory(DynamicalSystem<T> system, boolean seedGradients) {
        Simulator<T> sim = new Simulator<>(system);
        Context<T> c = sim.getMutableContext();
        c.fixInputPort(0, ScalarVector.ofValues(system.scalar(), 0.1));
        if (seedGradients) {
            @SuppressWarnings("unchecked")
            Context<AutoDiff> ad = (Context<AutoDiff>) c;
            ad.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 2, 0));
            ad.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 2, 1));
        }
        sim.getMutableIntegrator().setTargetAccuracy(1e-7);
        List<double[]> out = new ArrayList<>();
        for (double t : SAMPLE_TIMES) {
            sim.advanceTo(t);
            out.add(sim.getContext().getContinuousState().toValueArray());
        }
        return out;
    }

    private static void assertSameTrajectory(List<double[]> expected, List<double[]> actual, String what) {
        for (int k = 0; k < expected.size(); k++) {
            for (int i = 0; i < expected.get(k).length; i++) {
                double e = expected.get(k)[i];
                assertEquals(e, actual.get(k)[i], 1e-12 * Math.max(1, Math.abs(e)),
                        what + " at t = " + SAMPLE_TIMES[k] + ", state " + i);
            }
        }
    }

    private static SymbolicVectorSystem<Double> symbolicDuffing() {
        Variable q = new Variable("q");
        Variable v = new Variable("v");
        Variable u = new Variable("u");
        Variable t = new Variable("t");
        String[] names = {"delta", "alpha", "beta", "gamma", "omega"};
        Map<String, Variable> vars = new java.util.HashMap<>(Map.of("q", q, "v", v, "u", u, "t", t));
        SymbolicVectorSystem.Builder b = SymbolicVectorSystem.builder().name("duffing").time(t).state(q, v).input(u);
        for (int i = 0; i < names.length; i++) {
            Variable p = new Variable(names[i]);
            vars.put(names[i], p);
            b.parameter(p, ForcedDuffing.PARAMETERS[i]);
        }
        return b.dynamics(Formula.parse("v", vars),
                        Formula.parse("-(delta*v + (alpha*q + beta*q^3)) + (gamma*cos(omega*t) + u)", vars))
                .initialState(1.0, 0.0).build(Scalar.DOUBLE);
    }

    @Test
    void doubleAutoDiffValuesAndCompiledSystemsFollowTheSameTrajectory() {
        ForcedDuffing<Double> duffing = new ForcedDuffing<>(Scalar.DOUBLE);
        List<double[]> reference = trajectory(duffing, false);
        assertSameTrajectory(reference, trajectory(duffing.toScalar(AutoDiff.SCALAR), true), "AutoDiff");
        CompiledSystems.Compilation<Double> compiled = CompiledSystems.compile(duffing);
        assertTrue(compiled.compiled(), compiled.reason());
        assertSameTrajectory(reference, trajectory(compiled.system(), false), "compiled double");
        assertSameTrajectory(reference, trajectory(compiled.system().toScalar(AutoDiff.SCALAR), true),
                "compiled AutoDiff");
    }

    @Test
    void theSameEquationsAsASymbolicVectorSystemRunAlikeWithEveryScalar() {
        List<double[]> reference = trajectory(new ForcedDuffing<>(Scalar.DOUBLE), false);
        SymbolicVectorSystem<Double> svs = symbolicDuffing();
        assertSameTrajectory(reference, trajectory(svs, false), "symbolic vector system, double");
        assertSameTrajectory(reference, trajectory(svs.toScalar(AutoDiff.SCALAR), true),
                "symbolic vector system, AutoDiff");
    }

    @Test
    void autoDiffGradientsOfTheCompiledSystemEqualThoseOfTheOriginal() {
        ForcedDuffing<Double> duffing = new ForcedDuffing<>(Scalar.DOUBLE);
        List<DynamicalSystem<AutoDiff>> systems = List.of(duffing.toScalar(AutoDiff.SCALAR),
                CompiledSystems.compile(duffing).system().toScalar(AutoDiff.SCALAR),
                symbolicDuffing().toScalar(AutoDiff.SCALAR));
        double[][] grads = new double[systems.size()][];
        for (int k = 0; k < systems.size(); k++) {
            Simulator<AutoDiff> sim = new Simulator<>(systems.get(k));
            Context<AutoDiff> c = sim.getMutableContext();
            c.fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.1));
            c.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 2, 0));
            c.getMutableNumericParameter(0).set(3, AutoDiff.variable(0.5, 2, 1));
            sim.getMutableIntegrator().setTargetAccuracy(1e-7);
            sim.advanceTo(3.0);
            AutoDiff q = sim.getContext().getContinuousState().get(0);
            grads[k] = new double[] {q.derivative(0), q.derivative(1)};
        }
        for (int k = 1; k < systems.size(); k++) {
            for (int j = 0; j < 2; j++) {
                assertEquals(grads[0][j], grads[k][j], 1e-12 * Math.max(1, Math.abs(grads[0][j])), "system " + k);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"explicit_euler", "semi_explicit_euler", "runge_kutta2", "runge_kutta3", "runge_kutta5"})
    void theSymbolicOneStepMapEvaluatedAtNumbersEqualsTheDoubleStep(String scheme) {
        ForcedDuffing<Double> duffing = new ForcedDuffing<>(Scalar.DOUBLE);
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(duffing);
        double t0 = 1.7;
        double h = 0.02;
        List<Expression> map = SymbolicStepping.oneStepMap(inspector, scheme, t0, h);
        Context<Double> c = duffing.createDefaultContext();
        c.setTime(t0);
        c.setContinuousStateValues(-0.6, 1.3);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, -0.2));
        Environment env = inspector.environmentAt(c);
        IntegratorBase<Double> step = IntegrationSchemes.create(scheme, duffing, h, c);
        step.setFixedStepMode(true);
        step.initialize();
        step.integrateWithSingleFixedStepToTime(t0 + h);
        for (int i = 0; i < 2; i++) {
            double expected = c.getContinuousState().getValue(i);
            assertEquals(expected, map.get(i).evaluate(env), 1e-12 * Math.max(1, Math.abs(expected)), scheme);
        }
    }

    @Test
    void symbolicJacobiansAutoDiffLinearisationAndOutputsAgree() {
        ForcedDuffing<Double> duffing = new ForcedDuffing<>(Scalar.DOUBLE);
        Context<Double> c = duffing.createDefaultContext();
        c.setTime(0.4);
        c.setContinuousStateValues(0.9, -0.3);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.1));
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(duffing);
        Environment env = inspector.environmentAt(c);
        AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(duffing, c);
        Expression[][] a = inspector.getA();
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                assertEquals(a[i][j].evaluate(env), taylor.getA()[i][j], 1e-14);
            }
        }
        assertEquals(-(-1.0) - 3 * 0.81, taylor.getA()[1][0], 1e-14);
        assertEquals(duffing.getOutputPort(0).eval(c).getValue(0), inspector.getOutput(0).get(0).evaluate(env), 1e-15);
        assertTrue(inspector.hasAffineDynamics());
        assertTrue(!inspector.isTimeInvariant() && !inspector.isPolynomial());
    }
}
