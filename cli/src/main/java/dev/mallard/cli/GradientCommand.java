package dev.mallard.cli;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.GradientSimulation;
import dev.mallard.simulator.SimulationException;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mallard gradient}: the Jacobian of the final state by forward-mode AutoDiff through the simulation. */
@Command(name = "gradient", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Jacobian of the final state by AutoDiff through the simulation.",
            "Columns: the initial states and the parameters (or --wrt). Differentiates",
            "through guard/reset events too, with the sensitivity of the event time.",
            "Example: mallard gradient --vars x --f \"-k*x\" --params \"k=2\" --x0 1 --t-final 1"})
final class GradientCommand implements Callable<Integer> {

    @Mixin
    SystemOptions system;

    @Mixin
    EventOptions events;

    @Mixin
    RunOptions run;

    @Option(names = "--wrt", paramLabel = "x1,mu",
            description = "Columns: state names (initial values), parameter names, or t (the final time). "
                    + "Default: every initial state, then every parameter.")
    String wrt;

    @Mixin
    IntegratorOptions integrator;

    @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        SystemOptions.Parsed parsed = system.parse(true);
        double[] initial = run.initialState(parsed);
        double finalTime = run.finalTime();
        integrator.checkStepCount(finalTime);
        List<String> columns = columns(parsed);
        SymbolicVectorSystem<Double> sys = events.addTo(SystemOptions.builder(parsed, "the system"), parsed)
                .initialState(initial).build(Scalar.DOUBLE);
        Context<Double> context = sys.createDefaultContext();
        long start = System.nanoTime();
        GradientSimulation.Result result;
        try {
            result = GradientSimulation.run(sys, context, finalTime, integrator::apply);
        } catch (SimulationException e) {
            throw new ComputationException(parsed.inUserNames(e.getMessage()));
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        double[][] jacobian = select(result, parsed, columns);
        checkFinite(result.finalState(), jacobian, parsed, columns);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("t", finalTime);
            fields.put("x", result.finalState());
            fields.put("wrt", columns);
            fields.put("jacobian", jacobian);
            fields.put("seconds", seconds);
            out.println(Json.write(fields));
        } else {
            printText(out, parsed, result, columns, jacobian, finalTime, seconds);
        }
        return Main.OK;
    }

    private List<String> columns(SystemOptions.Parsed parsed) {
        List<String> all = new ArrayList<>(parsed.stateNames());
        all.addAll(parsed.parameterNames());
        if (wrt == null) {
            return all;
        }
        List<String> chosen = SystemOptions.splitList(wrt, ",", "--wrt");
        for (String name : chosen) {
            if (!all.contains(name) && !name.equals("t")) {
                throw new BadInputException("--wrt: '" + Messages.quote(name) + "' is neither a state, a parameter nor t; choose from "
                        + String.join(", ", all) + ", t");
            }
        }
        return chosen;
    }

    /** A non-finite final state or Jacobian entry is no answer: the error names the entry. */
    private static void checkFinite(double[] x, double[][] jacobian, SystemOptions.Parsed parsed, List<String> columns) {
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new ComputationException("the final state " + parsed.stateNames().get(i) + "(T) is " + x[i]);
            }
            for (int j = 0; j < columns.size(); j++) {
                if (!Double.isFinite(jacobian[i][j])) {
                    throw new ComputationException("the Jacobian entry d " + parsed.stateNames().get(i) + "(T)/d "
                            + columnName(columns.get(j), parsed) + " is " + jacobian[i][j]
                            + " (the dynamics are not differentiable along the trajectory)");
                }
            }
        }
    }

    private static String columnName(String column, SystemOptions.Parsed parsed) {
        return column.equals("t") ? "T" : parsed.stateNames().contains(column) ? column + "(0)" : column;
    }

    private static double[][] select(GradientSimulation.Result result, SystemOptions.Parsed parsed, List<String> columns) {
        double[][] full = result.stateJacobian();
        double[][] out = new double[full.length][columns.size()];
        for (int j = 0; j < columns.size(); j++) {
            String name = columns.get(j);
            int states = parsed.stateNames().indexOf(name);
            int column = name.equals("t") ? result.finalTimeColumn()
                    : states >= 0 ? states : result.parameterColumn(parsed.parameterNames().indexOf(name));
            for (int i = 0; i < full.length; i++) {
                out[i][j] = full[i][column];
            }
        }
        return out;
    }

    private void printText(PrintWriter out, SystemOptions.Parsed parsed, GradientSimulation.Result result,
            List<String> columns, double[][] jacobian, double finalTime, double seconds) {
        out.printf(Locale.ROOT, "x(T) at T = %s s (%s):%n", finalTime, integrator.describe());
        for (int i = 0; i < result.finalState().length; i++) {
            out.printf(Locale.ROOT, "  %s = %.12g%n", parsed.stateNames().get(i), result.finalState()[i]);
        }
        out.println("Jacobian d x(T) / d (" + String.join(", ", columns.stream()
                .map(c -> columnName(c, parsed)).toList()) + "):");
        for (int i = 0; i < jacobian.length; i++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  d %-8s", parsed.stateNames().get(i)));
            for (double v : jacobian[i]) {
                row.append(String.format(Locale.ROOT, " %18.10g", v));
            }
            out.println(row);
        }
        out.printf(Locale.ROOT, "%.3f s%n", seconds);
    }
}
