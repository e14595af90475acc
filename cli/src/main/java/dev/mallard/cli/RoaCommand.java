package dev.mallard.cli;

import dev.mallard.plot.RegionOfAttractionPlot;
import dev.mallard.roa.CertificateFailure;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionException;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.PrintWriter;
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

/** {@code mallard roa}: a certified region of attraction of an equilibrium, by sum-of-squares programming. */
@Command(name = "roa", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Certified region of attraction of an equilibrium (SOS programming).",
            "Dynamics are polynomial or rational (--f; rational as d(x) xdot = n(x))",
            "or implicit rational (--g); angles entering only through sin and cos are recast",
            "exactly (s = sin, c = cos - 1 on the unit circle); where an angle also enters",
            "directly (a feedback of the angle), sin and cos are enclosed between polynomials",
            "with a bounded remainder, so the level holds for the true dynamics.",
            "rho is the level of the candidate V (--V, or the quadratic Lyapunov function",
            "of the linearisation) and the printed V is V/rho, so {V <= 1} is the estimate.",
            "Example: mallard roa --vars x1,x2 --f \"-x2; x1 + (x1^2 - 1)*x2\""})
final class RoaCommand implements Callable<Integer> {

    @Mixin
    SystemOptions system;

    @Option(names = "--g", paramLabel = "\"EXPR1; EXPR2\"",
            description = "Implicit dynamics g(x, xdot) = 0 instead of --f, linear in the derivatives; the derivative "
                    + "of state x1 is written x1dot.")
    String g;

    @Option(names = "--x-star", paramLabel = "a,b", description = "The equilibrium (default: the origin).")
    String xStar;

    @Option(names = "--inputs", paramLabel = "u1,u2", description = "Input names that --f may use; the loop is "
            + "closed by u = -K (x - x*) with --k, or with the LQR gain of --lqr-q and --lqr-r.")
    String inputs;

    @Option(names = "--k", paramLabel = "\"k11,k12; k21,k22\"", description = "The feedback gain K, one row per "
            + "input (rows separated by ';'), one column per state.")
    String gain;

    @Option(names = "--lqr-q", paramLabel = "10,1", description = "LQR state cost Q about x*: its diagonal, or the "
            + "full matrix with rows separated by ';'.")
    String lqrQ;

    @Option(names = "--lqr-r", paramLabel = "1", description = "LQR input cost R: its diagonal, or the full matrix "
            + "with rows separated by ';'.")
    String lqrR;

    @Option(names = "--u-star", paramLabel = "a,b", description = "The equilibrium input u* (default: 0): the loop "
            + "is closed by u = u* - K (x - x*), and LQR designed about (x*, u*).")
    String uStar;

    @Option(names = "--V", paramLabel = "EXPR", description = "The Lyapunov candidate (default: from the linearisation).")
    String candidate;

    @Option(names = "--V-matrix", paramLabel = "\"p11,p12; p21,p22\"", description = "The candidate V = (x - x*)'P "
            + "(x - x*): P's diagonal, or the full symmetric matrix with rows separated by ';'.")
    String candidateMatrix;

    @Option(names = "--V-lqr", description = "With --lqr-q/--lqr-r: the candidate V = (x - x*)'S(x - x*), the LQR "
            + "cost-to-go of the linearisation (the controller's own Lyapunov function), instead of the Lyapunov "
            + "equation's.")
    boolean lqrCandidate;

    @Option(names = "--shape-lqr", description = "With --lqr-q/--lqr-r: search a quadratic V whose certified "
            + "estimate holds the largest level c of the cost-to-go (x - x*)'S(x - x*); reports c.")
    boolean shapeLqr;

    @Option(names = "--shape-matrix", paramLabel = "\"m11,m12; m21,m22\"", description = "As --shape-lqr for the "
            + "shape (x - x*)'M(x - x*): M's diagonal, or the full symmetric matrix, rows separated by ';'.")
    String shapeMatrix;

