package dev.mallard.spark;

import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.io.Serializable;
import java.util.function.Function;

/**
 * The {@code makeSimulator} of a Monte Carlo study in a form Spark can ship: draws everything random from the
 * generator it is given and returns a ready simulator (see {@code MonteCarlo}). It runs on the executors, and
 * in the sequential mode also on the driver, so it must not depend on the JVM it runs in.
 *
 * @param <T> the number type
 */
@FunctionalInterface
public interface StochasticSimulation<T> extends Function<ReplayableRandom, Simulator<T>>, Serializable {
}
