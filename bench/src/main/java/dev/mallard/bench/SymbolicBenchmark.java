package dev.mallard.bench;

import dev.mallard.bench.model.NonlinearChain;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.symbolic.compile.CompiledFunction;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.List;
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
 * Benchmark 6, symbolic: building the dynamics of a 10-state system ({@link NonlinearChain}) as expressions by
 * running the user's generic system over {@code Expression} ({@code build}), its symbolic Jacobian
 * ({@code differentiate}), compiling dynamics and Jacobian to bytecode ({@code compile}), and evaluating the
 * compiled dynamics ({@code compiledEvaluations}) against the hand-written Java ({@code handWrittenEvaluations});
 * each evaluation peer runs {@link #EVALUATIONS} evaluations at varying states.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SymbolicBenchmark {

    /** Evaluations per call of an evaluation peer. */
    public static final int EVALUATIONS = 1000;
    private static final int N = 2 * NonlinearChain.MASSES;

    private final List<Variable> variables = new ArrayList<>();
    private List<Expression> dynamics;
    private CompiledFunction compiled;
    private final double[] x = new double[N];
    private final double[] xdot = new double[N];
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #build}. */
        public long build;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long buildFastest;
        /** Nanoseconds in {@link #differentiate}. */
        public long differentiate;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long differentiateFastest;
        /** Nanoseconds in {@link #compile}. */
        public long compile;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long compileFastest;
        /** Nanoseconds in {@link #compiledEvaluations}. */
        public long compiledEvaluations;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long compiledEvaluationsFastest;
        /** Nanoseconds in {@link #handWrittenEvaluations}. */
        public long handWrittenEvaluations;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long handWrittenEvaluationsFastest;
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
            build = times.total(0);
            buildFastest = times.fastest(0);
            differentiate = times.total(1);
            differentiateFastest = times.fastest(1);
            compile = times.total(2);
            compileFastest = times.fastest(2);
            compiledEvaluations = times.total(3);
            compiledEvaluationsFastest = times.fastest(3);
            handWrittenEvaluations = times.total(4);
            handWrittenEvaluationsFastest = times.fastest(4);
        }
    }

    /** Builds the expressions and the compiled function once per trial. */
    @Setup
    public void prepare() {
        for (int i = 0; i < N; i++) {
            variables.add(new Variable("x" + i));
        }
        dynamics = build();
        compiled = CompiledFunction.compile(dynamics, variables);
        peers = new Interleaved(this::build, this::differentiate, this::compile, this::compiledEvaluations,
                this::handWrittenEvaluations);
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

    /** @return the time derivatives as expressions, from the generic system converted to Expression */
    @Benchmark
    public List<Expression> build() {
        DynamicalSystem<Expression> system = new NonlinearChain<>(Expression.SCALAR);
        Context<Expression> context = system.createDefaultContext();
        ContinuousState<Expression> state = context.getMutableContinuousState();
        for (int i = 0; i < N; i++) {
            state.set(i, Expression.of(variables.get(i)));
        }
        ContinuousState<Expression> derivatives = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(context, derivatives);
        List<Expression> out = new ArrayList<>(N);
        for (int i = 0; i < N; i++) {
            out.add(derivatives.get(i));
        }
        return out;
    }

    /** @return the symbolic Jacobian of the dynamics */
    @Benchmark
    public Expression[][] differentiate() {
        return Expression.jacobian(dynamics, variables);
    }

    /** @return the dynamics and their Jacobian compiled to bytecode */
    @Benchmark
    public CompiledFunction compile() {
        return CompiledFunction.compileWithJacobian(dynamics, variables);
    }

    /** @return a checksum of {@link #EVALUATIONS} compiled evaluations */
    @Benchmark
    public double compiledEvaluations() {
        double sum = 0;
        for (int k = 0; k < EVALUATIONS; k++) {
            x[k % N] = 1e-3 * k;
            compiled.evaluate(x, xdot);
            sum += xdot[N - 1];
        }
        return sum;
    }

    /** @return a checksum of {@link #EVALUATIONS} hand-written evaluations */
    @Benchmark
    public double handWrittenEvaluations() {
        double sum = 0;
        for (int k = 0; k < EVALUATIONS; k++) {
            x[k % N] = 1e-3 * k;
            NonlinearChain.derivatives(x, xdot);
            sum += xdot[N - 1];
        }
        return sum;
    }
}
