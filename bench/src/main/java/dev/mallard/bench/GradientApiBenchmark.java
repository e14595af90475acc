package dev.mallard.bench;

import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.Model;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.systems.Context;
import dev.mallard.systems.LeafSystem;
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
 * The Jacobian a user asks for, beside the simulation it differentiates: {@link GradientSimulation#run} (forward
 * mode, {@code d x(T) / d (x(0), p, T)}) against one double run of the same generic system from the same state and
 * parameters under the same integrator configuration, the two interleaved in one JVM ({@link Interleaved}).
 * {@link GradientBenchmark} seeds AutoDiff on a reused simulator by hand with {@code x(0)} and {@code p} only; the
 * API's gradients carry one component more (the final time's), and it converts the system and builds its context
 * and simulator on every call, as a user's call does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GradientApiBenchmark {

    /** The model simulated. */
    @Param({"VAN_DER_POL", "CHAIN"})
    public Model model;

    /** The integrator configuration. */
    @Param({"RK3_1E6", "RK5_FIXED"})
    public dev.mallard.bench.model.Setup setup;

    private MallardRun<Double> doubles;
    private LeafSystem<Double> system;
    private Context<Double> context;
    private double[] x0;
    private double[] p;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #doubleRun}. */
        public long doubleRun;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long doubleRunFastest;
        /** Nanoseconds in {@link #gradientSimulation}. */
        public long gradientSimulation;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long gradientSimulationFastest;
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
            doubleRun = times.total(0);
            doubleRunFastest = times.fastest(0);
            gradientSimulation = times.total(1);
            gradientSimulationFastest = times.fastest(1);
        }
    }

    /** Builds both peers once per trial. */
    @Setup
    public void prepare() {
        x0 = model.initialState();
        p = model.parameters();
        doubles = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
        system = model.generic(Scalar.DOUBLE);
        context = system.createDefaultContext();
        context.setContinuousStateValues(x0);
        for (int j = 0; j < p.length; j++) {
            context.getMutableNumericParameter(0).setValue(j, p[j]);
        }
        peers = new Interleaved(this::doubleRun, this::gradientSimulation);
    }

    /**
     * Runs both peers once, in rotating order, timing each.
     *
     * @param nanos the per-peer times, added to
     * @param blackhole consumes results
     */
    @Benchmark
    public void interleaved(Nanos nanos, Blackhole blackhole) {
        peers.round(nanos.times, blackhole);
        nanos.publish();
    }

    /** @return the final first state entry of one double run */
    @Benchmark
    public double doubleRun() {
        return doubles.run(x0, p).getValue(0);
    }

    /** @return the result of one call of the API: x(T) and its Jacobian */
    @Benchmark
    public GradientSimulation.Result gradientSimulation() {
        return GradientSimulation.run(system, context, dev.mallard.bench.model.Setup.FINAL_TIME, setup::configure);
    }
}
