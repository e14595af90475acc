package dev.mallard.cli;

import dev.mallard.plot.SampledTrajectory;
import dev.mallard.plot.StatePlots;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.EventLog;
import dev.mallard.simulator.EventRecord;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.util.ArrayList;
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

    /** The most events --json lists; later ones are counted in "event_log_dropped". */
    static final int EVENT_LOG_CAPACITY = 100_000;

    @Mixin
    SystemOptions system;

    @Mixin
    EventOptions events;

    @Mixin
    RunOptions run;

    @Mixin
    IntegratorOptions integrator;

    @Option(names = "--plot", paramLabel = "FILE.png", description = {"Draw the states against time into a PNG",
        "file, a panel per state, events marked."})
    Path plot;

    @Option(names = "--samples", paramLabel = "N", description = {"With --json: add the trajectory, N evenly",
        "spaced samples plus every step's end and both",
        "sides of every reset."})
    Integer samples;

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
        if (samples != null && (samples < 2 || !json)) {
            throw new BadInputException("--samples: " + (json ? "needs at least 2, got " + samples
                    : "goes with --json"));
        }
        Simulator<Double> simulator = new Simulator<>(sys);
        integrator.apply(simulator);
        // Only --json prints the events: recording them otherwise would cost a record per event and make a
        // periodic-updates-only system keep its pending updates in an event set instead of due flags, for nothing.
        EventLog eventLog = json ? new EventLog(EVENT_LOG_CAPACITY, EventLog.OverflowPolicy.KEEP_FIRST) : null;
        simulator.setEventLog(eventLog);
        long start = System.nanoTime();
        SampledTrajectory trajectory;
        try {
            boolean record = plot != null || csv != null || samples != null;
            trajectory = record ? SampledTrajectory.simulate(simulator, finalTime, samples == null ? 1000 : samples)
                    : null;
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
            Plots.write(plot, () -> StatePlots.of(trajectory, parsed.stateNames(), null, "Simulation: "
                    + String.join(", ", parsed.stateNames())).save(plot));
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
        if (eventLog != null) {
            fields.put("event_log", eventsForJson(eventLog));
            if (eventLog.droppedCount() > 0) {
                fields.put("event_log_dropped", eventLog.droppedCount());
            }
        }
        if (samples != null) {
            fields.put("samples", Map.of("t", trajectory.times(), "x", trajectory.states()));
        }
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

    /** The event log's records as JSON objects: time, kind, trigger and, for witnessed events, the witness. */
    private static List<Map<String, Object>> eventsForJson(EventLog log) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (EventRecord r : log.records()) {
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("t", r.time());
            event.put("kind", r.kind().name().toLowerCase(Locale.ROOT));
            event.put("trigger", r.trigger().name().toLowerCase(Locale.ROOT));
            if (!r.witness().isEmpty()) {
                event.put("witness", r.witness());
            }
            out.add(event);
        }
        return out;
    }

    private static void writeCsv(SampledTrajectory trajectory, List<String> names, Path file) {
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
