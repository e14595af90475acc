package dev.mallard.spark;

import dev.mallard.scalar.Checks;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The shape every batch job shares: one output row per input row, the input's columns first, then the
 * job's result columns, then {@code failure} (null, or the exception's {@code toString()} with the result
 * columns null). Nothing is dropped and rows keep their partitions.
 */
final class RowJobs {

    private RowJobs() {
    }

    static Dataset<Row> map(SparkSession spark, ShippedSystem system, Dataset<Row> inputs, StructType results,
            RowEvaluation evaluation) {
        Checks.notNull(spark, "spark");
        Checks.notNull(system, "system");
        Checks.notNull(inputs, "inputs");
        StructType in = inputs.schema();
        for (StructField field : in.fields()) {
            if (!(field.dataType() instanceof NumericType)) {
                throw new IllegalArgumentException("input column '" + field.name() + "' is " + field.dataType()
                        .simpleString() + "; every input column must be numeric (a state, a parameter or t)");
            }
        }
        StructType out = in;
        for (StructField field : results.fields()) {
            out = out.add(field);
        }
        out = out.add("failure", DataTypes.StringType, true);
        String[] names = in.fieldNames();
        int width = results.fields().length;
        JavaRDD<Row> rows = inputs.toJavaRDD().mapPartitions(it -> evaluate(system, names, width, evaluation, it));
        return spark.createDataFrame(rows, out);
    }

    private static Iterator<Row> evaluate(ShippedSystem system, String[] names, int width, RowEvaluation evaluation,
            Iterator<Row> rows) {
        List<Row> out = new ArrayList<>();
        while (rows.hasNext()) {
            Row row = rows.next();
            Object[] values = new Object[names.length + width + 1];
            for (int k = 0; k < names.length; k++) {
                values[k] = row.get(k);
            }
            try {
                Object[] results = evaluation.evaluate(system, named(names, row));
                System.arraycopy(results, 0, values, names.length, width);
            } catch (RuntimeException e) {
                values[names.length + width] = e.toString();
            }
            out.add(RowFactory.create(values));
        }
        return out.iterator();
    }

    private static Map<String, Double> named(String[] names, Row row) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (int k = 0; k < names.length; k++) {
            if (row.isNullAt(k)) {
                throw new IllegalArgumentException("column '" + names[k] + "' is null in this row");
            }
            values.put(names[k], ((Number) row.get(k)).doubleValue());
        }
        return values;
    }
}
