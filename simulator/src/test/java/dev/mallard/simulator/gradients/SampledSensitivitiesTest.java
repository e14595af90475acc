package dev.mallard.simulator.gradients;

import static dev.mallard.simulator.GradientAssertions.assertAgree;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link GradientSimulation#sample}: the state and its Jacobian at several times from one run, against closed forms
 * (through resets, with an event exactly at a sample time), finite differences, and chained runs.
 */
class SampledSensitivitiesTest {

    private static <T> Consumer<Simulator<T>> scheme(String name, boolean fixed, double step) {
        return sim -> {
            IntegratorBase<T> integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(sim, name, step);
            if (integrator.supportsErrorEstimation()) {
                integrator.setTargetAccuracy(1e-10);
            }
            integrator.setFixedStepMode(fixed);
        };
    }

    /** x' = 1 from 0.27, reset to 0 when x reaches p = 1 (at 0.73 s). */
    private static SymbolicVectorSystem<Double> sawtooth() {
        Variable x = new Variable("x");
        Variable p = new Variable("p");
        return SymbolicVectorSystem.builder().name("sawtooth").state(x).parameter(p, 1.0).dynamics(Expression.ONE)
                .guardAndReset(p.toExpression().minus(x.toExpression()), List.of(Expression.ZERO))
                .initialState(0.27).build(Scalar.DOUBLE);
    }

    /**
     * Before and at the crossing {@code x(t) = x0 + t}, after it {@code t - (p - x0)}: the Jacobian is (1, 0) up to
     * and including the event's own time (the sample holds the state before the event's update, with that
     * branch's derivatives), (1, -1) after; under error control, fixed steps with isolation, and fixed steps
     * without (whose values after the reset are those of the cruder run).
     */
    @Test
    void theSawtoothsJacobianAtEachTimeIsTheClosedFormEvenAtTheEventTime() {
        double[] times = {0, 0.2, 0.5, 0.73, 0.73, 1.0, 1.55};
        for (String name : List.of("runge_kutta3", "explicit_euler", "radau3", "runge_kutta5")) {
            for (int mode = 0; mode < 3; mode++) {
                boolean fixed = mode > 0 || name.equals("explicit_euler");
                SymbolicVectorSystem<Double> system = sawtooth();
                Context<Double> context = system.createDefaultContext();
                if (mode < 2) {
                    context.setAccuracy(1e-12);
                }
                GradientSimulation.Samples s = GradientSimulation.sample(system, context, times,
                        scheme(name, fixed, 0.1));
                assertEquals(List.of("sawtooth/x", "sawtooth/p"), s.columnNames());
                for (int k = 0; k < times.length; k++) {
                    boolean after = times[k] > 0.73;
                    String what = name + " mode " + mode + " at t = " + times[k];
                    assertAgree(new double[] {1, after ? -1 : 0}, s.jacobian(k)[0], 1e-9, what);
                    if (mode < 2 || !after) {
                        assertEquals(after ? times[k] - 0.73 : 0.27 + times[k], s.state(k)[0], 1e-9, what);
                    }
                }
            }
        }
    }

    /** A run whose final time is the event's: x(T) is the state before the reset, d x(T)/d(x0, p, T) = (1, 0, 1). */
    @Test
    void anEventAtTheFinalTimeGivesTheStateBeforeItsUpdateWithThatBranchsDerivatives() {
        SymbolicVectorSystem<Double> system = sawtooth();
        Context<Double> context = system.createDefaultContext();
        context.setAccuracy(1e-12);
        GradientSimulation.Result r = GradientSimulation.run(system, context, 0.73, scheme("runge_kutta3", false, 0.1));
        assertEquals(1.0, r.finalState()[0], 1e-12);
        assertAgree(new double[] {1, 0, 1}, r.stateJacobian()[0], 1e-9, "d x(T)");
    }

