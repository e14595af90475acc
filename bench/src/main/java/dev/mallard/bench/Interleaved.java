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
     * Runs every peer once.
     *
     * @param nanos per-peer elapsed nanoseconds, added to (same order as the constructor's peers)
     * @param fastest per-peer shortest single run so far, nanoseconds, lowered when beaten (start from
     *     {@code Long.MAX_VALUE})
     * @param blackhole consumes the results so nothing is optimised away
     */
    public void round(long[] nanos, long[] fastest, Blackhole blackhole) {
        int n = peers.length;
        int start = round++ % n;
        for (int k = 0; k < n; k++) {
            int which = (start + k) % n;
            long t0 = java.lang.System.nanoTime();
            Object result = peers[which].get();
            long elapsed = java.lang.System.nanoTime() - t0;
            nanos[which] += elapsed;
            fastest[which] = Math.min(fastest[which], elapsed);
            blackhole.consume(result);
        }
    }
}
