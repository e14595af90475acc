package dev.mallard.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The top-level {@code mallard} command; its work is done by the subcommands. */
@Command(name = "mallard",
        mixinStandardHelpOptions = true,
        version = "mallard 0.1.0",
        description = "Hybrid dynamical systems: simulate, differentiate, inspect and certify.",
        footer = {"",
            "Also: mallard montecarlo ... (Monte Carlo studies on Apache Spark, run by the",
            "launcher in a JVM of their own; mallard montecarlo --help).",
            "",
            "Memory: the mallard launcher lets the JVM use at most half of the RAM",
            "(-XX:MaxRAMPercentage=50). To change it, set MALLARD_JAVA_OPTS, whose options",
            "come last and so win, e.g. MALLARD_JAVA_OPTS=-Xmx24g mallard sdp big.dat-s"},
        subcommands = {TourCommand.class, SimulateCommand.class, GradientCommand.class,
            FitCommand.class, InspectCommand.class, RoaCommand.class, SdpCommand.class})
public final class MallardCommand implements Runnable {

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Print the stack trace of an error.")
    boolean debug;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
