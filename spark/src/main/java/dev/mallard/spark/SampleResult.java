package dev.mallard.spark;

import dev.mallard.simulator.studies.RandomSimulationResult;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;

/**
 * One sample of a distributed Monte Carlo study as it comes back from Spark: its index, its output (a number,
 * NaN if it failed; or, in a vector study, a vector, none if it failed), the failure (the exception's
 * {@code toString()}, or null) and the generator state it started from. Immutable (the vector is copied on the
 * way in and out). {@link #equals} compares the outputs bit for bit, so two studies agree exactly when their
 * lists of results are equal.
 */
public final class SampleResult {

    private final long sample;
    private final double output;
    /** A vector study's outputs; null in a scalar study or for a failed sample. */
    private final double[] outputs;
    private final boolean vector;
    private final String failure;
    private final long[] generatorState;

    /**
     * A sample of a scalar study.
     *
     * @param sample the sample's index, from 0
     * @param output the output; NaN for a failed sample
     * @param failure the failure's description, or null
     * @param generatorState the four longs of the generator's state before the sample; copied
     */
    public SampleResult(long sample, double output, String failure, long[] generatorState) {
        this(sample, output, null, false, failure, generatorState);
    }

    /**
     * A sample of a vector study.
     *
     * @param sample the sample's index, from 0
     * @param outputs the outputs, copied; null for a failed sample
     * @param failure the failure's description, or null
     * @param generatorState the four longs of the generator's state before the sample; copied
     * @throws IllegalArgumentException if there are neither outputs nor a failure
     */
    public SampleResult(long sample, double[] outputs, String failure, long[] generatorState) {
        this(sample, Double.NaN, outputs == null ? null : outputs.clone(), true, failure, generatorState);
        if (outputs == null && failure == null) {
            throw new IllegalArgumentException("sample " + sample + " has neither outputs nor a failure");
        }
    }

    private SampleResult(long sample, double output, double[] outputs, boolean vector, String failure,
            long[] generatorState) {
        this.sample = sample;
        this.output = output;
        this.outputs = outputs;
        this.vector = vector;
        this.failure = failure;
        this.generatorState = Objects.requireNonNull(generatorState, "generatorState must not be null").clone();
    }

    /**
     * The same sample as in-process {@code MonteCarlo} reports it.
     *
     * @param r a result of {@code MonteCarlo.monteCarloSimulation} or {@code monteCarloVectorSimulation}
     * @return it as a {@code SampleResult}
     */
    public static SampleResult of(RandomSimulationResult r) {
        String failure = r.getFailure().map(RuntimeException::toString).orElse(null);
        long[] state = r.getGeneratorSnapshot().getState();
        if (r.isVector()) {
            return new SampleResult(r.getSampleIndex(), r.succeeded() ? r.getOutputVector() : null, failure, state);
        }
        return new SampleResult(r.getSampleIndex(), r.getOutput(), failure, state);
    }

    /**
     * A row of {@link SparkMonteCarlo}'s result.
     *
     * @param row a row with the columns of {@link SparkMonteCarlo#SCHEMA} or {@link SparkMonteCarlo#VECTOR_SCHEMA}
     * @return it as a {@code SampleResult}
     */
    public static SampleResult of(Row row) {
        String failure = row.isNullAt(2) ? null : row.getString(2);
        long[] state = {row.getLong(3), row.getLong(4), row.getLong(5), row.getLong(6)};
        if (!row.schema().fieldNames()[1].equals("outputs")) {
            return new SampleResult(row.getLong(0), row.getDouble(1), failure, state);
        }
        double[] outputs = null;
        if (!row.isNullAt(1)) {
            List<Double> values = row.getList(1);
            outputs = values.stream().mapToDouble(Double::doubleValue).toArray();
        }
        return new SampleResult(row.getLong(0), outputs, failure, state);
    }

    /** @return the sample's index, from 0 */
    public long sample() {
        return sample;
    }

    /**
     * @return the output at the final time; NaN if the sample failed
     * @throws IllegalStateException for a sample of a vector study (see {@link #outputs})
     */
    public double output() {
        if (vector) {
            throw new IllegalStateException("sample " + sample + " is from a vector study: use outputs()");
        }
        return output;
    }

    /**
     * @return a copy of the outputs at the final time (a scalar study's one output as one entry), or null if the
     *     sample failed
     */
    public double[] outputs() {
        if (failure != null) {
            return null;
        }
        return vector ? outputs.clone() : new double[] {output};
    }

    /** @return whether the sample is from a vector study */
    public boolean isVector() {
        return vector;
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
        return o instanceof SampleResult r && sample == r.sample && vector == r.vector
                && Double.doubleToRawLongBits(output) == Double.doubleToRawLongBits(r.output)
                && Arrays.equals(outputs, r.outputs)
                && Objects.equals(failure, r.failure) && Arrays.equals(generatorState, r.generatorState);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sample, vector, Double.doubleToRawLongBits(output), Arrays.hashCode(outputs), failure,
                Arrays.hashCode(generatorState));
    }

    @Override
    public String toString() {
        String value = vector ? Arrays.toString(outputs) : Double.toString(output);
        return "sample " + sample + ": " + (failure == null ? value : "failed: " + failure);
    }
}
