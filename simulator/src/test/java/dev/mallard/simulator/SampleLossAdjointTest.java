package dev.mallard.simulator;

import static dev.mallard.simulator.GradientAssertions.assertAgree;
import static dev.mallard.simulator.GradientAssertions.centralDifferences;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.gradients.SampleLoss;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The adjoint gradient of a loss at sample times, {@code sum_k l_k(x(t_k), p)}, against a closed form (exponential
 * decay), forward mode ({@link GradientSimulation#sample}'s Jacobians contracted with each {@code dl_k/dx}, on the
 * same steps) under several schemes, central differences of the double run's loss, and the bouncing ball with a
 * sample exactly at an impact; sample times at periodic update times and at the start; bad times refused.
 */
class SampleLossAdjointTest {

    /** {@code l = (x_i - y)^2 + w p_q x_i}: a residual and a parameter term, so that dl/dp is not zero. */
    private record Residual(int i, double y, double w, int q) implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            double r = x[i] - y;
            return r * r + (w == 0 ? 0 : w * p[q] * x[i]);
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            Arrays.fill(gx, 0);
            Arrays.fill(gp, 0);
            gx[i] = 2 * (x[i] - y) + (w == 0 ? 0 : w * p[q]);
            if (w != 0) {
                gp[q] = w * x[i];
            }
            return 0;
        }
    }

    /** A residual on every state at each time, with data {@code y_k = 0.1 k + 0.3 (i + 1)}. */
    private static SampleLoss residuals(double[] times, int n, double w) {
        List<CostFunction> losses = new ArrayList<>();
        for (int k = 0; k < times.length; k++) {
            List<CostFunction> terms = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                terms.add(new Residual(i, 0.1 * k + 0.3 * (i + 1), w, 0));
            }
            losses.add(sum(terms));
        }
        return SampleLoss.of(times, losses);
    }

    private static CostFunction sum(List<CostFunction> terms) {
        return new CostFunction() {
            @Override
            public double value(double t, double[] x, double[] p) {
                return terms.stream().mapToDouble(f -> f.value(t, x, p)).sum();
            }

            @Override
            public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
                double[] tx = new double[gx.length];
                double[] tp = new double[gp.length];
                Arrays.fill(gx, 0);
                Arrays.fill(gp, 0);
                for (CostFunction f : terms) {
                    f.gradient(t, x, p, tx, tp);
                    for (int i = 0; i < gx.length; i++) {
                        gx[i] += tx[i];
                    }
                    for (int q = 0; q < gp.length; q++) {
                        gp[q] += tp[q];
                    }
                }
                return 0;
            }
        };
    }

    /** sum_k (dl_k/dx J_k + dl_k/dp) from forward mode's sampled Jacobians (columns x0 and p). */
    private static double[] forwardGradient(DynamicalSystem<Double> system, Context<Double> context,
            SampleLoss loss, Consumer<Simulator<AutoDiff>> configure) {
        GradientSimulation.Samples s = GradientSimulation.sample(system, context, loss.times(), configure);
        int n = context.getNumContinuousStates();
        int columns = s.columnNames().size();
        double[] p = parameters(context);
        double[] out = new double[columns];
        double[] gx = new double[n];
        double[] gp = new double[p.length];
        for (int k = 0; k < loss.size(); k++) {
            loss.loss(k).gradient(loss.time(k), s.state(k), p, gx, gp);
            double[][] jac = s.jacobian(k);
            for (int j = 0; j < columns; j++) {
                for (int i = 0; i < n; i++) {
                    out[j] += gx[i] * jac[i][j];
                }
            }
            for (int q = 0; q < p.length; q++) {
                out[n + q] += gp[q];
            }
        }
        return out;
    }

    private static double[] parameters(Context<Double> context) {
        List<Double> all = new ArrayList<>();
        for (Context<Double> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                for (double v : leaf.getNumericParameter(g).toValueArray()) {
                    all.add(v);
                }
            }
        }
        return all.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static <T> Consumer<Simulator<T>> scheme(String name, boolean fixed, double step, double accuracy) {
        return sim -> {
            IntegratorBase<T> integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(sim, name, step);
            if (integrator.supportsErrorEstimation()) {
                integrator.setTargetAccuracy(accuracy);
            }
            integrator.setFixedStepMode(fixed);
        };
    }

    // ---- exponential decay: the closed form ------------------------------------------------------------------

    private static SymbolicVectorSystem<Double> decay() {
        Variable x = new Variable("x");
        Variable a = new Variable("a");
        return SymbolicVectorSystem.builder().name("decay").state(x).parameter(a, 0.8)
                .dynamics(a.toExpression().times(x.toExpression()).times(-1.0)).initialState(1.5)
                .build(Scalar.DOUBLE);
    }

    /**
     * {@code x' = -a x}, {@code J = sum_k (x(t_k) - y_k)^2}: {@code x(t) = x0 e^{-a t}}, so
     * {@code dJ/dx0 = sum 2 r_k e^{-a t_k}} and {@code dJ/da = -sum 2 r_k t_k x0 e^{-a t_k}}; the loss is built from
     * expressions (one per sample, with its datum as a constant), and the sample times are constants, so dJ/dT is 0.
     */
    @Test
    void exponentialDecaysSampledLossMatchesTheClosedForm() {
        SymbolicVectorSystem<Double> system = decay();
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(system);
        Expression x = Expression.of(inspector.getContinuousStateVariables().get(0));
        double[] times = {0.2, 0.7, 1.1, 2.0, 3.5};
        double[] data = {1.1, 0.9, 0.6, 0.35, 0.02};
        List<CostFunction> losses = new ArrayList<>();
        for (double y : data) {
            losses.add(CostFunction.of(inspector, Expression.pow(x.minus(Expression.constant(y)), 2)));
        }
        double x0 = 1.5;
        double a = 0.8;
        double cost = 0;
        double dx0 = 0;
        double da = 0;
        for (int k = 0; k < times.length; k++) {
            double e = Math.exp(-a * times[k]);
            double r = x0 * e - data[k];
            cost += r * r;
            dx0 += 2 * r * e;
            da -= 2 * r * times[k] * x0 * e;
        }
        for (double finalTime : new double[] {3.5, 4.0}) {
            AdjointGradient.Result result = AdjointGradient.run(system, system.createDefaultContext(), finalTime,
                    CostFunction.zero(), CostFunction.zero(), SampleLoss.of(times, losses), 3,
                    scheme("runge_kutta5", false, 0.1, 1e-13));
            assertEquals(cost, result.cost(), 1e-10 * cost, "J");
            assertEquals(dx0, result.gradient()[0], 1e-9 * Math.abs(dx0), "dJ/dx0");
            assertEquals(da, result.parameterDerivative(0), 1e-9 * Math.abs(da), "dJ/da");
            assertEquals(0, result.finalTimeDerivative(), 1e-12, "dJ/dT");
        }
    }

    /**
     * On the linear decay Newton converges in one iteration on an exact Jacobian, so forward mode differentiates
     * the implicit equations too: implicit Euler and Radau IIA agree with the adjoint to rounding.
     */
    @Test
    void implicitSchemesOnTheLinearDecayMatchForwardModeToRounding() {
        SymbolicVectorSystem<Double> system = decay();
        Context<Double> c = system.createDefaultContext();
        SampleLoss loss = residuals(new double[] {0, 0.4, 1.3, 2.0}, 1, 0.5);
        for (String name : List.of("implicit_euler", "radau1", "radau3")) {
            double[] expected = forwardGradient(system, c, loss, scheme(name, false, 0.1, 1e-5));
            AdjointGradient.Result r = AdjointGradient.run(system, c, 2.5, CostFunction.zero(), CostFunction.zero(),
                    loss, 3, scheme(name, false, 0.1, 1e-5));
            assertAgree(expected, Arrays.copyOf(r.gradient(), 2), 1e-10, name);
        }
    }

    // ---- Lotka-Volterra under several schemes: forward mode and central differences --------------------------

    private static SymbolicVectorSystem<Double> lotkaVolterra() {
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Variable a = new Variable("a");
        Variable b = new Variable("b");
        Expression xe = x.toExpression();
        Expression ye = y.toExpression();
        return SymbolicVectorSystem.builder().name("lotka_volterra").state(x, y).parameter(a, 1.5).parameter(b, 1.0)
                .dynamics(a.toExpression().times(xe).minus(b.toExpression().times(xe).times(ye)),
                        ye.times(-3.0).plus(xe.times(ye)))
                .initialState(1, 1).build(Scalar.DOUBLE);
    }

    /**
     * Explicit Euler, runge_kutta2 and runge_kutta5 on fixed steps, runge_kutta3 and radau3 under error control, with
     * a repeated sample time (both losses at the same state): the adjoint against forward mode's sampled Jacobians.
     */
    @Test
    void lotkaVolterrasSampledLossMatchesForwardModeUnderSeveralSchemes() {
        SymbolicVectorSystem<Double> lv = lotkaVolterra();
        Context<Double> c = lv.createDefaultContext();
        double[] times = {0.35, 1.0, 1.0, 2.2, 3.0};
        SampleLoss loss = residuals(times, 2, 0.4);
        record Case(String name, boolean fixed, double accuracy, double tolerance) {
        }
        // implicit schemes: forward mode differentiates the run's Newton iterations, the adjoint the scheme's
        // equations at their solution, so they agree to about the Newton tolerance only
        for (Case k : List.of(new Case("explicit_euler", true, 1e-7, 1e-10), new Case("runge_kutta2", true, 1e-7, 1e-10),
                new Case("runge_kutta3", false, 1e-7, 1e-10), new Case("runge_kutta5", true, 1e-7, 1e-10),
                new Case("radau3", false, 1e-8, 1e-5))) {
            double[] expected = forwardGradient(lv, c, loss, scheme(k.name(), k.fixed(), 0.01, k.accuracy()));
            for (int interval : k.name().equals("runge_kutta3") ? new int[] {1, 7} : new int[] {7}) {
                AdjointGradient.Result r = AdjointGradient.run(lv, c, 3.2, CostFunction.zero(), CostFunction.zero(),
                        loss, interval, scheme(k.name(), k.fixed(), 0.01, k.accuracy()));
                assertAgree(expected, Arrays.copyOf(r.gradient(), 4), k.tolerance(),
                        k.name() + " every " + interval + " steps");
            }
        }
    }

    /** Fixed-step runge_kutta3: the run's loss is a smooth function of (x0, p), so central differences apply. */
    @Test
    void lotkaVolterrasSampledLossMatchesCentralDifferences() {
        SymbolicVectorSystem<Double> lv = lotkaVolterra();
        double[] times = {0.5, 1.25, 2.0, 2.75};
        SampleLoss loss = residuals(times, 2, 0.4);
        double[] theta = {1, 1, 1.5, 1.0};
        AdjointGradient.Result r = lvRun(lv, theta, loss);
        double[] fd = new double[theta.length];
        for (int j = 0; j < theta.length; j++) {
            double step = 1e-6;
            double[] plus = theta.clone();
            double[] minus = theta.clone();
            plus[j] += step;
            minus[j] -= step;
            fd[j] = (lvRun(lv, plus, loss).cost() - lvRun(lv, minus, loss).cost()) / (2 * step);
        }
        assertAgree(fd, Arrays.copyOf(r.gradient(), 4), 1e-7, "central differences");
    }

    private static AdjointGradient.Result lvRun(SymbolicVectorSystem<Double> lv, double[] theta, SampleLoss loss) {
        Context<Double> c = lv.createDefaultContext();
        c.setContinuousStateValues(theta[0], theta[1]);
        c.getMutableNumericParameter(0).setValue(0, theta[2]);
        c.getMutableNumericParameter(0).setValue(1, theta[3]);
        return AdjointGradient.run(lv, c, 2.75, CostFunction.zero(), CostFunction.zero(), loss, 4,
                scheme("runge_kutta3", true, 0.05, 1e-7));
    }

    // ---- the bouncing ball ------------------------------------------------------------------------------------

    /**
     * Samples between impacts and one at the first impact: at its closed-form time under isolation (error-controlled
     * runge_kutta3 and radau3, fixed-step runge_kutta5), where the sample's landing and the witness's isolation meet,
     * and, without isolation (no accuracy in the context, as in Drake), 1 ms after it, where the fixed step that
     * crossed ends on the sample time: the reset then happens at that step's end and the context's time carries the
     * crossing time's sensitivity, so the sample's jump moves the state back along the flow as forward mode does.
     * Each sample holds the state before the event's update, with that branch's derivatives.
     */
    @Test
    void bouncingBallWithASampleAtAnImpactMatchesForwardMode() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        double impact = BouncingBall.impactTime(0, 1.2, 0.8, 9.81);
        record Case(String scheme, boolean fixed, double step, double accuracy, boolean isolate, double sample) {
        }
        for (Case k : List.of(new Case("runge_kutta3", false, 0.1, 1e-9, true, impact),
                new Case("runge_kutta5", true, 0.02, 1e-9, true, impact),
                new Case("radau3", false, 0.1, 1e-8, true, impact),
                new Case("runge_kutta5", true, 0.02, 1e-9, false, impact + 1e-3))) {
            Context<Double> c = ball.createDefaultContext();
            c.setContinuousStateValues(1.2, 0.0);
            if (k.isolate()) {
                c.setAccuracy(1e-10);
            }
            SampleLoss loss = residuals(new double[] {0.3, k.sample(), 0.9, 1.6, 2.3}, 2, 0.3);
            double[] expected = forwardGradient(ball, c, loss, scheme(k.scheme(), k.fixed(), k.step(), k.accuracy()));
            AdjointGradient.Result r = AdjointGradient.run(ball, c, 2.3, CostFunction.zero(), CostFunction.zero(),
                    loss, 5, scheme(k.scheme(), k.fixed(), k.step(), k.accuracy()));
            assertAgree(expected, Arrays.copyOf(r.gradient(), 4), 1e-9, k.toString());
            assertEquals(0, r.finalTimeDerivative(), 1e-9 * Math.abs(expected[0]), "dJ/dT");
        }
    }

    /**
     * Samples between three impacts: the closed form's gradient (by central differences of the exact solution,
     * which is smooth in (z0, v0, e, g) there) and central differences of the simulated loss under fixed-step
     * runge_kutta5 with isolation (whose steps do not move with the parameters except at the impacts).
     */
    @Test
    void bouncingBallWithSamplesBetweenImpactsMatchesCentralDifferencesAndTheClosedForm() {
        double[] times = {0.3, 0.9, 1.6, 2.1};
        SampleLoss loss = residuals(times, 2, 0.3);
        double[] theta = {1.2, 0.5, 0.8, 9.81};
        AdjointGradient.Result r = ballRun(theta, loss);
        double[] fd = centralDifferences(t -> ballRun(t, loss).cost(), theta);
        double[] closed = centralDifferences(t -> closedFormLoss(t, loss), theta);
        assertAgree(fd, r.gradient(), 1e-6, "central differences of the run");
        assertAgree(closed, r.gradient(), 1e-6, "the closed form");
        assertEquals(closedFormLoss(theta, loss), r.cost(), 1e-7);
    }

    private static AdjointGradient.Result ballRun(double[] theta, SampleLoss loss) {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, theta[2], theta[3]);
        Context<Double> c = ball.createDefaultContext();
        c.setContinuousStateValues(theta[0], theta[1]);
        c.setAccuracy(1e-12);
        return AdjointGradient.run(ball, c, 2.1, CostFunction.zero(), CostFunction.zero(), loss, 8,
                scheme("runge_kutta5", true, 0.01, 1e-9));
    }

    private static double closedFormLoss(double[] theta, SampleLoss loss) {
        double sum = 0;
        double[] p = {theta[2], theta[3]};
        for (int k = 0; k < loss.size(); k++) {
            sum += loss.loss(k).value(loss.time(k), ballClosedForm(theta, loss.time(k)), p);
        }
        return sum;
    }

    /** The ball's exact state at t from (z0, v0) with restitution e and gravity g. */
    private static double[] ballClosedForm(double[] theta, double t) {
        double z0 = theta[0];
        double v0 = theta[1];
        double e = theta[2];
        double g = theta[3];
        double impact = (v0 + Math.sqrt(v0 * v0 + 2 * g * z0)) / g;
        if (t <= impact) {
            return new double[] {z0 + v0 * t - 0.5 * g * t * t, v0 - g * t};
        }
        double u = e * Math.sqrt(v0 * v0 + 2 * g * z0);
        while (t > impact + 2 * u / g) {
            impact += 2 * u / g;
            u *= e;
        }
        double s = t - impact;
        return new double[] {u * s - 0.5 * g * s * s, u - g * s};
    }

    // ---- samples at update times and at the start ---------------------------------------------------------------

    /**
     * A plant under a sampled controller updating every 0.1 s: a sample at the start (after the updates of the
     * zero-length advance there, as forward mode's), samples at update times (before those updates) and one between
     * them; the discrete state's adjoint passes through the jumps.
     */
    @Test
    void samplesAtUpdateTimesAndAtTheStartMatchForwardMode() {
        Diagram<Double> loop = sampledLoop();
        Context<Double> c = loop.createDefaultContext();
        c.setContinuousStateValues(0.3, -0.1);
        double[] times = {0, 0.5, 0.73, 1.0, 1.6};
        SampleLoss loss = residuals(times, 2, 0.2);
        double[] expected = forwardGradient(loop, c, loss, scheme("runge_kutta3", false, 0.1, 1e-8));
        for (int interval : new int[] {1, 6}) {
            AdjointGradient.Result r = AdjointGradient.run(loop, c, 1.7, CostFunction.zero(),
                    CostFunction.zero(), loss, interval, scheme("runge_kutta3", false, 0.1, 1e-8));
            assertAgree(expected, Arrays.copyOf(r.gradient(), expected.length), 1e-10, "every " + interval);
        }
    }

    /** The cart and sampled controller of {@link AdjointThroughEventsTest}, as one diagram. */
    private static Diagram<Double> sampledLoop() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        AdjointThroughEventsTest.Cart<Double> cart = builder.addSystem(new AdjointThroughEventsTest.Cart<>(
                Scalar.DOUBLE));
        AdjointThroughEventsTest.SampledController<Double> controller = builder.addSystem(
                new AdjointThroughEventsTest.SampledController<>(Scalar.DOUBLE));
        builder.connect(cart.getOutputPort("state"), controller.getInputPort("state"));
        builder.connect(controller.getOutputPort("force"), cart.getInputPort("force"));
        return builder.build("sampled loop");
    }

    /** README.md's example of a sample-time loss, as written there, against forward mode. */
    @Test
    void theReadmesExampleMatchesForwardMode() {
        Map<String, Variable> v = new HashMap<>();
        List<Expression> f = List.of(Formula.parseCreating("a*x - b*x*y", v),
                Formula.parseCreating("-c*y + d*x*y", v));
        SymbolicVectorSystem<Double> lv = SymbolicVectorSystem.builder().name("lotka_volterra")
                .state(v.get("x"), v.get("y")).dynamics(f).initialState(1, 1)
                .parameter(v.get("a"), 1.4).parameter(v.get("b"), 0.9).parameter(v.get("c"), 2.8)
                .parameter(v.get("d"), 0.9).build(Scalar.DOUBLE);
        // ---- as in README.md ----
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(lv);
        Expression x = Expression.of(inspector.getContinuousStateVariables().get(0));
        double[] times = {1, 2, 3};
        List<CostFunction> losses = new ArrayList<>();
        for (double measured : new double[] {0.6, 2.4, 1.1}) {
            losses.add(CostFunction.of(inspector, Expression.pow(x.minus(Expression.constant(measured)), 2)));
        }
        AdjointGradient.Result g = AdjointGradient.run(lv, lv.createDefaultContext(), 3.0, CostFunction.zero(),
                CostFunction.zero(), SampleLoss.of(times, losses), AdjointGradient.DEFAULT_CHECKPOINT_INTERVAL, null);
        // ---- end of the README example ----
        double[] expected = forwardGradient(lv, lv.createDefaultContext(), SampleLoss.of(times, losses), null);
        assertAgree(expected, Arrays.copyOf(g.gradient(), 6), 1e-10, "README");
        assertEquals(List.of("lotka_volterra/x", "lotka_volterra/y", "lotka_volterra/a", "lotka_volterra/b",
                "lotka_volterra/c", "lotka_volterra/d", "t"), g.columnNames());
    }

    // ---- refusals -------------------------------------------------------------------------------------------------

    @Test
    void badSampleTimesAreRefusedByName() {
        CostFunction l = new Residual(0, 0, 0, 0);
        IllegalArgumentException unsorted = assertThrows(IllegalArgumentException.class,
                () -> SampleLoss.of(new double[] {0.5, 0.2}, l));
        assertTrue(unsorted.getMessage().contains("sample time 1 = 0.2"), unsorted.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SampleLoss.of(new double[] {Double.NaN}, l));
        assertThrows(IllegalArgumentException.class, () -> SampleLoss.of(new double[0], l));
        assertThrows(IllegalArgumentException.class, () -> SampleLoss.of(new double[] {1, 2}, List.of(l)));
        SymbolicVectorSystem<Double> system = decay();
        Context<Double> c = system.createDefaultContext();
        c.setTime(1.0);
        for (double[] times : new double[][] {{0.5, 1.5}, {1.5, 2.5}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AdjointGradient.run(
                    system, c, 2.0, CostFunction.zero(), CostFunction.zero(), SampleLoss.of(times, l), 4, null));
            assertTrue(e.getMessage().contains("outside the run from 1.0 to T = 2.0"), e.getMessage());
        }
    }
}
