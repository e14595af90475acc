package dev.mallard.cli;

import dev.mallard.symbolic.Expression;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import picocli.CommandLine.Option;

/**
 * The hybrid-event options ({@code --guard --reset}) of the commands that simulate (simulate, gradient);
 * inspect and roa analyse the continuous dynamics only and do not have them.
 */
final class EventOptions {

    @Option(names = "--guard", paramLabel = "EXPR",
            description = "A witness: when it crosses from positive to non-positive, the state is reset by --reset.")
    String guard;

    @Option(names = "--reset", paramLabel = "\"EXPR1; EXPR2\"",
            description = "The state after the guard's event, one expression per state, evaluated at the state before.")
    String reset;

    /**
     * Adds the guard and reset, when given, to a builder.
     *
     * @throws BadInputException if only one of them is given, or either does not parse
     */
    SymbolicVectorSystem.Builder addTo(SymbolicVectorSystem.Builder builder, SystemOptions.Parsed parsed) {
        if ((guard == null) != (reset == null)) {
            throw new BadInputException(guard == null ? "--reset needs --guard" : "--guard needs --reset");
        }
        if (guard != null) {
            Expression g = SystemOptions.parseOne(guard, "--guard", parsed.names(), parsed.definitions());
            builder.guardAndReset(g, SystemOptions.expressions(reset, "--reset", parsed.names(), parsed.definitions(),
                    parsed.states().size()));
        }
        return builder;
    }
}
