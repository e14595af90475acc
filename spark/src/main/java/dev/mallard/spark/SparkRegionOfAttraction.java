package dev.mallard.spark;

import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Region-of-attraction certification over a grid of parameters as a Spark job: each row sets parameters
 * (and, through its states' columns, the equilibrium; the default state otherwise) in a fresh context, and
 * {@code RegionOfAttraction.analyzeDetailed} certifies that point. For a {@link FormulaSystem} the Lyapunov
 * function is written in the system's state names.
 */
public final class SparkRegionOfAttraction {

    private static final StructType RESULTS = new StructType()
            .add("rho", DataTypes.DoubleType, true)
            .add("lyapunov", DataTypes.StringType, true)
            .add("verified", DataTypes.BooleanType, true)
            .add("sdp_solves", DataTypes.IntegerType, true)
            .add("global", DataTypes.BooleanType, true);

    private SparkRegionOfAttraction() {
    }

    /**
     * @param spark the session, not null
     * @param system the system (time-invariant, polynomial dynamics), not null
     * @param grid one row per point of the grid, numeric columns only
     * @param options builds the analysis' options on the executor (they are not serialisable), not null
     * @return the grid's columns, {@code rho} (the certified level of the candidate; null when no level was
     *     certified, or when every level was), {@code lyapunov} (V/rho, so {@code V <= 1} is the estimate),
     *     {@code verified} (the certificate passed its independent check), {@code sdp_solves}, {@code global}
     *     (every level certified: globally stable for this V and model), and {@code failure} (bad input, such as
     *     an unstable linearisation, or a failed SDP)
     * @throws IllegalArgumentException if a grid column is not numeric or the options' supplier cannot be
     *     shipped
     */
    public static Dataset<Row> certify(SparkSession spark, ShippedSystem system, Dataset<Row> grid,
            SerializableSupplier<RegionOfAttractionOptions> options) {
        Shipping.check(options, "the options' supplier");
        return RowJobs.map(spark, system, grid, RESULTS, (s, values) -> {
            DynamicalSystem<Double> sys = s.system();
            Context<Double> c = s.context(values);
            RegionOfAttractionOptions o = options.get();
            if (sys instanceof SymbolicVectorSystem<Double> symbolic) {
                o = o.withStateVariables(symbolic.getStateVariables());
            }
            RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(sys, c, o);
            // a level only where one was certified: null when none was, or when every level was (global)
            Double rho = r.isVerified() && !r.isGlobal() ? r.rho() : null;
            return new Object[] {rho, r.lyapunovFunction().toString(), r.isVerified(), r.sdpSolves(), r.isGlobal()};
        });
    }
}
