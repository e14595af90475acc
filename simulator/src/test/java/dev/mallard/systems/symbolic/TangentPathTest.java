package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.TangentTimeDerivatives;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The explicit Runge-Kutta schemes integrate a compiled system's gradients on primitive arrays
 * ({@link TangentTimeDerivatives}). The reference is the same compiled system inside a one-system diagram, which
 * the integrators run through AutoDiff objects: values, gradients, steps and derivative evaluations must be
 * the same (gradients compared with {@code ==}, so a zero's sign may differ), for every explicit scheme, with
 * and without error control, with the final time, parameters and an input seeded.
 */
class TangentPathTest {

    private static final List<String> SCHEMES = List.of("explicit_euler", "runge_kutta2", "runge_kutta3",
            "bogacki_shampine3", "runge_kutta5");

    private static DynamicalSystem<Double> compiledPendulum() {
        CompiledSystems.Compilation<Double> c = CompiledSystems.compile(new TorquePendulum<>(Scalar.DOUBLE));
        assertTrue(c.compiled(), c.reason());
        return c.system();
    }

    /** The same system behind a diagram: the integrators' AutoDiff-object path. */
    private static <T> DynamicalSystem<T> inDiagram(DynamicalSystem<T> leaf) {
        DiagramBuilder<T> b = new DiagramBuilder<>(leaf.scalar());
        DynamicalSystem<T> s = b.addSystem(leaf);
        b.exportInput(s.getInputPort(0), "torque");
        b.exportOutput(s.getOutputPort(0), "position");
        b.exportOutput(s.getOutputPort(1), "torque");
        return b.build("wrapped");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyExplicitSchemeGivesTheAutoDiffPathsGradients(boolean fixedStep) {
        for (String scheme : SCHEMES) {
            if (!fixedStep && scheme.equals("explicit_euler") || !fixedStep && scheme.equals("runge_kutta2")) {
                continue;
            }
            GradientSimulation.Result[] results = {pendulumGradients(compiledPendulum(), scheme, fixedStep),
                pendulumGradients(inDiagram(compiledPendulum()), scheme, fixedStep)};
            assertEquals(2 + 3 + 1, results[0].stateJacobian()[0].length);
            assertArrayEquals(results[1].finalState(), results[0].finalState(), 0.0, scheme);
            for (int i = 0; i < 2; i++) {
                assertArrayEquals(results[1].stateJacobian()[i], results[0].stateJacobian()[i], 0.0,
                        scheme + " row " + i);
            }
            assertArrayEquals(results[1].outputs(), results[0].outputs(), 0.0, scheme);
        }
    }

    /**
     * GradientSimulation of the pendulum from (1, 0) under a torque of 0.3 to t = 3 s, with {@code scheme} at
     * 0.05 s steps, fixed or at accuracy 1e-7.
     */
    private static GradientSimulation.Result pendulumGradients(DynamicalSystem<Double> s, String scheme,
            boolean fixedStep) {
        Context<Double> c = s.createDefaultContext();
        c.setContinuousStateValues(1.0, 0.0);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.3));
        return GradientSimulation.run(s, c, 3.0, sim -> {
            sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 0.05, ctx));
            IntegratorBase<AutoDiff> in = sim.getMutableIntegrator();
            in.setFixedStepMode(fixedStep);
            if (!fixedStep) {
                in.setTargetAccuracy(1e-7);
            }
        });
    }

    @Test
    void stepsEvaluationsAndAnInputsGradientMatchTheAutoDiffPath() {
        for (String scheme : SCHEMES) {
            Simulator<AutoDiff> fast = seeded(compiledPendulum().toScalar(AutoDiff.SCALAR), scheme);
            Simulator<AutoDiff> reference = seeded(inDiagram(compiledPendulum()).toScalar(AutoDiff.SCALAR), scheme);
            assertEquals(reference.getIntegrator().getNumStepsTaken(), fast.getIntegrator().getNumStepsTaken(), scheme);
            assertEquals(reference.getIntegrator().getNumDerivativeEvaluations(),
                    fast.getIntegrator().getNumDerivativeEvaluations(), scheme);
            for (int i = 0; i < 2; i++) {
                AutoDiff a = reference.getContext().getContinuousState().get(i);
                AutoDiff b = fast.getContext().getContinuousState().get(i);
                assertEquals(a, b, scheme + " state " + i);
                // the input's column: the torque's weight times the sensitivity, nonzero
                assertTrue(b.derivative(2) != 0.0, scheme);
            }
        }
    }

    /** Pendulum from (1, 0) with the state, the torque input and the damping parameter seeded (3 variables). */
    private static Simulator<AutoDiff> seeded(DynamicalSystem<AutoDiff> system, String scheme) {
        Simulator<AutoDiff> sim = new Simulator<>(system);
        Context<AutoDiff> root = sim.getMutableContext();
        root.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 4, 0));
        root.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 4, 1));
        root.fixInputPort(0, ScalarVector.of(AutoDiff.SCALAR, AutoDiff.variable(0.3, 4, 2)));
        Context<AutoDiff> leaf = root.getLeafContexts().get(0);
        leaf.getMutableNumericParameter(0).set(1, AutoDiff.variable(0.5, 4, 3));
        sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 0.01, ctx));
        if (sim.getIntegrator().supportsErrorEstimation()) {
            sim.getMutableIntegrator().setTargetAccuracy(1e-8);
        } else {
            sim.getMutableIntegrator().setFixedStepMode(true);
        }
        sim.advanceTo(2.0);
        return sim;
    }

    @Test
    @SuppressWarnings("unchecked")
    void theRungeKutta5InterpolantMakesTheMiddleStagesOnRequest() {
        PiecewisePolynomial<AutoDiff>[] dense = new PiecewisePolynomial[2];
        int k = 0;
        for (DynamicalSystem<Double> s : List.of(compiledPendulum(), inDiagram(compiledPendulum()))) {
            Simulator<AutoDiff> sim = new Simulator<>(s.toScalar(AutoDiff.SCALAR));
            Context<AutoDiff> root = sim.getMutableContext();
            root.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 2, 0));
            root.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 2, 1));
            root.fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.3));
            sim.resetIntegrator(RungeKutta5Integrator::new);
            sim.getMutableIntegrator().setMaximumStepSize(0.1);
            sim.getMutableIntegrator().setTargetAccuracy(1e-6);
            sim.initialize();
            sim.getMutableIntegrator().startDenseIntegration();
            sim.advanceTo(1.5);
            dense[k++] = sim.getMutableIntegrator().stopDenseIntegration();
        }
        for (double t = 0.05; t < 1.5; t += 0.1) {
            for (int i = 0; i < 2; i++) {
                assertEquals(dense[1].value(t).get(i), dense[0].value(t).get(i), "t = " + t + ", state " + i);
            }
        }
    }

    @Test
    void theJacobianAgreesWithCentralDifferencesOfDoubleRuns() {
        DynamicalSystem<Double> s = compiledPendulum();
        Context<Double> c = s.createDefaultContext();
        c.setContinuousStateValues(1.0, 0.0);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.3));
        GradientSimulation.Result r = GradientSimulation.run(s, c, 2.0, sim -> {
            sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create("runge_kutta5", sys, 0.01, ctx));
            sim.getMutableIntegrator().setFixedStepMode(true);
        });
        // the damping parameter (flattened index 1) and the initial angle, by central differences
        double d = 1e-6;
        double[] plus = finalStateWith(s, 0.5 + d, 1.0);
        double[] minus = finalStateWith(s, 0.5 - d, 1.0);
        double[] up = finalStateWith(s, 0.5, 1.0 + d);
        double[] down = finalStateWith(s, 0.5, 1.0 - d);
        for (int i = 0; i < 2; i++) {
            assertEquals((plus[i] - minus[i]) / (2 * d), r.stateJacobian()[i][r.parameterColumn(1)], 1e-7);
            assertEquals((up[i] - down[i]) / (2 * d), r.stateJacobian()[i][0], 1e-7);
        }
    }

    @Test
    void theCompiledSystemsGradientsAreTheGivenSystemsToRounding() {
        // what GradientSimulation's Javadoc promises a user who passes the compiled system instead of the given one
        for (String scheme : SCHEMES) {
            GradientSimulation.Result[] results = {pendulumGradients(new TorquePendulum<>(Scalar.DOUBLE), scheme, true),
                pendulumGradients(compiledPendulum(), scheme, true)};
            assertEquals(results[0].columnNames(), results[1].columnNames(), scheme);
            for (int i = 0; i < 2; i++) {
                assertEquals(results[0].finalState()[i], results[1].finalState()[i], 1e-13, scheme);
                double[] given = results[0].stateJacobian()[i];
                double[] compiled = results[1].stateJacobian()[i];
                for (int j = 0; j < given.length; j++) {
                    assertEquals(given[j], compiled[j], 1e-12 * (1 + Math.abs(given[j])),
                            scheme + " d x" + i + " / d " + results[0].columnNames().get(j));
                }
            }
        }
    }

    private static double[] finalStateWith(DynamicalSystem<Double> s, double damping, double angle) {
        Simulator<Double> sim = new Simulator<>(s);
        Context<Double> c = sim.getMutableContext();
        c.setContinuousStateValues(angle, 0.0);
        c.getMutableNumericParameter(0).setValue(1, damping);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.3));
        sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create("runge_kutta5", sys, 0.01, ctx));
        sim.getMutableIntegrator().setFixedStepMode(true);
        sim.advanceTo(2.0);
        return sim.getContext().getContinuousState().toValueArray();
    }

    @Test
    void theTangentEvaluationEqualsTheAutoDiffEvaluationAndChecksItsArguments() {
        DynamicalSystem<AutoDiff> s = compiledPendulum().toScalar(AutoDiff.SCALAR);
        TangentTimeDerivatives<AutoDiff> t = assertInstanceOf(TangentTimeDerivatives.class, s);
        Context<AutoDiff> c = s.createDefaultContext();
        c.setTime(AutoDiff.variable(0.2, 3, 2));
        c.getMutableContinuousState().set(0, AutoDiff.variable(0.7, 3, 0));
        c.getMutableContinuousState().set(1, AutoDiff.variable(-0.4, 3, 1));
        c.fixInputPort(0, ScalarVector.of(AutoDiff.SCALAR, AutoDiff.variable(0.3, 3, 2)));
        ContinuousState<AutoDiff> xdot = s.allocateTimeDerivatives();
        s.calcTimeDerivatives(c, xdot);
        // (q, v, t) tangents: rows 0 and 1 the unit vectors of q and v, row 2 the time's (direction 2)
        double[] tangents = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        double[] values = new double[2];
        double[] out = new double[6];
        assertEquals(3, t.tangentWidth(c));
        t.calcTimeDerivativesTangents(c, 0.2, new double[] {0.7, -0.4}, tangents, 3, values, out);
        for (int i = 0; i < 2; i++) {
            assertEquals(xdot.get(i), AutoDiff.of(values[i], out, 3 * i, 3), "entry " + i);
        }
        IllegalArgumentException shortArray = assertThrows(IllegalArgumentException.class,
                () -> t.calcTimeDerivativesTangents(c, 0.2, new double[] {0.7, -0.4}, new double[8], 3, values, out));
        assertTrue(shortArray.getMessage().contains("tangents has 8 entries, needs 9"), shortArray.getMessage());
        IllegalArgumentException otherWidth = assertThrows(IllegalArgumentException.class,
                () -> t.calcTimeDerivativesTangents(c, 0.2, new double[] {0.7, -0.4}, new double[6], 2, values,
                        new double[4]));
        assertTrue(otherWidth.getMessage().contains("sizes 2 and 3"), otherWidth.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> t.tangentWidth(compiledPendulum().toScalar(AutoDiff.SCALAR).createDefaultContext()));
    }

    @Test
    void mismatchedGradientSizesAreRefusedNamingBoth() {
        DynamicalSystem<AutoDiff> s = compiledPendulum().toScalar(AutoDiff.SCALAR);
        Simulator<AutoDiff> sim = new Simulator<>(s);
        Context<AutoDiff> c = sim.getMutableContext();
        c.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 2, 0));
        c.getMutableNumericParameter(0).set(1, AutoDiff.variable(0.5, 3, 2));
        c.fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.advanceTo(1.0));
        assertTrue(e.getMessage().contains("2") && e.getMessage().contains("3"), e.getMessage());
    }

    @Test
    void aTwentyStateChainTakesGeneratedKernelsAndStillGivesTheSameGradients() {
        for (String scheme : List.of("runge_kutta3", "runge_kutta5")) {
            GradientSimulation.Result[] results = new GradientSimulation.Result[2];
            int k = 0;
            DynamicalSystem<Double> compiled = CompiledSystems.compile(new SpringChain<>(Scalar.DOUBLE)).system();
            for (DynamicalSystem<Double> s : List.of(compiled, inDiagramWithoutPorts(compiled))) {
                Context<Double> c = s.createDefaultContext();
                results[k++] = GradientSimulation.run(s, c, 2.0, sim -> {
                    sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 0.1, ctx));
                    sim.getMutableIntegrator().setTargetAccuracy(1e-7);
                });
            }
            // 20 states, 2 parameters and the final time: wide enough for the whole-array passes
            assertEquals(23, results[0].stateJacobian()[0].length);
            // the tangent path ran generated kernels: the time row zero, and nonzero on the last step to T
            assertEquals(2, ((TracedSystem<Double>) compiled).generatedTangentKernels(), scheme);
            for (int i = 0; i < 20; i++) {
                assertArrayEquals(results[1].stateJacobian()[i], results[0].stateJacobian()[i], 0.0,
                        scheme + " row " + i);
            }
        }
    }

    private static <T> DynamicalSystem<T> inDiagramWithoutPorts(DynamicalSystem<T> leaf) {
        DiagramBuilder<T> b = new DiagramBuilder<>(leaf.scalar());
        b.addSystem(leaf);
        return b.build("wrapped");
    }

    /** {@code x0' = sqrt(x0) + p x1, x1' = -x0}: at x0 = 0 the partial of sqrt is infinite. */
    static final class SqrtSystem<T> extends dev.mallard.systems.LeafSystem<T> {

        SqrtSystem(Scalar<T> scalar) {
            super(scalar, "sqrt");
            declareContinuousState(2);
            declareNumericParameter(1.5);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            ContinuousState<T> x = context.getContinuousState();
            T p = context.getNumericParameter(0).get(0);
            derivatives.set(0, s.add(s.sqrt(x.get(0)), s.mul(p, x.get(1))));
            derivatives.set(1, s.neg(x.get(0)));
        }
    }

    @Test
    void anInfinitePartialMeetingAZeroTangentGivesTheChainRulesZeroNotNaN() {
        DynamicalSystem<AutoDiff> s = CompiledSystems.compile(new SqrtSystem<>(Scalar.DOUBLE)).system()
                .toScalar(AutoDiff.SCALAR);
        TangentTimeDerivatives<AutoDiff> t = assertInstanceOf(TangentTimeDerivatives.class, s);
        Context<AutoDiff> c = s.createDefaultContext();
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(1.5, 2, 1));
        c.getMutableContinuousState().set(0, AutoDiff.of(0.0, new double[] {0, 0}));
        c.getMutableContinuousState().set(1, AutoDiff.variable(0.5, 2, 0));
        ContinuousState<AutoDiff> xdot = s.allocateTimeDerivatives();
        s.calcTimeDerivatives(c, xdot);
        // (x0, x1, t) tangents: x0's row zero, x1's direction 0, time constant
        double[] tangents = {0, 0, 1, 0, 0, 0};
        double[] values = new double[2];
        double[] out = new double[4];
        t.calcTimeDerivativesTangents(c, 0.0, new double[] {0.0, 0.5}, tangents, 2, values, out);
        // d(x0')/d(direction 0) = p, d(x0')/d(direction 1) = x1; sqrt contributes nothing through a zero tangent
        assertArrayEquals(new double[] {1.5, 0.5, 0.0, 0.0}, out, 0.0);
        for (int i = 0; i < 2; i++) {
            assertEquals(xdot.get(i), AutoDiff.of(values[i], out, 2 * i, 2), "entry " + i);
        }
    }

    /** Ten unit masses joined by springs (k) and dampers (c), the first tied to a wall, the first mass displaced. */
    static final class SpringChain<T> extends dev.mallard.systems.LeafSystem<T> {

        SpringChain(Scalar<T> scalar) {
            super(scalar, "chain");
            declareContinuousState(10, 10, 0);
            double[] x0 = new double[20];
            x0[0] = 1.0;
            setDefaultContinuousState(x0);
            declareNumericParameter(10.0, 0.1);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            ContinuousState<T> x = context.getContinuousState();
            T k = context.getNumericParameter(0).get(0);
            T c = context.getNumericParameter(0).get(1);
            for (int i = 0; i < 10; i++) {
                derivatives.set(i, x.get(10 + i));
                T stretch = i == 0 ? x.get(0) : s.sub(x.get(i), x.get(i - 1));
                T rate = i == 0 ? x.get(10) : s.sub(x.get(10 + i), x.get(9 + i));
                T force = s.neg(s.add(s.mul(k, stretch), s.mul(c, rate)));
                if (i < 9) {
                    force = s.add(force, s.add(s.mul(k, s.sub(x.get(i + 1), x.get(i))),
                            s.mul(c, s.sub(x.get(11 + i), x.get(10 + i)))));
                }
                derivatives.set(10 + i, force);
            }
        }
    }
}
