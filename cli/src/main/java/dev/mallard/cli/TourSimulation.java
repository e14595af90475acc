package dev.mallard.cli;

import dev.mallard.examples.BouncingBall;
import dev.mallard.examples.DampedPendulum;
import dev.mallard.examples.programs.CartPoleLqr;
import dev.mallard.plot.SampledTrajectory;
import dev.mallard.plot.StatePlots;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import java.nio.file.Path;
import java.util.List;

/**
 * Tour part 1: double simulation of a damped pendulum and a bouncing ball, and a cart-pole balanced by LQR in a
 * diagram with a logger, with plots (a panel per unit, resets marked).
 */
final class TourSimulation {

    static final double PENDULUM_LENGTH = 1.0;
    static final double PENDULUM_DAMPING = 0.5;
    static final double GRAVITY = 9.81;
    static final double PENDULUM_ANGLE = 2.5;

    private TourSimulation() {
    }

    static void run(TourReport report) {
        report.section("1. Simulation (double)");
        pendulum(report);
        ball(report);
        cartPole(report);
    }

    private static void pendulum(TourReport report) {
        DampedPendulum<Double> pendulum = new DampedPendulum<>(Scalar.DOUBLE, PENDULUM_LENGTH, PENDULUM_DAMPING, GRAVITY);
        Simulator<Double> simulator = new Simulator<>(pendulum);
        simulator.getMutableContext().setContinuousStateValues(PENDULUM_ANGLE, 0.0);
        simulator.getMutableContext().setAccuracy(1e-6);
        long start = System.nanoTime();
        SampledTrajectory trajectory = SampledTrajectory.simulate(simulator, 10.0, 1500);
        double ms = (System.nanoTime() - start) * 1e-6;
        double[] x = trajectory.finalState();
        report.line("Damped pendulum (l = %.1f m, b = %.1f 1/s, g = %.2f m/s^2) released at %.1f rad, 0 to 10 s with "
                + "runge_kutta3 at accuracy 1e-6: %d steps, %d derivative evaluations, %.1f ms (cold JVM); "
                + "final angle %.6f rad, rate %.6f rad/s.", PENDULUM_LENGTH, PENDULUM_DAMPING, GRAVITY, PENDULUM_ANGLE,
                simulator.getNumStepsTaken(), simulator.getIntegrator().getNumDerivativeEvaluations(), ms, x[0], x[1]);
        Path file = StatePlots.of(trajectory, List.of("angle theta", "rate dtheta/dt"), List.of("rad", "rad/s"),
                "Damped pendulum").save(report.outDir().resolve("pendulum.png"));
        report.image("Damped pendulum", file);
    }

    private static void ball(TourReport report) {
        double height = 1.0;
        double restitution = 0.8;
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, height, restitution, GRAVITY);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.getMutableContext().setAccuracy(1e-8);
        SampledTrajectory trajectory = SampledTrajectory.simulate(simulator, 3.5, 2000);
        report.line("Bouncing ball dropped from %.1f m with restitution %.1f, 0 to 3.5 s: %d impacts isolated by a "
                + "witness function and reset (v+ = -e v-), %d steps.", height, restitution,
                simulator.getNumUnrestrictedUpdates(), simulator.getNumStepsTaken());
        report.line("First impact at %.9f s (closed form %.9f s); fourth at %.9f s (closed form %.9f s).",
                impactTime(trajectory, 0), BouncingBall.impactTime(0, height, restitution, GRAVITY),
                impactTime(trajectory, 3), BouncingBall.impactTime(3, height, restitution, GRAVITY));
        Path file = StatePlots.of(trajectory, List.of("height z", "velocity dz/dt"), List.of("m", "m/s"),
                "Bouncing ball (impacts marked)").save(report.outDir().resolve("bouncing_ball.png"));
        report.image("Bouncing ball", file);
    }

    /** The time of impact k: the k-th reset the trajectory recorded. */
    private static double impactTime(SampledTrajectory trajectory, int k) {
        double[] events = trajectory.eventTimes();
        return k < events.length ? events[k] : Double.NaN;
    }

    private static void cartPole(TourReport report) {
        double tilt = 0.3;
        CartPoleLqr.Run run = CartPoleLqr.balance(tilt, 10.0);
        double[] k = run.gain().k()[0];
        double[][] x = run.log().data();
        int last = x[0].length - 1;
        report.line("Cart-pole (Drake's: m_c = 10 kg, m_p = 1 kg, l = 0.5 m) released %.1f rad from upright, balanced by "
                + "LQR (Q = diag(10, 10, 1, 1), R = 1; K = [%.4f, %.4f, %.4f, %.4f]) in a diagram with a VectorLogSink "
                + "sampling every %.2f s: %d samples; at t = 10 s theta - pi = %.2e rad, x = %.2e m.", tilt, k[0], k[1],
                k[2], k[3], CartPoleLqr.LOG_PERIOD, x[0].length, x[1][last] - Math.PI, x[0][last]);
        Path file = StatePlots.of(run.log(), List.of("cart x", "pole theta", "cart xdot", "pole thetadot"),
                List.of("m", "rad", "m/s", "rad/s"), "Cart-pole under LQR (the VectorLogSink's log)")
                .save(report.outDir().resolve("cartpole_lqr.png"));
        report.image("Cart-pole under LQR", file);
    }
}
