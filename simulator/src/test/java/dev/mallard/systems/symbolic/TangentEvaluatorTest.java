package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.TangentEvaluator;
import dev.mallard.systems.TangentTimeDerivatives;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TangentEvaluator}: the compiled system's evaluator in place against its {@code
 * calcTimeDerivativesTangents}, the default evaluator of a system that writes only {@code calcTimeDerivativesTangents} (an explicit scheme's
 * AutoDiff run of it against the closed form), and parameters changed between two runs of one simulator.
 */
class TangentEvaluatorTest {

    /** {@code x' = -p x}, its tangent written by hand; counts its tangent evaluations. */
    static final class Decay<T> extends LeafSystem<T> implements TangentTimeDerivatives<T> {
        int tangentEvaluations;

        Decay(Scalar<T> scalar) {
            super(scalar, "decay");
            declareContinuousState(1);
            declareNumericParameter(0.7);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            T p = context.getNumericParameter(0).get(0);
            derivatives.set(0, s.neg(s.mul(p, context.getContinuousState().get(0))));
        }

        @Override
        public int tangentWidth(Context<T> context) {
            T p = context.getNumericParameter(0).get(0);
            return p instanceof AutoDiff a ? a.gradientSize() : 0;
        }

        @Override
        public void calcTimeDerivativesTangents(Context<T> context, double t, double[] x, double[] tangents,
                int width, double[] xdot, double[] xdotTangents) {
            tangentEvaluations++;
            T pv = context.getNumericParameter(0).get(0);
            double p = scalar().value(pv);
            xdot[0] = -p * x[0];
            for (int c = 0; c < width; c++) {
                double dp = pv instanceof AutoDiff a && !a.isConstant() ? a.derivative(c) : 0.0;
                xdotTangents[c] = -(p * tangents[c] + dp * x[0]);
            }
        }
    }