    /** Lotka-Volterra, prey x and predators y: x' = a x - b x y, y' = -c y + d x y. */
    static SymbolicVectorSystem<Double> lotkaVolterra() {
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Variable a = new Variable("a");
        Variable b = new Variable("b");
        Variable c = new Variable("c");
        Variable d = new Variable("d");
        Expression xe = x.toExpression();
        Expression ye = y.toExpression();
        return SymbolicVectorSystem.builder().name("lotka_volterra").state(x, y).parameter(a, 1.5).parameter(b, 1.0)
                .parameter(c, 3.0).parameter(d, 1.0)
                .dynamics(a.toExpression().times(xe).minus(b.toExpression().times(xe).times(ye)),
                        c.toExpression().times(ye).times(-1.0).plus(d.toExpression().times(xe).times(ye)))
                .initialState(1, 1).build(Scalar.DOUBLE);
    }

    /** The fixed-step map's Jacobian by central differences of double runs (the map is smooth in x0 and p). */
    @Test
    void lotkaVolterrasJacobiansAtTenTimesMatchFiniteDifferences() {
        SymbolicVectorSystem<Double> lv = lotkaVolterra();
        double[] times = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        GradientSimulation.Samples s = GradientSimulation.sample(lv, lv.createDefaultContext(), times,
                scheme("runge_kutta5", true, 0.01));
        double[] theta = {1, 1, 1.5, 1.0, 3.0, 1.0};
        for (int j = 0; j < theta.length; j++) {
            double eps = 1e-6 * Math.abs(theta[j]);
            double[][] plus = lvRun(lv, theta, j, eps, times);
            double[][] minus = lvRun(lv, theta, j, -eps, times);
            for (int k = 0; k < times.length; k++) {
                for (int i = 0; i < 2; i++) {
                    double fd = (plus[k][i] - minus[k][i]) / (2 * eps);
                    assertEquals(fd, s.jacobian(k)[i][j], 1e-6 * Math.max(1, Math.abs(fd)),
                            "d x" + i + "(" + times[k] + ") / d theta" + j);
                }
            }
        }
    }

    private static double[][] lvRun(SymbolicVectorSystem<Double> lv, double[] theta, int j, double eps, double[] times) {
        double[] th = theta.clone();
        th[j] += eps;
        Context<Double> c = lv.createDefaultContext();
        c.setContinuousStateValues(th[0], th[1]);
        for (int q = 0; q < 4; q++) {
            c.getMutableNumericParameter(0).setValue(q, th[2 + q]);
        }
        Simulator<Double> sim = new Simulator<>(lv, c);
        SampledSensitivitiesTest.<Double>scheme("runge_kutta5", true, 0.01).accept(sim);
        double[][] out = new double[times.length][];
        for (int k = 0; k < times.length; k++) {
            sim.advanceTo(times[k]);
            out[k] = sim.getContext().getContinuousState().toValueArray();
        }
        return out;
    }

    /** One run through t1 and t2 against a run to t1 chained with a run from there to t2 (chain rule). */
    @Test
    void oneRunAgreesWithChainedRuns() {
        SymbolicVectorSystem<Double> lv = lotkaVolterra();
        Consumer<Simulator<AutoDiff>> rk3 = scheme("runge_kutta3", true, 0.05);
        GradientSimulation.Samples s = GradientSimulation.sample(lv, lv.createDefaultContext(), new double[] {2, 5},
                rk3);
        GradientSimulation.Result first = GradientSimulation.run(lv, lv.createDefaultContext(), 2, rk3);
        Context<Double> middle = lv.createDefaultContext();
        middle.setTime(2);
        middle.setContinuousStateValues(first.finalState());
        GradientSimulation.Result second = GradientSimulation.run(lv, middle, 5, rk3);
        double[][] j1 = first.stateJacobian();
        double[][] j12 = second.stateJacobian();
        assertArrayEquals(second.finalState(), s.state(1), 1e-12);
        for (int i = 0; i < 2; i++) {
            double[] chained = new double[6];
            for (int j = 0; j < 6; j++) {
                chained[j] = j12[i][0] * j1[0][j] + j12[i][1] * j1[1][j] + (j >= 2 ? j12[i][j] : 0);
            }
            assertAgree(chained, s.jacobian(1)[i], 1e-10, "row " + i + " at t = 5");
            assertAgree(Arrays.copyOf(j1[i], 6), s.jacobian(0)[i], 1e-12, "row " + i + " at t = 2");
        }
    }

