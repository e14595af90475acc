package dev.mallard.bench;

import java.util.Arrays;

/**
 * What {@link Interleaved#round} measures over one JMH iteration: per peer, the total nanoseconds and the
 * fastest single run, and the number of rounds. Each benchmark's {@code @AuxCounters} state copies these into
 * its public fields (JMH reads counters only from public fields of the state class itself).
 */
public final class PeerTimes {

    private final long[] total;
    private final long[] fastest;
    private long rounds;

    /**
     * @param peers the number of peers, at least 1
     * @throws IllegalArgumentException if peers is less than 1
     */
    public PeerTimes(int peers) {
        if (peers < 1) {
            throw new IllegalArgumentException("peers must be at least 1, got " + peers);
        }
        total = new long[peers];
        fastest = new long[peers];
        reset();
    }

    /** Starts from zero: no time, no fastest run ({@code Long.MAX_VALUE}), no round. */
    public void reset() {
        Arrays.fill(total, 0);
        Arrays.fill(fastest, Long.MAX_VALUE);
        rounds = 0;
    }

    /** Adds one timed run of a peer: to its total, and as its fastest if it beats the previous one. */
    void record(int peer, long elapsedNanos) {
        total[peer] += elapsedNanos;
        fastest[peer] = Math.min(fastest[peer], elapsedNanos);
    }

    /** Counts a round in which every peer ran once. */
    void endRound() {
        rounds++;
    }

    /**
     * @param peer the peer's index, in the order given to {@link Interleaved}
     * @return its total nanoseconds since the last {@link #reset}
     */
    public long total(int peer) {
        return total[peer];
    }

    /**
     * @param peer the peer's index, in the order given to {@link Interleaved}
     * @return its fastest single run since the last {@link #reset}, nanoseconds ({@code Long.MAX_VALUE} if none)
     */
    public long fastest(int peer) {
        return fastest[peer];
    }

    /** @return the rounds since the last {@link #reset} */
    public long rounds() {
        return rounds;
    }
}