    @Option(names = "--lyapunov-degree", paramLabel = "N", description = "Degree of the Lyapunov function: 2 "
            + "(default) certifies the candidate; 4, 6 or 8 searches V of that degree from the quadratic estimate "
            + "(bilinear alternation), every accepted V certified; reports the estimate's area and its gain. "
            + "With sin and cos of angles: V in sin, cos - 1 and the other states (exact recast only).")
    int lyapunovDegree = 2;

    @Option(names = "--no-simulation-guidance", description = "With --lyapunov-degree 4, 6 or 8 (polynomial or "
            + "sin/cos dynamics): the bilinear alternation alone, without its restarts and the start from a V fitted to "
            + "simulations of the true region (both on by default).")
    boolean noSimulationGuidance;

    @Option(names = "--plot", paramLabel = "FILE.png", description = "For 2 states: the estimate, the true boundary "
            + "when simulation finds one, and trajectories from inside and outside; for more, the slice in the first "
            + "two states with the others at x*.")
    Path plot;

    @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
    boolean json;

    @Mixin
    RoaSosOptions sos;

    @Option(names = "--exact", description = "Also prove the certificate in exact rational arithmetic (the identity "
            + "exactly, the Gram matrices PSD by an exact LDL' factorisation); a level not proved is backed off.")
    boolean exact;

    @Spec
    CommandSpec spec;

    /** The gain K of the closed loop, or null for an autonomous --f or --g. */
    private double[][] closedLoopGain;
    /** The LQR cost-to-go S, or null without --lqr-q/--lqr-r. */
    private double[][] costToGo;

