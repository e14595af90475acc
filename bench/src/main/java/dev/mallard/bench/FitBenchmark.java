package dev.mallard.bench;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.estimation.ParameterEstimation;
import dev.mallard.simulator.estimation.SampleTable;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * (Python cannot run inside JMH); docs/PERFORMANCE.md puts the two side by side.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FitBenchmark {

    /** The integrator's target accuracy (the fit is only as accurate as the simulation). */
    @Param({"1e-6", "1e-10"})
    public double accuracy;

    private SymbolicVectorSystem<Double> lv;
    private SampleTable data;

    /** Builds the system and reads the data. */
    @Setup
    public void setUp() {
        Map<String, Variable> v = new HashMap<>();
        List<Expression> f = List.of(Formula.parseCreating("a*x - b*x*y", v),
                Formula.parseCreating("-c*y + d*x*y", v));
        lv = SymbolicVectorSystem.builder().name("lotka_volterra").state(v.get("x"), v.get("y")).dynamics(f)
                .initialState(1, 1).parameter(v.get("a"), 1.4).parameter(v.get("b"), 0.9)
                .parameter(v.get("c"), 2.8).parameter(v.get("d"), 0.9).build(Scalar.DOUBLE);
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
