package dev.mallard.spark;

import dev.mallard.simulator.studies.ReplayableRandom;
import java.io.Serializable;

/**
 * A contiguous run of samples that one Spark task simulates: samples {@code first .. first + count - 1}, with
 * their generators either given (the driver's states, {@link RandomnessMode#SEQUENTIAL}) or derived from the
 * seed and the index ({@link RandomnessMode#INDEXED}).
 */
final class SampleSlice implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long first;
    private final int count;
    private final long seed;
    /** Four longs per sample, or null to derive each generator from the seed and the index. */
    private final long[] states;

    private SampleSlice(long first, int count, long seed, long[] states) {
        this.first = first;
        this.count = count;
        this.seed = seed;
        this.states = states;
    }

    static SampleSlice indexed(long first, int count, long seed) {
        return new SampleSlice(first, count, seed, null);
    }

    static SampleSlice sequential(long first, long[] states) {
        return new SampleSlice(first, states.length / 4, 0, states);
    }

    int count() {
        return count;
    }

    long sample(int k) {
        return first + k;
    }

    /** A fresh generator for sample {@code first + k}. */
    ReplayableRandom generator(int k) {
        if (states == null) {
            return IndexedStreams.generator(seed, first + k);
        }
        return ReplayableRandom.fromState(new long[] {states[4 * k], states[4 * k + 1], states[4 * k + 2],
            states[4 * k + 3]});
    }
}
