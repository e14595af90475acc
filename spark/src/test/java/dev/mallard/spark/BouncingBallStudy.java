package dev.mallard.spark;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.systems.Context;

/**
 * The study of the tests and the timing harness: a ball dropped from a random height in [1, 2) m with a
 * random restitution in [0.5, 0.9), its height at the final time. With {@code withFailures}, a drop height
 * above 1.9 m is refused while making the simulator (on the driver and the executors), and a ball lower
 * than 5 cm at the final time makes the output throw (on the executors only).
 */
final class BouncingBallStudy {

    static final double GRAVITY = 9.81;

    private BouncingBallStudy() {
    }

    static MonteCarloStudy<Double> of(double finalTime, boolean withFailures) {
        return of(finalTime, withFailures, Double.NaN);
    }

    /** The study with the integrator's target accuracy set (NaN: the simulator's default). */
    static MonteCarloStudy<Double> of(double finalTime, boolean withFailures, double accuracy) {
        StochasticSimulation<Double> make = gen -> {
            Simulator<Double> sim = make(gen, withFailures);
            if (!Double.isNaN(accuracy)) {
                sim.getMutableIntegrator().setTargetAccuracy(accuracy);
            }
            return sim;
        };
        SampleOutput<Double> height = (s, c) -> height(c, withFailures);
        return MonteCarloStudy.of(make, height, finalTime);
    }

    /** The same study with a vector output: the height (which may throw as above) and the velocity. */
    static MonteCarloStudy<Double> vector(double finalTime, boolean withFailures) {
        StochasticSimulation<Double> make = gen -> make(gen, withFailures);
        SampleVectorOutput<Double> state = (s, c) -> new double[] {height(c, withFailures),
            c.getContinuousState().getValue(1)};
        return MonteCarloStudy.ofVector(make, state, finalTime);
    }

    static Simulator<Double> make(ReplayableRandom gen, boolean withFailures) {
        double h = 1 + gen.nextDouble();
        double e = 0.5 + 0.4 * gen.nextDouble();
        if (withFailures && h > 1.9) {
            throw new IllegalArgumentException("drop height " + h + " is above the 1.9 m the rig allows");
        }
        return new Simulator<>(new BouncingBall<>(Scalar.DOUBLE, h, e, GRAVITY));
    }

    static double height(Context<Double> c, boolean withFailures) {
        double z = c.getContinuousState().getValue(0);
        if (withFailures && z < 0.05) {
            throw new IllegalStateException("the ball is too low to measure: " + z);
        }
        return z;
    }

    /** The velocity at time t from the closed form (as {@link #closedFormHeight}). */
    static double closedFormVelocity(double h, double e, double t) {
        int k = 0;
        while (BouncingBall.impactTime(k, h, e, GRAVITY) <= t) {
            k++;
        }
        if (k == 0) {
            return -GRAVITY * t;
        }
        double since = t - BouncingBall.impactTime(k - 1, h, e, GRAVITY);
        return Math.pow(e, k) * Math.sqrt(2 * GRAVITY * h) - GRAVITY * since;
    }

    /** The height at time t from the closed form: free fall, then flights of decreasing speed. */
    static double closedFormHeight(double h, double e, double t) {
        int k = 0;
        while (BouncingBall.impactTime(k, h, e, GRAVITY) <= t) {
            k++;
        }
        if (k == 0) {
            return h - GRAVITY * t * t / 2;
        }
        double since = t - BouncingBall.impactTime(k - 1, h, e, GRAVITY);
        double speed = Math.pow(e, k) * Math.sqrt(2 * GRAVITY * h);
        return speed * since - GRAVITY * since * since / 2;
    }
}
