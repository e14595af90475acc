package dev.mallard.spark;

import java.io.Serializable;
import java.util.Map;

/**
 * What a batch job computes for one input row, on an executor: the values of the job's result columns.
 */
@FunctionalInterface
interface RowEvaluation extends Serializable {

    /**
     * @param system the job's system (this task's copy)
     * @param values the row's values by column name, in column order
     * @return one value per result column (not counting {@code failure})
     * @throws RuntimeException to fail this row alone
     */
    Object[] evaluate(ShippedSystem system, Map<String, Double> values);
}
