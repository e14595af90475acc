package dev.mallard.simulator.studies;

import dev.mallard.scalar.Checks;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * A pseudo-random generator whose whole state can be copied and restored, so a Monte Carlo sample can be
 * replayed exactly: xoshiro256** (Blackman and Vigna), 256 bits of state, period {@code 2^256 - 1}, seeded
 * through SplitMix64. Every method of {@link RandomGenerator} (uniform, Gaussian, exponential, ranges) is
 * derived from {@link #nextLong()}, so two generators in the same state produce the same draws of every
 * kind. Not thread-safe: give each thread its own copy.
 */
public final class ReplayableRandom implements RandomGenerator {

    /** The seed of the generator Monte Carlo uses when none is given. */
    public static final long DEFAULT_SEED = 0x5DEECE66DL;

    private long s0;
    private long s1;
    private long s2;
    private long s3;

    /**
     * A generator seeded with {@code seed}; equal seeds give equal sequences.
     *
     * @param seed any value
     */
    public ReplayableRandom(long seed) {
        long x = seed;
        x += 0x9E3779B97F4A7C15L;
        s0 = mix(x);
        x += 0x9E3779B97F4A7C15L;
        s1 = mix(x);
        x += 0x9E3779B97F4A7C15L;
        s2 = mix(x);
        x += 0x9E3779B97F4A7C15L;
        s3 = mix(x);
    }

    private ReplayableRandom(long[] state) {
        s0 = state[0];
        s1 = state[1];
        s2 = state[2];
        s3 = state[3];
    }

    /**
     * A generator in a saved state (from {@link #getState()}), e.g. read back from a file.
     *
     * @param state four longs, not all zero; copied
     * @return the generator
     * @throws IllegalArgumentException if the length is not 4 or all are zero
     */
    public static ReplayableRandom fromState(long[] state) {
        Checks.size(Checks.notNull(state, "state").length, 4, "state");
        if ((state[0] | state[1] | state[2] | state[3]) == 0) {
            throw new IllegalArgumentException("the all-zero state is not a state of xoshiro256**");
        }
        return new ReplayableRandom(state);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return an independent generator in the same state: it produces the same sequence from here on */
    public ReplayableRandom snapshot() {
        return new ReplayableRandom(getState());
    }

    /** @return the state as four longs (a copy), for saving a sample's generator */
    public long[] getState() {
        return new long[] {s0, s1, s2, s3};
    }

    @Override
    public long nextLong() {
        long result = Long.rotateLeft(s1 * 5, 7) * 9;
        long t = s1 << 17;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = Long.rotateLeft(s3, 45);
        return result;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReplayableRandom r && Arrays.equals(getState(), r.getState());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(getState());
    }

    @Override
    public String toString() {
        return "ReplayableRandom" + Arrays.toString(getState());
    }
}
