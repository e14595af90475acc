package dev.mallard.cli;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.estimation.ParameterEstimation;
import dev.mallard.simulator.estimation.SampleTable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mallard fit}: estimates initial states and parameters of a formula system from sampled states, by
 * {@link ParameterEstimation} (bounded Levenberg-Marquardt on forward-mode sensitivities at the sample times).
 */
@Command(name = "fit", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Fit parameters and initial states to sampled data.",
            "--data: a CSV file whose header is t and some of the --vars (the states",
            "sampled), one line per sample. --fit: what to estimate, from the values of",
            "--x0 and --params. Prints the estimate, standard errors, the cost and the",
            "iterations; a fit that does not converge is an error (exit code 1).",
            "Example: mallard fit --vars x --f \"-k*x\" --params k=1 --x0 1",
            "  --data decay.csv --fit k,x"})
final class FitCommand implements Callable<Integer> {

    @Mixin
    SystemOptions system;

    @Mixin
    EventOptions events;

    @Option(names = "--x0", paramLabel = "a,b", required = true,
            description = "Initial state, one value per state (the starting point of the states fitted).")
    String x0;

    @Option(names = "--data", paramLabel = "FILE.csv", required = true,
            description = "The samples: a header t,NAME,... (states in --vars), then one line of numbers per sample.")
    Path data;

    @Option(names = "--fit", paramLabel = "\"a=0:10, b, x\"", required = true,
            description = {"The states (initial values) and parameters to estimate, each",
                "NAME or NAME=LOWER:UPPER (a bound may be left empty: a=0:)."})
    String fit;

    @Mixin
    IntegratorOptions integrator;

