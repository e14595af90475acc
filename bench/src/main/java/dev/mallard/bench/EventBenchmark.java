package dev.mallard.bench;

import dev.mallard.bench.model.EventScenario;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Benchmark 3, event-heavy simulation: the same run with its events ({@code withEvents}) and without
 * ({@code withoutEvents}, the baseline). Derivative evaluations of both are printed by {@link RunStatistics}.
 * {@code interleaved} runs both in turn and records each one's time in {@link Nanos}: the ratios come from it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EventBenchmark {

    /** The scenario. */
    @Param({"BOUNCING_BALL", "PERIODIC_1KHZ"})
    public EventScenario scenario;

    private EventScenario.Run with;
    private EventScenario.Run without;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #withEvents}. */
        public long withEvents;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long withEventsFastest;
        /** Nanoseconds in {@link #withoutEvents}. */
        public long withoutEvents;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long withoutEventsFastest;
        /** Rounds (each peer ran once per round). */
        public long rounds;
        private final PeerTimes times = new PeerTimes(2);

        /** Starts an iteration from zero. */
        @Setup(Level.Iteration)
        public void clear() {
            times.reset();
            publish();
        }

        void publish() {
            rounds = times.rounds();
            withEvents = times.total(0);
            withEventsFastest = times.fastest(0);
            withoutEvents = times.total(1);
            withoutEventsFastest = times.fastest(1);
        }
    }

    /** Builds both runs once per trial. */
    @Setup
    public void prepare() {
        with = scenario.run(true);
        without = scenario.run(false);
        peers = new Interleaved(this::withEvents, this::withoutEvents);
    }

    /**
     * Runs every peer once, in rotating order, timing each.
     *
     * @param nanos the per-peer times, added to
     * @param blackhole consumes results
     */
    @Benchmark
    public void interleaved(Nanos nanos, Blackhole blackhole) {
        peers.round(nanos.times, blackhole);
        nanos.publish();
    }

    /** @return the final first state entry with events */
    @Benchmark
    public double withEvents() {
        return with.simulate();
    }

    /** @return the final first state entry without events */
    @Benchmark
    public double withoutEvents() {
        return without.simulate();
    }
}
