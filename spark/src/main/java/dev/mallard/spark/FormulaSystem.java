package dev.mallard.spark;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.FormulaParseException;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A formula system as text, the form in which it travels to Spark's executors (where it is parsed again):
 * state names, one time derivative per state, named parameters with values, and optionally a guard with its
 * reset, written as for the {@code mallard} command ({@code --vars x,v --f "v; -k*x" --params "k=2"}).
 * The text is parsed once on construction, so mistakes are reported on the driver; each JVM then parses it
 * once more to build its own {@link SymbolicVectorSystem} (not serialised: {@code transient}).
 */
public final class FormulaSystem implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

    /** The state names, comma-separated. */
    private final String vars;
    /** The time derivatives, separated by {@code ;}. */
    private final String f;
    /** The {@code name=value} pairs, or null. */
    private final String params;
    /** The guard, or null. */
    private final String guard;
    /** The reset, or null. */
    private final String reset;
    private transient Parsed parsed;

    /** The parsed system with its variables by name (time {@code t}, states, parameters). */
    record Parsed(SymbolicVectorSystem<Double> system, Map<String, Variable> names, List<String> states,
            List<String> parameters) {
    }

    /**
     * @param vars the state names, comma-separated, not null
     * @param f the time derivatives, one expression per state, separated by {@code ;}, not null; definitions
     *     {@code name = EXPR} may stand among them (see {@link Formula#parseList(String, Map)})
     * @param params {@code name=value} pairs, comma-separated; null or blank for none
     * @param guard a witness expression, or null (then {@code reset} must be null)
     * @param reset the state after the guard's event, one expression per state separated by {@code ;}, or null
     * @throws IllegalArgumentException naming the part and the problem if the text does not define a system
     */
    public FormulaSystem(String vars, String f, String params, String guard, String reset) {
        this.vars = Objects.requireNonNull(vars, "vars must not be null");
        this.f = Objects.requireNonNull(f, "f must not be null");
        this.params = params;
        this.guard = guard;
        this.reset = reset;
        if ((guard == null) != (reset == null)) {
            throw new IllegalArgumentException(guard == null ? "a reset needs a guard" : "a guard needs a reset");
        }
        parsed();
    }

    /** @return the parsed system (built once per JVM) */
    Parsed parsed() {
        if (parsed == null) {
            parsed = parse();
        }
        return parsed;
    }

    /** @return the system, built once per JVM from the text; shared, so only read it */
    public SymbolicVectorSystem<Double> system() {
        return parsed().system();
    }

    /**
     * Parses an expression in the system's names ({@code t}, states, parameters).
     *
     * @param text the expression, not null
     * @param what what it is, for the message
     * @return the expression
     * @throws IllegalArgumentException naming {@code what} and the column of a parse error
     */
    public Expression expression(String text, String what) {
        return parseOne(text, what, parsed().names());
    }

    /**
     * Parses a {@code ;}-separated list of expressions in the system's names, among which definitions
     * {@code name = EXPR} may stand ({@code "h = z - 1; h; v"}).
     *
     * @param text the list, not null
     * @param what what it is, for the message
     * @return the expressions other than the definitions, in order, at least one
     * @throws IllegalArgumentException naming {@code what} and the column of a parse error, or if the list has
     *     no expression besides its definitions
     */
    public List<Expression> expressions(String text, String what) {
        List<Expression> out = parseList(text, what, parsed().names());
        if (out.isEmpty()) {
            throw new IllegalArgumentException(what + " has no expression besides its definitions");
        }
        return out;
    }

    private Parsed parse() {
        Map<String, Variable> names = new LinkedHashMap<>();
        Variable time = new Variable("t");
        names.put("t", time);
        List<Variable> states = new ArrayList<>();
        for (String name : vars.split(",", -1)) {
            states.add(declare(names, name.trim(), "vars"));
        }
        SymbolicVectorSystem.Builder builder = SymbolicVectorSystem.builder().name("formula system").time(time)
                .state(states);
        List<String> parameterNames = new ArrayList<>();
        if (params != null && !params.isBlank()) {
            for (String pair : params.split(",", -1)) {
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("params: expected name=value, got '" + pair.trim() + "'");
                }
                Variable p = declare(names, pair.substring(0, eq).trim(), "params");
                builder.parameter(p, number(pair.substring(eq + 1).trim(), "params " + p.name()));
                parameterNames.add(p.name());
            }
        }
        builder.dynamics(expressions(f, "f", names, states.size()));
        if (guard != null) {
            builder.guardAndReset(parseOne(guard, "guard", names), expressions(reset, "reset", names, states.size()));
        }
        return new Parsed(builder.build(Scalar.DOUBLE), Map.copyOf(names),
                states.stream().map(Variable::name).toList(), List.copyOf(parameterNames));
    }

    /** The formulas of a ';'-separated list, among which definitions {@code name = EXPR} may stand. */
    private static List<Expression> expressions(String text, String what, Map<String, Variable> names, int expected) {
        List<Expression> out = parseList(text, what, names);
        if (out.size() != expected) {
            throw new IllegalArgumentException(what + " has " + out.size() + " expressions, expected " + expected
                    + " (one per state)");
        }
        return out;
    }

    /** One formula, which may come with definitions of its own ({@code "h = z - 1; h"}). */
    private static Expression parseOne(String text, String what, Map<String, Variable> names) {
        List<Expression> out = parseList(text, what, names);
        if (out.size() != 1) {
            throw new IllegalArgumentException(what + " has " + out.size() + " expressions besides its definitions, "
                    + "expected 1");
        }
        return out.get(0);
    }

    private static List<Expression> parseList(String text, String what, Map<String, Variable> names) {
        try {
            return Formula.parseList(text, names);
        } catch (FormulaParseException e) {
            throw new IllegalArgumentException(what + ": " + e.problem() + " at column " + e.column() + " of \""
                    + text.trim() + "\"", e);
        }
    }

    static double number(String text, String what) {
        try {
            double value = Double.parseDouble(text);
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException(what + ": value must be finite, got '" + text + "'");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": not a number: '" + text + "'", e);
        }
    }

    private static Variable declare(Map<String, Variable> names, String name, String what) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(what + ": '" + name + "' is not a name");
        }
        if (Formula.isReserved(name) || names.containsKey(name)) {
            throw new IllegalArgumentException(what + ": '" + name + "' is "
                    + (names.containsKey(name) ? "already used" : "reserved (a function or constant)"));
        }
        Variable v = new Variable(name);
        names.put(name, v);
        return v;
    }
}
