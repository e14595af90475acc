package dev.mallard.cli;

import dev.mallard.roa.ParameterBox;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.SosOptions;
import dev.mallard.roa.StateRegion;
import dev.mallard.sdp.SdpProblem;
import dev.mallard.sdp.SdpaFormat;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Option;

/**
 * The SOS controls of {@code mallard roa} that a SOSTOOLS or Drake user expects: the Gram cone, correlative
 * or term sparsity, the multiplier degree, the back-off, the solver's tolerances, a restriction to a region of the state space, robust analysis
 * over a parameter box, and the export of the level-search SDP as SDPA. Each is checked and refused with a
 * one-line message naming the option and the value.
 */
final class RoaSosOptions {

    @Option(names = "--basis", paramLabel = "sos|sdsos|dsos", description = "The Gram cone: SOS (an SDP, the default), "
            + "SDSOS (2x2 blocks) or DSOS (a linear program); SDSOS and DSOS are inner approximations, so their "
            + "levels are at most the SOS level.")
    String basis;

    @Option(names = "--sparsity", paramLabel = "none|correlative|term", description = "Correlative sparsity: one "
            + "Gram matrix per clique of the states that share terms of V and Vdot, with V split by cliques and a "
            + "multiplier per clique (smaller SDPs for chains; a sound, lower level). Term sparsity (TSSOS): the "
            + "same certificates, each Gram matrix in blocks of monomials that share terms (no level lost; smaller "
            + "with --basis dsos or sdsos). Default none.")
    String sparsity;

    @Option(names = "--multiplier-degree", paramLabel = "N", description = "Degree of the level-set multiplier lambda "
            + "(default: the degree of Vdot rounded up to even).")
    String multiplierDegree;

    @Option(names = "--backoff", paramLabel = "B", description = "First relative back-off of the certified level "
            + "below the optimum, in (0, 0.1] (default 1e-7; grown tenfold while the certificate fails).")
    String backoff;

    @Option(names = "--tol", paramLabel = "TOL", description = "SDP solver tolerance on relative primal and dual "
            + "infeasibility and the complementarity gap, in (0, 1) (default 1e-8).")
    String tolerance;

    @Option(names = "--max-iterations", paramLabel = "N", description = "SDP solver iteration limit per SDP "
            + "(default 100).")
    String maxIterations;

    @Option(names = "--box", paramLabel = "\"x1=-1:1, x2=-2:2\"", description = "Restrict the analysis to a box of "
            + "states: the estimate is certified to lie inside it.")
    String box;

    @Option(names = "--region", paramLabel = "\"G1; G2\"", description = "Restrict the analysis to {G1 >= 0, G2 >= 0, "
            + "...}, polynomials in the state: the estimate is certified to lie inside it.")
    String region;

    @Option(names = "--param-box", paramLabel = "\"a=0.8:1.2\"", description = "Robust analysis: one level certified "
            + "for every value of these --params in their intervals.")
    String parameterBox;

    @Option(names = "--export-sdpa", paramLabel = "FILE.dat-s", description = "Write the SDP of the largest level "
            + "(sparse SDPA, solvable by csdp); a comment line gives c and k with rho = k (c + its objective).")
    Path exportSdpa;

    @Option(names = "--export-sdpa-dir", paramLabel = "DIR", description = "Write every SDP the analysis solves, in "
            + "the order solved, as DIR/0001.dat-s, DIR/0002.dat-s, ... (sparse SDPA, solvable by csdp).")
    Path exportSdpaDir;

    /** How many SDPs --export-sdpa-dir has written (the observer runs on the solving thread). */
    private final AtomicInteger exportedFiles = new AtomicInteger();

    /** The objective's constant of the exported SDP, once written. */
    private Double exportedConstant;
    /** The unit of V in the exported SDP (a power of two), once written. */
    private double exportedUnit;

