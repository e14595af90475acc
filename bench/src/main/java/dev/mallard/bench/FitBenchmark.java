package dev.mallard.bench;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.estimation.ParameterEstimation;
import dev.mallard.simulator.estimation.SampleTable;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
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
 * The Lotka-Volterra fit of {@code data/fitting/lotka_volterra.csv} (four rates and two initial populations from 101
 * noisy samples of both states, from (1.4, 0.9, 2.8, 0.9) and (1, 1)) by {@link ParameterEstimation}, runge_kutta5
 * at the given accuracy: the time of one whole fit, warm. Its peer, scipy's {@code least_squares} on the same data
 * from the same start, is timed by {@code data/fitting/lotka_volterra_fit.py}'s model in {@code bench/fit_scipy.py}
 * (Python cannot run inside JMH); docs/PERFORMANCE.md puts the two side by side. Beside it, the bouncing ball's
 * hybrid fit ({@link #ballFit}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FitBenchmark {

    /** The integrator's target accuracy (the fit is only as accurate as the simulation). */
    @Param({"1e-6", "1e-10"})
    public double accuracy;

    private static final double G = 9.81;

    private SymbolicVectorSystem<Double> lv;
    private SampleTable data;
    private final double[] ballTimes = new double[100];
    private final double[][] ballHeights = new double[100][1];

    /** Builds the system and reads the data. */
    @Setup
    public void setUp() {
        lv = SymbolicVectorSystem.builder().name("lotka_volterra").state("x, y")
                .parameters("a = 1.4, b = 0.9, c = 2.8, d = 0.9").dynamics("a*x - b*x*y; -c*y + d*x*y")
                .initialState(1, 1).build(Scalar.DOUBLE);
        Random noise = new Random(31);
        for (int k = 0; k < ballTimes.length; k++) {
            ballTimes[k] = 0.02 * (k + 1);
            ballHeights[k][0] = dropHeight(1.0, 0.8, ballTimes[k]) + 0.01 * noise.nextGaussian();
        }
        try {
            data = SampleTable.read(dataFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return one fit's estimate (kept by JMH) */
    @Benchmark
    public double[] fit() {
        return new ParameterEstimation(lv, lv.createDefaultContext())
                .estimate("a", 0, 10).estimate("b", 0, 10).estimate("c", 0, 10).estimate("d", 0, 10)
                .estimate("x").estimate("y")
                .configure(sim -> sim.resetIntegrator(RungeKutta5Integrator::new).setTargetAccuracy(accuracy))
                .fit(data).estimate();
    }

    /**
     * The hybrid fit of {@code ParameterEstimationTest}: a bouncing ball's drop height and restitution from 100 noisy
     * heights (standard deviation 1 cm, 0.02 s apart, four impacts; truth 1 m and 0.8) from 1.3 m and 0.6, every
     * residual and sensitivity through the impacts' witness events, runge_kutta5 at the given accuracy.
     *
     * @return one fit's estimate (kept by JMH)
     */
    @Benchmark
    public double[] ballFit() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, G);
        Context<Double> start = ball.createDefaultContext();
        start.setContinuousStateValues(1.3, 0);
        start.getMutableNumericParameter(0).setValue(BouncingBall.RESTITUTION, 0.6);
        start.setAccuracy(accuracy);
        return new ParameterEstimation(ball, start)
                .estimate("height", 0.01, 10).estimate("restitution", 0, 1).observe("height")
                .configure(sim -> sim.resetIntegrator(RungeKutta5Integrator::new).setTargetAccuracy(accuracy))
                .fit(ballTimes, ballHeights).estimate();
    }

    /** Height at t of a ball dropped from rest at h with restitution e, by the closed form. */
    private static double dropHeight(double h, double e, double t) {
        double tk = Math.sqrt(2 * h / G);
        if (t <= tk) {
            return h - 0.5 * G * t * t;
        }
        double u = e * Math.sqrt(2 * G * h);
        while (t > tk + 2 * u / G) {
            tk += 2 * u / G;
            u *= e;
        }
        double s = t - tk;
        return u * s - 0.5 * G * s * s;
    }

    /** data/fitting/lotka_volterra.csv, found from the working directory upwards. */
    private static Path dataFile() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("fitting").resolve("lotka_volterra.csv");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("data/fitting/lotka_volterra.csv not found: run inside the repository");
    }
}
