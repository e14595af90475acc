package dev.mallard.bench;

import java.util.function.Supplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs a set of peers once each, in an order rotated from round to round, timing each run on its own. The
 * machines these benchmarks run on are shared and their load drifts within seconds; peers timed in adjacent
 * runs see the same load, so the ratio of their totals over a JMH iteration is steady where the ratio of
 * two benchmarks measured minutes apart is not.
 */
public final class Interleaved {

    private final Supplier<?>[] peers;
    private int round;

    /** @param peers the runs to compare, each returning its result (consumed by a blackhole) */
    public Interleaved(Supplier<?>... peers) {
        this.peers = peers.clone();
    }

    /**
     * Runs every peer once and records each run's time.
     *
     * @param times where each peer's time is recorded (modified: totals, fastest runs and the round count)
     * @param blackhole consumes the results so nothing is optimised away
     */
    public void round(PeerTimes times, Blackhole blackhole) {
        int n = peers.length;
        int start = round++ % n;
        for (int k = 0; k < n; k++) {
            int which = (start + k) % n;
            long t0 = System.nanoTime();
            Object result = peers[which].get();
            times.record(which, System.nanoTime() - t0);
            blackhole.consume(result);
        }
        times.endRound();
    }
}
