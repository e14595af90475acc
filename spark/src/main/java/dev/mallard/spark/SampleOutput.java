package dev.mallard.spark;

import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.io.Serializable;
import java.util.function.ToDoubleBiFunction;

/**
 * The scalar random variable of a Monte Carlo study or a sweep, a function of the system and its context at
 * the final time, in a form Spark can ship.
 *
 * @param <T> the number type
 */
@FunctionalInterface
public interface SampleOutput<T> extends ToDoubleBiFunction<DynamicalSystem<T>, Context<T>>, Serializable {
}
