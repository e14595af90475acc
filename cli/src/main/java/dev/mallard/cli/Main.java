package dev.mallard.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Entry point of the {@code mallard} command. Exit codes: 0 success (for {@code sdp}, also a correctly
 * detected infeasibility), 1 the computation failed, 2 bad input. Errors are one line on stderr, at most
 * 300 characters with unprintable characters escaped; a stack trace is printed only
 * with {@code --debug}.
 */
public final class Main {

    /** Exit code of a successful run. */
    public static final int OK = 0;
    /** Exit code when the computation failed (solver or integrator failure). */
    public static final int FAILED = 1;
    /** Exit code for bad input (unknown option, unparsable expression, wrong number of values, unreadable file). */
    public static final int BAD_INPUT = 2;

    private Main() {
    }

    /**
     * Runs the command and exits the JVM with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command in-process, writing to the given streams (used by tests and by {@link #main}).
     *
     * @param args the command line, not modified
     * @param out standard output
     * @param err standard error
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        PrintWriter outWriter = new PrintWriter(out, true, StandardCharsets.UTF_8);
        PrintWriter errWriter = new PrintWriter(err, true, StandardCharsets.UTF_8);
        boolean debug = Arrays.asList(args).contains("--debug");
        boolean sdpOnly = args.length > 0 && args[0].equals("sdp");
        CommandLine cli = sdpOnly ? sdpCommandLine() : new CommandLine(new MallardCommand());
        // A value after an option that needs one is its value, even "-h" (a formula) or "--x0".
        cli.setAllowOptionsAsOptionParameters(true);
        cli.setOut(outWriter);
        cli.setErr(errWriter);
        cli.setParameterExceptionHandler((ex, a) -> {
            report(errWriter, ex.getMessage(), ex, debug);
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, c, p) -> {
            boolean badInput = ex instanceof BadInputException || ex instanceof IllegalArgumentException;
            report(errWriter, describe(ex), ex, debug);
            return badInput ? BAD_INPUT : FAILED;
        });
        int code = cli.execute(sdpOnly ? Arrays.copyOfRange(args, 1, args.length) : args);
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    /**
     * {@code mallard sdp ...} as a command line of its own, with the same name, options and help as
     * under {@code mallard}: the full tree reflects over every subcommand's options and loads their
     * classes, a cost that a one-shot SDP solve started from the shell pays for nothing.
     */
    private static CommandLine sdpCommandLine() {
        CommandLine cli = new CommandLine(new SdpCommand());
        cli.setCommandName("mallard sdp");
        cli.getCommandSpec().addOption(OptionSpec.builder("--debug").type(boolean.class)
                .description("Print the stack trace of an error.").build());
        return cli;
    }

    private static String describe(Throwable ex) {
        String message = ex.getMessage();
        return message == null || message.isBlank() ? ex.getClass().getSimpleName() : message;
    }

    private static void report(PrintWriter err, String message, Throwable ex, boolean debug) {
        err.println("mallard: " + Messages.oneLine(message));
        if (debug) {
            ex.printStackTrace(err);
        }
    }
}
