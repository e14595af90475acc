package dev.mallard.spark;

import dev.mallard.simulator.studies.RandomSimulationResult;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.Arrays;
import java.util.Objects;
import org.apache.spark.sql.Row;

/**
 * One sample of a distributed Monte Carlo study as it comes back from Spark: its index, its output (NaN if it
 * failed), the failure (the exception's {@code toString()}, or null) and the generator state it started from.
 * Immutable. {@link #equals} compares the output bit for bit, so two studies agree exactly when their lists
 * of results are equal.
 */
public final class SampleResult {

    private final long sample;
    private final double output;
    private final String failure;
    private final long[] generatorState;

    /**
     * @param sample the sample's index, from 0
     * @param output the output; NaN for a failed sample
     * @param failure the failure's description, or null
     * @param generatorState the four longs of the generator's state before the sample; copied
     */
    public SampleResult(long sample, double output, String failure, long[] generatorState) {
        this.sample = sample;
        this.output = output;
        this.failure = failure;
        this.generatorState = Objects.requireNonNull(generatorState, "generatorState must not be null").clone();
    }

    /**
     * The same sample as in-process {@code MonteCarlo} reports it.
     *
     * @param r a result of {@code MonteCarlo.monteCarloSimulation}
     * @return it as a {@code SampleResult}
     */
    public static SampleResult of(RandomSimulationResult r) {
        return new SampleResult(r.getSampleIndex(), r.getOutput(),
                r.getFailure().map(RuntimeException::toString).orElse(null), r.getGeneratorSnapshot().getState());
    }

    /**
     * A row of {@link SparkMonteCarlo}'s result.
     *
     * @param row a row with the columns of {@link SparkMonteCarlo#SCHEMA}
     * @return it as a {@code SampleResult}
     */
    public static SampleResult of(Row row) {
        return new SampleResult(row.getLong(0), row.getDouble(1), row.isNullAt(2) ? null : row.getString(2),
                new long[] {row.getLong(3), row.getLong(4), row.getLong(5), row.getLong(6)});
    }

    /** @return the sample's index, from 0 */
    public long sample() {
        return sample;
    }

    /** @return the output at the final time; NaN if the sample failed */
    public double output() {
        return output;
    }

    /** @return the failure's description ({@code exception.toString()}), or null if the sample succeeded */
    public String failure() {
        return failure;
    }

    /** @return a generator in the state the sample started from: replays it */
    public ReplayableRandom generator() {
        return ReplayableRandom.fromState(generatorState);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SampleResult r && sample == r.sample
                && Double.doubleToRawLongBits(output) == Double.doubleToRawLongBits(r.output)
                && Objects.equals(failure, r.failure) && Arrays.equals(generatorState, r.generatorState);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sample, Double.doubleToRawLongBits(output), failure, Arrays.hashCode(generatorState));
    }

    @Override
    public String toString() {
        return "sample " + sample + ": " + (failure == null ? Double.toString(output) : "failed: " + failure);
    }
}
