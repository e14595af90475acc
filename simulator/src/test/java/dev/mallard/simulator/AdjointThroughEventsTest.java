package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.BouncingBall;
import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.integrators.ImplicitEulerIntegrator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RadauIntegrator;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.primitives.VectorLogSink;
import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The adjoint gradient through events and implicit steps, against forward mode ({@link GradientSimulation}'s
 * Jacobian contracted with the terminal cost's gradient, on the same steps) and, for the bouncing ball, against
 * the closed-form solution: impacts (witness-triggered resets with the event time's sensitivity), a plant with a
 * sampled controller (periodic discrete updates), per-step updates, and Van der Pol under implicit Euler and
 * Radau IIA. Each refused case is refused with a message naming the system and the event.
 */
class AdjointThroughEventsTest {

    /** phi = a . x + x0 x1 + x0^2, with its gradient; nonlinear so that the contraction is not trivial. */
    private static final class Quadratic implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            double sum = x[0] * x[1] + x[0] * x[0];
            for (int i = 0; i < x.length; i++) {
                sum += (i + 1) * x[i];
            }
            return sum;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            Arrays.fill(gp, 0);
            for (int i = 0; i < x.length; i++) {
                gx[i] = i + 1;
            }
            gx[0] += x[1] + 2 * x[0];
            gx[1] += x[0];
            return 0;
        }
    }

    private static double[] forwardGradient(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            Consumer<Simulator<AutoDiff>> configure, CostFunction phi) {
        GradientSimulation.Result r = GradientSimulation.run(system, context, finalTime, configure);
        int n = r.numStates();
        double[] gx = new double[n];
        double[] gp = new double[r.numParameters()];
        double gt = phi.gradient(finalTime, r.finalState(), new double[r.numParameters()], gx, gp);
        double[][] jac = r.stateJacobian();
        double[] out = new double[jac[0].length];
        for (int j = 0; j < out.length; j++) {
            for (int i = 0; i < n; i++) {
                out[j] += gx[i] * jac[i][j];
            }
        }
        for (int q = 0; q < gp.length; q++) {
            out[n + q] += gp[q];
        }
        out[out.length - 1] += gt;
        return out;
    }

    private static void assertAgree(double[] expected, double[] actual, double tolerance) {
        assertEquals(expected.length, actual.length, "gradient length");
        GradientAssertions.assertAgree(expected, actual, tolerance, "gradient");
    }

    private static <T> Consumer<Simulator<T>> accuracy(double accuracy) {
        return sim -> sim.getMutableIntegrator().setTargetAccuracy(accuracy);
    }

    // ---- the bouncing ball ---------------------------------------------------------------------------------

    private static Context<Double> ballContext(BouncingBall<Double> ball, double z0, double v0) {
        Context<Double> c = ball.createDefaultContext();
        c.setContinuousStateValues(z0, v0);
        return c;
    }

    /** The ball's exact state at T from (z0, v0) with restitution e and gravity g, impacts by the closed form. */
    private static double[] ballClosedForm(double z0, double v0, double e, double g, double finalTime) {
        double t = (v0 + Math.sqrt(v0 * v0 + 2 * g * z0)) / g;
        if (finalTime <= t) {
            return new double[] {z0 + v0 * finalTime - 0.5 * g * finalTime * finalTime, v0 - g * finalTime};
        }
        double u = e * Math.sqrt(v0 * v0 + 2 * g * z0);
        while (finalTime > t + 2 * u / g) {
            t += 2 * u / g;
            u *= e;
        }
        double s = finalTime - t;
        return new double[] {u * s - 0.5 * g * s * s, u - g * s};
    }

    /** dJ/d(z0, v0, e, g, T) of the closed form, by central differences (the closed form is smooth there). */
    private static double[] ballClosedFormGradient(CostFunction phi, double[] args) {
        return GradientAssertions.centralDifferences(
                a -> phi.value(0, ballClosedForm(a[0], a[1], a[2], a[3], a[4]), new double[2]), args);
    }

    @Test
    void bouncingBallThroughThreeImpactsMatchesForwardModeAndTheClosedForm() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> c = ballContext(ball, 1.2, 0.5);
        double finalTime = 2.3;
        double[] expected = forwardGradient(ball, c, finalTime, accuracy(1e-8), new Quadratic());
        AdjointGradient.Result first = null;
        for (int interval : new int[] {1, 5, 1_000_000}) {
            AdjointGradient.Result a = AdjointGradient.run(ball, c, finalTime, new Quadratic(), CostFunction.zero(),
                    interval, accuracy(1e-8));
            assertAgree(expected, a.gradient(), 1e-10);
            if (first != null) {
                assertAgree(first.gradient(), a.gradient(), 1e-13);
            }
            first = a;
        }
        // three impacts before T (at 0.55, 1.45 and 2.16 s) and the closed form's gradient
        assertTrue(BouncingBall.impactTime(2, 1.2 + 0.5 * 0.5 / (2 * 9.81), 0.8, 9.81) < finalTime + 0.1);
        double[] closed = ballClosedFormGradient(new Quadratic(), new double[] {1.2, 0.5, 0.8, 9.81, finalTime});
        assertAgree(closed, first.gradient(), 1e-6);
        double[] xT = ballClosedForm(1.2, 0.5, 0.8, 9.81, finalTime);
        assertEquals(xT[0], first.finalState()[0], 1e-7);
        assertEquals(xT[1], first.finalState()[1], 1e-7);
    }

    /**
     * Fixed-step runge_kutta5 (its own continuous extension, not the cubic Hermite one): with an accuracy in the
     * context, witnesses are isolated and the impacts carry their times' sensitivities (the closed form holds);
     * without one, as in Drake, a fixed-step run does not isolate and the reset happens at the end of the step that
     * crossed; the gradient still carries the crossing time's sensitivity (evaluated at that step end), so it is
     * off by the order of the step (0.05 s) only, as the cruder run's values are, and the adjoint agrees with
     * forward mode.
     */
    @Test
    void bouncingBallUnderFixedStepRk5WithAndWithoutIsolation() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.7, 9.81);
        Consumer<Simulator<Double>> rk5 = sim -> {
            IntegratorBase<Double> i = sim.resetIntegrator(RungeKutta5Integrator::new);
            i.setFixedStepMode(true);
            i.setMaximumStepSize(0.05);
        };
        Consumer<Simulator<AutoDiff>> rk5ad = sim -> {
            IntegratorBase<AutoDiff> i = sim.resetIntegrator(RungeKutta5Integrator::new);
            i.setFixedStepMode(true);
            i.setMaximumStepSize(0.05);
        };
        for (boolean isolate : new boolean[] {true, false}) {
            Context<Double> c = ballContext(ball, 0.8, -0.2);
            if (isolate) {
                c.setAccuracy(1e-6);
            }
            double[] expected = forwardGradient(ball, c, 1.7, rk5ad, new Quadratic());
            AdjointGradient.Result a = AdjointGradient.run(ball, c, 1.7, new Quadratic(), CostFunction.zero(), 4,
                    rk5);
            assertAgree(expected, a.gradient(), 1e-10);
            double[] closed = ballClosedFormGradient(new Quadratic(), new double[] {0.8, -0.2, 0.7, 9.81, 1.7});
            double error = 0;
            for (int k = 0; k < closed.length; k++) {
                error = Math.max(error, Math.abs(closed[k] - a.gradient()[k]) / 73.6);
            }
            assertTrue(error < (isolate ? 1e-6 : 0.1), "relative error against the closed form " + error);
        }
    }

    // ---- a plant with a sampled controller -----------------------------------------------------------------

    /** A damped cart {@code q' = v, v' = u - b v + sin(q)}; parameter [b]; input "force"; output (q, v). */
    static final class Cart<T> extends LeafSystem<T> {
        Cart(Scalar<T> scalar) {
            super(scalar, "cart");
            declareContinuousState(1, 1, 0);
            declareNumericParameter(0.4);
            declareVectorInputPort("force", 1);
            declareVectorOutputPort("state", 2, (c, y) -> {
                y.set(0, c.getContinuousState().get(0));
                y.set(1, c.getContinuousState().get(1));
            }, Feedthrough.none());
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            T q = context.getContinuousState().get(0);
            T v = context.getContinuousState().get(1);
            T u = getInputPort(0).eval(context, 0);
            derivatives.set(0, v);
            derivatives.set(1, s.add(s.sub(u, s.mul(context.getNumericParameter(0).get(0), v)), s.sin(q)));
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Cart<>(target);
        }
    }

    /**
     * A sampled PI-D controller with discrete state [u, integral]: every 0.1 s,
     * {@code integral+ = integral + 0.1 (r - q)}, {@code u+ = kp (r - q) - kd v + ki integral+ + 0.2 u}
     * (the old u enters, so the discrete state's adjoint matters); parameters [kp, kd, ki, r].
     */
    static final class SampledController<T> extends LeafSystem<T> {
        SampledController(Scalar<T> scalar) {
            super(scalar, "sampled controller");
            declareNumericParameter(6.0, 2.5, 1.5, 0.7);
            declareDiscreteState(0.0, 0.0);
            declareVectorInputPort("state", 2);
            declarePeriodicDiscreteUpdateEvent(0.1, 0.0, (context, xd) -> {
                Scalar<T> s = scalar();
                T q = getInputPort(0).eval(context, 0);
                T v = getInputPort(0).eval(context, 1);
                T kp = context.getNumericParameter(0).get(0);
                T kd = context.getNumericParameter(0).get(1);
                T ki = context.getNumericParameter(0).get(2);
                T r = context.getNumericParameter(0).get(3);
                T e = s.sub(r, q);
                T integral = s.add(context.getDiscreteState(0).get(1), s.mul(e, 0.1));
                T u = s.add(s.sub(s.mul(kp, e), s.mul(kd, v)), s.add(s.mul(ki, integral),
                        s.mul(context.getDiscreteState(0).get(0), 0.2)));
                xd.get(0).set(0, u);
                xd.get(0).set(1, integral);
                return EventStatus.succeeded();
            });
            declareVectorOutputPort("force", 1, (c, y) -> y.set(0, c.getDiscreteState(0).get(0)),
                    Feedthrough.none());
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new SampledController<>(target);
        }
    }

    private static Diagram<Double> sampledLoop() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        Cart<Double> cart = builder.addSystem(new Cart<>(Scalar.DOUBLE));
        SampledController<Double> controller = builder.addSystem(new SampledController<>(Scalar.DOUBLE));
        builder.connect(cart.getOutputPort("state"), controller.getInputPort("state"));
        builder.connect(controller.getOutputPort("force"), cart.getInputPort("force"));
        // a logger with abstract state and periodic publishes: publishes change no state and are accepted
        VectorLogSink.logVectorOutput(cart.getOutputPort("state"), builder, 0.25);
        return builder.build("sampled loop");
    }

    @Test
    void sampledControllerLoopMatchesForwardModeForEveryCheckpointInterval() {
        Diagram<Double> loop = sampledLoop();
        Context<Double> c = loop.createDefaultContext();
        c.setContinuousStateValues(0.3, -0.1);
        double finalTime = 2.05;
        double[] expected = forwardGradient(loop, c, finalTime, accuracy(1e-8), new Quadratic());
        AdjointGradient.Result first = null;
        for (int interval : new int[] {1, 6, 1_000_000}) {
            AdjointGradient.Result a = AdjointGradient.run(loop, c, finalTime, new Quadratic(), CostFunction.zero(),
                    interval, accuracy(1e-8));
            assertAgree(expected, a.gradient(), 1e-10);
            if (first != null) {
                assertAgree(first.gradient(), a.gradient(), 1e-13);
            }
            first = a;
        }
        assertEquals(2 + 1 + 4 + 1, first.gradient().length, "x0 (2), b, kp kd ki r, T");
        // the gains matter: dJ/dkp is far from zero
        assertTrue(Math.abs(first.parameterDerivative(1)) > 1e-3, first.toString());
    }

    // ---- per-step updates ----------------------------------------------------------------------------------

    /**
     * {@code x' = -a x + xd, y' = x}, and at every step {@code xd+ = 0.5 xd + 0.1 x^2 + 0.05 t} (a per-step
     * discrete update); parameter [a].
     */
    static final class PerStepFilter<T> extends LeafSystem<T> {
        PerStepFilter(Scalar<T> scalar) {
            super(scalar, "per-step filter");
            declareContinuousState(2);
            declareNumericParameter(0.8);
            declareDiscreteState(0.2);
            declarePerStepDiscreteUpdateEvent((context, xd) -> {
                Scalar<T> s = scalar();
                T x = context.getContinuousState().get(0);
                T d = context.getDiscreteState(0).get(0);
                xd.get(0).set(0, s.add(s.add(s.mul(d, 0.5), s.mul(s.mul(x, x), 0.1)), s.mul(context.getTime(), 0.05)));
                return EventStatus.succeeded();
            });
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            T x = context.getContinuousState().get(0);
            derivatives.set(0, s.add(s.neg(s.mul(context.getNumericParameter(0).get(0), x)),
                    context.getDiscreteState(0).get(0)));
            derivatives.set(1, x);
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new PerStepFilter<>(target);
        }
    }

    @Test
    void perStepUpdatesMatchForwardMode() {
        PerStepFilter<Double> filter = new PerStepFilter<>(Scalar.DOUBLE);
        Context<Double> c = filter.createDefaultContext();
        c.setContinuousStateValues(1.0, 0.0);
        double[] expected = forwardGradient(filter, c, 1.5, accuracy(1e-6), new Quadratic());
        AdjointGradient.Result a = AdjointGradient.run(filter, c, 1.5, new Quadratic(), CostFunction.zero(), 3,
                accuracy(1e-6));
        assertAgree(expected, a.gradient(), 1e-10);
    }

    // ---- implicit schemes ----------------------------------------------------------------------------------

    private static <T> Consumer<Simulator<T>> radau(int stages, double accuracy) {
        return sim -> sim.resetIntegrator((s, ctx) -> new RadauIntegrator<>(s, ctx, stages))
                .setTargetAccuracy(accuracy);
    }

    private static <T> Consumer<Simulator<T>> implicitEuler(boolean trapezoid, double accuracy) {
        return sim -> {
            ImplicitEulerIntegrator<T> i = sim.resetIntegrator(ImplicitEulerIntegrator::new);
            i.setUseImplicitTrapezoidErrorEstimation(trapezoid);
            i.setTargetAccuracy(accuracy);
        };
    }

    /**
     * Against forward mode, which differentiates the run's Newton iterations (stopped at 0.01 times the accuracy,
     * on a possibly stale Jacobian), the adjoint, which differentiates the converged stage equations, agrees to
     * about the Newton tolerance; the intervals agree to rounding since the checkpoints come from the adjoint's
     * own replay.
     */
    @Test
    void vanDerPolUnderRadauAndImplicitEulerMatchesForwardModeToTheNewtonTolerance() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.5, false);
        Context<Double> c = vdp.createDefaultContext();
        c.setContinuousStateValues(1.5, -0.3);
        record Case(Consumer<Simulator<Double>> d, Consumer<Simulator<AutoDiff>> ad) {
        }
        for (Case k : new Case[] {new Case(radau(2, 1e-8), radau(2, 1e-8)), new Case(radau(1, 1e-6), radau(1, 1e-6)),
                new Case(implicitEuler(false, 1e-6), implicitEuler(false, 1e-6))}) {
            double[] expected = forwardGradient(vdp, c, 1.0, k.ad(), new Quadratic());
            AdjointGradient.Result first = null;
            for (int interval : new int[] {1, 7, 1_000_000}) {
                AdjointGradient.Result a = AdjointGradient.run(vdp, c, 1.0, new Quadratic(), CostFunction.zero(),
                        interval, k.d());
                assertAgree(expected, a.gradient(), 1e-5);
                if (first != null) {
                    assertAgree(first.gradient(), a.gradient(), 1e-13);
                }
                first = a;
            }
        }
    }

    /**
     * On a linear system (the mass-spring chain) Newton converges in one iteration on an exact Jacobian, so
     * forward mode's derivatives are the implicit equations' too: radau3 and implicit Euler then agree with the
     * adjoint to rounding.
     */
    @Test
    void massSpringChainUnderImplicitSchemesMatchesForwardModeToRounding() {
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, 3, false);
        Context<Double> c = chain.createDefaultContext();
        c.setContinuousStateValues(0.1, -0.2, 0.3, 0.0, 0.1, 0.0);
        for (boolean radau3 : new boolean[] {true, false}) {
            Consumer<Simulator<Double>> d = radau3 ? radau(2, 1e-6) : implicitEuler(true, 1e-5);
            Consumer<Simulator<AutoDiff>> ad = radau3 ? radau(2, 1e-6) : implicitEuler(true, 1e-5);
            double[] expected = forwardGradient(chain, c, 1.5, ad, new Quadratic());
            AdjointGradient.Result a = AdjointGradient.run(chain, c, 1.5, new Quadratic(), CostFunction.zero(), 5, d);
            assertAgree(expected, a.gradient(), 1e-10);
        }
    }

    /**
     * Fixed-step radau3 on Van der Pol against central differences of the cost of the same fixed steps (the
     * adjoint's cost is that of its own exactly solved replay, a smooth function of x(0), mu and T).
     */
    @Test
    void fixedStepRadau3MatchesCentralDifferencesOfItsOwnCost() {
        Consumer<Simulator<Double>> radau3 = sim -> {
            IntegratorBase<Double> i = sim.resetIntegrator((sys, ctx) -> new RadauIntegrator<>(sys, ctx, 2));
            i.setFixedStepMode(true);
            i.setMaximumStepSize(0.1);
        };
        double[] args = {1.5, -0.3, 1.5, 1.03};
        AdjointGradient.Result a = vdpRun(args, radau3);
        double[] fd = new double[args.length];
        for (int k = 0; k < args.length; k++) {
            double step = 1e-5;
            double[] plus = args.clone();
            double[] minus = args.clone();
            plus[k] += step;
            minus[k] -= step;
            fd[k] = (vdpRun(plus, radau3).cost() - vdpRun(minus, radau3).cost()) / (2 * step);
        }
        assertAgree(fd, a.gradient(), 1e-8);
    }

    private static AdjointGradient.Result vdpRun(double[] args, Consumer<Simulator<Double>> configure) {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, args[2], false);
        Context<Double> c = vdp.createDefaultContext();
        c.setContinuousStateValues(args[0], args[1]);
        return AdjointGradient.run(vdp, c, args[3], new Quadratic(), CostFunction.zero(), 4, configure);
    }

    /**
     * Fixed-step implicit Euler on Van der Pol against an independent exact tangent: the same steps written
     * out here on AutoDiff, each solved by full Newton with the exact Jacobian to convergence (so that the
     * derivatives are the implicit function theorem's), and contracted with the cost's gradient.
     */
    @Test
    void fixedStepImplicitEulerIsTheExactGradientOfTheImplicitEquations() {
        double mu = 1.5;
        double h = 0.05;
        double finalTime = 1.03;
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, mu, false);
        Context<Double> c = vdp.createDefaultContext();
        c.setContinuousStateValues(1.5, -0.3);
        AdjointGradient.Result a = AdjointGradient.run(vdp, c, finalTime, new Quadratic(), CostFunction.zero(), 3,
                sim -> {
                    IntegratorBase<Double> i = sim.resetIntegrator(ImplicitEulerIntegrator::new);
                    i.setFixedStepMode(true);
                    i.setMaximumStepSize(h);
                });
        // independent variables x0, x1, mu, T
        AutoDiff[] x = {AutoDiff.variable(1.5, 4, 0), AutoDiff.variable(-0.3, 4, 1)};
        AutoDiff m = AutoDiff.variable(mu, 4, 2);
        AutoDiff end = AutoDiff.variable(finalTime, 4, 3);
        double t = 0;
        int steps = 0;
        while (t < finalTime) {
            // as the integrator: a step within 1% of the end is stretched to land on it (its size is T - t)
            AutoDiff step = finalTime - t <= 1.01 * h ? end.sub(t) : AutoDiff.constant(h);
            x = backwardEuler(x, m, step);
            t = finalTime - t <= 1.01 * h ? finalTime : t + h;
            steps++;
        }
        assertEquals(steps, a.steps());
        double[] xT = {x[0].value(), x[1].value()};
        assertEquals(xT[0], a.finalState()[0], 1e-13);
        double[] gx = new double[2];
        new Quadratic().gradient(finalTime, xT, new double[1], gx, new double[1]);
        double[] expected = new double[4];
        for (int j = 0; j < 4; j++) {
            expected[j] = gx[0] * x[0].derivative(j) + gx[1] * x[1].derivative(j);
        }
        assertAgree(expected, a.gradient(), 1e-11);
    }

    /** One backward Euler step of Van der Pol, x1 = x0 + h f(x1), by 30 full Newton iterations on AutoDiff. */
    private static AutoDiff[] backwardEuler(AutoDiff[] x0, AutoDiff mu, AutoDiff h) {
        AutoDiff[] x = x0.clone();
        for (int it = 0; it < 30; it++) {
            AutoDiff f0 = x[1];
            AutoDiff f1 = mu.mul(x[0].square().subFrom(1)).mul(x[1]).sub(x[0]);
            AutoDiff r0 = x[0].sub(x0[0]).sub(h.mul(f0));
            AutoDiff r1 = x[1].sub(x0[1]).sub(h.mul(f1));
            // the residual's Jacobian I - h f_x, in AutoDiff so that the solve is exact in the derivatives too
            AutoDiff a00 = AutoDiff.ONE;
            AutoDiff a01 = h.neg();
            AutoDiff a10 = h.mul(mu.mul(x[0]).mul(x[1]).mul(2).add(1));
            AutoDiff a11 = h.mul(mu.mul(x[0].square().subFrom(1))).subFrom(1);
            AutoDiff det = a00.mul(a11).sub(a01.mul(a10));
            AutoDiff d0 = a11.mul(r0).sub(a01.mul(r1)).div(det);
            AutoDiff d1 = a00.mul(r1).sub(a10.mul(r0)).div(det);
            x = new AutoDiff[] {x[0].sub(d0), x[1].sub(d1)};
        }
        return x;
    }

    // ---- refusals ------------------------------------------------------------------------------------------

    /** A leaf with abstract state (a mode) that a periodic unrestricted update may change. */
    static final class ModeSwitch<T> extends LeafSystem<T> {
        ModeSwitch(Scalar<T> scalar) {
            super(scalar, "mode switch");
            declareContinuousState(1);
            declareAbstractState("off");
            declarePeriodicUnrestrictedUpdateEvent(0.5, 0.0, (context, state) -> {
                state.setAbstractState(0, "on");
                return EventStatus.succeeded();
            });
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            derivatives.set(0, scalar().neg(context.getContinuousState().get(0)));
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new ModeSwitch<>(target);
        }
    }

    @Test
    void refusesAnUnrestrictedUpdateOfAbstractStateNamingTheSystemAndTheEvent() {
        ModeSwitch<Double> modes = new ModeSwitch<>(Scalar.DOUBLE);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> AdjointGradient.run(modes, modes.createDefaultContext(), 1.0, new Quadratic1(),
                        CostFunction.zero(), 4, null));
        assertTrue(e.getMessage().contains("mode switch") && e.getMessage().contains("UNRESTRICTED_UPDATE")
                && e.getMessage().contains("abstract state"), e.getMessage());
    }

    /**
     * Witnesses under an implicit scheme (refused before issue 31): the impact's cut-short step is replayed on the
     * scheme's Newton iterations, and the adjoint agrees with forward mode and with the closed form (the ball's
     * motion is linear, so Newton's iterations are exact).
     */
    @Test
    void bouncingBallUnderRadauThroughAnImpactMatchesForwardModeAndTheClosedForm() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> c = ballContext(ball, 1.0, 0.0);
        double[] expected = forwardGradient(ball, c, 1.0, radau(2, 1e-6), new Quadratic());
        AdjointGradient.Result a = AdjointGradient.run(ball, c, 1.0, new Quadratic(), CostFunction.zero(), 4,
                radau(2, 1e-6));
        assertAgree(expected, a.gradient(), 1e-9);
        assertAgree(ballClosedFormGradient(new Quadratic(), new double[] {1.0, 0.0, 0.8, 9.81, 1.0}), a.gradient(),
                1e-5);
    }

    /** x' = -x, and a publish at t = 0.5 that asks the simulation to stop. */
    static final class Stopper<T> extends LeafSystem<T> {
        Stopper(Scalar<T> scalar) {
            super(scalar, "stopper");
            declareContinuousState(1);
            declarePeriodicPublishEvent(0.5, 0.5, (context) -> EventStatus.reachedTermination(this, "enough"));
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            derivatives.set(0, scalar().neg(context.getContinuousState().get(0)));
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Stopper<>(target);
        }
    }

    @Test
    void refusesARunThatStopsBeforeTheFinalTime() {
        Stopper<Double> stopper = new Stopper<>(Scalar.DOUBLE);
        SimulationException e = assertThrows(SimulationException.class,
                () -> AdjointGradient.run(stopper, stopper.createDefaultContext(), 1.0, new Quadratic1(),
                        CostFunction.zero(), 4, null));
        assertTrue(e.getMessage().contains("T = 1.0") && e.getMessage().contains("enough"), e.getMessage());
    }

    /** phi = 2 x0 for one-state systems. */
    private static final class Quadratic1 implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return 2 * x[0];
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            gx[0] = 2;
            Arrays.fill(gp, 0);
            return 0;
        }
    }
}
