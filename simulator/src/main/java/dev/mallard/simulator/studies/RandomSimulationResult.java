package dev.mallard.simulator.studies;

import java.util.Optional;

/**
 * One sample of a Monte Carlo study: the generator as it was before the sample (replay with
 * {@code MonteCarlo.randomSimulation(make, output, finalTime, result.getGeneratorSnapshot().snapshot())}),
 * and the output, or the exception the sample threw. Immutable (the snapshot is copied on the way out).
 *
 * <p>Safe to share between threads: its fields never change and the snapshot is copied on the way out.
 */
public final class RandomSimulationResult {

    private final int sampleIndex;
    private final ReplayableRandom generatorSnapshot;
    private final double output;
    private final RuntimeException failure;

    RandomSimulationResult(int sampleIndex, ReplayableRandom generatorSnapshot, double output,
            RuntimeException failure) {
        this.sampleIndex = sampleIndex;
        this.generatorSnapshot = generatorSnapshot;
        this.output = output;
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

    /** @return the output at the final time; NaN if the sample failed */
    public double getOutput() {
        return output;
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
        return "sample " + sampleIndex + ": " + (failure == null ? Double.toString(output) : "failed: " + failure);
    }
}
