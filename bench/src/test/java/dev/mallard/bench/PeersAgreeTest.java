package dev.mallard.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.bench.model.EventScenario;
import dev.mallard.bench.model.HandWrittenRungeKutta;
import dev.mallard.bench.model.HandWrittenVariationalRun;
import dev.mallard.bench.model.HipparchusOde;
import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.NonlinearChain;
import dev.mallard.bench.model.Model;
import dev.mallard.bench.model.Setup;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.symbolic.CompiledSystems;
import org.hipparchus.analysis.differentiation.Gradient;
import org.hipparchus.ode.ODEState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks compare like with like: these check (without timing anything) that the hand-written loops
 * take exactly Mallard's steps, that matched-step Hipparchus runs land on the same state, that the gradient
 * peers compute the same Jacobian, and that the event runs do the events they claim.
 */
class PeersAgreeTest {

    private static double[] values(ScalarVector<Double> x) {
        double[] out = new double[x.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = x.getValue(i);
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void handWrittenLoopsTakeMallardsStepsAndEndOnItsState(Setup setup) {
        for (Model model : Model.values()) {
            MallardRun<Double> run = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
            double[] mallard = values(run.run(model.initialState(), model.parameters()));
            HandWrittenRungeKutta loop = setup.handWritten(model.primitive(model.parameters()));
            double[] hand = setup.run(loop, model.initialState());
            assertEquals(run.integrator().getNumStepsTaken(), loop.steps(), model + " steps");
            assertEquals(run.integrator().getNumDerivativeEvaluations(), loop.evaluations(), model + " evaluations");
            assertArrayEquals(mallard, hand, 1e-12, model + " final state");
        }
    }

    @Test
    void specialisedSystemsMatchTheGenericOnes() {
        for (Model model : Model.values()) {
            double[] generic = values(new MallardRun<>(model.generic(Scalar.DOUBLE), Setup.RK3_1E6)
                    .run(model.initialState(), model.parameters()));
            double[] specialised = values(new MallardRun<>(model.specialised(), Setup.RK3_1E6)
                    .run(model.initialState(), model.parameters()));
            assertArrayEquals(generic, specialised, 1e-12, model.toString());
        }
    }

    @Test
    void compiledSystemsTakeTheGenericStepsToTheSameState() {
        for (Model model : Model.values()) {
            MallardRun<Double> generic = new MallardRun<>(model.generic(Scalar.DOUBLE), Setup.RK3_1E6);
            double[] expected = values(generic.run(model.initialState(), model.parameters()));
            CompiledSystems.Compilation<Double> compilation = CompiledSystems.compile(model.generic(Scalar.DOUBLE));
            assertTrue(compilation.compiled(), compilation.reason());
            MallardRun<Double> compiled = new MallardRun<>(compilation.system(), Setup.RK3_1E6);
            double[] actual = values(compiled.run(model.initialState(), model.parameters()));
            assertEquals(generic.integrator().getNumStepsTaken(), compiled.integrator().getNumStepsTaken());
            assertArrayEquals(expected, actual, 1e-10, model.toString());
        }
    }

    @Test
    void hipparchusTakesTheSameFixedStepsAndEndsOnTheSameState() {
        for (Model model : Model.values()) {
            double[] mallard = values(new MallardRun<>(model.generic(Scalar.DOUBLE), Setup.RK5_FIXED)
                    .run(model.initialState(), model.parameters()));
            double[] hipparchus = Setup.RK5_FIXED.hipparchus().integrate(
                    new HipparchusOde(model.primitive(model.parameters())), new ODEState(0, model.initialState()),
                    Setup.FINAL_TIME).getPrimaryState();
            assertArrayEquals(mallard, hipparchus, 1e-12, model.toString());
        }
    }

    @Test
    void autoDiffJacobianMatchesCentralDifferencesAndHipparchusGradient() {
        // Van der Pol only: the chain's 22-column Jacobians take seconds in a cold JVM
        for (Model model : new Model[] {Model.VAN_DER_POL}) {
            MallardRun<AutoDiff> ad = new MallardRun<>(model.generic(Scalar.DOUBLE).toScalar(AutoDiff.SCALAR),
                    Setup.RK5_FIXED);
            double[][] jad = MallardRun.jacobian(ad, model);
            double[][] jfd = FiniteDifferences.jacobian(new MallardRun<>(model.generic(Scalar.DOUBLE),
                    Setup.RK5_FIXED), model).jacobian();
            assertTrue(RunStatistics.maxRelDiff(jad, jfd) < 1e-5, model + " vs central differences");

            GradientBenchmark hipparchus = new GradientBenchmark();
            hipparchus.model = model;
            hipparchus.setup = Setup.RK5_FIXED;
            hipparchus.prepare();
            Gradient[] x = hipparchus.hipparchusGradient();
            for (int i = 0; i < x.length; i++) {
                assertArrayEquals(jad[i], x[i].getGradient(), 1e-9 * (1 + Math.abs(jad[i][0])),
                        model + " row " + i + " vs Hipparchus Gradient");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void handWrittenVariationalLoopTakesTheDoubleStepsToMallardsJacobian(Setup setup) {
        for (Model model : Model.values()) {
            HandWrittenRungeKutta plain = setup.handWritten(model.primitive(model.parameters()));
            double[] x = setup.run(plain, model.initialState());
            HandWrittenVariationalRun variational = new HandWrittenVariationalRun(model, setup);
            double[][] hand = variational.jacobian();
            assertEquals(plain.steps(), variational.loop().steps(), model + " steps");
            assertEquals(plain.evaluations(), variational.loop().evaluations(), model + " evaluations");
            MallardRun<AutoDiff> compiled = new MallardRun<>(CompiledSystems.compile(model.generic(Scalar.DOUBLE))
                    .system().toScalar(AutoDiff.SCALAR), setup);
            double[][] mallard = MallardRun.jacobian(compiled, model);
            assertEquals(plain.steps(), compiled.integrator().getNumStepsTaken(), model + " Mallard's steps");
            for (int i = 0; i < x.length; i++) {
                // the same forward-mode sums, in another order: equal to rounding
                assertArrayEquals(mallard[i], hand[i], 1e-9 * (1 + Math.abs(mallard[i][i])), model + " row " + i);
            }
        }
    }

    @Test
    void bouncingBallBouncesAHundredTimesAndItsTwinNever() {
        EventScenario.Run with = EventScenario.BOUNCING_BALL.run(true);
        with.simulate();
        assertEquals(100, with.simulator().getNumUnrestrictedUpdates());
        EventScenario.Run without = EventScenario.BOUNCING_BALL.run(false);
        without.simulate();
        assertEquals(0, without.simulator().getNumUnrestrictedUpdates());
    }

    @Test
    void periodicRunUpdatesAtOneKilohertzInTheSameStepsAsItsTwin() {
        Simulator<Double> with = run(EventScenario.PERIODIC_1KHZ, true);
        Simulator<Double> without = run(EventScenario.PERIODIC_1KHZ, false);
        assertEquals(10000, with.getNumDiscreteUpdates());
        assertEquals(0, without.getNumDiscreteUpdates());
        assertEquals(without.getNumStepsTaken(), with.getNumStepsTaken());
    }

    @Test
    void compiledDynamicsEqualTheHandWrittenOnes() {
        SymbolicBenchmark symbolic = new SymbolicBenchmark();
        symbolic.prepare();
        double[] x = {0.3, -0.2, 0.1, 0.5, -0.4, 1.0, -1.0, 0.5, 0.25, -0.75};
        double[] compiled = new double[x.length];
        double[] hand = new double[x.length];
        symbolic.compile().evaluate(x, compiled);
        NonlinearChain.derivatives(x, hand);
        assertArrayEquals(hand, compiled, 1e-12);
    }

    private static Simulator<Double> run(EventScenario scenario, boolean events) {
        EventScenario.Run run = scenario.run(events);
        run.simulate();
        return run.simulator();
    }
}
