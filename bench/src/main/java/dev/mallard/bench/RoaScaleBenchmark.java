package dev.mallard.bench;

import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * Region of attraction at scale: the chain {@code x_i' = -x_i + 0.5 x_(i+1) + x_i^3 - 0.5 x_(i-1)^2 x_i} of
 * {@code states} states (cubic dynamics, stable linearisation, quadratic V from it), analysed in the explicit
 * or the implicit form, without the simulation check. The goal of issue 23 is 6 states certified in under
 * 10 s; {@code bench/roa-scale.sh} measures the same chain per process, CLI included, for the growth exponent.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RoaScaleBenchmark {

    /** The number of states. */
    @Param({"2", "4", "6"})
    public int states;

    /** {@code explicit} (the dynamics as given) or {@code implicit} (g(x, xdot) = xdot - f(x) = 0). */
    @Param({"explicit", "implicit"})
    public String form;

    private SymbolicVectorSystem<Double> system;
    private Context<Double> context;
    private RegionOfAttractionOptions options;

    /** Builds the chain and its context at the origin. */
    @Setup
    public void prepare() {
        List<Variable> x = new ArrayList<>();
        Map<String, Variable> names = new LinkedHashMap<>();
        for (int i = 1; i <= states; i++) {
            Variable v = new Variable("x" + i);
            x.add(v);
            names.put(v.name(), v);
        }
        List<Expression> f = new ArrayList<>();
        for (int i = 1; i <= states; i++) {
            String e = "-x" + i + (i < states ? " + 0.5*x" + (i + 1) : "") + " + x" + i + "^3"
                    + (i > 1 ? " - 0.5*x" + (i - 1) + "^2*x" + i : "");
            f.add(Formula.parse(e, names));
        }
        system = SymbolicVectorSystem.builder().state(x).dynamics(f).build(Scalar.DOUBLE);
        context = system.createDefaultContext();
        options = RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1)
                .withUseImplicitDynamics(form.equals("implicit"));
        if (!RegionOfAttraction.analyzeDetailed(system, context, options).isVerified()) {
            throw new IllegalStateException("the " + states + "-state chain is not certified in the " + form + " form");
        }
    }

    /** @return the chain's region of attraction */
    @Benchmark
    public RegionOfAttractionResult chain() {
        return RegionOfAttraction.analyzeDetailed(system, context, options);
    }
}