    @Override
    public Integer call() {
        if (system.model == null && (system.f == null) == (g == null)) {
            throw new BadInputException(g == null ? "give the dynamics with --f, --g or --model"
                    : "give either --f or --g, not both");
        }
        if (system.massMatrix != null && g != null) {
            throw new BadInputException("--mass-matrix goes with --f (M xdot = f); --g cannot be given beside it");
        }
        if (plot != null) {
            Plots.checkPng(plot, "--plot");
        }
        List<String> inputNames = inputs == null ? List.of() : SystemOptions.splitList(inputs, ",", "--inputs");
        checkFeedbackOptions(inputNames);
        SystemOptions.Parsed parsed = system.parse(false, inputNames, "--inputs");
        parsed.requireNoEvents("roa");
        if (parsed.file() != null && g != null) {
            throw new BadInputException("--model: the file gives the dynamics explicitly; --g cannot be given beside it");
        }
        int n = parsed.states().size();
        if (plot != null && n < 2) {
            // Refused before the analysis, so that no result is computed and then lost.
            throw new BadInputException("--plot draws the estimate in the plane of two states; the system has " + n);
        }
        double[] point = xStar != null ? SystemOptions.numbers(xStar, "--x-star", n)
                : parsed.equilibrium().orElseGet(() -> new double[n]);
        List<Expression> f;
        if (g != null) {
            f = implicit(parsed);
        } else if (inputNames.isEmpty()) {
            f = parsed.dynamics();
        } else {
            List<Variable> u = inputNames.stream().map(parsed.names()::get).toList();
            double[] input = uStar == null ? new double[u.size()] : SystemOptions.numbers(uStar, "--u-star", u.size());
            closedLoopGain = gain(parsed, u, point, input);
            f = ClosedLoop.close(parsed.dynamics(), parsed.states(), u, closedLoopGain, point, input);
            parsed = parsed.withDynamics(f);
        }
        boolean rational = g != null || checkRational(parsed);
        // Unchanged dynamics keep their mass-matrix form, which the analysis then uses as its implicit form.
        SystemOptions.Parsed analysed = f == parsed.dynamics() ? parsed : parsed.withDynamics(f);
        checkEquilibrium(analysed, point);
        SymbolicVectorSystem<Double> sys = SystemOptions.builder(analysed, "the system").build(Scalar.DOUBLE);
        Context<Double> context = sys.createDefaultContext();
        context.setContinuousStateValues(point);
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults().withStateVariables(parsed.states())
                .withUseImplicitDynamics(rational).withExactProof(exact);
        if (candidate != null) {
            options = options.withLyapunovCandidate(checkedCandidate(parsed));
        } else if (candidateMatrix != null) {
            options = options.withQuadraticCandidate(symmetric(matrix(candidateMatrix, "--V-matrix", n, n, true),
                    "--V-matrix"));
        } else if (lqrCandidate) {
            options = options.withQuadraticCandidate(costToGo);
        }
        if (shapeMatrix != null) {
            options = options.withShapeMatrix(symmetric(matrix(shapeMatrix, "--shape-matrix", n, n, true),
                    "--shape-matrix"));
        } else if (shapeLqr) {
            options = options.withShapeMatrix(costToGo);
        }
        options = sos.apply(options, parsed, point);
        if (lyapunovDegree != 2) {
            options = LyapunovDegreeReport.withDegree(options, lyapunovDegree, rational);
            options = options.withSimulationGuidance(!noSimulationGuidance);
        }
        Progress progress = Progress.forTerminal();
        progress.show("roa: certifying the largest level set (SOS programs) and cross-checking by simulation...");
        RegionOfAttractionResult result;
        try {
            result = RegionOfAttraction.analyzeDetailed(sys, context, options);
        } catch (RegionOfAttractionException e) {
            progress.done();
            String reason = inUserNames(e.getMessage(), parsed, point);
            reportFailure(spec.commandLine().getOut(), reason, e.sdpStatuses());
            throw new ComputationException("roa: no level is certified: " + reason);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(inUserNames(e.getMessage(), parsed, point));
        } catch (IllegalStateException e) {
            progress.done();
            String reason = e.getMessage() != null && e.getMessage().contains(" is unbounded")
                    ? "roa: the level of the candidate grows without bound, so there is no finite estimate (the "
                    + "equilibrium may attract the whole state space)" : inUserNames(e.getMessage(), parsed, point);
            reportFailure(spec.commandLine().getOut(), reason, List.of());
            throw new ComputationException(reason);
        }
        if (plot != null) {
            progress.show("roa: simulating trajectories for the plot...");
        }
        RegionOfAttractionPlot.Drawing drawing = plot == null || result.isGlobal() ? null
                : drawing(parsed, f, result, point);
        progress.done();
        report(spec.commandLine().getOut(), result, drawing);
        if (!result.isVerified()) {
            throw new ComputationException("roa: no level is certified: " + UNVERIFIED);
        }
        return Main.OK;
    }

    /**
     * --inputs only with --f and exactly one way of closing the loop; --k, --lqr-* and --u-star only with
     * --inputs; --V-lqr and --shape-lqr only with LQR; at most one candidate and one shape.
     */
    private void checkFeedbackOptions(List<String> inputNames) {
        boolean lqr = lqrQ != null || lqrR != null;
        if ((candidate != null ? 1 : 0) + (candidateMatrix != null ? 1 : 0) + (lqrCandidate ? 1 : 0) > 1) {
            throw new BadInputException("give one candidate: --V, --V-matrix or --V-lqr");
        }
        if (shapeLqr && shapeMatrix != null) {
            throw new BadInputException("give one shape: --shape-lqr or --shape-matrix");
        }
        if (shapeLqr && !lqr) {
            throw new BadInputException("--shape-lqr takes the LQR cost-to-go as the shape: close the loop with "
                    + "--lqr-q and --lqr-r");
        }
        if (lqrCandidate && !lqr) {
            throw new BadInputException("--V-lqr takes the LQR cost-to-go as V: close the loop with --lqr-q and --lqr-r");
        }
        if (uStar != null && inputNames.isEmpty()) {
            throw new BadInputException("--u-star is the equilibrium input: name the inputs of --f with --inputs");
        }
        if (inputNames.isEmpty()) {
            if (gain != null || lqr) {
                throw new BadInputException((gain != null ? "--k" : "--lqr-q/--lqr-r")
                        + " closes a loop: name the inputs of --f with --inputs");
            }
            return;
        }
        if (g != null) {
            throw new BadInputException("--inputs: a closed loop needs the plant as --f, not --g");
        }
        if ((gain != null) == lqr) {
            throw new BadInputException("--inputs: close the loop with either --k or --lqr-q and --lqr-r"
                    + (gain != null ? ", not both" : ""));
        }
        if (lqr && (lqrQ == null || lqrR == null)) {
            throw new BadInputException(lqrQ == null ? "--lqr-r needs --lqr-q" : "--lqr-q needs --lqr-r");
        }
    }

