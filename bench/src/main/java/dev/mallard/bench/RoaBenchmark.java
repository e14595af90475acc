package dev.mallard.bench;

import dev.mallard.bench.model.CubicTriple;
import dev.mallard.examples.VanDerPol;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Benchmark 5, region of attraction end to end with default options (Lyapunov function from the
 * linearisation, level-set SDPs, certificate check, simulation cross-check): the time-reversed Van der Pol
 * oscillator ({@code vanDerPol}) and a 3-state cubic system with a degree-4 multiplier ({@code cubicTriple}).
 * The goals are absolute times once warm, so there is no peer; {@code interleaved} times both in turn.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RoaBenchmark {

    private DynamicalSystem<Double> vdp;
    private Context<Double> vdpContext;
    private DynamicalSystem<Double> cubic;
    private Context<Double> cubicContext;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each analysis in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #vanDerPol}. */
        public long vanDerPol;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long vanDerPolFastest;
        /** Nanoseconds in {@link #cubicTriple}. */
        public long cubicTriple;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long cubicTripleFastest;
        /** Rounds (each analysis ran once per round). */
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
            vanDerPol = times.total(0);
            vanDerPolFastest = times.fastest(0);
            cubicTriple = times.total(1);
            cubicTripleFastest = times.fastest(1);
        }
    }

    /** Builds both systems and their contexts at the fixed point (the origin). */
    @Setup
    public void prepare() {
        vdp = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        vdpContext = vdp.createDefaultContext();
        vdpContext.setContinuousStateValues(0.0, 0.0);
        cubic = new CubicTriple<>(Scalar.DOUBLE);
        cubicContext = cubic.createDefaultContext();
        cubicContext.setContinuousStateValues(0.0, 0.0, 0.0);
        peers = new Interleaved(this::vanDerPol, this::cubicTriple);
    }

    /**
     * Runs both analyses once, in rotating order, timing each.
     *
     * @param nanos the per-analysis times, added to
     * @param blackhole consumes results
     */
    @Benchmark
    public void interleaved(Nanos nanos, Blackhole blackhole) {
        peers.round(nanos.times, blackhole);
        nanos.publish();
    }

    /** @return the time-reversed Van der Pol oscillator's region of attraction */
    @Benchmark
    public RegionOfAttractionResult vanDerPol() {
        return RegionOfAttraction.analyzeDetailed(vdp, vdpContext,
                dev.mallard.roa.RegionOfAttractionOptions.defaults());
    }

    /** @return the cubic triple's region of attraction */
    @Benchmark
    public RegionOfAttractionResult cubicTriple() {
        return RegionOfAttraction.analyzeDetailed(cubic, cubicContext,
                dev.mallard.roa.RegionOfAttractionOptions.defaults());
    }
}
