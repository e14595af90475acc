package dev.mallard.simulator;

import static dev.mallard.simulator.GradientAssertions.assertAgree;
import static dev.mallard.simulator.GradientAssertions.centralDifferences;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.BouncingBall;
import dev.mallard.examples.DampedPendulum;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.gradients.SampleLoss;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The adjoint under semi-explicit Euler and velocity-implicit Euler (each step replayed by AutoDiff and its Jacobian
 * transposed), against forward mode on the same steps (a terminal cost and a loss at sample times; dJ/dT is checked
 * by central differences only, forward mode's sampled Jacobians having no column for it), central
 * differences of the run's own cost with a running cost, and through the bouncing ball's impacts.
 */
class EulerVariantsAdjointTest {

    /** {@code phi = x0^2 x1 + 3 x1 + p0 x0} (p0 the first parameter), with its gradient. */
    private static final class Terminal implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return x[0] * x[0] * x[1] + 3 * x[1] + p[0] * x[0];
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            Arrays.fill(gp, 0);
            gx[0] = 2 * x[0] * x[1] + p[0];
            gx[1] = x[0] * x[0] + 3;
            gp[0] = x[0];
            return 0;
        }
    }

    /** {@code L = x0^2 + 0.5 x1 + p1 t}. */
    private static final class Running implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return x[0] * x[0] + 0.5 * x[1] + p[1] * t;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            Arrays.fill(gp, 0);
            gx[0] = 2 * x[0];
            gx[1] = 0.5;
            gp[1] = t;
            return p[1];
        }
    }

    private static <T> Consumer<Simulator<T>> scheme(String name, boolean fixed, double step, double accuracy) {
        return sim -> {
            IntegratorBase<T> integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(sim, name, step);
            if (integrator.supportsErrorEstimation()) {
                integrator.setTargetAccuracy(accuracy);
                integrator.setFixedStepMode(fixed);
            }
        };
    }

    /**
     * d(phi(x(T)) + sum_k l_k(x(t_k))) / d(x0, p) from forward mode's Jacobians at the sample times and T, from one
     * run that stops at each (as the adjoint's run does, so that the steps are the same).
     */
    private static double[] forward(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            CostFunction phi, SampleLoss samples, Consumer<Simulator<AutoDiff>> configure) {
        double[] times = Arrays.copyOf(samples.times(), samples.size() + 1);
        times[samples.size()] = finalTime;
        GradientSimulation.Samples s = GradientSimulation.sample(system, context, times, configure);
        int n = context.getNumContinuousStates();
        double[] p = parameters(context);
        double[] out = new double[n + p.length];
        double[] gx = new double[n];
        double[] gp = new double[p.length];
        for (int k = 0; k < times.length; k++) {
            CostFunction f = k < samples.size() ? samples.loss(k) : phi;
            f.gradient(times[k], s.state(k), p, gx, gp);
            for (int j = 0; j < out.length; j++) {
                for (int i = 0; i < n; i++) {
                    out[j] += gx[i] * s.jacobian(k)[i][j];
                }
            }
            for (int q = 0; q < p.length; q++) {
                out[n + q] += gp[q];
            }
        }
        return out;
    }

    private static double[] parameters(Context<Double> context) {
        return context.getNumericParameter(0).toValueArray();
    }

    private static SampleLoss samples() {
        return SampleLoss.of(new double[] {0.4, 1.1, 1.7}, new Terminal());
    }

    private static Context<Double> pendulumContext(DampedPendulum<Double> pendulum) {
        Context<Double> c = pendulum.createDefaultContext();
        c.setContinuousStateValues(1.1, -0.4);
        return c;
    }

    /**
     * The nonlinear pendulum: semi-explicit Euler (fixed steps) agrees with forward mode to rounding; velocity-implicit
     * Euler to about the Newton tolerance (forward mode differentiates the run's Newton iterations on a possibly stale
     * Jacobian, the replay starts each step on a fresh one).
     */
    @Test
    void thePendulumsGradientMatchesForwardMode() {
        DampedPendulum<Double> pendulum = new DampedPendulum<>(Scalar.DOUBLE, 1.3, 0.25, 9.81);
        Context<Double> c = pendulumContext(pendulum);
        record Case(String name, boolean fixed, double accuracy, double tolerance) {
        }
        for (Case k : List.of(new Case("semi_explicit_euler", true, 0, 1e-10),
                new Case("velocity_implicit_euler", true, 1e-6, 1e-5),
                new Case("velocity_implicit_euler", false, 1e-6, 1e-4))) {
            double[] expected = forward(pendulum, c, 2.0, new Terminal(), samples(),
                    scheme(k.name(), k.fixed(), 0.01, k.accuracy()));
            for (int interval : k.fixed() ? new int[] {1, 16} : new int[] {16}) {
                AdjointGradient.Result r = AdjointGradient.run(pendulum, c, 2.0, new Terminal(), CostFunction.zero(),
                        samples(), interval, scheme(k.name(), k.fixed(), 0.01, k.accuracy()));
                assertAgree(expected, Arrays.copyOf(r.gradient(), expected.length), k.tolerance(),
                        k + " every " + interval);
            }
        }
    }

    /** Fixed steps: the run's cost, running cost included, is smooth in (x0, p, T), so central differences apply. */
    @Test
    void thePendulumsCostWithARunningCostMatchesCentralDifferences() {
        for (String name : List.of("semi_explicit_euler", "velocity_implicit_euler")) {
            double[] theta = {1.1, -0.4, 1.3, 0.25, 9.81, 1.75};
            AdjointGradient.Result r = pendulumRun(name, theta);
            double[] fd = centralDifferences(t -> pendulumRun(name, t).cost(), theta);
            assertAgree(fd, r.gradient(), 1e-6, name);
        }
    }

    /** theta = (angle, rate, length, damping, gravity, T); T is not on the 0.02 s grid, so the last step lands on it. */
    private static AdjointGradient.Result pendulumRun(String name, double[] theta) {
        DampedPendulum<Double> pendulum = new DampedPendulum<>(Scalar.DOUBLE, theta[2], theta[3], theta[4]);
        Context<Double> c = pendulum.createDefaultContext();
        c.setContinuousStateValues(theta[0], theta[1]);
        return AdjointGradient.run(pendulum, c, theta[5] + 0.003, new Terminal(), new Running(), samples(), 8,
                scheme(name, true, 0.02, 1e-9));
    }

    /**
     * The bouncing ball through three impacts under fixed steps: its dynamics are linear, so Newton converges in one iteration and
     * velocity-implicit Euler's forward mode and adjoint agree to rounding, as semi-explicit Euler's do.
     */
    @Test
    void theBouncingBallThroughImpactsMatchesForwardMode() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> c = ball.createDefaultContext();
        c.setContinuousStateValues(1.2, 0.5);
        c.setAccuracy(1e-10);
        for (String name : List.of("semi_explicit_euler", "velocity_implicit_euler")) {
            double[] expected = forward(ball, c, 2.3, new Terminal(), samples(), scheme(name, true, 0.01, 1e-5));
            AdjointGradient.Result r = AdjointGradient.run(ball, c, 2.3, new Terminal(), CostFunction.zero(),
                    samples(), 8, scheme(name, true, 0.01, 1e-5));
            assertAgree(expected, Arrays.copyOf(r.gradient(), expected.length), 1e-9, name);
        }
    }
}
