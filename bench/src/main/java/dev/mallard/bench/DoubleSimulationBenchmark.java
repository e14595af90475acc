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
 * Benchmark 1, double simulation from 0 to 20 s: Mallard's Simulator on one of three forms of the same model
 * ({@link #system}: the user's generic system, a boxing-free double system, or the generic system compiled
 * by {@code CompiledSystems}, issue 6), against the hand-written loop taking the same steps
 * ({@code handWritten}, the limit) and Hipparchus's Dormand-Prince ({@code hipparchus}; same steps for
 * RK5_FIXED, same tolerance otherwise). {@code interleaved} runs the three in turn and records each one's total
 * and fastest time in {@link Nanos}: the ratios come from it. The single-peer methods are for profiling one
 * peer at a time.
 *
 * <p>Each form of the system is a JMH parameter, so it runs in forks of its own: a program simulates its own
 * systems, and three system classes sharing the integrator's call sites in one JVM would keep the JIT from
 * inlining the dynamics call for any of them, a cost no single-system program pays.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DoubleSimulationBenchmark {

    /** The forms of a model that Mallard simulates. */
    public enum MallardSystem {
        /** The user's system written once against {@code Scalar<T>}, run with {@code Double} boxes. */
        GENERIC,
        /** The same dynamics hand-specialised to {@code LeafSystem<Double>} with getValue/setValue. */
        SPECIALISED,
        /** The generic system compiled to bytecode by {@code CompiledSystems.compile}. */
        COMPILED;

        /**
         * @param model the model
         * @return this form of the model's system
         */
        dev.mallard.systems.DynamicalSystem<Double> of(Model model) {
            return switch (this) {
                case GENERIC -> model.generic(Scalar.DOUBLE);
                case SPECIALISED -> model.specialised();
                case COMPILED -> CompiledSystems.compile(model.generic(Scalar.DOUBLE)).system();
            };
        }
    }

    /** The model simulated. */
    @Param({"VAN_DER_POL", "CHAIN"})
    public Model model;

    /** The integrator configuration. */
    @Param({"RK3_1E6", "RK5_1E10", "RK5_FIXED"})
    public dev.mallard.bench.model.Setup setup;

    /** The form of the model Mallard simulates. */
    @Param({"GENERIC", "SPECIALISED", "COMPILED"})
    public MallardSystem system;

    private MallardRun<Double> mallard;
    private HandWrittenRungeKutta loop;
    private OrdinaryDifferentialEquation ode;
    private DormandPrince54Integrator hipparchus;
    private double[] x0;
    private double[] p;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #mallard}. */
        public long mallard;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardFastest;
        /** Nanoseconds in {@link #handWritten}. */
        public long handWritten;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long handWrittenFastest;
        /** Nanoseconds in {@link #hipparchus}. */
        public long hipparchus;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long hipparchusFastest;
        /** Rounds (each peer ran once per round). */
        public long rounds;
        private final PeerTimes times = new PeerTimes(3);

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
            handWritten = times.total(1);
            handWrittenFastest = times.fastest(1);
            hipparchus = times.total(2);
            hipparchusFastest = times.fastest(2);
        }
    }

    /** Builds every peer once per trial. */
    @Setup
    public void prepare() {
        x0 = model.initialState();
        p = model.parameters();
        mallard = new MallardRun<>(system.of(model), setup);
        loop = setup.handWritten(model.primitive(p));
        ode = new HipparchusOde(model.primitive(p));
        hipparchus = setup.hipparchus();
        peers = new Interleaved(this::mallard, this::handWritten, this::hipparchus);
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

    /** @return the final first state entry of Mallard's run on the chosen form of the system */
    @Benchmark
    public double mallard() {
        return mallard.run(x0, p).getValue(0);
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
}
