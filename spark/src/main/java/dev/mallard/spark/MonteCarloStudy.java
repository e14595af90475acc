package dev.mallard.spark;

import dev.mallard.scalar.Checks;
import java.io.Serializable;

/**
 * What {@code MonteCarlo.monteCarloSimulation} (or, with a vector output, {@code monteCarloVectorSimulation}) is
 * given, in a form Spark can ship: the stochastic simulation, the output and the final time. Immutable; the
 * factories check on the driver that the simulation and the output can be serialised.
 *
 * @param <T> the number type
 */
public final class MonteCarloStudy<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Makes each sample's simulator from its generator. */
    private final StochasticSimulation<T> makeSimulator;
    /** The scalar random variable at the final time; null in a vector study. */
    private final SampleOutput<T> output;
    /** The vector random variable at the final time; null in a scalar study. */
    private final SampleVectorOutput<T> vectorOutput;
    /** Seconds. */
    private final double finalTime;

    private MonteCarloStudy(StochasticSimulation<T> makeSimulator, SampleOutput<T> output,
            SampleVectorOutput<T> vectorOutput, double finalTime) {
        this.makeSimulator = makeSimulator;
        this.output = output;
        this.vectorOutput = vectorOutput;
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
        return new MonteCarloStudy<>(makeSimulator, output, null, finalTime);
    }

    /**
     * A study whose samples give a vector each (rows with an {@code outputs} array, see
     * {@link SparkMonteCarlo#VECTOR_SCHEMA}).
     *
     * @param makeSimulator draws everything random from its generator and returns a simulator
     * @param output the vector random variable at the final time
     * @param finalTime seconds, finite
     * @param <T> the number type
     * @return the study
     * @throws IllegalArgumentException if the final time is not finite, or the simulation or the output is
     *     null or cannot be serialised (the message names the class that cannot)
     */
    public static <T> MonteCarloStudy<T> ofVector(StochasticSimulation<T> makeSimulator, SampleVectorOutput<T> output,
            double finalTime) {
        Checks.finite(finalTime, "finalTime");
        Shipping.check(makeSimulator, "the stochastic simulation (makeSimulator)");
        Shipping.check(output, "the output");
        return new MonteCarloStudy<>(makeSimulator, null, output, finalTime);
    }

    /** @return whether the samples give vectors ({@link #ofVector}) rather than numbers */
    public boolean isVector() {
        return vectorOutput != null;
    }

    /** @return the stochastic simulation, usable with {@code MonteCarlo} directly */
    public StochasticSimulation<T> makeSimulator() {
        return makeSimulator;
    }

    /**
     * @return the scalar output, usable with {@code MonteCarlo.monteCarloSimulation} directly
     * @throws IllegalStateException for a vector study (see {@link #vectorOutput})
     */
    public SampleOutput<T> output() {
        if (output == null) {
            throw new IllegalStateException("a vector study has no scalar output: use vectorOutput()");
        }
        return output;
    }

    /**
     * @return the vector output, usable with {@code MonteCarlo.monteCarloVectorSimulation} directly
     * @throws IllegalStateException for a scalar study (see {@link #output})
     */
    public SampleVectorOutput<T> vectorOutput() {
        if (vectorOutput == null) {
            throw new IllegalStateException("a scalar study has no vector output: use output()");
        }
        return vectorOutput;
    }

    /** @return the final time, seconds */
    public double finalTime() {
        return finalTime;
    }
}