    /**
     * @param options the options so far
     * @param parsed the parsed system (names, parameter values)
     * @param point the equilibrium x*, which a region must hold strictly inside
     * @return the options with these controls applied
     * @throws BadInputException naming the option and the value
     */
    RegionOfAttractionOptions apply(RegionOfAttractionOptions options, SystemOptions.Parsed parsed, double[] point) {
        RegionOfAttractionOptions o = options;
        SosOptions sos = o.sosOptions();
        if (basis != null) {
            sos = sos.withCone(choice(SosOptions.Cone.class, basis, "--basis", "sos, sdsos or dsos"));
        }
        if (sparsity != null) {
            sos = sos.withSparsity(choice(SosOptions.Sparsity.class, sparsity, "--sparsity",
                    "none, correlative or term"));
            if (sos.sparsity() == SosOptions.Sparsity.CORRELATIVE && exportSdpa != null) {
                throw new BadInputException("--export-sdpa writes the SDP of the largest level, which --sparsity "
                        + "correlative does not solve (it bisects on the level); give one of them");
            }
        }
        if (tolerance != null) {
            double tol = SystemOptions.number(tolerance, "--tol");
            if (!(tol > 0 && tol < 1)) {
                throw new BadInputException("--tol must be in (0, 1), got " + tolerance.strip());
            }
            sos = sos.withSdpOptions(sos.sdpOptions().withPrimalTolerance(tol).withDualTolerance(tol)
                    .withGapTolerance(tol));
        }
        if (maxIterations != null) {
            sos = sos.withSdpOptions(sos.sdpOptions().withMaxIterations(integer(maxIterations, "--max-iterations", 1)));
        }
        if (exportSdpaDir != null) {
            if (!Files.isDirectory(exportSdpaDir)) {
                throw new BadInputException("--export-sdpa-dir: " + exportSdpaDir + " is not a directory");
            }
            sos = sos.withProblemObserver(sos.problemObserver().andThen(this::exportEach));
        }
        o = o.withSosOptions(sos);
        if (multiplierDegree != null) {
            o = o.withMultiplierDegree(integer(multiplierDegree, "--multiplier-degree", 0));
        }
        if (backoff != null) {
            double b = SystemOptions.number(backoff, "--backoff");
            if (!(b > 0 && b <= 0.1)) {
                throw new BadInputException("--backoff must be in (0, 0.1], got " + backoff.strip());
            }
            o = o.withCertificateBackoff(b);
        }
        StateRegion restriction = stateRegion(parsed, point);
        if (restriction != null) {
            o = o.withStateRegion(restriction);
        }
        if (parameterBox != null) {
            o = o.withUncertainParameters(parameterBox(parsed));
        }
        if (exportSdpa != null) {
            checkWritable();
            o = o.withLevelSearchObserver(this::export);
        }
        return o;
    }

    /** The constant of {@code type} named by text (any case), or a BadInputException naming the option. */
    private static <E extends Enum<E>> E choice(Class<E> type, String text, String option, String allowed) {
        try {
            return Enum.valueOf(type, text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + " must be " + allowed + ", got '" + Messages.quote(text) + "'");
        }
    }

