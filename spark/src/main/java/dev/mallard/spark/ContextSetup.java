package dev.mallard.spark;

import dev.mallard.systems.Context;
import java.io.Serializable;
import java.util.Map;

/**
 * Writes one input row's named values into a fresh context of a Java system (on the executor): initial
 * states, parameters, time, whatever the names mean for that system. Shipped with Java serialisation, so it
 * may capture only serialisable values.
 */
@FunctionalInterface
public interface ContextSetup extends Serializable {

    /**
     * @param context a fresh default context of the system, to modify
     * @param values the row's values by column name, in column order; not to be modified
     * @throws IllegalArgumentException for a name the system does not have (the row then fails, alone)
     */
    void apply(Context<Double> context, Map<String, Double> values);
}
