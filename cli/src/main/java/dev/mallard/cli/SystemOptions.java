package dev.mallard.cli;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.FormulaParseException;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * The options that define a system on the command line ({@code --vars --f --params --guard --reset}),
 * shared by simulate, gradient, inspect and roa, and their translation into a {@link SymbolicVectorSystem}.
 * Every error names the option, the piece and, for a formula, the column within the option's text.
 */
final class SystemOptions {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

    @Option(names = "--vars", paramLabel = "x1,x2", required = true, description = "State names, in order.")
    String vars;

    @Option(names = "--f", paramLabel = "\"EXPR1; EXPR2\"",
            description = "The time derivatives, one expression per state, separated by ';'. Expressions use numbers, "
                    + "state and parameter names, t, + - * / ^, parentheses, sin cos tan asin acos atan atan2(y,x) sinh "
                    + "cosh tanh exp log sqrt abs min(a,b) max(a,b), and the constants pi and e.")
    String f;

    @Option(names = "--params", paramLabel = "\"mu=1, g=9.81\"", description = "Named parameters with values.")
    String params;

    @Option(names = "--guard", paramLabel = "EXPR",
            description = "A witness: when it crosses from positive to non-positive, the state is reset by --reset.")
    String guard;

    @Option(names = "--reset", paramLabel = "\"EXPR1; EXPR2\"",
            description = "The state after the guard's event, one expression per state, evaluated at the state before.")
    String reset;

    /** A system parsed from the options, with its names. */
    record Parsed(Variable time, List<Variable> states, List<Variable> parameters, double[] parameterValues,
            Map<String, Variable> names, List<Expression> dynamics) {

        List<String> stateNames() {
            return states.stream().map(Variable::name).toList();
        }

        List<String> parameterNames() {
            return parameters.stream().map(Variable::name).toList();
        }
    }

    /** Parses --vars and --params (every command) and --f (required unless the command says otherwise). */
    Parsed parse(boolean dynamicsRequired) {
        Map<String, Variable> names = new LinkedHashMap<>();
        Variable time = new Variable("t");
        names.put("t", time);
        List<Variable> states = new ArrayList<>();
        for (String name : splitList(vars, ",", "--vars")) {
            states.add(declare(names, name, "--vars"));
        }
        List<Variable> parameters = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        if (params != null && !params.isBlank()) {
            for (String pair : splitList(params, ",", "--params")) {
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    throw new BadInputException("--params: expected name=value, got '" + pair + "'");
                }
                parameters.add(declare(names, pair.substring(0, eq).trim(), "--params"));
                values.add(number(pair.substring(eq + 1).trim(), "--params " + pair.substring(0, eq).trim()));
            }
        }
        List<Expression> dynamics = null;
        if (f != null) {
            dynamics = expressions(f, "--f", names, states.size());
        } else if (dynamicsRequired) {
            throw new BadInputException("--f is required: give one time derivative per state in --vars");
        }
        return new Parsed(time, List.copyOf(states), List.copyOf(parameters),
                values.stream().mapToDouble(Double::doubleValue).toArray(), names, dynamics);
    }

    /** A builder holding the parsed dynamics, parameters and, when given, the guard and reset. */
    SymbolicVectorSystem.Builder builder(Parsed parsed, String name) {
        SymbolicVectorSystem.Builder builder = SymbolicVectorSystem.builder().name(name).time(parsed.time())
                .state(parsed.states()).dynamics(parsed.dynamics());
        for (int k = 0; k < parsed.parameters().size(); k++) {
            builder.parameter(parsed.parameters().get(k), parsed.parameterValues()[k]);
        }
        if ((guard == null) != (reset == null)) {
            throw new BadInputException(guard == null ? "--reset needs --guard" : "--guard needs --reset");
        }
        if (guard != null) {
            Expression g = parseOne(guard, "--guard", 0, parsed.names());
            builder.guardAndReset(g, expressions(reset, "--reset", parsed.names(), parsed.states().size()));
        }
        return builder;
    }

    /** Parses a ';'-separated list of expressions, one per state. */
    static List<Expression> expressions(String text, String option, Map<String, Variable> names, int expected) {
        List<Expression> out = new ArrayList<>();
        int offset = 0;
        for (String piece : text.split(";", -1)) {
            if (!piece.isBlank()) {
                out.add(parseOne(piece, option, offset, names));
            } else if (offset + piece.length() < text.length()) {
                throw new BadInputException(option + ": empty expression before ';' at column " + (offset + piece.length() + 1));
            }
            offset += piece.length() + 1;
        }
        if (out.size() != expected) {
            throw new BadInputException(option + " has " + out.size() + " expression" + (out.size() == 1 ? "" : "s")
                    + ", expected " + expected + " (one per state in --vars)");
        }
        return out;
    }

    /** Parses one formula; a parse error names the option and the column within the option's whole text. */
    static Expression parseOne(String text, String option, int offset, Map<String, Variable> names) {
        try {
            return Formula.parse(text, names);
        } catch (FormulaParseException e) {
            throw new BadInputException(option + ": " + e.problem() + " at column " + (offset + e.column())
                    + " of \"" + text.trim() + "\"");
        }
    }

    static List<String> splitList(String text, String separator, String option) {
        List<String> out = new ArrayList<>();
        for (String piece : text.split(Pattern.quote(separator), -1)) {
            if (piece.isBlank()) {
                throw new BadInputException(option + ": empty entry in '" + text + "'");
            }
            out.add(piece.trim());
        }
        return out;
    }

    static double[] numbers(String text, String option, int expected) {
        List<String> pieces = splitList(text, ",", option);
        if (pieces.size() != expected) {
            throw new BadInputException(option + " has " + pieces.size() + " value" + (pieces.size() == 1 ? "" : "s")
                    + ", expected " + expected + " (one per state in --vars)");
        }
        double[] out = new double[expected];
        for (int i = 0; i < expected; i++) {
            out[i] = number(pieces.get(i), option);
        }
        return out;
    }

    static double number(String text, String option) {
        try {
            double value = Double.parseDouble(text);
            if (!Double.isFinite(value)) {
                throw new BadInputException(option + ": value must be finite, got '" + text + "'");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": not a number: '" + text + "'");
        }
    }

    private static Variable declare(Map<String, Variable> names, String name, String option) {
        if (!NAME.matcher(name).matches()) {
            throw new BadInputException(option + ": '" + name + "' is not a name (letters, digits, _; not starting with a digit)");
        }
        if (Formula.isReserved(name)) {
            throw new BadInputException(option + ": '" + name + "' is reserved (a function or constant name)");
        }
        if (names.containsKey(name)) {
            throw new BadInputException(option + ": '" + name + "' is already used"
                    + (name.equals("t") ? " (t is time)" : ""));
        }
        Variable v = new Variable(name);
        names.put(name, v);
        return v;
    }
}
