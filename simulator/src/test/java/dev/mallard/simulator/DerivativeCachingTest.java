package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Cached time derivatives, checked against Drake's simulator test {@code EvalDerivativesCounter}: explicit Euler
 * with one needless extra request for {@code f(t0, x0)} per step, on the spring-mass system (k = m = 1) with
 * step 0.125. Caching off: 8 steps to t = 1 count 16 evaluations; caching back on: 8 more steps to t = 2 count
 * only 8 more (24), since the extra request repeats an evaluation at an unchanged context.
 */
class DerivativeCachingTest {

    /** Explicit Euler that asks for f(t0, x0) again, ignoring the f0 it was given (Drake's WastefulIntegrator). */
    private static final class WastefulEuler<T> extends IntegratorBase<T> {
        private double[] fd;
        private ScalarVector<T> fg;

        WastefulEuler(DynamicalSystem<T> system, double h, Context<T> context) {
            super(system, context);
            setMaximumStepSize(h);
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
            fd = new double[size];
            fg = isDoublePath() ? null : scalar().newVector(size);
        }

        @Override
        protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
            evalDerivatives(t0, x0, fd);
            for (int j = 0; j < x0.length; j++) {
                x1[j] = x0[j] + h * fd[j];
            }
            return true;
        }

        @Override
        protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
                ScalarVector<T> err) {
            evalDerivatives(t0, x0, fg);
            Scalar<T> s = scalar();
            for (int j = 0; j < x0.size(); j++) {
                x1.set(j, s.add(x0.get(j), s.mul(h, fg.get(j))));
            }
            return true;
        }

        @Override
        public String getSchemeName() {
            return "wasteful_euler";
        }
    }

    private static <T> Simulator<T> wasteful(Scalar<T> scalar) {
        Simulator<T> sim = new Simulator<>(new Oscillator<>(scalar));
        sim.resetIntegrator((s, c) -> new WastefulEuler<>(s, 0.125, c));
        return sim;
    }

    @Test
    void drakesEvalDerivativesCounterOnTheDoublePath() {
        checkDrakesCounts(wasteful(Scalar.DOUBLE));
    }

    @Test
    void drakesEvalDerivativesCounterOnTheGenericPath() {
        Simulator<AutoDiff> sim = wasteful(AutoDiff.SCALAR);
        checkDrakesCounts(sim);
        assertFalse(sim.getIntegrator().isDoublePath());
    }

    private static <T> void checkDrakesCounts(Simulator<T> sim) {
        Context<T> context = sim.getMutableContext();
        context.disableCaching();
        sim.advanceTo(1.0);
        assertEquals(8, sim.getIntegrator().getNumStepsTaken());
        assertEquals(16, sim.getIntegrator().getNumDerivativeEvaluations());
        context.enableCaching();
        sim.advanceTo(2.0);
        assertEquals(16, sim.getIntegrator().getNumStepsTaken());
        assertEquals(24, sim.getIntegrator().getNumDerivativeEvaluations());
        // Euler on q'' = -q from (1, 0): (q, v) = r^k (cos k phi, -sin k phi), r = sqrt(1 + h^2), phi = atan h
        double h = 0.125;
        double r = Math.pow(1 + h * h, 8);
        assertEquals(r * Math.cos(16 * Math.atan(h)), context.getContinuousState().getValue(0), 1e-13);
        assertEquals(-r * Math.sin(16 * Math.atan(h)), context.getContinuousState().getValue(1), 1e-13);
    }

    @Test
    void theCachedRunIsTheUncachedRunBitForBit() {
        Simulator<Double> cached = wasteful(Scalar.DOUBLE);
        Simulator<Double> uncached = wasteful(Scalar.DOUBLE);
        uncached.getMutableContext().disableCaching();
        cached.advanceTo(2.0);
        uncached.advanceTo(2.0);
        assertEquals(16, cached.getIntegrator().getNumDerivativeEvaluations());
        assertEquals(32, uncached.getIntegrator().getNumDerivativeEvaluations());
        for (int i = 0; i < 2; i++) {
            assertEquals(uncached.getContext().getContinuousState().getValue(i),
                    cached.getContext().getContinuousState().getValue(i), 0.0);
        }
    }

    /** Euler that scribbles over the context's state array before asking for f(t0, x0) again. */
    private static final class ScribblingEuler extends IntegratorBase<Double> {
        private double[] f;
        private double[] seenState;

        ScribblingEuler(DynamicalSystem<Double> system, Context<Double> context) {
            super(system, context);
            setMaximumStepSize(0.125);
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
            f = new double[size];
            seenState = new double[size];
        }

        @Override
        protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
            java.util.Arrays.fill(contextStateArray(), 1e300);
            evalDerivatives(t0, x0, f);
            System.arraycopy(contextStateArray(), 0, seenState, 0, x0.length);
            for (int j = 0; j < x0.length; j++) {
                x1[j] = x0[j] + h * f[j];
            }
            return true;
        }

        @Override
        protected boolean stepGeneric(Double t0, Double h, ScalarVector<Double> x0, ScalarVector<Double> f0,
                ScalarVector<Double> x1, ScalarVector<Double> err) {
            throw new UnsupportedOperationException("double path only");
        }

        @Override
        public String getSchemeName() {
            return "scribbling_euler";
        }
    }

    @Test
    void aCachedAnswerLeavesTheContextAtTheRequestedStateAsAnEvaluationWould() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        ScribblingEuler in = new ScribblingEuler(sys, c);
        in.initialize();
        in.integrateNoFurtherThanTime(1, 1, 1);
        assertEquals(1, in.getNumDerivativeEvaluations());
        // x0 = (1, 0), f(x0) = (0, -1): the step delivered the true derivative and put x0 back in the context
        assertEquals(1.0, in.seenState[0], 0.0);
        assertEquals(0.0, in.seenState[1], 0.0);
        assertEquals(1.0, c.getContinuousState().getValue(0), 0.0);
        assertEquals(-0.125, c.getContinuousState().getValue(1), 0.0);
    }

    @Test
    void aParameterChangedBetweenRequestsIsSeen() {
        // the base's f0 is computed at omega^2 = 1; a changed parameter must make the repeated request real
        AtomicInteger evaluations = new AtomicInteger();
        ScaledDecay sys = new ScaledDecay(evaluations);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = new IntegratorBase<>(sys, c) {
            private final double[] f = new double[1];

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
                getContext().getMutableNumericParameter(0).setValue(0, 3.0);
                evalDerivatives(t0, x0, f);
                x1[0] = x0[0] + h * f[0];
                return true;
            }

            @Override
            protected boolean stepGeneric(Double t0, Double h, ScalarVector<Double> x0, ScalarVector<Double> f0,
                    ScalarVector<Double> x1, ScalarVector<Double> err) {
                throw new UnsupportedOperationException("double path only");
            }

            @Override
            public String getSchemeName() {
                return "parameter_changing_euler";
            }
        };
        in.setMaximumStepSize(0.5);
        in.initialize();
        in.integrateNoFurtherThanTime(0.5, 0.5, 0.5);
        assertEquals(2, in.getNumDerivativeEvaluations());
        assertEquals(2, evaluations.get());
        // x' = -a x with a = 3 from x = 1: one Euler step of 0.5 gives 1 - 1.5
        assertEquals(-0.5, c.getContinuousState().getValue(0), 0.0);
    }

    /** x' = -a x with the parameter a (default 1), counting its derivative evaluations. */
    private static final class ScaledDecay extends LeafSystem<Double> {
        private final AtomicInteger evaluations;

        ScaledDecay(AtomicInteger evaluations) {
            super(Scalar.DOUBLE, "scaled_decay");
            this.evaluations = evaluations;
            declareContinuousState(1);
            setDefaultContinuousState(1);
            declareNumericParameter(1.0);
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            throw new UnsupportedOperationException("double only");
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context,
                dev.mallard.systems.ContinuousState<Double> derivatives) {
            evaluations.incrementAndGet();
            derivatives.setValue(0, -context.getNumericParameter(0).getValue(0)
                    * context.getContinuousState().getValue(0));
        }
    }

    @Test
    void outputPortsAreComputedOnEveryRequestWhileCachingIsOff() {
        AtomicInteger calls = new AtomicInteger();
        LeafSystem<Double> sys = new LeafSystem<>(Scalar.DOUBLE, "counted_output") {
            {
                declareVectorOutputPort("y", 1, (c, y) -> {
                    calls.incrementAndGet();
                    y.setValue(0, 42);
                }, Feedthrough.none());
            }

            @Override
            protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
                throw new UnsupportedOperationException("double only");
            }
        };
        Context<Double> c = sys.createDefaultContext();
        assertTrue(c.isCachingEnabled());
        sys.getOutputPort(0).eval(c);
        sys.getOutputPort(0).eval(c);
        assertEquals(1, calls.get());
        c.disableCaching();
        assertFalse(c.isCachingEnabled());
        assertEquals(42.0, sys.getOutputPort(0).eval(c).getValue(0), 0.0);
        sys.getOutputPort(0).eval(c);
        assertEquals(3, calls.get());
        c.enableCaching();
        sys.getOutputPort(0).eval(c);
        assertEquals(3, calls.get());
    }
}
