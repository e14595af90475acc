package dev.mallard.bench;

import dev.mallard.sdp.SdpProblem;
import dev.mallard.sdp.SdpResult;
import dev.mallard.sdp.SdpSolver;
import dev.mallard.sdp.SdpaFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
 * Benchmark 4, SDPLIB: Mallard's interior-point solver on the parsed problem ({@code mallard}) against the
 * {@code csdp} process on the same file ({@code csdp}: process start, file reading and solving, as a user
 * runs it; nothing subtracted). Single-shot times; iteration counts are printed by {@link SdpStatistics}.
 * {@code interleaved} solves with both, one after the other in alternating order, and records each one's time
 * in {@link Shots}: the ratios come from it, since single shots of the two taken minutes apart on a shared
 * machine differed by up to 1.7 times from one run to the next (csdp on arch0: 425 ms in one run, 724 ms in
 * another).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SdpBenchmark {

    /** The SDPLIB problem. */
    @Param({"arch0", "control1", "control2", "control3", "gpp100", "gpp124-1", "gpp124-4", "gpp250-4", "hinf1",
        "hinf12", "hinf4", "infd1", "infp1", "mcp100", "mcp124-1", "qap5", "qap6", "theta1", "theta2", "truss1",
        "truss2", "truss3", "truss4"})
    public String problem;

    private Path file;
    private SdpProblem parsed;
    private final SdpSolver solver = new SdpSolver();
    private final Interleaved peers = new Interleaved(this::mallard, this::csdpUnchecked);

    /** Per-iteration nanoseconds of each peer in {@link #interleaved} (one shot each), and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Shots {
        /** Nanoseconds in {@link #mallard}. */
        public long mallard;
        /** Its fastest single shot in the iteration, nanoseconds. */
        public long mallardFastest;
        /** Nanoseconds in {@link #csdp}. */
        public long csdp;
        /** Its fastest single shot in the iteration, nanoseconds. */
        public long csdpFastest;
        /** Rounds (each peer solved once per round). */
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
            mallard = times.total(0);
            mallardFastest = times.fastest(0);
            csdp = times.total(1);
            csdpFastest = times.fastest(1);
        }
    }

    /**
     * Reads the problem once per trial.
     *
     * @throws IOException if the file cannot be read
     */
    @Setup
    public void read() throws IOException {
        file = Sdplib.file(problem);
        parsed = SdpaFormat.read(file);
    }

    /**
     * Solves once with each peer, in alternating order, timing each.
     *
     * @param shots the per-peer times, added to
     * @param blackhole consumes results
     */
    @Benchmark
    public void interleaved(Shots shots, Blackhole blackhole) {
        peers.round(shots.times, blackhole);
        shots.publish();
    }

    /** @return Mallard's result */
    @Benchmark
    public SdpResult mallard() {
        return solver.solve(parsed);
    }

    /**
     * @return csdp's exit code
     * @throws IOException if csdp cannot be started
     * @throws InterruptedException if interrupted
     */
    @Benchmark
    public int csdp() throws IOException, InterruptedException {
        return Csdp.solve(file);
    }

    private int csdpUnchecked() {
        try {
            return csdp();
        } catch (IOException e) {
            throw new UncheckedIOException("csdp could not be started on " + file, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while csdp solved " + file, e);
        }
    }
}
