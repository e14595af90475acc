package dev.mallard.bench;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.bench.model.AcrobotDouble;
import dev.mallard.bench.model.AcrobotFormulas;
import dev.mallard.bench.model.AcrobotScalar;
import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.CompiledSystems;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Issue 32: what writing a model with {@code Num} costs. Spong's acrobot in six forms ({@link #form}): written
 * with {@code Num} ({@link Acrobot}), spelled through {@code Scalar} ({@link AcrobotScalar}), the {@code Num}
 * form compiled by {@code CompiledSystems}, hand-specialised to double ({@link AcrobotDouble}), and as formulas
 * ({@link AcrobotFormulas}) explicit and in mass-matrix form (the solve at each evaluation); each timed
 * on one {@code calcTimeDerivatives} ({@link #derivatives}), a double simulation of 10 s (RK3, accuracy 1e-6,
 * {@link #simulate}) and the same simulation with AutoDiff seeded for the 4 initial states ({@link #gradient};
 * the hand-specialised form has no AutoDiff conversion and gives NaN there, excluded from the tables).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ModelBenchmark {

    /** The forms of the acrobot. */
    public enum Form {
        /** Written with {@code Num} (the example). */
        NUM,
        /** Spelled through {@code Scalar}. */
        SCALAR,
        /** The {@code Num} form compiled to bytecode. */
        COMPILED,
        /** Hand-specialised to double. */
        SPECIALISED,
        /** Formulas in a SymbolicVectorSystem, the accelerations solved by hand. */
        FORMULA,
        /** Formulas in mass-matrix form, M(q) vdot = f solved numerically at each evaluation. */
        MASS_MATRIX;

        DynamicalSystem<Double> system() {
            return switch (this) {
                case NUM -> new Acrobot<>(Scalar.DOUBLE);
                case SCALAR -> new AcrobotScalar<>(Scalar.DOUBLE);
                case COMPILED -> CompiledSystems.compile(new Acrobot<>(Scalar.DOUBLE)).system();
                case SPECIALISED -> new AcrobotDouble();
                case FORMULA -> AcrobotFormulas.explicit();
                case MASS_MATRIX -> AcrobotFormulas.massMatrix();
            };
        }
    }

    /** The initial state, a swing from near the upright. */
    static final double[] X0 = {Math.PI - 0.3, 0.2, 0.0, 0.0};

    /** The form measured. */
    @Param({"NUM", "SCALAR", "COMPILED", "SPECIALISED", "FORMULA", "MASS_MATRIX"})
    public Form form;

    private DynamicalSystem<Double> system;
    private Context<Double> context;
    private ContinuousState<Double> derivatives;
    private Simulator<Double> doubles;
    private Simulator<AutoDiff> autoDiff;

    /** Builds the form, its context and simulators once per trial. */
    @Setup
    public void prepare() {
        system = form.system();
        context = system.createDefaultContext();
        context.setContinuousStateValues(X0);
        context.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.1));
        derivatives = system.allocateTimeDerivatives();
        doubles = new Simulator<>(system);
        doubles.getMutableContext().fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.1));
        doubles.getMutableIntegrator().setTargetAccuracy(1e-6);
        if (form != Form.SPECIALISED) {
            DynamicalSystem<AutoDiff> ad = system.toScalar(AutoDiff.SCALAR);
            autoDiff = new Simulator<>(ad);
            autoDiff.getMutableContext().fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.1));
            autoDiff.getMutableIntegrator().setTargetAccuracy(1e-6);
        }
    }

    /** @return the elbow's acceleration after one evaluation of the time derivatives */
    @Benchmark
    public double derivatives() {
        context.noteStateChanged();
        system.calcTimeDerivatives(context, derivatives);
        return derivatives.getValue(3);
    }

    /** @return the shoulder angle after 10 s */
    @Benchmark
    public double simulate() {
        Context<Double> c = doubles.getMutableContext();
        c.setTime(0.0);
        c.setContinuousStateValues(X0);
        doubles.initialize();
        doubles.advanceTo(10.0);
        return c.getContinuousState().getValue(0);
    }

    /** @return d(shoulder angle at 2 s)/d(shoulder angle at 0); NaN for the hand-specialised form */
    @Benchmark
    public double gradient() {
        if (autoDiff == null) {
            return Double.NaN;
        }
        Context<AutoDiff> c = autoDiff.getMutableContext();
        c.setTime(0.0);
        for (int i = 0; i < 4; i++) {
            c.getMutableContinuousState().set(i, AutoDiff.variable(X0[i], 4, i));
        }
        autoDiff.initialize();
        autoDiff.advanceTo(2.0);
        return c.getContinuousState().get(0).derivative(0);
    }
}
