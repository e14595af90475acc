package dev.mallard.bench;

import dev.mallard.bench.model.PerSpringChain;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.GradientSimulation;
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
 * The gradient of a scalar cost {@code J = |x(T)|^2} of a chain with per-spring stiffness and damping ({@code P}
 * parameters, {@code P} states) with respect to {@code (x0, p, T)}: {@link AdjointGradient} ({@code adjoint})
 * against forward mode ({@code forward}, {@link GradientSimulation}, the Jacobian contracted with {@code dJ/dx}),
 * central differences of double runs in the parameters only ({@code centralDifferences}, 2P runs) and the
 * double run itself ({@code doubleRun}, the baseline). runge_kutta3 at accuracy 1e-6 from 0 to 10 s.
 * {@code interleaved} runs all four in turn and records each one's time in {@link Nanos}: the ratios come from
 * it. The single-peer methods are for profiling one peer at a time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class AdjointBenchmark {

    private static final double FINAL_TIME = 10.0;
    private static final double ACCURACY = 1e-6;
    private static final double DIFFERENCE_STEP = 1e-6;

    /** The number of parameters (twice the number of masses). */
    @Param({"2", "20", "100"})
    public int parameters;

    private PerSpringChain<Double> chain;
    private Context<Double> context;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #doubleRun}. */
        public long doubleRun;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long doubleRunFastest;
        /** Nanoseconds in {@link #adjoint}. */
        public long adjoint;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long adjointFastest;
        /** Nanoseconds in {@link #forward}. */
        public long forward;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long forwardFastest;
        /** Nanoseconds in {@link #centralDifferences}. */
        public long centralDifferences;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long centralDifferencesFastest;
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
            adjoint = times.total(1);
            adjointFastest = times.fastest(1);
            forward = times.total(2);
            forwardFastest = times.fastest(2);
            centralDifferences = times.total(3);
            centralDifferencesFastest = times.fastest(3);
        }
    }

    /** |x|^2 at the final time. */
    private static final CostFunction SQUARED_NORM = new CostFunction() {
        @Override
        public double value(double t, double[] x, double[] p) {
            double sum = 0;
            for (double v : x) {
                sum += v * v;
            }
            return sum;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gradX, double[] gradP) {
            for (int i = 0; i < x.length; i++) {
                gradX[i] = 2 * x[i];
            }
            Arrays.fill(gradP, 0);
            return 0;
        }
    };

    /** Builds the chain of {@code parameters / 2} masses and its context. */
    @Setup
    public void setUp() {
        chain = new PerSpringChain<>(Scalar.DOUBLE, parameters / 2);
        context = chain.createDefaultContext();
        peers = new Interleaved(this::doubleRun, this::adjoint, this::forward, this::centralDifferences);
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

    private static <T> void configure(Simulator<T> sim) {
        sim.getMutableIntegrator().setTargetAccuracy(ACCURACY);
    }

    /** @return the double run's final state */
    @Benchmark
    public double[] doubleRun() {
        return finalState(context);
    }

    private double[] finalState(Context<Double> from) {
        Simulator<Double> sim = new Simulator<>(chain, from.cloneContext());
        configure(sim);
        sim.advanceTo(FINAL_TIME);
        return sim.getContext().getContinuousState().toValueArray();
    }

    /** @return dJ/d(x0, p, T) by the adjoint, checkpoints every 64 steps */
    @Benchmark
    public double[] adjoint() {
        return AdjointGradient.run(chain, context, FINAL_TIME, SQUARED_NORM, CostFunction.zero(),
                AdjointGradient.DEFAULT_CHECKPOINT_INTERVAL, AdjointBenchmark::configure).gradient();
    }

    /** @return dJ/d(x0, p, T) by forward mode: the Jacobian contracted with 2 x(T) */
    @Benchmark
    public double[] forward() {
        GradientSimulation.Result r = GradientSimulation.run(chain, context, FINAL_TIME, AdjointBenchmark::configure);
        double[] x = r.finalState();
        double[][] jac = r.stateJacobian();
        double[] out = new double[jac[0].length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < out.length; j++) {
                out[j] += 2 * x[i] * jac[i][j];
            }
        }
        return out;
    }

    /** @return dJ/dp by central differences of double runs (2P runs; steps may differ between them) */
    @Benchmark
    public double[] centralDifferences() {
        double[] out = new double[parameters];
        int masses = parameters / 2;
        for (int q = 0; q < parameters; q++) {
            int group = q / masses;
            int entry = q % masses;
            double base = context.getNumericParameter(group).getValue(entry);
            Context<Double> c = context.cloneContext();
            c.getMutableNumericParameter(group).setValue(entry, base + DIFFERENCE_STEP);
            double up = SQUARED_NORM.value(FINAL_TIME, finalState(c), null);
            c.getMutableNumericParameter(group).setValue(entry, base - DIFFERENCE_STEP);
            double down = SQUARED_NORM.value(FINAL_TIME, finalState(c), null);
            out[q] = (up - down) / (2 * DIFFERENCE_STEP);
        }
        return out;
    }
}
