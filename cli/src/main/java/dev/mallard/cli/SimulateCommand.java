package dev.mallard.cli;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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

/** {@code mallard simulate}: simulates an ODE given as expressions, optionally with one guard/reset event. */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Simulate an ODE given as expressions, optionally hybrid.",
            "Hybrid: when --guard crosses from positive to non-positive, --reset the state.",
            "Example: mallard simulate --vars x,v --f \"v; -x\" --x0 1,0 --t-final 6.2832"})
final class SimulateCommand implements Callable<Integer> {

    @Mixin
    SystemOptions system;

    @Mixin
    EventOptions events;

    @Mixin
    RunOptions run;

    @Mixin
    IntegratorOptions integrator;

    @Option(names = "--plot", paramLabel = "FILE.png", description = "Draw each state against time into a PNG file.")
    Path plot;

    @Option(names = "--csv", paramLabel = "FILE.csv", description = "Write t and the states, with a header row.")
    Path csv;

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
        if (plot != null) {
            Plots.checkPng(plot, "--plot");
        }
        SymbolicVectorSystem<Double> sys = events.addTo(SystemOptions.builder(parsed, "the system"), parsed)
                .initialState(initial).build(Scalar.DOUBLE);
        Simulator<Double> simulator = new Simulator<>(sys);
        integrator.apply(simulator);
        long start = System.nanoTime();
        Trajectory trajectory;
        try {
            trajectory = plot != null || csv != null ? Trajectory.simulate(simulator, finalTime, 1000) : null;
            if (trajectory == null) {
                simulator.initialize();
                simulator.advanceTo(finalTime);
            }
        } catch (SimulationException e) {
            throw new ComputationException(parsed.inUserNames(e.getMessage()));
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        double[] x = simulator.getContext().getContinuousState().toValueArray();
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new ComputationException("state " + parsed.stateNames().get(i) + " is " + x[i] + " at t = "
                        + simulator.getContext().getTimeValue());
            }
        }
        if (plot != null) {
            Plots.states(trajectory, parsed.stateNames(), "Simulation: " + String.join(", ", parsed.stateNames()), plot);
        }
        if (csv != null) {
            writeCsv(trajectory, parsed.stateNames(), csv);
        }
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("t", simulator.getContext().getTimeValue());
        fields.put("x", x);
        fields.put("steps", simulator.getNumStepsTaken());
        fields.put("derivative_evaluations", simulator.getIntegrator().getNumDerivativeEvaluations());
        fields.put("events", simulator.getNumUnrestrictedUpdates());
        fields.put("seconds", seconds);
        if (json) {
            out.println(Json.write(fields));
        } else {
            out.printf(Locale.ROOT, "t = %s s (%s)%n", fields.get("t"), integrator.describe());
            for (int i = 0; i < x.length; i++) {
                out.printf(Locale.ROOT, "  %s = %.12g%n", parsed.stateNames().get(i), x[i]);
            }
            out.printf(Locale.ROOT, "%d steps, %d derivative evaluations, %d events, %.3f s%n", simulator.getNumStepsTaken(),
                    simulator.getIntegrator().getNumDerivativeEvaluations(), simulator.getNumUnrestrictedUpdates(), seconds);
        }
        return Main.OK;
    }

    private static void writeCsv(Trajectory trajectory, List<String> names, Path file) {
        StringBuilder text = new StringBuilder("t");
        for (String name : names) {
            text.append(',').append(name);
        }
        text.append('\n');
        for (int k = 0; k < trajectory.times().length; k++) {
            text.append(trajectory.times()[k]);
            for (double value : trajectory.states()[k]) {
                text.append(',').append(value);
            }
            text.append('\n');
        }
        try {
            Path absolute = file.toAbsolutePath();
            if (absolute.getParent() != null) {
                Files.createDirectories(absolute.getParent());
            }
            Files.writeString(absolute, text);
        } catch (IOException e) {
            throw new ComputationException("--csv: cannot write " + Messages.quote(file.toString()) + ": "
                    + Messages.reason(e));
        }
    }
}
