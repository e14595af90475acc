package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompiledSystemsTest {

    private static <T> Simulator<T> simulate(DynamicalSystem<T> system, double tEnd, double... x0) {
        Simulator<T> sim = new Simulator<>(system);
        Context<T> c = sim.getMutableContext();
        c.setContinuousStateValues(x0);
        c.fixInputPort(0, ScalarVector.ofValues(system.scalar(), 0.3));
        sim.getMutableIntegrator().setTargetAccuracy(1e-8);
        sim.advanceTo(tEnd);
        return sim;
    }

    @Test
    void aCompiledSystemKeepsTheStructureAndReproducesTheGenericTrajectory() {
        TorquePendulum<Double> pendulum = new TorquePendulum<>(Scalar.DOUBLE);
        CompiledSystems.Compilation<Double> compilation = CompiledSystems.compile(pendulum);
        assertTrue(compilation.compiled(), compilation.reason());
        DynamicalSystem<Double> compiled = compilation.system();
        assertEquals(1, compiled.getNumQ());
        assertEquals(1, compiled.getNumV());
        assertEquals("torque", compiled.getInputPort(0).getName());
        assertEquals(List.of("position", "torque"), List.of(compiled.getOutputPort(0).getName(),
                compiled.getOutputPort(1).getName()));
        assertFalse(compiled.hasDirectFeedthrough(0, 0));
        assertTrue(compiled.hasDirectFeedthrough(0, 1));

        Simulator<Double> generic = simulate(pendulum, 5.0, 1.0, 0.0);
        Simulator<Double> fast = simulate(compiled, 5.0, 1.0, 0.0);
        assertEquals(generic.getNumStepsTaken(), fast.getNumStepsTaken());
        double[] a = generic.getContext().getContinuousState().toValueArray();
        double[] b = fast.getContext().getContinuousState().toValueArray();
        for (int i = 0; i < 2; i++) {
            assertEquals(a[i], b[i], 1e-12 * Math.abs(a[i]));
        }
        assertEquals(pendulum.getOutputPort(0).eval(generic.getContext()).getValue(0),
                compiled.getOutputPort(0).eval(fast.getContext()).getValue(0), 1e-12);
    }

    @Test
    void theCompiledAutoDiffConversionGivesTheSameGradientsAsTheOriginal() {
        TorquePendulum<Double> pendulum = new TorquePendulum<>(Scalar.DOUBLE);
        DynamicalSystem<AutoDiff> original = pendulum.toScalar(AutoDiff.SCALAR);
        DynamicalSystem<AutoDiff> compiled = CompiledSystems.compile(pendulum).system().toScalar(AutoDiff.SCALAR);
        double[][] gradients = new double[2][];
        int k = 0;
        for (DynamicalSystem<AutoDiff> s : List.of(original, compiled)) {
            Simulator<AutoDiff> sim = new Simulator<>(s);
            Context<AutoDiff> c = sim.getMutableContext();
            c.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 3, 0));
            c.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 3, 1));
            c.getMutableNumericParameter(0).set(1, AutoDiff.variable(0.5, 3, 2));
            c.fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.3));
            sim.getMutableIntegrator().setTargetAccuracy(1e-8);
            sim.advanceTo(2.0);
            AutoDiff q = sim.getContext().getContinuousState().get(0);
            gradients[k++] = new double[] {q.value(), q.derivative(0), q.derivative(1), q.derivative(2)};
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(gradients[0][i], gradients[1][i], 1e-12 * Math.abs(gradients[0][i]), "entry " + i);
        }
    }

    @Test
    void aSystemThatBranchesOnItsStateStaysOnTheGenericPathWithTheReason() {
        SystemSymbolicInspectorTest.Switching<Double> switching = new SystemSymbolicInspectorTest.Switching<>(Scalar.DOUBLE);
        CompiledSystems.Compilation<Double> compilation = CompiledSystems.compile(switching);
        assertFalse(compilation.compiled());
        assertSame(switching, compilation.system());
        assertTrue(compilation.reason().contains("switching is not compiled")
                && compilation.reason().contains("branches"), compilation.reason());
    }

    @Test
    void aSystemWithWitnessFunctionsIsNotCompiledAndSaysSo() {
        Variable z = new Variable("z");
        SymbolicVectorSystem<Double> ball = SymbolicVectorSystem.builder().name("ball").state(z)
                .dynamics(Expression.constant(-1)).guardAndReset(Expression.of(z), List.of(Expression.of(z)))
                .build(Scalar.DOUBLE);
        CompiledSystems.Compilation<Double> compilation = CompiledSystems.compile(ball);
        assertFalse(compilation.compiled());
        assertTrue(compilation.reason().contains("witness functions"), compilation.reason());
    }

    @Test
    void theCompiledDerivativesAtAPointEqualTheOriginal() {
        TorquePendulum<Double> pendulum = new TorquePendulum<>(Scalar.DOUBLE);
        DynamicalSystem<Double> compiled = CompiledSystems.compile(pendulum).system();
        double[][] results = new double[2][];
        int k = 0;
        for (DynamicalSystem<Double> s : List.of(pendulum, compiled)) {
            Context<Double> c = s.createDefaultContext();
            c.setContinuousStateValues(0.7, -2.0);
            c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 1.5));
            c.getMutableNumericParameter(0).setValue(2, 4.0);
            ContinuousState<Double> d = s.allocateTimeDerivatives();
            s.calcTimeDerivatives(c, d);
            results[k++] = d.toValueArray();
        }
        assertArrayEquals(results[0], results[1], 1e-15);
    }

    @Test
    void aParameterChangeOrAnotherContextIsSeenThoughParametersAreGatheredOnlyOnChange() {
        // qdot = v, vdot = -g sin q - b v + k u: at q = pi/2, v = 0, u = 0 the acceleration is -g.
        DynamicalSystem<Double> compiled = CompiledSystems.compile(new TorquePendulum<>(Scalar.DOUBLE)).system();
        Context<Double> a = compiled.createDefaultContext();
        Context<Double> b = compiled.createDefaultContext();
        for (Context<Double> c : List.of(a, b)) {
            c.setContinuousStateValues(Math.PI / 2, 0.0);
            c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        }
        b.getMutableNumericParameter(0).setValue(0, 3.0);
        ContinuousState<Double> d = compiled.allocateTimeDerivatives();
        double[] expected = {-9.81, -3.0, -9.81, -3.0};
        for (int k = 0; k < 4; k++) {
            compiled.calcTimeDerivatives(k % 2 == 0 ? a : b, d);
            assertEquals(expected[k], d.getValue(1), 1e-15, "evaluation " + k);
        }
        a.getMutableNumericParameter(0).setValue(0, 1.62);
        compiled.calcTimeDerivatives(a, d);
        assertEquals(-1.62, d.getValue(1), 1e-15);
        long before = a.getParameterChangeCount();
        a.setContinuousStateValues(0.1, 0.2);
        a.setTime(3.0);
        assertEquals(before, a.getParameterChangeCount(), "time and state changes leave the parameter count");
        Context<Double> copy = compiled.createDefaultContext();
        copy.setTimeStateAndParametersFrom(a);
        assertTrue(copy.getParameterChangeCount() > 0);
    }

    @Test
    void threadsEvaluatingOneCompiledSystemAtOnceEachGetTheirOwnDerivatives() throws Exception {
        // each thread its own context and state; all share the compiled system's per-thread workspaces
        TorquePendulum<Double> pendulum = new TorquePendulum<>(Scalar.DOUBLE);
        DynamicalSystem<Double> compiled = CompiledSystems.compile(pendulum).system();
        int threads = 4;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<Integer>> mismatches = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                double q = 0.3 * (t + 1);
                mismatches.add(pool.submit(() -> {
                    Context<Double> mine = compiled.createDefaultContext();
                    Context<Double> reference = pendulum.createDefaultContext();
                    ContinuousState<Double> d = compiled.allocateTimeDerivatives();
                    ContinuousState<Double> expected = pendulum.allocateTimeDerivatives();
                    int bad = 0;
                    for (int k = 0; k < 20_000; k++) {
                        double v = q - 1e-4 * k;
                        for (Context<Double> c : List.of(mine, reference)) {
                            c.setContinuousStateValues(q, v);
                            c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.5));
                        }
                        compiled.calcTimeDerivatives(mine, d);
                        pendulum.calcTimeDerivatives(reference, expected);
                        if (Math.abs(d.getValue(1) - expected.getValue(1)) > 1e-14 || d.getValue(0) != v) {
                            bad++;
                        }
                    }
                    return bad;
                }));
            }
            for (java.util.concurrent.Future<Integer> m : mismatches) {
                assertEquals(0, m.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void compiledAndSymbolicVectorSystemsStepWithoutAllocating() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        Variable x = new Variable("x");
        Variable v = new Variable("v");
        Variable mu = new Variable("mu");
        SymbolicVectorSystem<Double> vdp = SymbolicVectorSystem.builder().state(x, v).parameter(mu, 1.0)
                .dynamics(Expression.of(v), Expression.of(mu).times(Expression.ONE.minus(Expression.of(x).pow(2)))
                        .times(Expression.of(v)).minus(Expression.of(x)))
                .initialState(2, 0).build(Scalar.DOUBLE);
        for (DynamicalSystem<Double> s : List.of(vdp, CompiledSystems.compile(vdp).system())) {
            Simulator<Double> sim = new Simulator<>(s);
            sim.advanceTo(5.0);
            long steps0 = sim.getNumStepsTaken();
            long before = allocatedBytes();
            sim.advanceTo(40.0);
            long after = allocatedBytes();
            double perStep = (double) (after - before) / (sim.getNumStepsTaken() - steps0);
            assertTrue(perStep < 4, s + ": " + perStep + " bytes per step");
        }
    }
}
