package dev.mallard.simulator.studies;

import java.util.Arrays;
import java.util.Optional;

/**
 * One sample of a Monte Carlo study: the generator as it was before the sample (replay with
 * {@code MonteCarlo.randomSimulation(make, output, finalTime, result.getGeneratorSnapshot().snapshot())}, or
 * {@code randomVectorSimulation} for a vector study), and the output, or the exception the sample threw. A
 * scalar study's sample has one output ({@link #getOutput}); a vector study's has a vector
 * ({@link #getOutputVector}).
 *
 * <p>Immutable and safe to share between threads: its fields never change, and the snapshot and the vector are
 * copied on the way in and out.
 */
public final class RandomSimulationResult {

    private final int sampleIndex;
    private final ReplayableRandom generatorSnapshot;
    /** The outputs; null if the sample failed. */
    private final double[] outputs;
    private final boolean vector;
    private final RuntimeException failure;

    /** A sample with {@code outputs} (kept: the caller gives a fresh array), or null with a failure. */
    RandomSimulationResult(int sampleIndex, ReplayableRandom generatorSnapshot, double[] outputs, boolean vector,
            RuntimeException failure) {
        this.sampleIndex = sampleIndex;
        this.generatorSnapshot = generatorSnapshot;
        this.outputs = outputs;
        this.vector = vector;
        this.failure = failure;
    }

    /** @return the sample's position in the study, from 0 */
    public int getSampleIndex() {
        return sampleIndex;
    }

    /** @return a copy of the generator in the state the sample started from */
    public ReplayableRandom getGeneratorSnapshot() {
        return generatorSnapshot.snapshot();
    }

    /**
     * @return the output at the final time; NaN if the sample failed
     * @throws IllegalStateException for a vector study's sample whose vector does not have exactly one entry
     */
    public double getOutput() {
        if (outputs == null) {
            return Double.NaN;
        }
        if (outputs.length != 1) {
            throw new IllegalStateException("sample " + sampleIndex + " has an output vector of " + outputs.length
                    + " entries, not one number: use getOutputVector()");
        }
        return outputs[0];
    }

    /**
     * @return a copy of the outputs at the final time: a vector study's vector, or a scalar study's one output
     * @throws IllegalStateException if the sample failed (its cause is the sample's exception; see
     *     {@link #succeeded})
     */
    public double[] getOutputVector() {
        if (outputs == null) {
            throw new IllegalStateException("sample " + sampleIndex + " failed and has no output: " + failure, failure);
        }
        return outputs.clone();
    }

    /** @return whether the sample comes from a vector study ({@code monteCarloVectorSimulation}) */
    public boolean isVector() {
        return vector;
    }

    /** @return the exception the sample threw (making the simulator, simulating, or evaluating the output) */
    public Optional<RuntimeException> getFailure() {
        return Optional.ofNullable(failure);
    }

    /** @return true if the sample produced an output */
    public boolean succeeded() {
        return failure == null;
    }

    @Override
    public String toString() {
        String value = !vector ? Double.toString(outputs == null ? Double.NaN : outputs[0]) : Arrays.toString(outputs);
        return "sample " + sampleIndex + ": " + (failure == null ? value : "failed: " + failure);
    }
}
