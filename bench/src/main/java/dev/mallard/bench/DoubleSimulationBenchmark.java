package dev.mallard.bench;

import dev.mallard.bench.model.HandWrittenRungeKutta;
import dev.mallard.bench.model.HipparchusOde;
import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.Model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.symbolic.CompiledSystems;
import java.util.concurrent.TimeUnit;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.nonstiff.DormandPrince54Integrator;
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
 * Benchmark 1, double simulation from 0 to 20 s: Mallard's Simulator on the user's generic system
 * ({@code mallardGeneric}) and on a boxing-free double system ({@code mallardSpecialised}), against the
 * hand-written loop taking the same steps ({@code handWritten}, the limit) and Hipparchus's Dormand-Prince
 * ({@code hipparchus}; same steps for RK5_FIXED, same tolerance otherwise), and the generic system compiled
 * by {@code CompiledSystems} ({@code mallardCompiled}, issue 6). {@code interleaved} runs all five in turn
 * and records each one's total and fastest time in {@link Nanos}: the ratios come from it. The single-peer
 * methods are for profiling one peer at a time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DoubleSimulationBenchmark {

    /** The model simulated. */
    @Param({"VAN_DER_POL", "CHAIN"})
    public Model model;

    /** The integrator configuration. */
    @Param({"RK3_1E6", "RK5_1E10", "RK5_FIXED"})
    public dev.mallard.bench.model.Setup setup;

    private MallardRun<Double> generic;
    private MallardRun<Double> specialised;
    private HandWrittenRungeKutta loop;
    private OrdinaryDifferentialEquation ode;
    private DormandPrince54Integrator hipparchus;
    private double[] x0;
    private double[] p;
    private MallardRun<Double> compiled;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #mallardGeneric}. */
        public long mallardGeneric;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardGenericFastest;
        /** Nanoseconds in {@link #mallardSpecialised}. */
        public long mallardSpecialised;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardSpecialisedFastest;
        /** Nanoseconds in {@link #handWritten}. */
        public long handWritten;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long handWrittenFastest;
        /** Nanoseconds in {@link #hipparchus}. */
        public long hipparchus;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long hipparchusFastest;
        /** Nanoseconds in {@link #mallardCompiled}. */
        public long mallardCompiled;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardCompiledFastest;
        /** Rounds (each peer ran once per round). */
        public long rounds;
        private final PeerTimes times = new PeerTimes(5);

        /** Starts an iteration from zero. */
        @Setup(Level.Iteration)
        public void clear() {
            times.reset();
            publish();
        }

        void publish() {
            rounds = times.rounds();
            mallardGeneric = times.total(0);
            mallardGenericFastest = times.fastest(0);
            mallardSpecialised = times.total(1);
            mallardSpecialisedFastest = times.fastest(1);
            handWritten = times.total(2);
            handWrittenFastest = times.fastest(2);
            hipparchus = times.total(3);
            hipparchusFastest = times.fastest(3);
            mallardCompiled = times.total(4);
            mallardCompiledFastest = times.fastest(4);
        }
    }

    /** Builds every peer once per trial. */
    @Setup
    public void prepare() {
        x0 = model.initialState();
        p = model.parameters();
        generic = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
        specialised = new MallardRun<>(model.specialised(), setup);
        loop = setup.handWritten(model.primitive(p));
        ode = new HipparchusOde(model.primitive(p));
        hipparchus = setup.hipparchus();
        compiled = new MallardRun<>(CompiledSystems.compile(model.generic(Scalar.DOUBLE)).system(), setup);
        peers = new Interleaved(this::mallardGeneric, this::mallardSpecialised, this::handWritten,
                this::hipparchus, this::mallardCompiled);
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

    /** @return the final first state entry of the generic system's run */
    @Benchmark
    public double mallardGeneric() {
        return generic.run(x0, p).getValue(0);
    }

    /** @return the final first state entry of the double-specialised system's run */
    @Benchmark
    public double mallardSpecialised() {
        return specialised.run(x0, p).getValue(0);
    }

    /** @return the final first state entry of the hand-written loop */
    @Benchmark
    public double handWritten() {
        return setup.run(loop, x0.clone())[0];
    }

    /** @return the final first state entry of Hipparchus's run */
    @Benchmark
    public double hipparchus() {
        return hipparchus.integrate(ode, new ODEState(0, x0.clone()), dev.mallard.bench.model.Setup.FINAL_TIME)
                .getPrimaryState()[0];
    }

    /** @return the final first state entry of the compiled system's run (issue 6's compiled double path) */
    @Benchmark
    public double mallardCompiled() {
        return compiled.run(x0, p).getValue(0);
    }
}
