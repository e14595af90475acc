package dev.mallard.bench;

import dev.mallard.bench.model.Brusselator2D;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.CostGradient;
import dev.mallard.systems.Context;
import java.util.Arrays;
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
 * Forward mode against the adjoint as the parameter count grows (issue 31): the gradient of
 * {@code J = sum of x(T)} for the {@link Brusselator2D} on an {@code N x N} grid ({@code 2 N^2} states,
 * {@code 4 N^2} per-cell parameters, as in the SciMLSensitivity scaling benchmark) with respect to the initial
 * state and the parameters ({@code 6 N^2} independent variables), by {@link CostGradient} in forward mode
 * ({@code forward}), in adjoint mode ({@code adjoint}) and by its own choice ({@code automatic}), beside the
 * double simulation ({@code doubleRun}, the baseline). {@code interleaved} runs all four in turn and records
 * each one's time in {@link Nanos}: the ratios come from it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BrusselatorBenchmark {

    /** The grid's side N. */
    @Param({"2", "3", "4", "6"})
    public int side;

    /** The integration scheme. */
    @Param({"radau3"})
    public String scheme;

    /** The final time, seconds. */
    @Param({"10"})
    public double finalTime;

    /** The integrator's accuracy. */
    @Param({"1e-4"})
    public double accuracy;

    private Brusselator2D<Double> system;
    private Context<Double> context;
    private SimulatorConfig config;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #doubleRun}. */
        public long doubleRun;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long doubleRunFastest;
        /** Nanoseconds in {@link #forward}. */
        public long forward;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long forwardFastest;
        /** Nanoseconds in {@link #adjoint}. */
        public long adjoint;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long adjointFastest;
        /** Nanoseconds in {@link #automatic}. */
        public long automatic;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long automaticFastest;
        /** Rounds (each peer ran once per round). */
        public long rounds;
        private final PeerTimes times = new PeerTimes(4);

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
            forward = times.total(1);
            forwardFastest = times.fastest(1);
            adjoint = times.total(2);
            adjointFastest = times.fastest(2);
            automatic = times.total(3);
            automaticFastest = times.fastest(3);
        }
    }

    /** The sum of the final state. */
    static final CostFunction SUM = new CostFunction() {
        @Override
        public double value(double t, double[] x, double[] p) {
            double sum = 0;
            for (double v : x) {
                sum += v;
            }
            return sum;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gradX, double[] gradP) {
            Arrays.fill(gradX, 1);
            Arrays.fill(gradP, 0);
            return 0;
        }
    };

    /** Builds the grid, its default context and the configuration. */
    @Setup
    public void setUp() {
        system = new Brusselator2D<>(Scalar.DOUBLE, side);
        context = system.createDefaultContext();
        config = new SimulatorConfig().setIntegrationScheme(scheme).setAccuracy(accuracy);
        peers = new Interleaved(this::doubleRun, this::forward, this::adjoint, this::automatic);
    }

    /** @return the context the peers start from (the test changes its parameters) */
    Context<Double> context() {
        return context;
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

    /** @return the double run's final state */
    @Benchmark
    public double[] doubleRun() {
        Simulator<Double> sim = new Simulator<>(system, context.cloneContext());
        SimulatorConfigFunctions.applySimulatorConfig(config, sim);
        sim.advanceTo(finalTime);
        return sim.getContext().getContinuousState().toValueArray();
    }

    /** @return J and its gradient by forward mode */
    @Benchmark
    public CostGradient.Result forward() {
        return gradient(CostGradient.Mode.FORWARD);
    }

    /** @return J and its gradient by the adjoint */
    @Benchmark
    public CostGradient.Result adjoint() {
        return gradient(CostGradient.Mode.ADJOINT);
    }

    /** @return J and its gradient by the mode {@link CostGradient#choose} picks */
    @Benchmark
    public CostGradient.Result automatic() {
        return CostGradient.compute(system, context, finalTime, SUM, CostFunction.zero(), null, config);
    }

    private CostGradient.Result gradient(CostGradient.Mode mode) {
        return CostGradient.compute(system, context, finalTime, SUM, CostFunction.zero(), null, config, mode);
    }
}
