package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The explicit schemes' AutoDiff path (fused stage sums, error estimate from values) takes exactly the double
 * path's steps and gives bit for bit its values, with error control and in fixed-step mode; its gradients
 * agree with central differences of double runs.
 */
class AutoDiffTakesTheDoubleStepsTest {

    private static final double FINAL_TIME = 3.0;

    private static <T> Simulator<T> simulator(DynamicalSystem<T> system, String scheme, boolean fixed) {
        Simulator<T> sim = new Simulator<>(system);
        sim.resetIntegrator((s, c) -> IntegrationSchemes.create(scheme, s, 0.05, c));
        IntegratorBase<T> integrator = sim.getMutableIntegrator();
        if (fixed) {
            integrator.setFixedStepMode(true);
        } else {
            integrator.setTargetAccuracy(1e-7);
        }
        return sim;
    }

    private static double[] doubleRun(String scheme, boolean fixed, double q0, double mu, long[] steps) {
        Simulator<Double> sim = simulator(new GradientThroughSimulationTest.VanDerPolMu<>(Scalar.DOUBLE), scheme,
                fixed);
        sim.getMutableContext().getMutableContinuousState().setValue(0, q0);
        sim.getMutableContext().getMutableNumericParameter(0).setValue(0, mu);
        sim.initialize();
        sim.advanceTo(FINAL_TIME);
        if (steps != null) {
            steps[0] = sim.getIntegrator().getNumStepsTaken();
        }
        return sim.getContext().getContinuousState().toValueArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"runge_kutta2", "runge_kutta3", "bogacki_shampine3", "runge_kutta5"})
    void sameStepsAndValuesAsTheDoubleRunAndGradientsMatchCentralDifferences(String scheme) {
        for (boolean fixed : new boolean[] {false, true}) {
            if (!fixed && scheme.equals("runge_kutta2")) {
                continue; // no error estimate
            }
            long[] doubleSteps = new long[1];
            double[] expected = doubleRun(scheme, fixed, 2.0, 1.0, doubleSteps);
            Simulator<AutoDiff> sim = simulator(new GradientThroughSimulationTest.VanDerPolMu<>(AutoDiff.SCALAR),
                    scheme, fixed);
            sim.getMutableContext().getMutableContinuousState().set(0, AutoDiff.variable(2.0, 2, 0));
            sim.getMutableContext().getMutableNumericParameter(0).set(0, AutoDiff.variable(1.0, 2, 1));
            sim.initialize();
            sim.advanceTo(FINAL_TIME);
            String what = scheme + (fixed ? " fixed" : " error-controlled");
            assertEquals(doubleSteps[0], sim.getIntegrator().getNumStepsTaken(), what);
            for (int i = 0; i < 2; i++) {
                AutoDiff x = sim.getContext().getContinuousState().get(i);
                assertEquals(expected[i], x.value(), 0.0, what + " x" + i);
                // fixed steps: the AutoDiff gradient is the derivative of this discrete map, so central
                // differences of the same fixed-step double runs agree to their truncation error
                if (fixed) {
                    double h = 1e-6;
                    double dq = (doubleRun(scheme, true, 2.0 + h, 1.0, null)[i]
                            - doubleRun(scheme, true, 2.0 - h, 1.0, null)[i]) / (2 * h);
                    double dmu = (doubleRun(scheme, true, 2.0, 1.0 + h, null)[i]
                            - doubleRun(scheme, true, 2.0, 1.0 - h, null)[i]) / (2 * h);
                    assertEquals(dq, x.derivative(0), 1e-7 * (1 + Math.abs(dq)), what + " dx" + i + "/dq0");
                    assertEquals(dmu, x.derivative(1), 1e-7 * (1 + Math.abs(dmu)), what + " dx" + i + "/dmu");
                }
            }
        }
    }
}