    private static int integer(String text, String option, int least) {
        int value;
        try {
            value = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": not an integer: '" + Messages.quote(text) + "'");
        }
        if (value < least) {
            throw new BadInputException(option + " must be >= " + least + ", got " + value);
        }
        return value;
    }

    /** --box and --region, intersected; null when neither is given. */
    private StateRegion stateRegion(SystemOptions.Parsed parsed, double[] point) {
        StateRegion out = null;
        if (box != null) {
            List<Variable> vars = new ArrayList<>();
            List<double[]> bounds = new ArrayList<>();
            intervals(box, "--box", parsed.stateNames(), parsed.names(), vars, bounds);
            double[] lower = bounds.stream().mapToDouble(b -> b[0]).toArray();
            double[] upper = bounds.stream().mapToDouble(b -> b[1]).toArray();
            for (int k = 0; k < vars.size(); k++) {
                double at = point[parsed.states().indexOf(vars.get(k))];
                if (!(lower[k] < at && at < upper[k])) {
                    throw new BadInputException("--box: the equilibrium's " + vars.get(k).name() + " = "
                            + Messages.number(at) + " is not strictly inside " + Messages.number(lower[k]) + ":"
                            + Messages.number(upper[k]));
                }
            }
            out = StateRegion.box(vars, lower, upper);
        }
        if (region != null) {
            List<Expression> g = new ArrayList<>();
            Map<Variable, Expression> values = new LinkedHashMap<>();
            for (int k = 0; k < parsed.parameters().size(); k++) {
                values.put(parsed.parameters().get(k), Expression.constant(parsed.parameterValues()[k]));
            }
            for (String piece : SystemOptions.splitList(region, ";", "--region")) {
                Expression e = SystemOptions.parseOne(piece, "--region", parsed.names(), parsed.definitions()).substitute(values);
                if (!e.isPolynomial(parsed.states())) {
                    throw new BadInputException("--region: " + piece + " is not a polynomial in the state");
                }
                double at = e.evaluate(parsed.environment(point));
                if (!(at > 0)) {
                    throw new BadInputException("--region: " + piece + " is " + Messages.number(at) + " at the "
                            + "equilibrium " + parsed.describe(point) + "; the region must hold it strictly inside");
                }
                g.add(e);
            }
            StateRegion r = StateRegion.of(g);
            out = out == null ? r : out.and(r);
        }
        return out;
    }

    /** --param-box: each named --params entry (group 0, in declaration order) with its interval. */
    private ParameterBox parameterBox(SystemOptions.Parsed parsed) {
        List<Variable> vars = new ArrayList<>();
        List<double[]> bounds = new ArrayList<>();
        intervals(parameterBox, "--param-box", parsed.parameterNames(), parsed.names(), vars, bounds);
        ParameterBox out = ParameterBox.empty();
        for (int k = 0; k < vars.size(); k++) {
            int index = parsed.parameters().indexOf(vars.get(k));
            double nominal = parsed.parameterValues()[index];
            double[] b = bounds.get(k);
            if (nominal < b[0] || nominal > b[1]) {
                throw new BadInputException("--param-box: the value " + Messages.number(nominal) + " of "
                        + vars.get(k).name() + " in --params is outside its interval " + b[0] + ":" + b[1]);
            }
            out = out.with(0, index, vars.get(k).name(), b[0], b[1]);
        }
        return out;
    }

    /**
     * Parses {@code name=lo:hi, ...}: each name one of {@code allowed}, once, with finite {@code lo < hi}.
     */
    static void intervals(String text, String option, List<String> allowed, Map<String, Variable> names,
            List<Variable> vars, List<double[]> bounds) {
        for (String entry : SystemOptions.splitList(text, ",", option)) {
            int eq = entry.indexOf('=');
            int colon = entry.indexOf(':', Math.max(eq, 0));
            if (eq < 0 || colon < 0) {
                throw new BadInputException(option + ": expected name=lower:upper, got '" + Messages.quote(entry) + "'");
            }
            String name = entry.substring(0, eq).strip();
            if (!allowed.contains(name)) {
                throw new BadInputException(option + ": '" + Messages.quote(name) + "' is not one of " + allowed);
            }
            Variable v = names.get(name);
            if (vars.contains(v)) {
                throw new BadInputException(option + ": " + name + " is given twice");
            }
            double lower = SystemOptions.number(entry.substring(eq + 1, colon).strip(), option + " " + name);
            double upper = SystemOptions.number(entry.substring(colon + 1).strip(), option + " " + name);
            if (!(lower < upper)) {
                throw new BadInputException(option + " " + name + ": the lower end " + Messages.number(lower)
                        + " is not below the upper end " + Messages.number(upper));
            }
            vars.add(v);
            bounds.add(new double[] {lower, upper});
        }
    }

    private void checkWritable() {
        Path parent = exportSdpa.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new BadInputException("--export-sdpa: the directory of " + exportSdpa + " does not exist");
        }
    }

    /** Writes the level-search SDP with a comment saying how its objective gives rho. */
    private void export(SdpProblem problem, double constant, double unit) {
        try (Writer out = Files.newBufferedWriter(exportSdpa, StandardCharsets.UTF_8)) {
            out.write("\" mallard roa: the largest level, rho = " + unit + " * (" + constant
                    + " + (the maximised objective tr(F0 Y)))\n");
            SdpaFormat.writeSparse(problem, out);
        } catch (IOException e) {
            throw new BadInputException("--export-sdpa: cannot write " + exportSdpa + ": " + e.getMessage());
        }
        exportedConstant = constant;
        exportedUnit = unit;
    }

    /** Writes one SDP of the analysis as the next numbered file of --export-sdpa-dir. */
    private void exportEach(SdpProblem problem) {
        int number = exportedFiles.incrementAndGet();
        Path file = exportSdpaDir.resolve(String.format(Locale.ROOT, "%04d.dat-s", number));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("\" mallard roa: SDP " + number + " of the analysis, in the order solved\n");
            SdpaFormat.writeSparse(problem, out);
        } catch (IOException e) {
            throw new BadInputException("--export-sdpa-dir: cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Why --export-sdpa wrote nothing. */
    private static final String NOT_EXPORTED = "no level search was solved (every level is certified, or the "
            + "analysis stopped before it)";

    /**
     * @param fields the JSON report, to which the export's file and constant are added when it was written,
     *     and why not when it was asked for and not written
     */
    void report(Map<String, Object> fields) {
        if (exportedConstant != null) {
            Map<String, Object> export = new LinkedHashMap<>();
            export.put("file", exportSdpa.toString());
            export.put("objectiveConstant", exportedConstant);
            export.put("levelUnit", exportedUnit);
            fields.put("sdpa", export);
        } else if (exportSdpa != null) {
            fields.put("sdpaNotWritten", NOT_EXPORTED);
        }
        if (exportSdpaDir != null) {
            Map<String, Object> files = new LinkedHashMap<>();
            files.put("directory", exportSdpaDir.toString());
            files.put("count", exportedFiles.get());
            fields.put("sdpaFiles", files);
        }
    }

    /** @return the text report's lines on the exports, or null when none was asked for */
    String exportLine() {
        List<String> lines = new ArrayList<>();
        if (exportSdpa != null) {
            lines.add(exportedConstant == null ? "sdpa: " + exportSdpa + " not written: " + NOT_EXPORTED
                    : "sdpa: " + exportSdpa + " holds the SDP of the largest level; rho = " + exportedUnit
                            + " * (" + exportedConstant + " + its maximised objective)");
        }
        if (exportSdpaDir != null) {
            lines.add("sdpa files: " + exportedFiles.get() + " SDPs written to " + exportSdpaDir);
        }
        return lines.isEmpty() ? null : String.join(System.lineSeparator(), lines);
    }
}
