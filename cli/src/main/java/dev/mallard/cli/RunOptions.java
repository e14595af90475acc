package dev.mallard.cli;

import picocli.CommandLine.Option;

/** The initial state and final time of the commands that simulate (simulate, gradient). */
final class RunOptions {

    @Option(names = "--x0", paramLabel = "a,b", required = true, description = "Initial state, one value per state.")
    String x0;

    @Option(names = "--t-final", paramLabel = "T", defaultValue = "10", description = "Final time in seconds (default ${DEFAULT-VALUE}).")
    double finalTime;

    /** @return the initial state, checked to have one finite value per state */
    double[] initialState(SystemOptions.Parsed parsed) {
        return SystemOptions.numbers(x0, "--x0", parsed.states().size());
    }

    /** @return the final time, checked finite and {@code >= 0} */
    double finalTime() {
        if (!(finalTime >= 0) || !Double.isFinite(finalTime)) {
            throw new BadInputException("--t-final must be finite and >= 0, got " + finalTime);
        }
        return finalTime;
    }
}