    /** The bouncing ball through three impacts, sampled between them, against its closed form by AutoDiff. */
    @Test
    void theBouncingBallBetweenImpactsMatchesTheClosedForm() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> context = ball.createDefaultContext();
        context.setContinuousStateValues(1.2, 0.5);
        context.setAccuracy(1e-12);
        double[] times = {0.3, 0.9, 1.6, 2.3};
        GradientSimulation.Samples s = GradientSimulation.sample(ball, context, times, scheme("runge_kutta5", false, 0.1));
        for (int k = 0; k < times.length; k++) {
            AutoDiff[] closed = ballClosedForm(1.2, 0.5, 0.8, 9.81, times[k]);
            for (int i = 0; i < 2; i++) {
                assertEquals(closed[i].value(), s.state(k)[i], 1e-9);
                assertAgree(Arrays.copyOf(closed[i].gradient(), 4), s.jacobian(k)[i], 1e-9,
                        "row " + i + " at t = " + times[k]);
            }
        }
    }

    /** The ball's state at T from (z0, v0) under (e, g), in AutoDiff with respect to (z0, v0, e, g). */
    private static AutoDiff[] ballClosedForm(double z0v, double v0v, double ev, double gv, double tv) {
        AutoDiff z0 = AutoDiff.variable(z0v, 4, 0);
        AutoDiff v0 = AutoDiff.variable(v0v, 4, 1);
        AutoDiff e = AutoDiff.variable(ev, 4, 2);
        AutoDiff g = AutoDiff.variable(gv, 4, 3);
        AutoDiff speed = v0.square().add(g.mul(z0).mul(2)).sqrt();
        AutoDiff t = v0.add(speed).div(g);
        if (tv <= t.value()) {
            return new AutoDiff[] {z0.add(v0.mul(tv)).sub(g.mul(0.5 * tv * tv)), v0.sub(g.mul(tv))};
        }
        AutoDiff u = e.mul(speed);
        while (tv > t.value() + 2 * u.value() / gv) {
            t = t.add(u.mul(2).div(g));
            u = u.mul(e);
        }
        AutoDiff s = t.subFrom(tv);
        return new AutoDiff[] {u.mul(s).sub(g.mul(s.square()).mul(0.5)), u.sub(g.mul(s))};
    }

    @Test
    void chosenColumnsAreTheFullJacobiansColumnsAndBadArgumentsAreRefused() {
        SymbolicVectorSystem<Double> lv = lotkaVolterra();
        Consumer<Simulator<AutoDiff>> rk3 = scheme("runge_kutta3", false, 0.1);
        double[] times = {0.5, 3};
        GradientSimulation.Samples all = GradientSimulation.sample(lv, lv.createDefaultContext(), times, rk3);
        GradientSimulation.Samples some = GradientSimulation.sample(lv, lv.createDefaultContext(), times,
                new int[] {4, 0}, rk3);
        assertEquals(List.of(all.columnNames().get(4), all.columnNames().get(0)), some.columnNames());
        for (int k = 0; k < times.length; k++) {
            for (int i = 0; i < 2; i++) {
                assertEquals(all.jacobian(k)[i][4], some.jacobian(k)[i][0], 1e-12);
                assertEquals(all.jacobian(k)[i][0], some.jacobian(k)[i][1], 1e-12);
            }
        }
        Context<Double> c = lv.createDefaultContext();
        assertThrows(IllegalArgumentException.class, () -> GradientSimulation.sample(lv, c, new double[0], rk3));
        assertThrows(IllegalArgumentException.class, () -> GradientSimulation.sample(lv, c, new double[] {2, 1}, rk3));
        assertThrows(IllegalArgumentException.class,
                () -> GradientSimulation.sample(lv, c, new double[] {Double.NaN}, rk3));
        assertThrows(IllegalArgumentException.class,
                () -> GradientSimulation.sample(lv, c, times, new int[] {1, 1}, rk3));
        assertThrows(IllegalArgumentException.class,
                () -> GradientSimulation.sample(lv, c, times, new int[] {6}, rk3));
    }
}