    @Test
    void theDefaultEvaluatorCarriesAHandWrittenTangentThroughEveryExplicitScheme() {
        double x0 = 2.0;
        double p = 0.7;
        double t = 1.5;
        for (String scheme : List.of("explicit_euler", "runge_kutta2", "runge_kutta3", "bogacki_shampine3",
                "runge_kutta5")) {
            Decay<AutoDiff> system = new Decay<>(AutoDiff.SCALAR);
            Simulator<AutoDiff> sim = new Simulator<>(system);
            Context<AutoDiff> c = sim.getMutableContext();
            c.getMutableContinuousState().set(0, AutoDiff.variable(x0, 2, 0));
            c.getMutableNumericParameter(0).set(0, AutoDiff.variable(p, 2, 1));
            sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 1e-4, ctx));
            sim.getMutableIntegrator().setFixedStepMode(true);
            sim.advanceTo(t);
            AutoDiff x = sim.getContext().getContinuousState().get(0);
            double e = Math.exp(-p * t);
            // explicit Euler with h = 1e-4 is first order: 1e-4 relative; the others far closer
            double tol = scheme.equals("explicit_euler") ? 1e-4 : 1e-7;
            assertEquals(x0 * e, x.value(), tol * x0 * e, scheme);
            assertEquals(e, x.derivative(0), tol * e, scheme);
            assertEquals(-t * x0 * e, x.derivative(1), tol * t * x0 * e, scheme);
            assertTrue(system.tangentEvaluations > 0, scheme + " took the tangent path");
        }
    }

    @Test
    void theDefaultEvaluatorsLayoutAndChecks() {
        Decay<AutoDiff> system = new Decay<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(0.7, 2, 1));
        TangentEvaluator e = system.tangentEvaluator(c, 2);
        double[] in = e.input();
        in[e.timeAt()] = 0.3;
        in[e.stateAt()] = 2.0;
        in[e.stateTangentsAt()] = 1.0;
        in[e.stateTangentsAt() + 1] = 0.0;
        double[] xdot = new double[1];
        double[] dxdot = new double[2];
        e.evaluate(xdot, dxdot);
        assertEquals(-1.4, xdot[0], 1e-15);
        assertArrayEquals(new double[] {-0.7, -2.0}, dxdot, 1e-15);
        assertThrows(IllegalArgumentException.class, () -> system.tangentEvaluator(c, -1));
        assertThrows(IllegalArgumentException.class,
                () -> system.tangentEvaluator(new Decay<>(AutoDiff.SCALAR).createDefaultContext(), 2));
    }

    @Test
    void theCompiledEvaluatorInPlaceEqualsTheArrayCall() {
        DynamicalSystem<AutoDiff> s = CompiledSystems.compile(new TangentPathTest.SpringChain<>(Scalar.DOUBLE))
                .system().toScalar(AutoDiff.SCALAR);
        TangentTimeDerivatives<AutoDiff> t = assertInstanceOf(TangentTimeDerivatives.class, s);
        Context<AutoDiff> c = s.createDefaultContext();
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(10.0, 3, 2));
        int n = 20;
        int w = 3;
        double[] x = new double[n];
        double[] tangents = new double[(n + 1) * w];
        for (int i = 0; i < n; i++) {
            x[i] = Math.sin(i + 1.0);
            tangents[i * w] = Math.cos(i);
            tangents[i * w + 1] = i == 3 ? 1.0 : 0.0;
        }
        double[] xdot = new double[n];
        double[] dxdot = new double[n * w];
        t.calcTimeDerivativesTangents(c, 0.5, x, tangents, w, xdot, dxdot);
        TangentEvaluator e = t.tangentEvaluator(c, w);
        double[] in = e.input();
        in[e.timeAt()] = 0.5;
        System.arraycopy(x, 0, in, e.stateAt(), n);
        System.arraycopy(tangents, 0, in, e.stateTangentsAt(), n * w);
        System.arraycopy(tangents, n * w, in, e.timeTangentsAt(), w);
        double[] xdot2 = new double[n];
        double[] dxdot2 = new double[n * w];
        e.evaluate(xdot2, dxdot2);
        assertArrayEquals(xdot, xdot2, 0.0);
        assertArrayEquals(dxdot, dxdot2, 0.0);
        // the stiffness's column (direction 2): nonzero, d(x'_10)/dk = -x_0 + (x_1 - x_0)
        assertEquals(-x[0] + (x[1] - x[0]), dxdot2[10 * w + 2], 1e-15);
        // a new parameter value is read at the next evaluation
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(20.0, 3, 2));
        e.evaluate(xdot2, dxdot2);
        assertEquals(-20.0 * x[0] + 20.0 * (x[1] - x[0]) - 0.1 * x[10] + 0.1 * (x[11] - x[10]), xdot2[10], 1e-12);
        assertThrows(IllegalArgumentException.class, () -> t.tangentEvaluator(c, -1));
    }

    /** {@code x' = sin(t) x}: its derivative depends on time. */
    static final class TimeScaled<T> extends LeafSystem<T> {

        TimeScaled(Scalar<T> scalar) {
            super(scalar, "timeScaled");
            declareContinuousState(1);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            derivatives.set(0, s.mul(s.sin(context.getTime()), context.getContinuousState().get(0)));
        }
    }

    @Test
    void theConstantTimeEvaluationSkipsOnlyAZeroTimeRow() {
        DynamicalSystem<AutoDiff> s = CompiledSystems.compile(new TimeScaled<>(Scalar.DOUBLE)).system()
                .toScalar(AutoDiff.SCALAR);
        TangentTimeDerivatives<AutoDiff> t = assertInstanceOf(TangentTimeDerivatives.class, s);
        TangentEvaluator e = t.tangentEvaluator(s.createDefaultContext(), 2);
        double[] in = e.input();
        double time = 0.4;
        double x = 1.5;
        in[e.timeAt()] = time;
        in[e.stateAt()] = x;
        in[e.stateTangentsAt()] = 1.0;
        in[e.stateTangentsAt() + 1] = 0.0;
        double[] xdot = new double[1];
        double[] atConstantTime = new double[2];
        e.evaluateAtConstantTime(xdot, atConstantTime);
        assertEquals(Math.sin(time) * x, xdot[0], 1e-15);
        // a constant time adds nothing: d(x')/d(direction) = sin(t) dx
        assertArrayEquals(new double[] {Math.sin(time), 0.0}, atConstantTime, 1e-15);
        double[] evaluated = new double[2];
        e.evaluate(xdot, evaluated);
        assertArrayEquals(atConstantTime, evaluated, 0.0);
        // a time with a tangent in direction 1 after the constant-time call: evaluate finds the row's pattern
        // again (with the zero row's kernel kept, the term cos(t) x dt would be missing)
        in[e.timeTangentsAt() + 1] = 0.5;
        e.evaluate(xdot, evaluated);
        assertArrayEquals(new double[] {Math.sin(time), Math.cos(time) * x * 0.5}, evaluated, 1e-15);
        // and back to a zero row
        in[e.timeTangentsAt() + 1] = 0.0;
        e.evaluateAtConstantTime(xdot, evaluated);
        assertArrayEquals(atConstantTime, evaluated, 0.0);
    }

    @Test
    void theDefaultConstantTimeEvaluationIsTheEvaluation() {
        Decay<AutoDiff> system = new Decay<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(0.7, 2, 1));
        TangentEvaluator e = system.tangentEvaluator(c, 2);
        double[] in = e.input();
        in[e.timeAt()] = 0.3;
        in[e.stateAt()] = 2.0;
        in[e.stateTangentsAt()] = 1.0;
        double[] xdot = new double[1];
        double[] dxdot = new double[2];
        e.evaluateAtConstantTime(xdot, dxdot);
        assertEquals(-1.4, xdot[0], 1e-15);
        assertArrayEquals(new double[] {-0.7, -2.0}, dxdot, 1e-15);
        assertEquals(1, system.tangentEvaluations);
    }

    @Test
    void aSecondRunWithOtherParametersReadsThem() {
        DynamicalSystem<AutoDiff> s = CompiledSystems.compile(new TangentPathTest.SpringChain<>(Scalar.DOUBLE))
                .system().toScalar(AutoDiff.SCALAR);
        // one simulator and integrator for both runs, as a user running many simulations keeps them: nothing
        // kept across runs (the system's per-thread caches) may carry the first run's stiffness into the second
        Simulator<AutoDiff> reused = simulator(s);
        run(reused, 10.0);
        AutoDiff[] second = run(reused, 12.0);
        AutoDiff[] fresh = run(simulator(s), 12.0);
        AutoDiff[] first = run(simulator(s), 10.0);
        for (int i = 0; i < 20; i++) {
            assertEquals(fresh[i], second[i], "state " + i);
        }
        assertTrue(Math.abs(first[0].value() - fresh[0].value()) > 1e-3, "the stiffness matters");
    }

    /** A simulator with runge_kutta3 at 1e-7. */
    private static Simulator<AutoDiff> simulator(DynamicalSystem<AutoDiff> s) {
        Simulator<AutoDiff> sim = new Simulator<>(s);
        sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create("runge_kutta3", sys, 0.1, ctx));
        sim.getMutableIntegrator().setTargetAccuracy(1e-7);
        return sim;
    }

    /** From the default state at t = 0 with the stiffness seeded (direction 0) to t = 1. */
    private static AutoDiff[] run(Simulator<AutoDiff> sim, double stiffness) {
        Context<AutoDiff> c = sim.getMutableContext();
        c.setTime(0.0);
        c.setContinuousStateValues(sim.getSystem().createDefaultContext().getContinuousState().toValueArray());
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(stiffness, 1, 0));
        sim.initialize();
        sim.advanceTo(1.0);
        AutoDiff[] x = new AutoDiff[20];
        for (int i = 0; i < 20; i++) {
            x[i] = sim.getContext().getContinuousState().get(i);
        }
        return x;
    }
}
