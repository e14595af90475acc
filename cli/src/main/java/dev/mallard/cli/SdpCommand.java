package dev.mallard.cli;

import dev.mallard.sdp.IterationListener;
import dev.mallard.sdp.SdpOptions;
import dev.mallard.sdp.SdpProblem;
import dev.mallard.sdp.SdpResult;
import dev.mallard.sdp.SdpSolver;
import dev.mallard.sdp.SdpStatus;
import dev.mallard.sdp.SdpaFormat;
import dev.mallard.sdp.SdpaFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mallard sdp FILE}: solves a semidefinite program read from an SDPA file. */
@Command(name = "sdp", mixinStandardHelpOptions = true,
        description = {
            "Solve a semidefinite program from an SDPA file.",
            "The file is SDPA sparse (.dat-s) or dense (.dat); the SDPA convention:",
            "  P: minimise c'x subject to sum F_i x_i - F_0 >= 0 (PSD);",
            "  D: maximise F_0 . Y subject to F_i . Y = c_i, Y >= 0.",
            "Status: optimal (the three stopping measures printed, primal infeasibility,",
            "dual infeasibility and complementarity gap, are all at most --tol),",
            "near_optimal (stalled within 1000x of --tol, the objectives within 1e-3:",
            "reduced accuracy), inaccurate (stalled within 1000x of --tol, the",
            "objectives further apart: csdp's partial success; not a solution),",
            "primal_infeasible, dual_infeasible, iteration_limit or numerical_error.",
            "The objective gap is printed too but is not a stopping measure: where the",
            "optimal x is large it keeps a term x'(c - A(Y)) that dual feasibility bounds",
            "only relative to 1 + |c|.",
            "Exit code 0 for optimal, near_optimal and a detected infeasibility; 1",
            "otherwise and when the solve would need more memory than the JVM may use;",
            "2 for bad input."})