    /** K from --k, or designed by LQR on the plant's linearisation about (x*, u*) (then S is kept). */
    private double[][] gain(SystemOptions.Parsed parsed, List<Variable> u, double[] point, double[] input) {
        int n = parsed.states().size();
        int m = u.size();
        if (gain != null) {
            return matrix(gain, "--k", m, n, false);
        }
        double[][][] ab = ClosedLoop.linearisation(parsed.dynamics(), parsed.states(), u, parsed.environment(point),
                input);
        var design = ClosedLoop.lqr(ab, matrix(lqrQ, "--lqr-q", n, n, true), matrix(lqrR, "--lqr-r", m, m, true));
        costToGo = design.s();
        return design.k();
    }

    /** Refuses a matrix that is not symmetric (to 1e-9 relative), naming the option and the entries. */
    private static double[][] symmetric(double[][] p, String option) {
        double largest = 0.0;
        for (double[] row : p) {
            for (double e : row) {
                largest = Math.max(largest, Math.abs(e));
            }
        }
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < i; j++) {
                if (!(Math.abs(p[i][j] - p[j][i]) <= 1e-9 * largest)) {
                    throw new BadInputException(option + " must be symmetric: row " + (i + 1) + ", column " + (j + 1)
                            + " is " + Messages.number(p[i][j]) + " but row " + (j + 1) + ", column " + (i + 1)
                            + " is " + Messages.number(p[j][i]));
                }
            }
        }
        return p;
    }

    /**
     * A rows x cols matrix written row by row, rows separated by ';', entries by ','; a square one may be
     * given by its diagonal alone (one row of {@code cols} entries).
     */
    static double[][] matrix(String text, String option, int rows, int cols, boolean diagonal) {
        String[] lines = text.split(";", -1);
        if (diagonal && lines.length == 1 && rows > 1) {
            double[] d = row(lines[0], option, cols, "the diagonal");
            double[][] out = new double[rows][cols];
            for (int i = 0; i < rows; i++) {
                out[i][i] = d[i];
            }
            return out;
        }
        if (lines.length != rows) {
            throw new BadInputException(option + " has " + lines.length + " row" + (lines.length == 1 ? "" : "s")
                    + ", expected " + rows + (diagonal ? " (or one row holding the diagonal)" : " (one per input)"));
        }
        double[][] out = new double[rows][];
        for (int i = 0; i < rows; i++) {
            out[i] = row(lines[i], option, cols, "row " + (i + 1));
        }
        return out;
    }

    private static double[] row(String text, String option, int cols, String what) {
        List<String> pieces = SystemOptions.splitList(text, ",", option);
        if (pieces.size() != cols) {
            throw new BadInputException(option + ": " + what + " has " + pieces.size() + " entr"
                    + (pieces.size() == 1 ? "y" : "ies") + ", expected " + cols);
        }
        double[] out = new double[cols];
        for (int j = 0; j < cols; j++) {
            out[j] = SystemOptions.number(pieces.get(j), option);
        }
        return out;
    }

    /** --V, refused unless a polynomial in the state of even degree >= 2 (what a Lyapunov candidate can be). */
    private Expression checkedCandidate(SystemOptions.Parsed parsed) {
        Expression v = SystemOptions.parseOne(candidate, "--V", parsed.names(), parsed.definitions());
        Map<Variable, Expression> values = new LinkedHashMap<>();
        for (int k = 0; k < parsed.parameters().size(); k++) {
            values.put(parsed.parameters().get(k), Expression.constant(parsed.parameterValues()[k]));
        }
        Expression numeric = v.substitute(values);
        if (numeric.isConstant() && numeric.constantValue() == 0) {
            throw new BadInputException("--V: " + candidate.strip() + " is identically zero, which is not a Lyapunov "
                    + "candidate (it is not positive definite); omit --V for the quadratic candidate of the linearisation");
        }
        if (!numeric.isPolynomial(parsed.states())) {
            throw new BadInputException("--V: " + v + " is not polynomial in the state");
        }
        int degree = numeric.toPolynomial(parsed.states()).totalDegree();
        if (degree < 2 || degree % 2 != 0) {
            throw new BadInputException("--V: " + v + " has degree " + degree
                    + "; a Lyapunov candidate has an even degree of at least 2");
        }
        return v;
    }

    /**
     * A message of the analysis in the user's names: it works in displacements y_i = x_i - x*_i and their
     * derivatives ydot_i, and names the implicit form by its Java option.
     */
    private static String inUserNames(String message, SystemOptions.Parsed parsed, double[] point) {
        if (message == null) {
            return "roa: the analysis failed";
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\by(dot)?(\\d+)\\b").matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int i = Integer.parseInt(m.group(2));
            String name = i < parsed.states().size() ? parsed.stateNames().get(i) : m.group();
            String shown = m.group(1) != null ? name + "dot"
                    : point[Math.min(i, point.length - 1)] == 0 ? name
                    : "(" + name + " - " + Messages.number(point[i]) + ")";
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(shown));
        }
        return m.appendTail(out).toString().replace("useImplicitDynamics", "implicit dynamics (--g)");
    }

    /**
     * Whether --f is rational but not polynomial in the state, and so analysed in the implicit form
     * {@code d(x) xdot - n(x) = 0}, as --g would be. Other dynamics go to the analysis as they are: polynomial
     * ones directly, and ones in sin and cos of angles are recast exactly there (or refused, saying why).
     */
    private static boolean checkRational(SystemOptions.Parsed parsed) {
        List<Expression> numeric = parsed.numericDynamics();
        boolean polynomial = true;
        boolean rational = true;
        for (int i = 0; i < numeric.size(); i++) {
            Expression e = numeric.get(i);
            if (!isRational(e, parsed.states())) {
                rational = false;
                if (!hasSineOrCosine(e)) {
                    throw new BadInputException("--f: d" + parsed.stateNames().get(i) + "/dt = "
                            + parsed.dynamics().get(i) + " is neither polynomial nor rational in the state, nor "
                            + "written in sin and cos of angles");
                }
            }
            polynomial &= e.isPolynomial(parsed.states());
        }
        return rational && !polynomial;
    }

    private static boolean hasSineOrCosine(Expression e) {
        if (e.operator() == dev.mallard.symbolic.Operator.SIN || e.operator() == dev.mallard.symbolic.Operator.COS) {
            return true;
        }
        for (int k = 0; k < e.operator().arity(); k++) {
            if (hasSineOrCosine(e.argument(k))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Built from the state and constants by + - * / and integer powers; subexpressions free of the state count
     * as constants.
     */
    private static boolean isRational(Expression e, List<Variable> states) {
        if (java.util.Collections.disjoint(e.getVariables(), states)) {
            return true;
        }
        return switch (e.operator()) {
            case VARIABLE -> true;
            case ADD, SUB, MUL, DIV -> isRational(e.argument(0), states) && isRational(e.argument(1), states);
            case NEG -> isRational(e.argument(0), states);
            case POW -> isIntegerConstant(e.argument(1)) && isRational(e.argument(0), states);
            default -> false;
        };
    }

    private static boolean isIntegerConstant(Expression e) {
        return e.isConstant() && e.constantValue() == Math.rint(e.constantValue());
    }

    /** Refuses a point that is not an equilibrium (within the analysis' tolerance), naming --x-star. */
    private void checkEquilibrium(SystemOptions.Parsed parsed, double[] point) {
        Environment env = parsed.environment(point);
        int worst = 0;
        double largest = 0;
        for (int i = 0; i < point.length; i++) {
            double value = parsed.dynamics().get(i).evaluate(env);
            if (!(Math.abs(value) <= largest)) {
                worst = i;
                largest = Math.abs(value);
            }
        }
        if (Double.isNaN(largest)) {
            throw new BadInputException("--x-star: the dynamics are not defined at " + (xStar == null
                    ? "the origin (the default)" : parsed.describe(point)) + ": d" + parsed.stateNames().get(worst)
                    + "/dt = NaN there");
        }
        if (!(largest <= RegionOfAttraction.FIXED_POINT_TOLERANCE)) {
            double value = parsed.dynamics().get(worst).evaluate(env);
            throw new BadInputException("--x-star: " + (xStar == null ? "the origin (the default)" : parsed.describe(point))
                    + " is not an equilibrium: d" + parsed.stateNames().get(worst) + "/dt = " + Messages.number(value)
                    + " there");
        }
    }

    private List<Expression> implicit(SystemOptions.Parsed parsed) {
        Map<String, Variable> names = new LinkedHashMap<>(parsed.names());
        List<Variable> dots = new ArrayList<>();
        for (Variable x : parsed.states()) {
            Variable dot = new Variable(x.name() + "dot");
            if (names.putIfAbsent(dot.name(), dot) != null || parsed.definitions().get(dot.name()).isPresent()) {
                throw new BadInputException("--g: the name " + dot.name() + " is taken; rename the state, parameter or definition");
            }
            dots.add(dot);
        }
        return ImplicitDynamics.solve(SystemOptions.expressions(g, "--g", names, parsed.definitions(),
                parsed.states().size()), dots);
    }

    /**
     * The picture: for 2 states the estimate, the simulated true boundary and trajectories; for more, the slice
     * through x* in the plane of the first two states, with trajectories of the full system started on it.
     */
    private RegionOfAttractionPlot.Drawing drawing(SystemOptions.Parsed parsed, List<Expression> f,
            RegionOfAttractionResult result, double[] point) {
        SymbolicVectorSystem<Double> forward = SystemOptions.builder(parsed.withDynamics(f), "the system")
                .build(Scalar.DOUBLE);
        if (parsed.states().size() > 2) {
            return Plots.write(plot, () -> RegionOfAttractionPlot.drawSlice(result.lyapunovFunction(),
                    parsed.states(), point, forward, "Region of attraction, slice in (" + parsed.stateNames().get(0)
                    + ", " + parsed.stateNames().get(1) + ")", plot));
        }
        SymbolicVectorSystem<Double> reversed = SystemOptions.builder(
                parsed.withDynamics(f.stream().map(Expression::negate).toList()), "the time-reversed system")
                .build(Scalar.DOUBLE);
        return Plots.write(plot, () -> RegionOfAttractionPlot.draw(result.lyapunovFunction(), parsed.states(), point,
                forward, reversed, "Region of attraction", plot));
    }

    /** Why an uncertified result gives no level. */
    private static final String UNVERIFIED = "the certificate of the largest level found, backed off, did not "
            + "pass its independent check";

    private void report(PrintWriter out, RegionOfAttractionResult result, RegionOfAttractionPlot.Drawing drawing) {
        List<String> statuses = result.sdpStatuses().stream().map(Enum::name).toList();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            if (result.isVerified() && !result.isGlobal()) {
                fields.put("rho", result.rho());
                fields.put("optimalRho", result.optimalRho());
            }
            fields.put("V", (result.isVerified() ? result.lyapunovFunction() : result.candidate()).toString());
            fields.put("certified", result.isVerified());
            fields.put("global", result.isGlobal());
            result.shapeLevel().ifPresent(c -> fields.put("shapeLevel", c));
            if (closedLoopGain != null) {
                fields.put("K", closedLoopGain);
            }
            LyapunovDegreeReport.addJson(fields, lyapunovDegree, result);
            SimulationReport.addJson(fields, result);
            if (!result.isVerified()) {
                fields.put("reason", UNVERIFIED);
                fields.put("explanation", CertificateFailure.explain(result));
            }
            result.exactProof().ifPresent(p -> {
                Map<String, Object> proof = new LinkedHashMap<>();
                proof.put("proved", p.proved());
                proof.put("level", p.level());
                proof.put("reason", p.reason());
                fields.put("exactProof", proof);
            });
            fields.put("sdpStatuses", statuses);
            RoaJsonDetails.add(fields, result);
            sos.report(fields);
            if (drawing != null) {
                fields.put("plot", drawing.file().toString());
            } else if (plot != null && result.isGlobal()) {
                fields.put("plot_not_drawn", "the estimate is the whole state space");
            }
            fields.put("seconds", result.totalSeconds());
            out.println(Json.write(fields));
            return;
        }
        if (closedLoopGain != null) {
            out.println("closed loop: u = -K (x - x*) with K = " + java.util.Arrays.deepToString(closedLoopGain));
        }
        if (result.isGlobal()) {
            out.println("every level of the candidate V = " + result.candidate() + " is certified: Vdot < 0 everywhere "
                    + "but at the equilibrium, so the equilibrium is globally asymptotically stable for this V and "
                    + "this model (no finite level)");
        } else if (result.isVerified()) {
            // every digit (the shortest decimal that reads back as the same double, as in the JSON)
            out.println("rho = " + result.rho() + " (level of the candidate " + result.candidate() + ")");
            out.println("V = " + result.lyapunovFunction() + "   ({V <= 1} is the estimate)");
            result.shapeLevel().ifPresent(c -> out.println("shape level c = " + c + ": {(x - x*)'M(x - x*) <= c} "
                    + "lies in the estimate"));
            LyapunovDegreeReport.print(out, lyapunovDegree, result);
        } else {
            out.println("no level certified for the candidate " + result.candidate() + ": " + UNVERIFIED);
            out.println(CertificateFailure.explain(result));
        }
        if (result.stateRegion() != null) {
            out.println("restricted to " + result.stateRegion() + ": the estimate is certified to lie inside it");
        }
        if (!result.uncertainParameters().isEmpty()) {
            out.println("robust: certified for every " + result.uncertainParameters());
        }
        out.println("certificate: " + (result.isVerified() ? "verified" : "NOT verified") + " " + result.certificates());
        result.exactProof().ifPresent(p -> out.println("exact proof: " + p));
        SimulationReport.print(out, result);
        if (drawing != null) {
            out.println("plot: " + drawing.file() + (drawing.trueBoundaryFound() ? " (with the simulated true boundary)" : ""));
        } else if (plot != null && result.isGlobal()) {
            // Nothing to draw, and nothing silently lost: say why the file was not written.
            out.println("plot: not drawn, " + plot + " not written: the estimate is the whole state space");
        }
        if (sos.exportLine() != null) {
            out.println(sos.exportLine());
        }
        out.printf(Locale.ROOT, "%d SDP solves (statuses %s), %d iterations, %.3f s%n", result.sdpSolves(), statuses,
                result.iterations(), result.totalSeconds());
    }

    /** The report of an analysis that stopped before a certificate: with --json, one object saying why. */
    private void reportFailure(PrintWriter out, String reason, List<String> statuses) {
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("certified", false);
            fields.put("global", false);
            fields.put("reason", reason);
            fields.put("sdpStatuses", statuses);
            sos.report(fields);
            out.println(Json.write(fields));
        }
    }
}
