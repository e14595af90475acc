package dev.mallard.cli;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.io.PrintWriter;
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

/** {@code mallard gradient}: the Jacobian of the final state by forward-mode AutoDiff through the simulation. */
@Command(name = "gradient", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Jacobian of the final state by AutoDiff through the simulation.",
            "Columns: the initial states and the parameters (or --wrt). Differentiates",
            "through guard/reset events too, with the sensitivity of the event time.",
            "With --adjoint: the gradient of a scalar cost J = phi + integral of L dt",
            "(--cost, --running-cost) by the discrete adjoint of the steps taken.",
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

    @Option(names = "--cost", paramLabel = "EXPR", description = {"With --adjoint: the terminal cost phi in the",
        "states, parameters and t, at the final time."})
    String cost;

    @Option(names = "--running-cost", paramLabel = "EXPR", description = {"With --adjoint: the running cost L,",
        "integrated from the start to the final time."})
    String runningCost;

    @Option(names = "--adjoint", description = {"Print dJ/d(initial states, parameters, t) of the",
        "cost, by reverse mode, under every integrator (through guard/reset",
        "events, with the event time's sensitivity)."})
    boolean adjoint;

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
        if (adjoint || cost != null || runningCost != null) {
            return adjointGradient(parsed, sys, context, finalTime);
        }
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

    /** --adjoint: J and dJ/d(x(0), p, T) by the discrete adjoint of the double run's steps. */
    private int adjointGradient(SystemOptions.Parsed parsed, SymbolicVectorSystem<Double> sys, Context<Double> context,
            double finalTime) {
        if (!adjoint) {
            throw new BadInputException((cost != null ? "--cost" : "--running-cost") + ": goes with --adjoint");
        }
        if (cost == null && runningCost == null) {
            throw new BadInputException("--adjoint: needs a cost, --cost EXPR and/or --running-cost EXPR");
        }
        if (wrt != null) {
            throw new BadInputException("--wrt: --adjoint gives the whole gradient (every initial state, parameter and t)");
        }
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(sys);
        CostFunction terminal = costFunction(cost, "--cost", parsed, inspector);
        CostFunction running = costFunction(runningCost, "--running-cost", parsed, inspector);
        long start = System.nanoTime();
        AdjointGradient.Result result;
        try {
            result = AdjointGradient.run(sys, context, finalTime, terminal, running,
                    AdjointGradient.DEFAULT_CHECKPOINT_INTERVAL, integrator::apply);
        } catch (SimulationException e) {
            throw new ComputationException(parsed.inUserNames(e.getMessage()));
        } catch (UnsupportedOperationException e) {
            throw new ComputationException("--adjoint: " + e.getMessage());
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        List<String> names = new ArrayList<>(parsed.stateNames());
        names.addAll(parsed.parameterNames());
        names.add("t");
        double[] gradient = result.gradient();
        if (!Double.isFinite(result.cost())) {
            throw new ComputationException("the cost J is " + result.cost());
        }
        for (int j = 0; j < gradient.length; j++) {
            if (!Double.isFinite(gradient[j])) {
                throw new ComputationException("dJ/d " + columnName(names.get(j), parsed) + " is " + gradient[j]);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("t", finalTime);
            fields.put("x", result.finalState());
            fields.put("cost", result.cost());
            fields.put("wrt", names);
            fields.put("gradient", gradient);
            fields.put("seconds", seconds);
            out.println(Json.write(fields));
        } else {
            out.printf(Locale.ROOT, "J = %.12g at T = %s s (%s, adjoint)%n", result.cost(), finalTime,
                    integrator.describe());
            for (int j = 0; j < names.size(); j++) {
                out.printf(Locale.ROOT, "  dJ/d %-10s %.10g%n", columnName(names.get(j), parsed), gradient[j]);
            }
            out.printf(Locale.ROOT, "%.3f s%n", seconds);
        }
        return Main.OK;
    }

    /** A cost given in the user's names, rewritten in the inspected system's variables. */
    private static CostFunction costFunction(String text, String option, SystemOptions.Parsed parsed,
            SystemSymbolicInspector inspector) {
        if (text == null) {
            return CostFunction.zero();
        }
        Expression e = SystemOptions.parseOne(text, option, parsed.names(), parsed.definitions());
        Map<Variable, Expression> toSystem = new LinkedHashMap<>();
        toSystem.put(parsed.time(), inspector.getTimeVariable().toExpression());
        for (int i = 0; i < parsed.states().size(); i++) {
            toSystem.put(parsed.states().get(i), inspector.getContinuousStateVariables().get(i).toExpression());
        }
        for (int k = 0; k < parsed.parameters().size(); k++) {
            toSystem.put(parsed.parameters().get(k), inspector.getParameterVariables().get(k).toExpression());
        }
        return CostFunction.of(inspector, e.substitute(toSystem));
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
