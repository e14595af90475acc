package dev.mallard.cli;

import dev.mallard.examples.BouncingBall;
import dev.mallard.examples.DampedPendulum;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import java.awt.Color;
import java.nio.file.Path;

/** Tour part 1: double simulation of a damped pendulum and a bouncing ball, with plots. */
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
    }

    private static void pendulum(TourReport report) {
        DampedPendulum<Double> pendulum = new DampedPendulum<>(Scalar.DOUBLE, PENDULUM_LENGTH, PENDULUM_DAMPING, GRAVITY);
        Simulator<Double> simulator = new Simulator<>(pendulum);
        simulator.getMutableContext().setContinuousStateValues(PENDULUM_ANGLE, 0.0);
        simulator.getMutableContext().setAccuracy(1e-6);
        long start = System.nanoTime();
        Trajectory trajectory = Trajectory.simulate(simulator, 10.0, 1500);
        double ms = (System.nanoTime() - start) * 1e-6;
        double[] x = trajectory.finalState();
        report.line("Damped pendulum (l = %.1f m, b = %.1f 1/s, g = %.2f m/s^2) released at %.1f rad, 0 to 10 s with "
                + "runge_kutta3 at accuracy 1e-6: %d steps, %d derivative evaluations, %.1f ms (cold JVM); "
                + "final angle %.6f rad, rate %.6f rad/s.", PENDULUM_LENGTH, PENDULUM_DAMPING, GRAVITY, PENDULUM_ANGLE,
                simulator.getNumStepsTaken(), simulator.getIntegrator().getNumDerivativeEvaluations(), ms, x[0], x[1]);
        Path file = new Plot("Damped pendulum", "time t [s]", "state")
                .line("angle theta [rad]", trajectory.times(), trajectory.component(0), new Color(31, 119, 180), true)
                .line("rate dtheta/dt [rad/s]", trajectory.times(), trajectory.component(1), new Color(255, 127, 14), true)
                .save(report.outDir().resolve("pendulum.png"));
        report.image("Damped pendulum", file);
    }

    private static void ball(TourReport report) {
        double height = 1.0;
        double restitution = 0.8;
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, height, restitution, GRAVITY);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.getMutableContext().setAccuracy(1e-8);
        Trajectory trajectory = Trajectory.simulate(simulator, 3.5, 2000);
        report.line("Bouncing ball dropped from %.1f m with restitution %.1f, 0 to 3.5 s: %d impacts isolated by a "
                + "witness function and reset (v+ = -e v-), %d steps.", height, restitution,
                simulator.getNumUnrestrictedUpdates(), simulator.getNumStepsTaken());
        report.line("First impact at %.9f s (closed form %.9f s); fourth at %.9f s (closed form %.9f s).",
                impactTime(trajectory, 0), BouncingBall.impactTime(0, height, restitution, GRAVITY),
                impactTime(trajectory, 3), BouncingBall.impactTime(3, height, restitution, GRAVITY));
        Path file = new Plot("Bouncing ball", "time t [s]", "state")
                .line("height z [m]", trajectory.times(), trajectory.component(0), new Color(44, 160, 44), true)
                .line("velocity dz/dt [m/s]", trajectory.times(), trajectory.component(1), new Color(214, 39, 40), true)
                .save(report.outDir().resolve("bouncing_ball.png"));
        report.image("Bouncing ball", file);
    }

    /** The time of impact k: gravity only decreases the velocity, so it increases only across a reset. */
    private static double impactTime(Trajectory trajectory, int k) {
        int found = 0;
        double[][] x = trajectory.states();
        for (int i = 1; i < x.length; i++) {
            if (x[i][1] > x[i - 1][1] && found++ == k) {
                return trajectory.times()[i - 1];
            }
        }
        return Double.NaN;
    }
}
