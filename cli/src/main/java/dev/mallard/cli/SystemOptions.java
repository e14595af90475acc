package dev.mallard.cli;

import dev.mallard.symbolic.Definitions;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.FormulaParseException;
import dev.mallard.symbolic.NamedConstants;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.ModelFile;
import dev.mallard.systems.symbolic.ModelFileException;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * The options that define the continuous dynamics on the command line ({@code --vars --f --params}),
 * shared by simulate, gradient, inspect and roa, and their translation into a {@link SymbolicVectorSystem}.
 * Every error names the option, quotes an excerpt of the value and, for a formula, the column within the
 * option's whole text.
 */
final class SystemOptions {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

    @Option(names = "--vars", paramLabel = "x1,x2", description = "State names, in order (required unless --model).")
    String vars;

    @Option(names = "--model", paramLabel = "FILE", description = "A model file (YAML or JSON) declaring the states, "
            + "inputs, parameters, definitions, dynamics, events and equilibrium, instead of --vars --f --let; "
            + "--params then sets parameters to other values and gives each input a constant value.")
    Path model;

    @Option(names = "--f", paramLabel = "\"EXPR1; EXPR2\"",
            description = "The time derivatives, one expression per state, separated by ';'. Expressions use numbers, "
                    + "state and parameter names, t, + - * / ^, parentheses, sin cos tan asin acos atan atan2(y,x) sinh "
                    + "cosh tanh exp log sqrt abs min(a,b) max(a,b), and the constants pi and e. Definitions "
                    + "'name = EXPR' may stand among them, in any order: \"d = 10 + sin(th)^2; thd; (u + 1)/d\".")
    String f;

    @Option(names = "--mass-matrix", paramLabel = "\"m11, m12; m21, m22\"", description = "Dynamics in "
            + "mass-matrix form M xdot = f, --f giving f: M's rows separated by ';', entries by ','. A k x k matrix "
            + "acts on the derivatives of the last k states (the others have coefficient 1). The simulator solves "
            + "for xdot at each evaluation; roa analyses M xdot - f = 0.")
    String massMatrix;

    @Option(names = "--let", paramLabel = "\"d = EXPR; M = EXPR\"", description = "Definitions, separated by ';', "
            + "that every formula of the command may use by name; in any order, without cycles.")
    String let;

    @Option(names = "--params", paramLabel = "\"mu=1, g=9.81\"", description = "Named parameters with values; a "
            + "value is a constant expression (8/3, 2*pi, sqrt(2)) without names.")
    String params;

    /**
     * Dynamics in mass-matrix form {@code M xdot = f}: M's rows ({@code k x k}, acting on the last k derivatives)
     * and the right-hand side f.
     */
    record MassForm(List<List<Expression>> matrix, List<Expression> rhs) {
    }

