package dev.mallard.spark;

import picocli.CommandLine;

/**
 * Runs {@link MonteCarloCommand} on its own ({@code java ... dev.mallard.spark.MonteCarloMain --help}), with
 * quiet logging (Spark's warnings and errors) unless the user configures log4j. Exit codes as the
 * {@code mallard} command's: 0 success, 1 the computation failed, 2 bad input.
 */
public final class MonteCarloMain {

    private MonteCarloMain() {
    }

    /**
     * @param args the command line of {@code mallard montecarlo}
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the command in this JVM.
     *
     * @param args the command line, not modified
     * @return the exit code
     */
    public static int run(String... args) {
        quietLogging();
        CommandLine cli = new CommandLine(new MonteCarloCommand());
        cli.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println("mallard montecarlo: " + ex.getMessage());
            return ex instanceof IllegalArgumentException ? 2 : 1;
        });
        return cli.execute(args);
    }

    /**
     * Makes Spark log its warnings and errors only (to stderr), unless the user has configured log4j: sets
     * the system property {@code log4j2.configurationFile} when neither it nor {@code log4j.configurationFile}
     * is set. Call it before the first Spark class loads (a host command registering
     * {@link MonteCarloCommand} as a subcommand calls it before executing).
     */
    public static void quietLogging() {
        if (System.getProperty("log4j2.configurationFile") == null
                && System.getProperty("log4j.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", "classpath:dev/mallard/spark/montecarlo-log4j2.properties");
        }
    }
}
