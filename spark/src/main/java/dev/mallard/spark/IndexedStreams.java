package dev.mallard.spark;

import dev.mallard.simulator.studies.ReplayableRandom;

/**
 * The generators of the {@link RandomnessMode#INDEXED} mode: sample {@code i} of a study with seed {@code s}
 * uses {@code new ReplayableRandom(k)} with {@code k} the {@code i}-th output of a SplitMix64 sequence started
 * at {@code s}. SplitMix64's output function is a bijection of the 64-bit integers, so distinct samples get
 * distinct seeds; {@link ReplayableRandom} expands each seed to a xoshiro256** state of 256 bits, and with
 * a period of {@code 2^256 - 1} the chance that the few draws of two samples overlap is negligible for any
 * study size.
 */
public final class IndexedStreams {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private IndexedStreams() {
    }

    /**
     * @param seed the study's seed, any value
     * @param sample the sample's index, {@code >= 0}
     * @return a fresh generator for that sample; equal arguments give equal generators
     * @throws IllegalArgumentException for a negative index
     */
    public static ReplayableRandom generator(long seed, long sample) {
        if (sample < 0) {
            throw new IllegalArgumentException("sample must be >= 0, got " + sample);
        }
        return new ReplayableRandom(mix(seed + (sample + 1) * GOLDEN_GAMMA));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
