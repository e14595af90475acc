/**
 * Mallard on Apache Spark: Monte Carlo studies ({@link dev.mallard.spark.SparkMonteCarlo}), parameter
 * sweeps, batch evaluation and gradients ({@link dev.mallard.spark.SparkBatch}) and region-of-attraction
 * certification over a grid ({@link dev.mallard.spark.SparkRegionOfAttraction}) as Spark jobs, each
 * returning a {@link org.apache.spark.sql.Dataset} with one row per input and failures in their own column.
 *
 * <p>Systems are not serialisable; they reach the executors as recipes that build them there: a
 * {@link dev.mallard.spark.FormulaSystem}'s text, or a {@link dev.mallard.spark.SerializableSupplier} of a
 * Java system ({@link dev.mallard.spark.ShippedSystem}). Everything shipped is checked on the driver first,
 * and refused with a message naming what cannot be serialised. {@link dev.mallard.spark.MonteCarloCommand}
 * is the {@code mallard montecarlo} command for formula systems.
 *
 * <p>Spark needs {@code --add-opens} flags on Java 17; the module's README lists them.
 */
package dev.mallard.spark;
