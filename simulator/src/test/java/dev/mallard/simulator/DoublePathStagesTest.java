package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.integrators.ButcherTableau;
import dev.mallard.simulator.integrators.ExplicitRungeKuttaIntegrator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The double path's stage handling: the unrolled runge_kutta3 step against the same tableau summed by the
 * generic tableau code, and derivative targets beyond the ones a scheme reuses (each evaluation into a new
 * array) or the context's own state array against a closed form.
 */
class DoublePathStagesTest {

    /** Kutta's third-order tableau with its estimate, stepped by the tableau loop (nothing unrolled). */
    private static final class TableauKutta3<T> extends ExplicitRungeKuttaIntegrator<T> {
        TableauKutta3(DynamicalSystem<T> system, Context<T> context) {
            super(system, context, new ButcherTableau(new double[] {0, 0.5, 1},
                    new double[][] {{}, {0.5}, {-1, 2}}, new double[] {1.0 / 6, 2.0 / 3, 1.0 / 6},
                    new double[] {1.0 / 6, -1.0 / 3, 1.0 / 6}), 2);
        }

        @Override
        public String getSchemeName() {
            return "tableau_kutta3";
        }
    }

    @Test
    void unrolledRungeKutta3TakesTheTableausStepsBitForBit() {
        VanDerPol<Double> sys = new VanDerPol<>(Scalar.DOUBLE, 1);
        Context<Double> uc = sys.createDefaultContext();
        Context<Double> tc = sys.createDefaultContext();
        IntegratorBase<Double> unrolled = new RungeKutta3Integrator<>(sys, uc);
        IntegratorBase<Double> tableau = new TableauKutta3<>(sys, tc);
        for (IntegratorBase<Double> in : java.util.List.of(unrolled, tableau)) {
            in.setMaximumStepSize(0.1);
            in.setTargetAccuracy(1e-6);
            in.initialize();
            in.integrateWithMultipleStepsToTime(5.0);
        }
        assertTrue(unrolled.getNumStepsTaken() > 100, "steps " + unrolled.getNumStepsTaken());
        assertTrue(unrolled.getNumStepShrinkagesFromErrorControl() > 0, "the run should reject some steps");
        assertEquals(tableau.getNumStepsTaken(), unrolled.getNumStepsTaken());
        assertEquals(tableau.getNumDerivativeEvaluations(), unrolled.getNumDerivativeEvaluations());
        for (int i = 0; i < 2; i++) {
            assertEquals(tc.getContinuousState().getValue(i), uc.getContinuousState().getValue(i), 0.0);
        }
    }

    /**
     * Explicit Euler evaluating every derivative into a fresh array, so the base never sees one twice, or into
     * the context's own state array (which the system reads while it writes the derivatives).
     */
    private static final class FreshArrayEuler<T> extends IntegratorBase<T> {
        private final boolean intoContextArray;

        FreshArrayEuler(DynamicalSystem<T> system, Context<T> context, boolean intoContextArray) {
            super(system, context);
            this.intoContextArray = intoContextArray;
            setMaximumStepSize(0.01);
        }

        @Override
        public boolean supportsErrorEstimation() {
            return false;
        }

        @Override
        public int getErrorEstimateOrder() {
            return 1;
        }

        @Override
        protected void allocateSchemeWorkspaces(int size) {
        }

        @Override
        protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
            double[] f = intoContextArray ? contextStateArray() : new double[x0.length];
            evalDerivatives(t0, x0, f);
            for (int j = 0; j < x0.length; j++) {
                x1[j] = x0[j] + h * f[j];
            }
            return true;
        }

        @Override
        protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
                ScalarVector<T> err) {
            throw new UnsupportedOperationException("double path only");
        }

        @Override
        public String getSchemeName() {
            return "fresh_array_euler";
        }
    }

    @ParameterizedTest(name = "into the context's array: {0}")
    @ValueSource(booleans = {false, true})
    void derivativesIntoEverNewArraysOrTheContextsArrayAreStillDelivered(boolean intoContextArray) {
        // Explicit Euler on q'' = -q from (1, 0) multiplies (q, v) by [[1, h], [-h, 1]] per step: after k steps
        // (q, v) = r^k (cos k phi, -sin k phi) with r = sqrt(1 + h^2), phi = atan h. 200 steps, 200 arrays.
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        // the scheme asks again for the f(t0, x0) the base has: with caching on that is answered from the
        // cache and never reaches the delivery paths tested here
        c.disableCaching();
        FreshArrayEuler<Double> in = new FreshArrayEuler<>(sys, c, intoContextArray);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        assertEquals(200, in.getNumStepsTaken());
        // one f(t0, x0) per step by the base (into its own workspace) and one by the scheme
        assertEquals(400, in.getNumDerivativeEvaluations());
        double h = 0.01;
        double r = Math.pow(1 + h * h, 100);
        double phi = 200 * Math.atan(h);
        assertEquals(r * Math.cos(phi), c.getContinuousState().getValue(0), 1e-12);
        assertEquals(-r * Math.sin(phi), c.getContinuousState().getValue(1), 1e-12);
    }
}
