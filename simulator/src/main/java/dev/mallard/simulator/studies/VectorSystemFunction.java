package dev.mallard.simulator.studies;

import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * A vector-valued random variable of a Monte Carlo study: a function of the system and its context at the final
 * time, such as the final state. The vector counterpart of Drake's {@code ScalarSystemFunction} (which Mallard
 * writes as a {@code ToDoubleBiFunction}); see {@link MonteCarlo#randomVectorSimulation} and
 * {@link MonteCarlo#monteCarloVectorSimulation}.
 *
 * @param <T> the number type
 */
@FunctionalInterface
public interface VectorSystemFunction<T> {

    /**
     * Evaluates the random variable. Run on a worker thread when the study is parallel, so it must then be safe
     * for concurrent use.
     *
     * @param system the simulated system, not modified
     * @param context its context at the final time, not to be modified
     * @return the values, not null; the study copies the array, so it may be reused
     */
    double[] evaluate(DynamicalSystem<T> system, Context<T> context);
}