    /**
     * A system parsed from the options, with its names; {@code dynamics} are the explicit time derivatives (with a
     * mass matrix, solved symbolically), {@code massForm} the mass-matrix form they came from or null, and
     * {@code file} the model file the system was read from, or null when it was given by --vars --f --let --params.
     */
    record Parsed(Variable time, List<Variable> states, List<Variable> parameters, double[] parameterValues,
            Map<String, Variable> names, Definitions definitions, List<Expression> dynamics, MassForm massForm,
            ModelFile file) {

        /** The same system with other (explicit) dynamics, leaving any mass-matrix form behind. */
        Parsed withDynamics(List<Expression> f) {
            return new Parsed(time, states, parameters, parameterValues, names, definitions, f, null, file);
        }

        /** The model file's equilibrium, if the system came from one that gives it. */
        Optional<double[]> equilibrium() {
            return file == null ? Optional.empty() : file.equilibrium();
        }

        /** Refuses a model file with events, for a command that analyses the continuous dynamics alone. */
        void requireNoEvents(String command) {
            if (file != null && !file.guards().isEmpty()) {
                throw new BadInputException("--model: " + command + " analyses the continuous dynamics, and the file "
                        + "declares " + file.guards().size() + " event" + (file.guards().size() == 1 ? "" : "s")
                        + "; use simulate or gradient for a hybrid model");
            }
        }

        List<String> stateNames() {
            return states.stream().map(Variable::name).toList();
        }

        List<String> parameterNames() {
            return parameters.stream().map(Variable::name).toList();
        }

        /** Time 0, the states at {@code point} and the parameters at their values. */
        Environment environment(double[] point) {
            Environment env = new Environment().put(time, 0.0);
            for (int i = 0; i < point.length; i++) {
                env.put(states.get(i), point[i]);
            }
            for (int k = 0; k < parameters.size(); k++) {
                env.put(parameters.get(k), parameterValues[k]);
            }
            return env;
        }

        /** The dynamics with the parameters replaced by their values. */
        List<Expression> numericDynamics() {
            Map<Variable, Expression> values = new LinkedHashMap<>();
            for (int k = 0; k < parameters.size(); k++) {
                values.put(parameters.get(k), Expression.constant(parameterValues[k]));
            }
            return dynamics.stream().map(e -> e.substitute(values)).toList();
        }

        /** A point in the user's names, for messages: {@code x1 = 0, x2 = 1.5}. */
        String describe(double[] point) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < point.length; i++) {
                out.append(i == 0 ? "" : ", ").append(states.get(i).name()).append(" = ")
                        .append(Messages.number(point[i]));
            }
            return out.toString();
        }

        /** A simulator's message with "continuous state index i (entry i of system)" in the user's names. */
        String inUserNames(String message) {
            Matcher m = STATE_INDEX.matcher(message);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                int i = Integer.parseInt(m.group(1));
                m.appendReplacement(out, Matcher.quoteReplacement(
                        "state " + (i < states.size() ? states.get(i).name() : m.group(1))));
            }
            return m.appendTail(out).toString();
        }
    }

    private static final Pattern STATE_INDEX = Pattern.compile("continuous state index (\\d+) \\(entry \\d+ of [^)]*\\)");

    /** Parses --vars and --params (every command) and --f (required unless the command says otherwise). */
    Parsed parse(boolean dynamicsRequired) {
        return parse(dynamicsRequired, List.of(), null);
    }

    /**
     * As {@link #parse(boolean)}, with further names that --f may use (a command's inputs), declared after the
     * parameters and found in {@link Parsed#names()}; {@code option} names them in messages.
     */
    Parsed parse(boolean dynamicsRequired, List<String> extraNames, String option) {
        if (model != null) {
            return parseModel(extraNames, option);
        }
        if (vars == null) {
            throw new BadInputException("--vars is required: give the state names, or a model file with --model");
        }
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
            for (NamedConstants.Entry entry : paramEntries()) {
                parameters.add(declare(names, entry.name(), "--params"));
                values.add(value(entry));
            }
        }
        for (String name : extraNames) {
            declare(names, name, option);
        }
        Definitions definitions = Definitions.NONE;
        if (let != null) {
            try {
                definitions = Definitions.parse(let, names);
            } catch (FormulaParseException e) {
                throw inOption(e, "--let");
            }
        }
        List<Expression> dynamics = null;
        if (f != null) {
            dynamics = expressions(f, "--f", names, definitions, states.size());
        } else if (dynamicsRequired || massMatrix != null) {
            throw new BadInputException("--f is required: give one time derivative per state in --vars"
                    + (massMatrix != null ? " (with --mass-matrix, the right-hand side f of M xdot = f)" : ""));
        }
        MassForm massForm = null;
        if (massMatrix != null) {
            massForm = new MassForm(matrix(names, definitions, states.size()), dynamics);
            dynamics = explicit(massForm, "--mass-matrix");
        }
        return new Parsed(time, List.copyOf(states), List.copyOf(parameters),
                values.stream().mapToDouble(Double::doubleValue).toArray(), names, definitions, dynamics, massForm,
                null);
    }

    /**
     * The system of --model. --params may set the file's parameters to other values, and must give a value (held
     * constant) to each input of the file that the command does not feed; the command's own names
     * ({@code extraNames}, e.g. roa's inputs) must otherwise be the file's inputs, in order.
     */
    private Parsed parseModel(List<String> extraNames, String option) {
        for (String given : new String[] {vars == null ? null : "--vars", f == null ? null : "--f",
                let == null ? null : "--let", massMatrix == null ? null : "--mass-matrix"}) {
            if (given != null) {
                throw new BadInputException("--model: the file declares the system; " + given + " cannot be given "
                        + "beside it");
            }
        }
        ModelFile file = readModel();
        List<String> inputs = file.inputs().stream().map(Variable::name).toList();
        boolean inputsAsParameters = extraNames.isEmpty();
        if (!inputsAsParameters && !inputs.equals(extraNames)) {
            throw new BadInputException("--model: the file declares the inputs " + inputs + ", but " + option
                    + " gives " + extraNames);
        }
        Map<String, Variable> names = new LinkedHashMap<>();
        names.put("t", file.time());
        file.states().forEach(v -> names.put(v.name(), v));
        List<Variable> parameters = new ArrayList<>(file.parameters());
        List<Double> values = new ArrayList<>();
        for (double v : file.parameterValues()) {
            values.add(v);
        }
        if (inputsAsParameters) {
            parameters.addAll(file.inputs());
            file.inputs().forEach(u -> values.add(Double.NaN));
        }
        parameters.forEach(v -> names.put(v.name(), v));
        if (!inputsAsParameters) {
            file.inputs().forEach(v -> names.put(v.name(), v));
        }
        if (params != null && !params.isBlank()) {
            overrideParameters(parameters, values);
        }
        for (int k = 0; k < parameters.size(); k++) {
            if (Double.isNaN(values.get(k))) {
                throw new BadInputException("--model: the file's input '" + parameters.get(k).name() + "' has no "
                        + "value; give one with --params " + parameters.get(k).name() + "=VALUE (held constant)");
            }
        }
        MassForm massForm = file.massMatrix().isEmpty() ? null : new MassForm(file.massMatrix(), file.dynamics());
        return new Parsed(file.time(), file.states(), List.copyOf(parameters),
                values.stream().mapToDouble(Double::doubleValue).toArray(), names, file.definitions(),
                massForm == null ? file.dynamics() : explicit(massForm, "--model: mass_matrix"), massForm, file);
    }

    /** --mass-matrix: k x k with k from 1 to the number of states. */
    private List<List<Expression>> matrix(Map<String, Variable> names, Definitions definitions, int n) {
        List<List<Expression>> m;
        try {
            m = Formula.parseMatrix(massMatrix, names, definitions);
        } catch (FormulaParseException e) {
            throw inOption(e, "--mass-matrix");
        }
        if (m.size() > n || m.get(0).size() != m.size()) {
            throw new BadInputException("--mass-matrix is " + m.size() + " x " + m.get(0).size() + "; it must be "
                    + "square with 1 to " + n + " rows (one per state whose derivative it multiplies, the last ones)");
        }
        return m;
    }

    /** The explicit dynamics of a mass-matrix form, solved symbolically. */
    private static List<Expression> explicit(MassForm form, String option) {
        try {
            return SymbolicVectorSystem.explicitForm(form.matrix(), form.rhs());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + ": " + e.getMessage());
        }
    }

    private ModelFile readModel() {
        try {
            return ModelFile.read(model);
        } catch (NoSuchFileException e) {
            throw new BadInputException("--model: no such file: " + model);
        } catch (IOException e) {
            throw new BadInputException("--model: cannot read " + model + ": " + e.getMessage());
        } catch (ModelFileException e) {
            throw new BadInputException("--model: " + e.getMessage());
        }
    }

    /** --params beside --model: new values of the file's parameters (and of its inputs, held constant). */
    private void overrideParameters(List<Variable> parameters, List<Double> values) {
        List<String> known = parameters.stream().map(Variable::name).toList();
        for (NamedConstants.Entry entry : paramEntries()) {
            int k = known.indexOf(entry.name());
            if (k < 0) {
                throw new BadInputException("--params: '" + Messages.quote(entry.name()) + "' is not a parameter or "
                        + "input of the model file; it has " + known);
            }
            values.set(k, value(entry));
        }
    }

    /** The entries of --params, in order, their values parsed only when asked (after the names are checked). */
    private List<NamedConstants.Entry> paramEntries() {
        try {
            return NamedConstants.entries(params);
        } catch (FormulaParseException e) {
            throw inOption(e, "--params");
        }
    }

    /** An entry's value; an error names the entry and the column in the whole --params text. */
    private static double value(NamedConstants.Entry entry) {
        try {
            return entry.value();
        } catch (FormulaParseException e) {
            throw inOption(e, "--params " + entry.name());
        }
    }

    /** A builder holding the parsed dynamics and parameters. */
    static SymbolicVectorSystem.Builder builder(Parsed parsed, String name) {
        SymbolicVectorSystem.Builder builder = SymbolicVectorSystem.builder().name(name).time(parsed.time())
                .state(parsed.states());
        if (parsed.massForm() == null) {
            builder.dynamics(parsed.dynamics());
        } else {
            builder.dynamics(parsed.massForm().rhs()).massMatrix(parsed.massForm().matrix());
        }
        for (int k = 0; k < parsed.parameters().size(); k++) {
            builder.parameter(parsed.parameters().get(k), parsed.parameterValues()[k]);
        }
        if (parsed.file() != null) {
            for (int k = 0; k < parsed.file().guards().size(); k++) {
                builder.guardAndReset(parsed.file().guards().get(k), parsed.file().reset(k));
            }
        }
        return builder;
    }

    /** As {@link #expressions(String, String, Map, Definitions, int)} without --let definitions. */
    static List<Expression> expressions(String text, String option, Map<String, Variable> names, int expected) {
        return expressions(text, option, names, Definitions.NONE, expected);
    }

    /**
     * Parses a ';'-separated list of expressions, one per state, among which definitions {@code name = EXPR}
     * may stand; {@code definitions} (from --let) may be used too.
     */
    static List<Expression> expressions(String text, String option, Map<String, Variable> names,
            Definitions definitions, int expected) {
        List<Expression> out;
        try {
            out = Formula.parseList(text, names, definitions);
        } catch (FormulaParseException e) {
            throw inOption(e, option);
        }
        if (out.size() != expected) {
            throw new BadInputException(option + " has " + out.size() + " expression" + (out.size() == 1 ? "" : "s")
                    + ", expected " + expected + " (one per state in --vars)");
        }
        return out;
    }

    /**
     * Parses one formula, which may use {@code definitions} and be preceded or followed by definitions of its own
     * ({@code "e2 = x^2; e2/2"}); a parse error names the option and the column.
     */
    static Expression parseOne(String text, String option, Map<String, Variable> names, Definitions definitions) {
        List<Expression> out;
        try {
            out = Formula.parseList(text, names, definitions);
        } catch (FormulaParseException e) {
            throw inOption(e, option);
        }
        if (out.size() != 1) {
            throw new BadInputException(option + " has " + out.size() + " expressions besides its definitions, "
                    + "expected 1");
        }
        return out.get(0);
    }

    /** A formula error of an option's whole text, as a one-line message naming the option and the column. */
    private static BadInputException inOption(FormulaParseException e, String option) {
        return at(e.formula(), e.column(), e.problem(), option);
    }

    private static BadInputException at(String text, int column, String problem, String option) {
        return new BadInputException(option + ": " + problem + " at column " + column + " of \""
                + Messages.excerpt(text, column) + "\"");
    }

    static List<String> splitList(String text, String separator, String option) {
        List<String> out = new ArrayList<>();
        for (String piece : text.split(Pattern.quote(separator), -1)) {
            if (piece.isBlank()) {
                throw new BadInputException(option + ": empty entry in '" + Messages.quote(text) + "'");
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
                throw new BadInputException(option + ": value must be finite, got '" + Messages.quote(text) + "'");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": not a number: '" + Messages.quote(text) + "'");
        }
    }

    private static Variable declare(Map<String, Variable> names, String name, String option) {
        if (!NAME.matcher(name).matches()) {
            throw new BadInputException(option + ": '" + Messages.quote(name) + "' is not a name (letters, digits, _; not starting with a digit)");
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
