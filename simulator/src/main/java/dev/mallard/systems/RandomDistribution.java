package dev.mallard.systems;

import java.util.random.RandomGenerator;

/**
 * The distribution of random numbers, Drake's {@code RandomDistribution}: what a
 * {@link dev.mallard.systems.primitives.RandomSource} draws, and what an input port declared with a random type
 * expects (see {@link LeafSystem#declareVectorInputPort(String, int, RandomDistribution)}).
 */
public enum RandomDistribution {
    /** Uniform on {@code [0, 1)}. */
    UNIFORM,
    /** Gaussian with mean 0 and variance 1. */
    GAUSSIAN,
    /** Exponential with rate 1 (mean 1). */
    EXPONENTIAL;

    /**
     * One draw.
     *
     * @param generator the source of randomness, advanced
     * @return a sample of this distribution
     */
    public double sample(RandomGenerator generator) {
        return switch (this) {
            case UNIFORM -> generator.nextDouble();
            case GAUSSIAN -> generator.nextGaussian();
            case EXPONENTIAL -> generator.nextExponential();
        };
    }
}
