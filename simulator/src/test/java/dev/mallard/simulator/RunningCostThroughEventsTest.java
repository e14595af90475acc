package dev.mallard.simulator;

import static dev.mallard.simulator.GradientAssertions.assertAgree;
import static dev.mallard.simulator.GradientAssertions.centralDifferences;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.SampleLoss;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The adjoint gradient of a running cost integrated across impacts (the bouncing ball's mean height,
 * {@code integral of z dt}, and {@code integral of (z v + e t) dt}, which depends on time and a parameter): the
 * integral over each step an impact ends carries the impact time's sensitivity, and the reset's effect on the later
 * costs flows back through it. (For {@code L = z} the jump term {@code L(t*) dt*} vanishes, the height being 0 at an
 * impact; for {@code z v + e t} it does not.) Checked against central differences of the closed form (the ball's motion is
 * piecewise quadratic, so the integrals are polynomials between impacts) and of the simulated cost under fixed
 * steps with isolation, whose steps do not move with the parameters except at the impacts.
 */
class RunningCostThroughEventsTest {

    /** {@code L = z}. */
    private static final class Height implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return x[0];
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            Arrays.fill(gp, 0);
            gx[0] = 1;
            gx[1] = 0;
            return 0;
        }
    }

    /** {@code L = z v + e t}: through time and the restitution parameter too. */
    private static final class Mixed implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return x[0] * x[1] + p[0] * t;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            gx[0] = x[1];
            gx[1] = x[0];
            gp[0] = t;
            gp[1] = 0;
            return p[0];
        }
    }

    private static <T> Consumer<Simulator<T>> fixed(String name, double step) {
        return sim -> {
            IntegratorBase<T> integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(sim, name, step);
            if (integrator.supportsErrorEstimation()) {
                integrator.setTargetAccuracy(1e-10);
            }
            integrator.setFixedStepMode(true);
        };
    }

    /** theta = (z0, v0, e, g, T). */
    private static AdjointGradient.Result run(double[] theta, CostFunction running, SampleLoss samples,
            Consumer<Simulator<Double>> configure) {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, theta[2], theta[3]);
        Context<Double> c = ball.createDefaultContext();
        c.setContinuousStateValues(theta[0], theta[1]);
        c.setAccuracy(1e-12);
        return AdjointGradient.run(ball, c, theta[4], CostFunction.zero(), running, samples, 8, configure);
    }

    /** The integral of L over [0, T] along the closed-form motion, by 5-point Gauss on each flight. */
    private static double closedForm(double[] theta, CostFunction running) {
        double z0 = theta[0];
        double v0 = theta[1];
        double e = theta[2];
        double g = theta[3];
        double end = theta[4];
        double start = 0;
        double flight = (v0 + Math.sqrt(v0 * v0 + 2 * g * z0)) / g;
        double u = v0;
        double height = z0;
        double sum = 0;
        double speed = Math.sqrt(v0 * v0 + 2 * g * z0);
        while (true) {
            double stop = Math.min(start + flight, end);
            sum += flightIntegral(start, stop, height, u, g, theta[2], running);
            if (stop >= end) {
                return sum;
            }
            start = stop;
            speed *= e;
            u = speed;
            height = 0;
            flight = 2 * speed / g;
        }
    }

    /** Gauss-Legendre with 5 points: exact for the polynomials of degree up to 9 that these integrands are. */
    private static double flightIntegral(double a, double b, double z, double u, double g, double e,
            CostFunction running) {
        double[] nodes = {-0.9061798459386640, -0.5384693101056831, 0, 0.5384693101056831, 0.9061798459386640};
        double[] weights = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665,
            0.2369268850561891};
        double sum = 0;
        for (int k = 0; k < 5; k++) {
            double t = (a + b) / 2 + (b - a) / 2 * nodes[k];
            double s = t - a;
            double[] x = {z + u * s - 0.5 * g * s * s, u - g * s};
            sum += weights[k] * running.value(t, x, new double[] {e, g});
        }
        return sum * (b - a) / 2;
    }

    @Test
    void integralOfHeightThroughThreeImpactsMatchesTheClosedFormAndCentralDifferences() {
        double[] theta = {1.2, 0.5, 0.8, 9.81, 2.3};
        for (CostFunction running : List.<CostFunction>of(new Height(), new Mixed())) {
            for (String scheme : List.of("runge_kutta3", "runge_kutta5", "radau3")) {
                Consumer<Simulator<Double>> configure = fixed(scheme, 0.01);
                AdjointGradient.Result r = run(theta, running, null, configure);
                double[] closed = centralDifferences(t -> closedForm(t, running), theta);
                double[] fd = centralDifferences(t -> run(t, running, null, configure).cost(), theta);
                String what = running.getClass().getSimpleName() + " under " + scheme;
                // the third-order schemes integrate the cubic integrand z v with an O(h^3) error
                double truncation = scheme.equals("runge_kutta5") ? 1e-7 : 1e-4;
                assertEquals(closedForm(theta, running), r.cost(), truncation, what + ": J");
                assertAgree(fd, r.gradient(), 1e-6, what + " against central differences");
                assertAgree(closed, r.gradient(), 10 * truncation, what + " against the closed form");
            }
        }
    }
}