    @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "100",
            description = "The most Levenberg-Marquardt iterations (default ${DEFAULT-VALUE}).")
    int maxIterations;

    @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
    boolean json;

    @Spec
    CommandSpec spec;

    /** An entry to estimate and its bounds. */
    record Entry(String name, double lower, double upper) {
    }

    @Override
    public Integer call() {
        SystemOptions.Parsed parsed = system.parse(true);
        double[] initial = SystemOptions.numbers(x0, "--x0", parsed.states().size());
        if (maxIterations < 1) {
            throw new BadInputException("--max-iterations must be >= 1, got " + maxIterations);
        }
        List<Entry> entries = entries(fit, parsed);
        SampleTable table = read(data, parsed);
        double end = table.times()[table.times().length - 1];
        if (table.times()[0] < 0) {
            throw new BadInputException("--data " + Messages.quote(data.toString()) + ": the first sample time, "
                    + table.times()[0] + ", is before the start at t = 0");
        }
        integrator.checkStepCount(end);
        SymbolicVectorSystem<Double> sys = events.addTo(SystemOptions.builder(parsed, "the system"), parsed)
                .initialState(initial).build(Scalar.DOUBLE);
        Context<Double> context = sys.createDefaultContext();
        ParameterEstimation estimation = new ParameterEstimation(sys, context).configure(integrator::apply)
                .maxIterations(maxIterations);
        for (Entry e : entries) {
            try {
                estimation.estimate(e.name(), e.lower(), e.upper());
            } catch (IllegalArgumentException ex) {
                throw new BadInputException("--fit " + e.name() + ": " + ex.getMessage());
            }
        }
        long start = System.nanoTime();
        ParameterEstimation.Result result;
        try {
            result = estimation.fit(table);
        } catch (SimulationException e) {
            throw new ComputationException(parsed.inUserNames(e.getMessage()));
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--fit: " + e.getMessage());
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        if (!result.converged()) {
            throw new ComputationException("the fit did not converge (" + describe(result.termination()) + ") after "
                    + result.iterations() + " iterations; last estimate " + estimateText(result));
        }
        List<String> names = entries.stream().map(e -> label(e.name(), parsed)).toList();
        int samples = table.times().length * table.columns().size();
        double rms = Math.sqrt(2 * result.cost() / samples);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("names", names);
            fields.put("estimate", result.estimate());
            fields.put("standard_errors", result.standardErrors());
            fields.put("covariance", result.covariance());
            fields.put("cost", result.cost());
            fields.put("rms_residual", rms);
            fields.put("samples", samples);
            fields.put("iterations", result.iterations());
            fields.put("simulations", result.simulations());
            fields.put("rejected_steps", result.rejectedSteps());
            fields.put("failed_simulations", result.failedSimulations());
            fields.put("termination", result.termination().name().toLowerCase(Locale.ROOT));
            fields.put("seconds", seconds);
            out.println(Json.write(fields));
            return Main.OK;
        }
        out.printf(Locale.ROOT, "fit of %s to %d samples of %s (%s):%n", String.join(", ", names),
                table.times().length, String.join(", ", table.columns()), integrator.describe());
        double[] estimate = result.estimate();
        double[] errors = result.standardErrors();
        for (int j = 0; j < names.size(); j++) {
            out.printf(Locale.ROOT, "  %-10s = %.10g%s%n", names.get(j), estimate[j],
                    errors == null ? "" : String.format(Locale.ROOT, "  +- %.3g", errors[j]));
        }
        if (errors == null) {
            out.println("  standard errors: undetermined (J^T J is singular at the estimate: the data do not "
                    + "determine every estimated value)");
        }
        out.printf(Locale.ROOT, "cost 1/2 sum r^2 = %.10g, RMS residual %.3g; %s after %d iterations (%d rejected, "
                + "%d failed simulations)%n", result.cost(), rms, describe(result.termination()), result.iterations(),
                result.rejectedSteps(), result.failedSimulations());
        out.printf(Locale.ROOT, "%.3f s%n", seconds);
        return Main.OK;
    }

    /** Parses --fit: {@code NAME} or {@code NAME=LOWER:UPPER}, names among the states and parameters. */
    static List<Entry> entries(String text, SystemOptions.Parsed parsed) {
        List<Entry> out = new ArrayList<>();
        for (String piece : SystemOptions.splitList(text, ",", "--fit")) {
            int eq = piece.indexOf('=');
            String name = (eq < 0 ? piece : piece.substring(0, eq)).strip();
            if (!parsed.stateNames().contains(name) && !parsed.parameterNames().contains(name)) {
                throw new BadInputException("--fit: '" + Messages.quote(name) + "' is neither a state nor a parameter; "
                        + "choose from " + String.join(", ", parsed.stateNames()) + (parsed.parameterNames().isEmpty()
                                ? "" : ", " + String.join(", ", parsed.parameterNames())));
            }
            if (out.stream().anyMatch(e -> e.name().equals(name))) {
                throw new BadInputException("--fit: '" + name + "' is given twice");
            }
            double lower = Double.NEGATIVE_INFINITY;
            double upper = Double.POSITIVE_INFINITY;
            if (eq >= 0) {
                String bounds = piece.substring(eq + 1);
                int colon = bounds.indexOf(':');
                if (colon < 0) {
                    throw new BadInputException("--fit " + name + ": expected bounds LOWER:UPPER, got '"
                            + Messages.quote(bounds.strip()) + "'");
                }
                String lo = bounds.substring(0, colon).strip();
                String hi = bounds.substring(colon + 1).strip();
                lower = lo.isEmpty() ? lower : SystemOptions.number(lo, "--fit " + name);
                upper = hi.isEmpty() ? upper : SystemOptions.number(hi, "--fit " + name);
                if (!(lower <= upper)) {
                    throw new BadInputException("--fit " + name + ": the lower bound " + lower + " is above the upper "
                            + upper);
                }
            }
            out.add(new Entry(name, lower, upper));
        }
        return out;
    }

    /** Reads the samples; every column must be a state. */
    private static SampleTable read(Path file, SystemOptions.Parsed parsed) {
        String where = "--data " + Messages.quote(file.toString());
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            throw new BadInputException(where + ": no such readable file");
        }
        SampleTable table;
        try {
            table = SampleTable.parse(Files.readString(file), file.getFileName().toString());
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--data " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(where + ": " + Messages.reason(e));
        }
        for (String column : table.columns()) {
            if (!parsed.stateNames().contains(column)) {
                throw new BadInputException(where + ": column '" + Messages.quote(column) + "' is not a state in "
                        + "--vars (" + String.join(", ", parsed.stateNames()) + ")");
            }
        }
        return table;
    }

    private static String label(String name, SystemOptions.Parsed parsed) {
        return parsed.stateNames().contains(name) ? name + "(0)" : name;
    }

    private static String describe(ParameterEstimation.Termination termination) {
        return switch (termination) {
            case STEP_TOLERANCE -> "converged: the steps became negligible";
            case COST_TOLERANCE -> "converged: the cost stopped decreasing";
            case ZERO_GRADIENT -> "converged: the gradient is zero";
            case MAX_ITERATIONS -> "the iteration limit was reached";
            case NO_PROGRESS -> "no step lowers the cost";
        };
    }

    private static String estimateText(ParameterEstimation.Result result) {
        StringBuilder out = new StringBuilder();
        for (int j = 0; j < result.names().size(); j++) {
            out.append(j == 0 ? "" : ", ").append(result.names().get(j)).append(" = ")
                    .append(Messages.number(result.estimate()[j]));
        }
        return out.toString();
    }
}
