package dev.mallard.spark;

import dev.mallard.scalar.Checks;
import java.io.Serializable;

/**
 * What {@code MonteCarlo.monteCarloSimulation} is given, in a form Spark can ship: the stochastic
 * simulation, the output and the final time. Immutable; the constructor checks on the driver that the
 * simulation and the output can be serialised.
 *
 * @param <T> the number type
 */
public final class MonteCarloStudy<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Makes each sample's simulator from its generator. */
    private final StochasticSimulation<T> makeSimulator;
    /** The random variable at the final time. */
    private final SampleOutput<T> output;
    /** Seconds. */
    private final double finalTime;

    private MonteCarloStudy(StochasticSimulation<T> makeSimulator, SampleOutput<T> output, double finalTime) {
        this.makeSimulator = makeSimulator;
        this.output = output;
        this.finalTime = finalTime;
    }

    /**
     * @param makeSimulator draws everything random from its generator and returns a simulator
     * @param output the scalar random variable at the final time
     * @param finalTime seconds, finite
     * @param <T> the number type
     * @return the study
     * @throws IllegalArgumentException if the final time is not finite, or the simulation or the output is
     *     null or cannot be serialised (the message names the class that cannot)
     */
    public static <T> MonteCarloStudy<T> of(StochasticSimulation<T> makeSimulator, SampleOutput<T> output,
            double finalTime) {
        Checks.finite(finalTime, "finalTime");
        Shipping.check(makeSimulator, "the stochastic simulation (makeSimulator)");
        Shipping.check(output, "the output");
        return new MonteCarloStudy<>(makeSimulator, output, finalTime);
    }

    /** @return the stochastic simulation, usable with {@code MonteCarlo} directly */
    public StochasticSimulation<T> makeSimulator() {
        return makeSimulator;
    }

    /** @return the output, usable with {@code MonteCarlo} directly */
    public SampleOutput<T> output() {
        return output;
    }

    /** @return the final time, seconds */
    public double finalTime() {
        return finalTime;
    }
}
