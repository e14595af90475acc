package dev.mallard.bench;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.bench.model.HandWrittenRungeKutta;
import dev.mallard.bench.model.HandWrittenVariationalRun;
import dev.mallard.bench.model.HipparchusOde;
import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.Model;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.symbolic.CompiledSystems;
import java.util.concurrent.TimeUnit;
import org.hipparchus.analysis.differentiation.Gradient;
import org.hipparchus.analysis.differentiation.GradientField;
import org.hipparchus.ode.FieldExpandableODE;
import org.hipparchus.ode.FieldODEState;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.nonstiff.DormandPrince54FieldIntegrator;
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
 * Benchmark 2, the Jacobian of x(20 s) with respect to the initial state and the parameters: Mallard's
 * {@code Simulator<AutoDiff>} on the converted user system ({@code mallardAutoDiff}) against Mallard's double
 * run of the same system ({@code mallardDouble}, the baseline), central differences of double runs
 * ({@code finiteDifferences}, 2n + 1 runs), and Hipparchus's Dormand-Prince over its {@code Gradient} field
 * ({@code hipparchusGradient}) with its own double run ({@code hipparchusDouble}) for its ratio.
 * The compiled system (issue 6) is measured too: {@code mallardCompiledDouble} and
 * {@code mallardCompiledAutoDiff}. The limit is a hand-written primitive loop taking the same steps: over the
 * model ({@code handWrittenDouble}) and over the model with its variational equations, written by hand
 * ({@code handWrittenVariational}, the same Jacobian as forward mode through the same steps). {@code interleaved}
 * runs all nine in turn and records each one's time in {@link Nanos}: the ratios come from it. The single-peer
 * methods are for profiling one peer at a time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GradientBenchmark {

    /** The model simulated. */
    @Param({"VAN_DER_POL", "CHAIN"})
    public Model model;

    /** The integrator configuration (the AutoDiff run takes the double run's steps: control uses values). */
    @Param({"RK3_1E6", "RK5_FIXED"})
    public dev.mallard.bench.model.Setup setup;

    private MallardRun<Double> doubles;
    private MallardRun<AutoDiff> autoDiff;
    private OrdinaryDifferentialEquation ode;
    private DormandPrince54Integrator hipparchus;
    private DormandPrince54FieldIntegrator<Gradient> hipparchusField;
    private FieldExpandableODE<Gradient> fieldOde;
    private Gradient[] fieldX0;
    private double[] x0;
    private double[] p;
    private MallardRun<Double> compiledDoubles;
    private MallardRun<AutoDiff> compiledAutoDiff;
    private HandWrittenRungeKutta handDouble;
    private HandWrittenVariationalRun handVariational;
    private Interleaved peers;

    /** Per-iteration nanoseconds of each peer in {@link #interleaved}, and the number of rounds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        /** Nanoseconds in {@link #mallardDouble}. */
        public long mallardDouble;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardDoubleFastest;
        /** Nanoseconds in {@link #mallardAutoDiff}. */
        public long mallardAutoDiff;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardAutoDiffFastest;
        /** Nanoseconds in {@link #finiteDifferences}. */
        public long finiteDifferences;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long finiteDifferencesFastest;
        /** Nanoseconds in {@link #hipparchusDouble}. */
        public long hipparchusDouble;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long hipparchusDoubleFastest;
        /** Nanoseconds in {@link #hipparchusGradient}. */
        public long hipparchusGradient;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long hipparchusGradientFastest;
        /** Nanoseconds in {@link #mallardCompiledDouble}. */
        public long mallardCompiledDouble;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardCompiledDoubleFastest;
        /** Nanoseconds in {@link #mallardCompiledAutoDiff}. */
        public long mallardCompiledAutoDiff;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long mallardCompiledAutoDiffFastest;
        /** Nanoseconds in {@link #handWrittenDouble}. */
        public long handWrittenDouble;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long handWrittenDoubleFastest;
        /** Nanoseconds in {@link #handWrittenVariational}. */
        public long handWrittenVariational;
        /** Its fastest single run in the iteration, nanoseconds. */
        public long handWrittenVariationalFastest;
        /** Rounds (each peer ran once per round). */
        public long rounds;
        private final PeerTimes times = new PeerTimes(9);

        /** Starts an iteration from zero. */
        @Setup(Level.Iteration)
        public void clear() {
            times.reset();
            publish();
        }

        void publish() {
            rounds = times.rounds();
            mallardDouble = times.total(0);
            mallardDoubleFastest = times.fastest(0);
            mallardAutoDiff = times.total(1);
            mallardAutoDiffFastest = times.fastest(1);
            finiteDifferences = times.total(2);
            finiteDifferencesFastest = times.fastest(2);
            hipparchusDouble = times.total(3);
            hipparchusDoubleFastest = times.fastest(3);
            hipparchusGradient = times.total(4);
            hipparchusGradientFastest = times.fastest(4);
            mallardCompiledDouble = times.total(5);
            mallardCompiledDoubleFastest = times.fastest(5);
            mallardCompiledAutoDiff = times.total(6);
            mallardCompiledAutoDiffFastest = times.fastest(6);
            handWrittenDouble = times.total(7);
            handWrittenDoubleFastest = times.fastest(7);
            handWrittenVariational = times.total(8);
            handWrittenVariationalFastest = times.fastest(8);
        }
    }

    /** Builds every peer once per trial. */
    @Setup
    public void prepare() {
        x0 = model.initialState();
        p = model.parameters();
        doubles = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
        autoDiff = new MallardRun<>(model.generic(Scalar.DOUBLE).toScalar(AutoDiff.SCALAR), setup);
        ode = new HipparchusOde(model.primitive(p));
        hipparchus = setup.hipparchus();
        int n = model.numVariables();
        GradientField field = GradientField.getField(n);
        hipparchusField = setup.hipparchus(field);
        Gradient[] fieldP = new Gradient[p.length];
        for (int j = 0; j < p.length; j++) {
            fieldP[j] = Gradient.variable(n, x0.length + j, p[j]);
        }
        fieldOde = new FieldExpandableODE<>(model.field(fieldP));
        fieldX0 = new Gradient[x0.length];
        for (int i = 0; i < x0.length; i++) {
            fieldX0[i] = Gradient.variable(n, i, x0[i]);
        }
        compiledDoubles = new MallardRun<>(CompiledSystems.compile(model.generic(Scalar.DOUBLE)).system(), setup);
        compiledAutoDiff = new MallardRun<>(CompiledSystems.compile(model.generic(Scalar.DOUBLE)).system()
                .toScalar(AutoDiff.SCALAR), setup);
        handDouble = setup.handWritten(model.primitive(p));
        handVariational = new HandWrittenVariationalRun(model, setup);
        peers = new Interleaved(this::mallardDouble, this::mallardAutoDiff, this::finiteDifferences,
                this::hipparchusDouble, this::hipparchusGradient, this::mallardCompiledDouble,
                this::mallardCompiledAutoDiff, this::handWrittenDouble, this::handWrittenVariational);
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

    /** @return the final first state entry of one double run */
    @Benchmark
    public double mallardDouble() {
        return doubles.run(x0, p).getValue(0);
    }

    /** @return the Jacobian from one AutoDiff run */
    @Benchmark
    public double[][] mallardAutoDiff() {
        return MallardRun.jacobian(autoDiff, model);
    }

    /** @return x(T) and the Jacobian by central differences of 2n + 1 double runs */
    @Benchmark
    public FiniteDifferences.Result finiteDifferences() {
        return FiniteDifferences.jacobian(doubles, model);
    }

    /** @return the final first state entry of Hipparchus's double run */
    @Benchmark
    public double hipparchusDouble() {
        return hipparchus.integrate(ode, new ODEState(0, x0.clone()), dev.mallard.bench.model.Setup.FINAL_TIME)
                .getPrimaryState()[0];
    }

    /** @return the final state (carrying its gradient) of Hipparchus's run over Gradient */
    @Benchmark
    public Gradient[] hipparchusGradient() {
        Gradient t0 = Gradient.constant(model.numVariables(), 0);
        return hipparchusField.integrate(fieldOde, new FieldODEState<>(t0, fieldX0.clone()),
                t0.add(dev.mallard.bench.model.Setup.FINAL_TIME)).getPrimaryState();
    }

    /** @return the final first state entry of one run of the compiled system */
    @Benchmark
    public double mallardCompiledDouble() {
        return compiledDoubles.run(x0, p).getValue(0);
    }

    /** @return the Jacobian from one AutoDiff run of the compiled system (its compiled Jacobian, chain rule) */
    @Benchmark
    public double[][] mallardCompiledAutoDiff() {
        return MallardRun.jacobian(compiledAutoDiff, model);
    }

    /** @return the final state of the hand-written loop over the model (the double limit) */
    @Benchmark
    public double[] handWrittenDouble() {
        return setup.run(handDouble, x0.clone());
    }

    /** @return the Jacobian from the hand-written loop over the variational equations (the gradient limit) */
    @Benchmark
    public double[][] handWrittenVariational() {
        return handVariational.jacobian();
    }
}
