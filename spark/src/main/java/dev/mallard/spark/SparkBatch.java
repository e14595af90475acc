package dev.mallard.spark;

import dev.mallard.scalar.Checks;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.studies.BatchEvaluation;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Parameter sweeps, batch evaluation of the dynamics and gradients through simulations as Spark jobs. The
 * input is a {@link Dataset} whose numeric columns name what each row sets in a fresh default context of
 * the system (for a {@link FormulaSystem}: states, parameters, {@code t}; for a Java system: whatever its
 * {@link ContextSetup} understands). The result has one row per input row: the input's columns, the job's
 * result columns, and {@code failure} (null, or the exception's {@code toString()}, the result columns then
 * null). A row that fails does not stop the others and is never dropped.
 */
public final class SparkBatch {

    private static final StructType DERIVATIVES = new StructType()
            .add("xdot", DataTypes.createArrayType(DataTypes.DoubleType, false), true);
    private static final StructType SWEEP = new StructType()
            .add("output", DataTypes.DoubleType, true)
            .add("final_state", DataTypes.createArrayType(DataTypes.DoubleType, false), true);
    private static final StructType GRADIENTS = new StructType()
            .add("final_state", DataTypes.createArrayType(DataTypes.DoubleType, false), true)
            .add("state_jacobian", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType, false),
                    false), true)
            .add("jacobian_columns", DataTypes.createArrayType(DataTypes.StringType, false), true);

    private SparkBatch() {
    }

    /**
     * The time derivatives at each row's context (its time, continuous state and parameters), by
     * {@code BatchEvaluation.batchEvalTimeDerivatives} on the executor; the system's inputs are not used.
     *
     * @param spark the session, not null
     * @param system the system, not null
     * @param points one row per point, numeric columns only
     * @return the input's columns, {@code xdot} (array of doubles) and {@code failure}
     * @throws IllegalArgumentException if an input column is not numeric
     */
    public static Dataset<Row> timeDerivatives(SparkSession spark, ShippedSystem system, Dataset<Row> points) {
        return RowJobs.map(spark, system, points, DERIVATIVES, (s, values) -> {
            DynamicalSystem<Double> sys = s.system();
            Context<Double> c = s.context(values);
            double[] x = c.getContinuousState().toValueArray();
            double[][] states = new double[x.length][];
            for (int i = 0; i < x.length; i++) {
                states[i] = new double[] {x[i]};
            }
            double[][] xdot = BatchEvaluation.batchEvalTimeDerivatives(sys, c, new double[] {c.getTimeValue()},
                    states, null, BatchEvaluation.NO_INPUT, Parallelism.none());
            double[] out = new double[xdot.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = xdot[i][0];
            }
            return new Object[] {out};
        });
    }

    /**
     * A parameter sweep: each row's context is simulated to {@code finalTime} and the output evaluated.
     *
     * @param spark the session, not null
     * @param system the system, not null
     * @param inputs one row per design point, numeric columns only
     * @param finalTime seconds, finite, not before a row's initial time (else that row fails)
     * @param output the scalar output at the final time, serialisable, not null
     * @return the input's columns, {@code output}, {@code final_state} (continuous state at the final time)
     *     and {@code failure}
     * @throws IllegalArgumentException if an input column is not numeric, the final time is not finite, or the
     *     output cannot be shipped
     */
    public static Dataset<Row> simulate(SparkSession spark, ShippedSystem system, Dataset<Row> inputs,
            double finalTime, SampleOutput<Double> output) {
        Checks.finite(finalTime, "finalTime");
        Shipping.check(output, "the output");
        return RowJobs.map(spark, system, inputs, SWEEP, (s, values) -> {
            Simulator<Double> sim = new Simulator<>(s.system(), s.context(values));
            sim.advanceTo(finalTime);
            return new Object[] {output.applyAsDouble(s.system(), sim.getContext()),
                sim.getContext().getContinuousState().toValueArray()};
        });
    }

    /**
     * {@code GradientSimulation.run} on each row: the final state and its Jacobian with respect to the initial
     * state, the numeric parameters and the final time.
     *
     * @param spark the session, not null
     * @param system the system (convertible to AutoDiff), not null
     * @param inputs one row per point, numeric columns only
     * @param finalTime seconds, finite, not before a row's initial time (else that row fails)
     * @return the input's columns, {@code final_state}, {@code state_jacobian} (rows of the Jacobian),
     *     {@code jacobian_columns} (each column's name, as {@code GradientSimulation.Result.columnNames()})
     *     and {@code failure}
     * @throws IllegalArgumentException if an input column is not numeric or the final time is not finite
     */
    public static Dataset<Row> gradients(SparkSession spark, ShippedSystem system, Dataset<Row> inputs,
            double finalTime) {
        Checks.finite(finalTime, "finalTime");
        return RowJobs.map(spark, system, inputs, GRADIENTS, (s, values) -> {
            GradientSimulation.Result r = GradientSimulation.run(s.system(), s.context(values), finalTime, null);
            return new Object[] {r.finalState(), r.stateJacobian(), r.columnNames().toArray(new String[0])};
        });
    }
}
