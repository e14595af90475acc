package dev.mallard.systems.symbolic;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Definitions;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.FormulaParseException;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.LocatedYaml.Node;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A system declared in one text file (YAML, or JSON, which is YAML): its states, inputs, parameters with their
 * values, definitions, dynamics, outputs, guard/reset events and equilibrium. For example:
 *
 * <pre>{@code
 * name: pendulum
 * states: [th, thd]
 * inputs: [u]
 * parameters: {m: 1, l: 0.5, b: 0.1, g: 9.81}
 * definitions:
 *   I: m*l^2
 * dynamics:
 *   th: thd
 *   thd: (u - b*thd - m*g*l*sin(th))/I
 * outputs:
 *   height: -l*cos(th)
 * equilibrium: {th: 0, thd: 0}
 * }</pre>
 *
 * <p>Dynamics may be given in mass-matrix form {@code M(x) xdot = f(x)}: {@code mass_matrix} is a list of
 * {@code k} rows of {@code k} formulas acting on the derivatives of the last {@code k} states (the others having
 * coefficient 1), and {@code dynamics} then gives {@code f}; for a mechanical system with states {@code [q, v]},
 * {@code mass_matrix: [[m1 + m2, m2*cos(q)], [m2*cos(q), m2]]} with {@code dynamics} {@code q: v} and {@code v:}
 * the generalised forces. The simulator solves for xdot at each evaluation.
 *
 * <p>{@code states} and {@code dynamics} (one formula per state, keyed by its name) are required; the rest is
 * optional. A parameter's value is a number or a constant formula ({@code 2*pi}); definitions may use states,
 * inputs, parameters, {@code t} and each other, in any order, without cycles (as in {@link Formula#parseList});
 * {@code events} is a list of {@code {guard: FORMULA, reset: {state: FORMULA, ...}}}, where a state the reset
 * does not name keeps its value. Every error is a {@link ModelFileException} naming the file, line and column: of
 * the formula's offending character where the formula stands on one line, else of the formula's start. Immutable.
 */
public final class ModelFile {

    private static final Set<String> KEYS = Set.of("name", "states", "inputs", "parameters", "definitions",
            "dynamics", "mass_matrix", "outputs", "events", "equilibrium");

    private final String name;
    private final Variable time = new Variable("t");
    private final List<Variable> states;
    private final List<Variable> inputs;
    private final List<Variable> parameters;
    private final double[] parameterValues;
    private final Definitions definitions;
    private final List<Expression> dynamics;
    private final List<List<Expression>> massMatrix;
    private final List<String> outputNames;
    private final List<Expression> outputs;
    private final List<Expression> guards;
    private final List<List<Expression>> resets;
    private final double[] equilibrium;

    private ModelFile(Reader r) {
        this.name = r.name;
        this.states = List.copyOf(r.states);
        this.inputs = List.copyOf(r.inputs);
        this.parameters = List.copyOf(r.parameters);
        this.parameterValues = r.parameterValues;
        this.definitions = r.definitions;
        this.dynamics = List.copyOf(r.dynamics);
        this.massMatrix = List.copyOf(r.massMatrix);
        this.outputNames = List.copyOf(r.outputNames);
        this.outputs = List.copyOf(r.outputs);
        this.guards = List.copyOf(r.guards);
        this.resets = List.copyOf(r.resets);
        this.equilibrium = r.equilibrium;
    }

    /**
     * Reads a model file (UTF-8).
     *
     * @param file the file, not modified
     * @return the model
     * @throws IOException if the file cannot be read
     * @throws ModelFileException naming the file, line and column of what is wrong in it
     */
    public static ModelFile read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * Parses a model from text.
     *
     * @param text the YAML or JSON text, not null
     * @param source the name messages give the text, e.g. its file name
     * @return the model
     * @throws ModelFileException naming the source, line and column of what is wrong
     */
    public static ModelFile parse(String text, String source) {
        return new ModelFile(new Reader(text, source));
    }

    /** @return the model's name ({@code "model"} if the file gives none) */
    public String name() {
        return name;
    }

    /** @return the time variable {@code t} the formulas use */
    public Variable time() {
        return time;
    }

    /** @return the state variables, in the file's order (unmodifiable) */
    public List<Variable> states() {
        return states;
    }

    /** @return the input variables, in the file's order (unmodifiable; empty if none) */
    public List<Variable> inputs() {
        return inputs;
    }

    /** @return the parameter variables, in the file's order (unmodifiable; empty if none) */
    public List<Variable> parameters() {
        return parameters;
    }

    /** @return the parameters' values, in {@link #parameters()}' order (a copy) */
    public double[] parameterValues() {
        return parameterValues.clone();
    }

    /** @return the file's definitions, in the file's order */
    public Definitions definitions() {
        return definitions;
    }

    /**
     * @return the time derivatives, one per state in {@link #states()}' order, definitions expanded; with a mass
     *     matrix, the right-hand side {@code f} of {@code M xdot = f}
     */
    public List<Expression> dynamics() {
        return dynamics;
    }

    /**
     * @return the mass matrix's rows ({@code k x k}, acting on the derivatives of the last {@code k} states), or an
     *     empty list if the dynamics are explicit (unmodifiable)
     */
    public List<List<Expression>> massMatrix() {
        return massMatrix;
    }

    /** @return the outputs' names, in the file's order (unmodifiable; empty if none) */
    public List<String> outputNames() {
        return outputNames;
    }

    /** @return the outputs, in {@link #outputNames()}' order (unmodifiable) */
    public List<Expression> outputs() {
        return outputs;
    }

    /** @return the events' guards, in the file's order (unmodifiable; empty if none) */
    public List<Expression> guards() {
        return guards;
    }

    /**
     * @param k the event, 0-based, below {@code guards().size()}
     * @return the event's reset, one expression per state
     */
    public List<Expression> reset(int k) {
        return resets.get(k);
    }

    /** @return the equilibrium in {@link #states()}' order, if the file gives one (a copy) */
    public Optional<double[]> equilibrium() {
        return Optional.ofNullable(equilibrium).map(double[]::clone);
    }

    /**
     * Builds the system the file declares, its parameters at the file's values.
     *
     * @param scalar the number type
     * @param <T> that type
     * @return a new system
     */
    public <T> SymbolicVectorSystem<T> toSystem(Scalar<T> scalar) {
        SymbolicVectorSystem.Builder b = SymbolicVectorSystem.builder().name(name).time(time).state(states)
                .input(inputs).dynamics(dynamics);
        if (!massMatrix.isEmpty()) {
            b.massMatrix(massMatrix);
        }
        for (int k = 0; k < parameters.size(); k++) {
            b.parameter(parameters.get(k), parameterValues[k]);
        }
        if (!outputs.isEmpty()) {
            b.output(outputs);
        }
        for (int k = 0; k < guards.size(); k++) {
            b.guardAndReset(guards.get(k), resets.get(k));
        }
        return b.build(scalar);
    }

    /** Reads the document section by section; each step sees the names the earlier ones declared. */
    private static final class Reader {

        private final String source;
        private final String[] lines;
        private final Map<String, Variable> names = new LinkedHashMap<>();
        private String name = "model";
        private final List<Variable> states = new ArrayList<>();
        private final List<Variable> inputs = new ArrayList<>();
        private final List<Variable> parameters = new ArrayList<>();
        private double[] parameterValues = new double[0];
        private Definitions definitions = Definitions.NONE;
        private final List<Expression> dynamics = new ArrayList<>();
        private final List<List<Expression>> massMatrix = new ArrayList<>();
        private final List<String> outputNames = new ArrayList<>();
        private final List<Expression> outputs = new ArrayList<>();
        private final List<Expression> guards = new ArrayList<>();
        private final List<List<Expression>> resets = new ArrayList<>();
        private double[] equilibrium;

        Reader(String text, String source) {
            this.source = source;
            this.lines = text.split("\r?\n", -1);
            Node root = LocatedYaml.read(text, source);
            Map<String, Node> top = map(root, "the file");
            for (Map.Entry<String, Node> e : top.entrySet()) {
                if (!KEYS.contains(e.getKey())) {
                    throw error(e.getValue().keyLine(), e.getValue().keyColumn(), "unknown key '" + e.getKey()
                            + "'; a model file has " + String.join(", ", KEYS.stream().sorted().toList()));
                }
            }
            names.put("t", new Variable("t"));
            if (top.containsKey("name")) {
                name = scalar(top.get("name"), "name");
            }
            declareAll(required(top, "states", root), "states", states);
            if (top.containsKey("inputs")) {
                declareAll(top.get("inputs"), "inputs", inputs);
            }
            if (top.containsKey("parameters")) {
                readParameters(top.get("parameters"));
            }
            if (top.containsKey("definitions")) {
                readDefinitions(top.get("definitions"));
            }
            readDynamics(required(top, "dynamics", root));
            if (top.containsKey("mass_matrix")) {
                readMassMatrix(top.get("mass_matrix"));
            }
            if (top.containsKey("outputs")) {
                for (Map.Entry<String, Node> e : map(top.get("outputs"), "outputs").entrySet()) {
                    outputNames.add(e.getKey());
                    outputs.add(formula(e.getValue(), "output " + e.getKey()));
                }
            }
            if (top.containsKey("events")) {
                readEvents(top.get("events"));
            }
            if (top.containsKey("equilibrium")) {
                equilibrium = perState(top.get("equilibrium"), "equilibrium");
            }
        }

        private void declareAll(Node list, String section, List<Variable> into) {
            for (Node n : list(list, section)) {
                String v = scalar(n, section);
                if (!v.matches("[A-Za-z_][A-Za-z_0-9]*")) {
                    throw error(n, section + ": '" + v + "' is not a name (a letter or _, then letters, digits, _)");
                }
                if (names.containsKey(v) || Formula.isReserved(v)) {
                    throw error(n, section + ": the name '" + v + "' is "
                            + (names.containsKey(v) ? "already declared" : "reserved (a function or constant)"));
                }
                Variable var = new Variable(v);
                names.put(v, var);
                into.add(var);
            }
        }

        private void readParameters(Node node) {
            Map<String, Node> map = map(node, "parameters");
            parameterValues = new double[map.size()];
            int k = 0;
            for (Map.Entry<String, Node> e : map.entrySet()) {
                Node value = e.getValue();
                Node key = new Node(e.getKey(), false, value.keyLine(), value.keyColumn(), value.keyLine(),
                        value.keyColumn());
                declareAll(new Node(List.of(key), false, key.line(), key.column(), key.line(), key.column()),
                        "parameters", parameters);
                Expression c = formulaIn(value, "parameter " + e.getKey(), Map.of(), Definitions.NONE);
                double v = c.evaluate(new Environment());
                if (!Double.isFinite(v)) {
                    throw error(value, "parameter " + e.getKey() + ": the value " + v + " is not finite");
                }
                parameterValues[k++] = v;
            }
        }

        private void readDefinitions(Node node) {
            Map<String, Node> map = map(node, "definitions");
            StringBuilder text = new StringBuilder();
            List<int[]> spans = new ArrayList<>();
            List<Node> values = new ArrayList<>();
            for (Map.Entry<String, Node> e : map.entrySet()) {
                if (text.length() > 0) {
                    text.append("; ");
                }
                text.append(e.getKey()).append(" = ");
                String formula = scalar(e.getValue(), "definition " + e.getKey());
                spans.add(new int[] {text.length(), text.length() + formula.length()});
                values.add(e.getValue());
                text.append(formula);
            }
            try {
                definitions = Definitions.parse(text.toString(), names);
            } catch (FormulaParseException ex) {
                int at = ex.column() - 1;
                for (int i = 0; i < spans.size(); i++) {
                    if (at <= spans.get(i)[1] || i == spans.size() - 1) {
                        throw formulaError(values.get(i), Math.max(at - spans.get(i)[0], 0), ex.problem());
                    }
                }
                throw ex;
            }
        }

        private void readDynamics(Node node) {
            Map<String, Node> map = map(node, "dynamics");
            for (Map.Entry<String, Node> e : map.entrySet()) {
                Variable v = names.get(e.getKey());
                if (v == null || !states.contains(v)) {
                    throw error(e.getValue().keyLine(), e.getValue().keyColumn(), "dynamics: '" + e.getKey()
                            + "' is not a state; the states are " + stateNames());
                }
            }
            for (Variable s : states) {
                Node f = map.get(s.name());
                if (f == null) {
                    throw error(node, "dynamics: no formula for the state '" + s.name() + "'");
                }
                dynamics.add(formula(f, "dynamics of " + s.name()));
            }
        }

        /** A list of k rows of k formulas, k from 1 to the number of states. */
        private void readMassMatrix(Node node) {
            List<Node> rows = list(node, "mass_matrix");
            if (rows.isEmpty() || rows.size() > states.size()) {
                throw error(node, "mass_matrix has " + rows.size() + " rows; it must have 1 to " + states.size()
                        + " (it acts on the derivatives of the last states " + stateNames() + ")");
            }
            for (int r = 0; r < rows.size(); r++) {
                List<Node> entries = list(rows.get(r), "mass_matrix row " + (r + 1));
                if (entries.size() != rows.size()) {
                    throw error(rows.get(r), "mass_matrix row " + (r + 1) + " has " + entries.size()
                            + " entries; the matrix must be square (" + rows.size() + " x " + rows.size() + ")");
                }
                List<Expression> row = new ArrayList<>();
                for (int c = 0; c < entries.size(); c++) {
                    row.add(formula(entries.get(c), "mass_matrix row " + (r + 1) + ", entry " + (c + 1)));
                }
                massMatrix.add(List.copyOf(row));
            }
        }

        private void readEvents(Node node) {
            for (Node event : list(node, "events")) {
                Map<String, Node> e = map(event, "an event");
                for (Map.Entry<String, Node> k : e.entrySet()) {
                    if (!k.getKey().equals("guard") && !k.getKey().equals("reset")) {
                        throw error(k.getValue().keyLine(), k.getValue().keyColumn(), "unknown key '" + k.getKey()
                                + "' in an event; an event has guard and reset");
                    }
                }
                guards.add(formula(required(e, "guard", event), "guard"));
                Map<String, Node> reset = e.containsKey("reset") ? map(e.get("reset"), "reset") : Map.of();
                List<Expression> r = new ArrayList<>();
                for (Variable s : states) {
                    Node f = reset.get(s.name());
                    r.add(f == null ? s.toExpression() : formula(f, "reset of " + s.name()));
                }
                for (Map.Entry<String, Node> k : reset.entrySet()) {
                    if (!states.contains(names.get(k.getKey()))) {
                        throw error(k.getValue().keyLine(), k.getValue().keyColumn(), "reset: '" + k.getKey()
                                + "' is not a state; the states are " + stateNames());
                    }
                }
                resets.add(r);
            }
        }

        private double[] perState(Node node, String section) {
            Map<String, Node> map = map(node, section);
            double[] out = new double[states.size()];
            for (Map.Entry<String, Node> e : map.entrySet()) {
                int i = states.indexOf(names.get(e.getKey()));
                if (i < 0) {
                    throw error(e.getValue().keyLine(), e.getValue().keyColumn(), section + ": '" + e.getKey()
                            + "' is not a state; the states are " + stateNames());
                }
                out[i] = formulaIn(e.getValue(), section + " of " + e.getKey(), Map.of(), Definitions.NONE)
                        .evaluate(new Environment());
                if (!Double.isFinite(out[i])) {
                    throw error(e.getValue(), section + " of " + e.getKey() + ": " + out[i] + " is not finite");
                }
            }
            for (Variable s : states) {
                if (!map.containsKey(s.name())) {
                    throw error(node, section + ": no value for the state '" + s.name() + "'");
                }
            }
            return out;
        }

        private List<String> stateNames() {
            return states.stream().map(Variable::name).toList();
        }

        private Expression formula(Node node, String what) {
            return formulaIn(node, what, names, definitions);
        }

        private Expression formulaIn(Node node, String what, Map<String, Variable> known, Definitions defs) {
            String text = scalar(node, what);
            try {
                return Formula.parse(text, known, defs);
            } catch (FormulaParseException e) {
                throw formulaError(node, e.column() - 1, what + ": " + e.problem());
            }
        }

        /** The place of character {@code offset} of the formula in {@code node}, if it stands on one line. */
        private ModelFileException formulaError(Node node, int offset, String problem) {
            String text = (String) node.value();
            int line = node.line();
            int column = node.column();
            if (line >= 1 && line <= lines.length) {
                String src = lines[line - 1];
                int start = column - 1;
                boolean quoted = start < src.length() && (src.charAt(start) == '"' || src.charAt(start) == '\'');
                int body = quoted ? start + 1 : start;
                if (src.startsWith(text, body)) {
                    return error(line, body + 1 + offset, problem);
                }
            }
            return error(line, column, problem + " (at character " + (offset + 1) + " of the formula)");
        }

        private Node required(Map<String, Node> map, String key, Node owner) {
            Node n = map.get(key);
            if (n == null) {
                throw error(owner, "'" + key + "' is missing");
            }
            return n;
        }

        @SuppressWarnings("unchecked")
        private Map<String, Node> map(Node node, String what) {
            if (!(node.value() instanceof Map)) {
                throw error(node, what + " must be a map of name: value");
            }
            return (Map<String, Node>) node.value();
        }

        @SuppressWarnings("unchecked")
        private List<Node> list(Node node, String what) {
            if (!(node.value() instanceof List)) {
                throw error(node, what + " must be a list, e.g. [x, v]");
            }
            return Collections.unmodifiableList((List<Node>) node.value());
        }

        private String scalar(Node node, String what) {
            if (!(node.value() instanceof String s)) {
                throw error(node, what + " must be a single value"
                        + (node.value() == null ? ", not empty" : ", not a list or map"));
            }
            return s;
        }

        private ModelFileException error(Node node, String problem) {
            return error(node.line(), node.column(), problem);
        }

        private ModelFileException error(int line, int column, String problem) {
            return new ModelFileException(source, line, column, problem);
        }
    }
}
