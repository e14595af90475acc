package dev.mallard.spark;

import dev.mallard.simulator.studies.VectorSystemFunction;
import java.io.Serializable;

/**
 * The vector random variable of a Monte Carlo study (the final state, say), a function of the system and its
 * context at the final time, in a form Spark can ship: see {@link MonteCarloStudy#ofVector}.
 *
 * @param <T> the number type
 */
@FunctionalInterface
public interface SampleVectorOutput<T> extends VectorSystemFunction<T>, Serializable {
}