final class SdpCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The problem, in SDPA sparse (.dat-s) or dense (.dat) format.")
    Path file;

    @Option(names = "--tol", paramLabel = "TOL", defaultValue = "1e-8",
            description = "Tolerance of the stopping test on its three measures: relative primal and dual "
                    + "infeasibility and the complementarity gap X . Y / (1 + |c'x| + |F_0 . Y|) "
                    + "(default ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "100",
            description = "Iteration limit (default ${DEFAULT-VALUE}).")
    int maxIterations;

    @Option(names = "--log", description = "Print one line per interior-point iteration on stderr.")
    boolean log;

    @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
    boolean json;

    @Spec
    CommandSpec spec;

    private final Progress progress = Progress.forTerminal();

    @Override
    public Integer call() {
        SdpOptions options = options();
        SdpProblem problem = read(file);
        checkMemory(problem);
        long start = System.nanoTime();
        SdpResult result = new SdpSolver(options).solve(problem);
        progress.done();
        double seconds = (System.nanoTime() - start) * 1e-9;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(jsonFields(result, seconds)));
        } else {
            printText(out, result, seconds);
        }
        if (!succeeded(result.status())) {
            throw new ComputationException("sdp: no solution: the solver stopped with status "
                    + statusName(result.status()));
        }
        return Main.OK;
    }

    private SdpOptions options() {
        if (!(tolerance > 0) || !(tolerance < 1)) {
            throw new BadInputException("--tol must be in (0, 1), got " + tolerance);
        }
        if (maxIterations < 1) {
            throw new BadInputException("--max-iterations must be >= 1, got " + maxIterations);
        }
        SdpOptions options = SdpOptions.defaults().withPrimalTolerance(tolerance).withDualTolerance(tolerance)
                .withGapTolerance(tolerance).withMaxIterations(maxIterations);
        if (log) {
            return options.withListener(IterationListener.printingTo(System.err));
        }
        return options.withListener(info -> progress.show(String.format(Locale.ROOT,
                "sdp: iteration %d, complementarity gap %.1e", info.iteration(), info.relativeComplementarity())));
    }

    private static SdpProblem read(Path file) {
        if (!Files.isReadable(file)) {
            throw new BadInputException("cannot read " + Messages.quote(file.toString()) + ": no such readable file");
        }
        try {
            return SdpaFormat.read(file);
        } catch (SdpaFormatException e) {
            throw new BadInputException(Messages.quote(file.toString()) + ": " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException("cannot read " + Messages.quote(file.toString()) + ": " + Messages.reason(e));
        }
    }

    /** Refuses a problem whose solve would not fit in the heap, saying how much it would need. */
    private static void checkMemory(SdpProblem problem) {
        long need = SdpSolver.estimatedMemoryBytes(problem);
        long may = Runtime.getRuntime().maxMemory();
        if (need > may) {
            throw new ComputationException(String.format(Locale.ROOT, "the solve would need about %.1f GB of memory, "
                    + "more than the %.1f GB the JVM may use; raise the limit with MALLARD_JAVA_OPTS=-Xmx... "
                    + "(see mallard --help)", need / 1e9, may / 1e9));
        }
        for (int b = 0; b < problem.blockCount(); b++) {
            if (!problem.isDiagonal(b) && problem.blockSize(b) > SdpSolver.MAX_DENSE_BLOCK) {
                throw new ComputationException("block " + (b + 1) + " has size " + problem.blockSize(b)
                        + ", above the largest dense block the solver can hold, " + SdpSolver.MAX_DENSE_BLOCK);
            }
        }
    }

    static boolean succeeded(SdpStatus status) {
        return switch (status) {
            case OPTIMAL, NEAR_OPTIMAL, PRIMAL_INFEASIBLE, DUAL_INFEASIBLE -> true;
            case INACCURATE, ITERATION_LIMIT, NUMERICAL_ERROR -> false;
        };
    }

    static String statusName(SdpStatus status) {
        return status.name().toLowerCase(Locale.ROOT);
    }

    private static Map<String, Object> jsonFields(SdpResult result, double seconds) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("status", statusName(result.status()));
        fields.put("objective", result.status() == SdpStatus.OPTIMAL ? result.primalObjective() : null);
        fields.put("primal_objective", result.primalObjective());
        fields.put("dual_objective", result.dualObjective());
        fields.put("primal_infeasibility", result.primalInfeasibility());
        fields.put("dual_infeasibility", result.dualInfeasibility());
        fields.put("complementarity_gap", result.relativeComplementarity());
        fields.put("objective_gap", result.relativeGap());
        fields.put("iterations", result.iterations());
        fields.put("seconds", seconds);
        return fields;
    }

    private static void printText(PrintWriter out, SdpResult result, double seconds) {
        out.printf(Locale.ROOT, "status:            %s%n", statusName(result.status()));
        out.printf(Locale.ROOT, "primal objective:  %.10g   (c'x)%n", result.primalObjective());
        out.printf(Locale.ROOT, "dual objective:    %.10g   (F_0 . Y)%n", result.dualObjective());
        out.printf(Locale.ROOT, "stopping measures (optimal when each is at most --tol):%n");
        out.printf(Locale.ROOT, "  primal infeasibility:  %.2e%n", result.primalInfeasibility());
        out.printf(Locale.ROOT, "  dual infeasibility:    %.2e%n", result.dualInfeasibility());
        out.printf(Locale.ROOT, "  complementarity gap:   %.2e   (X . Y / (1 + |c'x| + |F_0 . Y|))%n",
                result.relativeComplementarity());
        out.printf(Locale.ROOT, "objective gap:     %.2e   (|c'x - F_0 . Y| / (1 + |c'x| + |F_0 . Y|); not a stopping measure)%n",
                result.relativeGap());
        out.printf(Locale.ROOT, "iterations:        %d%n", result.iterations());
        out.printf(Locale.ROOT, "time:              %.3f s%n", seconds);
    }
}
