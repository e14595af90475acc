package dev.mallard.systems.symbolic;

import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Event;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A system's equations as expressions in named variables (Drake's SystemSymbolicInspector, and more): the
 * system is converted to {@link Expression} and evaluated once on a context whose time, state, inputs and
 * (optionally) parameters are variables.
 *
 * <p>Variables: the time {@code t}; continuous states {@code x0 .. x(n-1)} and discrete states (all groups of all
 * leaves, flattened in leaf order) {@code xd0 ..}; the vector input ports of the system, flattened in port order,
 * {@code u0 ..}; numeric parameters (all groups of all leaves, flattened) {@code p0 ..}. Declared names win over
 * these numbered ones: a continuous state named by {@code LeafSystem.setContinuousStateNames} is a variable of
 * that name, and so is a numeric parameter group of one entry declared with a name
 * ({@code declareNumericParameter("m1", 1.0)}); the entries of a named group of several are {@code name_0,
 * name_1, ...}. A declared name that is not a formula name (letters, digits, {@code _}, not starting with a
 * digit, not reserved), or that two states or parameters of the system share (two copies of one leaf in a
 * diagram), keeps its numbered name; so every variable's name is distinct and reads back in a formula (a
 * numbered name already taken by a declared one gets a suffix {@code _1}, {@code _2}, ...). A
 * {@link SymbolicVectorSystem} keeps its own variables instead. Abstract input ports are left unset (a system
 * that reads one cannot be inspected).
 *
 * <p>"The dynamics" below means the continuous time derivatives followed by the discrete updates (the
 * system's periodic discrete updates, which must share one period and offset); "the state" means the
 * continuous then the discrete state variables, so for a purely continuous or purely discrete system the
 * Jacobians {@link #getA()}, {@link #getB()} are the usual ones.
 *
 * <p>Instances are immutable; everything is computed at construction.
 */
public final class SystemSymbolicInspector {

    private final DynamicalSystem<Expression> system;
    private final List<double[]> numericParameters;
    private final String systemName;
    private final Variable time;
    private final List<Variable> continuousState;
    private final List<Variable> discreteState;
    private final List<Variable> inputs;
    private final List<List<Variable>> inputsByPort;
    private final List<Variable> parameters;
    private final List<Expression> derivatives;
    private final List<Expression> discreteUpdates;
    private final OptionalDouble discretePeriod;
    private final List<List<Expression>> outputsByPort;

    private SystemSymbolicInspector(DynamicalSystem<Expression> system, List<double[]> numericParameters) {
        this.system = system;
        this.systemName = system.getName();
        this.numericParameters = numericParameters;
        Context<Expression> probe = system.createDefaultContext();
        List<Context<Expression>> leaves = probe.getLeafContexts();
        Naming names = Naming.of(system, leaves);
        this.time = names.time;
        this.continuousState = names.continuousState(probe.getNumContinuousStates());
        this.discreteState = names.discreteState(countDiscrete(leaves));
        this.inputsByPort = new ArrayList<>();
        this.inputs = names.inputs(countInputs(system));
        int k = 0;
        for (int p = 0; p < system.numInputPorts(); p++) {
            InputPort<Expression> port = system.getInputPort(p);
            int size = port.isAbstract() ? 0 : port.size();
            inputsByPort.add(List.copyOf(inputs.subList(k, k + size)));
            k += size;
        }
        this.parameters = numericParameters == null ? names.parameters(countParameters(leaves)) : List.of();
        Context<Expression> context = createSymbolicContext();
        try {
            this.derivatives = computeDerivatives(system, context);
            this.discretePeriod = uniqueDiscretePeriod(system);
            this.discreteUpdates = computeDiscreteUpdates(system, context);
            this.outputsByPort = computeOutputs(system, context);
        } catch (NonNumericValueException e) {
            throw new IllegalArgumentException(systemName + " cannot be inspected symbolically: it needs the value "
                    + "of a symbolic quantity (it branches on or compares values): " + e.getMessage(), e);
        }
    }

    /**
     * Inspects a system with symbolic parameters {@code p0 ..}.
     *
     * @param system any system that converts to {@link Expression}
     * @return the inspector
     * @throws UnsupportedOperationException if the system cannot be converted (naming it)
     * @throws IllegalArgumentException if its equations branch on values of the state, inputs or parameters
     */
    public static SystemSymbolicInspector of(DynamicalSystem<?> system) {
        Objects.requireNonNull(system, "system must not be null");
        return new SystemSymbolicInspector(system.toScalar(Expression.SCALAR), null);
    }

    /**
     * Inspects a system with its numeric parameters fixed to the values in {@code context} (the inspector
     * then has no parameter variables). Systems that branch on parameter values can be inspected this way.
     *
     * @param system any system that converts to {@link Expression}
     * @param context a root context of {@code system} holding the parameter values; not modified
     * @param <T> the system's number type
     * @return the inspector
     * @throws UnsupportedOperationException if the system cannot be converted (naming it)
     * @throws IllegalArgumentException if the context is not a root context of the system, or its equations
     *     branch on values of the state or inputs
     */
    public static <T> SystemSymbolicInspector withNumericParameters(DynamicalSystem<T> system, Context<T> context) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != system || !context.isRootContext()) {
            throw new IllegalArgumentException("the context must be a root context of " + system.getName());
        }
        List<double[]> values = new ArrayList<>();
        for (Context<T> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                values.add(leaf.getNumericParameter(g).toValueArray());
            }
        }
        return new SystemSymbolicInspector(system.toScalar(Expression.SCALAR), values);
    }

    // ---- variable assignment ---------------------------------------------------------------------------

    private static int countDiscrete(List<Context<Expression>> leaves) {
        int count = 0;
        for (Context<Expression> leaf : leaves) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                count += leaf.getDiscreteState(g).size();
            }
        }
        return count;
    }

    private static int countInputs(DynamicalSystem<Expression> system) {
        int count = 0;
        for (int p = 0; p < system.numInputPorts(); p++) {
            InputPort<Expression> port = system.getInputPort(p);
            count += port.isAbstract() ? 0 : port.size();
        }
        return count;
    }

    private static int countParameters(List<Context<Expression>> leaves) {
        int count = 0;
        for (Context<Expression> leaf : leaves) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                count += leaf.getNumericParameter(g).size();
            }
        }
        return count;
    }

    /** @return the inspected system converted to {@link Expression} */
    public DynamicalSystem<Expression> getSymbolicSystem() {
        return system;
    }

    /**
     * A new root context of {@link #getSymbolicSystem()} whose time, states, vector inputs and (unless kept
     * numeric) parameters are this inspector's variables: evaluating anything of the system on it gives
     * expressions in these variables. Set the time to a constant before stepping it with an integrator.
     *
     * @return the context
     */
    public Context<Expression> createSymbolicContext() {
        Context<Expression> context = system.createDefaultContext();
        context.setTime(Expression.of(time));
        ContinuousState<Expression> xc = context.getMutableContinuousState();
        for (int i = 0; i < continuousState.size(); i++) {
            xc.set(i, Expression.of(continuousState.get(i)));
        }
        int k = 0;
        int q = 0;
        int group = 0;
        for (Context<Expression> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                ScalarVector<Expression> xd = leaf.getMutableDiscreteState(g);
                for (int i = 0; i < xd.size(); i++) {
                    xd.set(i, Expression.of(discreteState.get(k++)));
                }
            }
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++, group++) {
                ScalarVector<Expression> p = leaf.getMutableNumericParameter(g);
                for (int i = 0; i < p.size(); i++) {
                    p.set(i, numericParameters == null ? Expression.of(parameters.get(q++))
                            : Expression.constant(numericParameters.get(group)[i]));
                }
            }
        }
        for (int p = 0; p < inputsByPort.size(); p++) {
            List<Variable> u = inputsByPort.get(p);
            if (system.getInputPort(p).isAbstract()) {
                continue;
            }
            ScalarVector<Expression> value = Expression.SCALAR.newVector(u.size());
            for (int i = 0; i < u.size(); i++) {
                value.set(i, Expression.of(u.get(i)));
            }
            context.fixInputPort(p, value);
        }
        return context;
    }

    // ---- evaluation --------------------------------------------------------------------------------------

    private static List<Expression> computeDerivatives(DynamicalSystem<Expression> system, Context<Expression> context) {
        ContinuousState<Expression> d = system.allocateTimeDerivatives();
        if (d.size() > 0) {
            system.calcTimeDerivatives(context, d);
        }
        List<Expression> out = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            out.add(d.get(i));
        }
        return List.copyOf(out);
    }

    private static OptionalDouble uniqueDiscretePeriod(DynamicalSystem<Expression> system) {
        Event<Expression> first = null;
        for (LeafSystem<Expression> leaf : system.getLeafSystems()) {
            for (Event<Expression> e : periodicUpdates(leaf)) {
                if (first == null) {
                    first = e;
                } else if (e.getPeriod() != first.getPeriod() || e.getOffset() != first.getOffset()) {
                    throw new IllegalArgumentException(system.getName() + " has periodic discrete updates with "
                            + "different timing (" + first + " and " + e + "): its discrete update is not unique");
                }
            }
        }
        return first == null ? OptionalDouble.empty() : OptionalDouble.of(first.getPeriod());
    }

    private static List<Event<Expression>> periodicUpdates(LeafSystem<Expression> leaf) {
        return leaf.getEvents(Event.Trigger.PERIODIC).stream()
                .filter(e -> e.getKind() == Event.Kind.DISCRETE_UPDATE).toList();
    }

    private static List<Expression> computeDiscreteUpdates(DynamicalSystem<Expression> system, Context<Expression> context) {
        Context<Expression> next = context.cloneContext();
        List<LeafSystem<Expression>> leaves = system.getLeafSystems();
        List<Context<Expression>> now = context.getLeafContexts();
        List<Context<Expression>> after = next.getLeafContexts();
        List<Expression> out = new ArrayList<>();
        for (int k = 0; k < leaves.size(); k++) {
            List<Event<Expression>> events = periodicUpdates(leaves.get(k));
            if (!events.isEmpty()) {
                leaves.get(k).calcDiscreteVariableUpdate(now.get(k), events, after.get(k).getDiscreteValues());
            }
            for (int g = 0; g < after.get(k).getNumDiscreteStateGroups(); g++) {
                ScalarVector<Expression> xd = after.get(k).getDiscreteState(g);
                for (int i = 0; i < xd.size(); i++) {
                    out.add(xd.get(i));
                }
            }
        }
        return List.copyOf(out);
    }

    private static List<List<Expression>> computeOutputs(DynamicalSystem<Expression> system, Context<Expression> context) {
        List<List<Expression>> out = new ArrayList<>();
        for (int p = 0; p < system.numOutputPorts(); p++) {
            OutputPort<Expression> port = system.getOutputPort(p);
            List<Expression> y = new ArrayList<>();
            if (!port.isAbstract()) {
                ScalarVector<Expression> v = port.eval(context);
                for (int i = 0; i < v.size(); i++) {
                    y.add(v.get(i));
                }
            }
            out.add(List.copyOf(y));
        }
        return List.copyOf(out);
    }

    // ---- variables ---------------------------------------------------------------------------------------

    /** @return the time variable */
    public Variable getTimeVariable() {
        return time;
    }

    /** @return the continuous state variables, in state order */
    public List<Variable> getContinuousStateVariables() {
        return continuousState;
    }

    /** @return the discrete state variables, all groups of all leaves flattened */
    public List<Variable> getDiscreteStateVariables() {
        return discreteState;
    }

    /** @return the continuous then the discrete state variables */
    public List<Variable> getStateVariables() {
        List<Variable> all = new ArrayList<>(continuousState);
        all.addAll(discreteState);
        return List.copyOf(all);
    }

    /** @return the input variables of all vector input ports, flattened in port order */
    public List<Variable> getInputVariables() {
        return inputs;
    }

    /**
     * @param port an input port index
     * @return that port's variables (empty for an abstract port)
     */
    public List<Variable> getInputVariables(int port) {
        return inputsByPort.get(checkIndex(port, inputsByPort.size(), "input port"));
    }

    /** @return the parameter variables (empty when the parameters were kept numeric) */
    public List<Variable> getParameterVariables() {
        return parameters;
    }

    // ---- equations ---------------------------------------------------------------------------------------

    /** @return the continuous time derivatives, one per continuous state */
    public List<Expression> getTimeDerivatives() {
        return derivatives;
    }

    /** @return the state after the (unique) periodic discrete update, one per discrete state */
    public List<Expression> getDiscreteUpdates() {
        return discreteUpdates;
    }

    /** @return the period of the periodic discrete updates, seconds; empty if there are none */
    public OptionalDouble getDiscreteUpdatePeriod() {
        return discretePeriod;
    }

    /** @return the time derivatives followed by the discrete updates */
    public List<Expression> getDynamics() {
        List<Expression> all = new ArrayList<>(derivatives);
        all.addAll(discreteUpdates);
        return List.copyOf(all);
    }

    /**
     * @param port an output port index
     * @return the port's value (empty for an abstract port)
     */
    public List<Expression> getOutput(int port) {
        return outputsByPort.get(checkIndex(port, outputsByPort.size(), "output port"));
    }

    /** @return the values of all vector output ports, flattened in port order */
    public List<Expression> getOutputs() {
        List<Expression> all = new ArrayList<>();
        outputsByPort.forEach(all::addAll);
        return List.copyOf(all);
    }

    // ---- structure ---------------------------------------------------------------------------------------

    /** @return whether no time derivative, discrete update or output depends on the time variable */
    public boolean isTimeInvariant() {
        return !mentions(getDynamics(), Set.of(time)) && !mentions(getOutputs(), Set.of(time));
    }

    /**
     * Whether the dynamics are affine in the inputs, {@code f(x, u) = f0(x) + G(x) u} (control-affine): no
     * derivative with respect to an input depends on an input.
     *
     * @return true if affine in the inputs (also when there are no inputs)
     */
    public boolean hasAffineDynamics() {
        return isAffineIn(getDynamics(), inputs);
    }

    /**
     * Whether the dynamics are affine in the state and the inputs jointly (Drake's HasAffineDynamics).
     *
     * @return true if {@code f = A x + B u + c} with constant-in-(x, u) coefficients
     */
    public boolean hasAffineDynamicsInStateAndInput() {
        List<Variable> xu = new ArrayList<>(getStateVariables());
        xu.addAll(inputs);
        return isAffineIn(getDynamics(), xu);
    }

    /**
     * Whether every time derivative and discrete update is a polynomial in all its variables (state, inputs,
     * time and symbolic parameters, with numeric coefficients).
     *
     * @return true if polynomial
     */
    public boolean isPolynomial() {
        for (Expression f : getDynamics()) {
            if (!f.isPolynomial()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The largest total degree of the dynamics in the state and input variables (parameters and time count
     * as coefficients).
     *
     * @return the degree ({@code 0} for constant dynamics)
     * @throws dev.mallard.symbolic.NotPolynomialException naming the offending term if not
     *     {@link #isPolynomial()}
     */
    public int getPolynomialDegree() {
        Set<Variable> xu = new HashSet<>(getStateVariables());
        xu.addAll(inputs);
        int degree = 0;
        for (Expression f : getDynamics()) {
            Polynomial p = f.toPolynomial(f.getVariables());
            for (Monomial m : p.monomials()) {
                int d = 0;
                for (Map.Entry<Variable, Integer> e : m.exponents().entrySet()) {
                    d += xu.contains(e.getKey()) ? e.getValue() : 0;
                }
                degree = Math.max(degree, d);
            }
        }
        return degree;
    }

    /**
     * Whether output port {@code outputPort} depends directly on input port {@code inputPort} (symbolically:
     * some entry of the output mentions some variable of the input).
     *
     * @param inputPort an input port index
     * @param outputPort an output port index
     * @return true if the output's expressions use the input
     */
    public boolean isDirectFeedthrough(int inputPort, int outputPort) {
        return mentions(getOutput(outputPort), new HashSet<>(getInputVariables(inputPort)));
    }

    /**
     * Entry by entry: {@code result[i][j]} is whether output {@code i} (of {@link #getOutputs()}) depends on
     * input {@code j} (of {@link #getInputVariables()}).
     *
     * @return a new {@code outputs x inputs} array
     */
    public boolean[][] getOutputInputDependencies() {
        List<Expression> y = getOutputs();
        boolean[][] out = new boolean[y.size()][inputs.size()];
        for (int i = 0; i < y.size(); i++) {
            Set<Variable> used = y.get(i).getVariables();
            for (int j = 0; j < inputs.size(); j++) {
                out[i][j] = used.contains(inputs.get(j));
            }
        }
        return out;
    }

    /** @return {@code A = d f / d x}: dynamics by state ({@link #getDynamics()} by {@link #getStateVariables()}) */
    public Expression[][] getA() {
        return Expression.jacobian(getDynamics(), getStateVariables());
    }

    /** @return {@code B = d f / d u}: dynamics by inputs */
    public Expression[][] getB() {
        return Expression.jacobian(getDynamics(), inputs);
    }

    /** @return {@code C = d y / d x}: outputs by state */
    public Expression[][] getC() {
        return Expression.jacobian(getOutputs(), getStateVariables());
    }

    /** @return {@code D = d y / d u}: outputs by inputs */
    public Expression[][] getD() {
        return Expression.jacobian(getOutputs(), inputs);
    }

    /**
     * The values of this inspector's variables at a numeric context of the inspected system (or of a
     * conversion of it with the same structure): time, states, the values of the vector input ports (fixed or
     * connected) and, if symbolic, the parameters.
     *
     * @param context a root context, not modified
     * @param <T> its number type (numeric)
     * @return an environment for {@link Expression#evaluate(Environment)}
     * @throws IllegalArgumentException if the context's structure differs from the inspected system's, or an
     *     input port has no value
     */
    public <T> Environment environmentAt(Context<T> context) {
        Objects.requireNonNull(context, "context must not be null");
        DynamicalSystem<T> system = context.getSystem();
        Environment env = new Environment();
        env.put(time, context.getTimeValue());
        ScalarVector<T> xc = context.getContinuousState();
        checkCount(xc.size(), continuousState.size(), "continuous states");
        for (int i = 0; i < xc.size(); i++) {
            env.put(continuousState.get(i), xc.getValue(i));
        }
        List<Double> xd = new ArrayList<>();
        List<Double> p = new ArrayList<>();
        for (Context<T> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                for (double v : leaf.getDiscreteState(g).toValueArray()) {
                    xd.add(v);
                }
            }
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                for (double v : leaf.getNumericParameter(g).toValueArray()) {
                    p.add(v);
                }
            }
        }
        checkCount(xd.size(), discreteState.size(), "discrete states");
        for (int i = 0; i < xd.size(); i++) {
            env.put(discreteState.get(i), xd.get(i));
        }
        if (!parameters.isEmpty()) {
            checkCount(p.size(), parameters.size(), "numeric parameters");
            for (int i = 0; i < p.size(); i++) {
                env.put(parameters.get(i), p.get(i));
            }
        }
        checkCount(system.numInputPorts(), inputsByPort.size(), "input ports");
        for (int port = 0; port < inputsByPort.size(); port++) {
            List<Variable> u = inputsByPort.get(port);
            if (u.isEmpty()) {
                continue;
            }
            InputPort<T> in = system.getInputPort(port);
            if (!in.hasValue(context)) {
                throw new IllegalArgumentException("input port '" + in.getName() + "' of " + system.getName()
                        + " has no value in the context: fix it first");
            }
            ScalarVector<T> value = in.eval(context);
            for (int i = 0; i < u.size(); i++) {
                env.put(u.get(i), value.getValue(i));
            }
        }
        return env;
    }

    private void checkCount(int actual, int expected, String what) {
        if (actual != expected) {
            throw new IllegalArgumentException("the context has " + actual + " " + what + " but " + systemName
                    + " has " + expected);
        }
    }

    private static boolean mentions(Collection<Expression> expressions, Set<Variable> variables) {
        for (Expression e : expressions) {
            for (Variable v : e.getVariables()) {
                if (variables.contains(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isAffineIn(List<Expression> functions, List<Variable> variables) {
        Set<Variable> set = new LinkedHashSet<>(variables);
        Expression[][] j = Expression.jacobian(functions, variables);
        for (Expression[] row : j) {
            if (mentions(List.of(row), set)) {
                return false;
            }
        }
        return true;
    }

    private static int checkIndex(int i, int size, String what) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(what + " index " + i + " is outside [0, " + size + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "SystemSymbolicInspector of " + systemName + ": xdot = " + derivatives
                + (discreteUpdates.isEmpty() ? "" : ", x+ = " + discreteUpdates);
    }

    /**
     * Where the variables' names come from: a SymbolicVectorSystem's own variables, or the names the leaves
     * declare, falling back to x0.., xd0.., u0.., p0.. (see the class comment). Names are handed out in the
     * order time, continuous states, discrete states, inputs, parameters; each is distinct from those before.
     */
    private static final class Naming {
        private static final Pattern FORMULA_NAME = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

        final Variable time;
        private final SymbolicVectorSystem<Expression> own;
        /** The declared continuous state and parameter names, null where none; flattened in leaf order. */
        private final List<String> declaredStates;
        private final List<String> declaredParameters;
        private final Set<String> taken = new HashSet<>();
        private final Set<String> repeated;

        private Naming(Variable time, SymbolicVectorSystem<Expression> own, List<String> declaredStates,
                List<String> declaredParameters) {
            this.time = time;
            this.own = own;
            this.declaredStates = declaredStates;
            this.declaredParameters = declaredParameters;
            taken.add(time.name());
            Set<String> seen = new HashSet<>();
            Set<String> twice = new HashSet<>();
            for (List<String> names : List.of(declaredStates, declaredParameters)) {
                for (String n : names) {
                    if (n != null && !seen.add(n)) {
                        twice.add(n);
                    }
                }
            }
            this.repeated = twice;
        }

        static Naming of(DynamicalSystem<Expression> system, List<Context<Expression>> leaves) {
            if (system instanceof SymbolicVectorSystem<Expression> s) {
                return new Naming(s.getTimeVariable(), s, List.of(), List.of());
            }
            List<String> states = new ArrayList<>();
            List<String> parameters = new ArrayList<>();
            for (Context<Expression> leafContext : leaves) {
                LeafSystem<Expression> leaf = (LeafSystem<Expression>) leafContext.getSystem();
                for (int i = 0; i < leafContext.getNumContinuousStates(); i++) {
                    states.add(leaf.getContinuousStateName(i).orElse(null));
                }
                for (int g = 0; g < leafContext.getNumNumericParameterGroups(); g++) {
                    String name = leaf.getNumericParameterName(g).orElse(null);
                    int size = leafContext.getNumericParameter(g).size();
                    for (int i = 0; i < size; i++) {
                        parameters.add(name == null ? null : size == 1 ? name : name + "_" + i);
                    }
                }
            }
            return new Naming(new Variable("t"), null, states, parameters);
        }

        List<Variable> continuousState(int n) {
            return own != null && !own.isDiscrete() ? own.getStateVariables() : named("x", n, declaredStates);
        }

        List<Variable> discreteState(int n) {
            return own != null && own.isDiscrete() ? own.getStateVariables() : named("xd", n, List.of());
        }

        List<Variable> inputs(int n) {
            return own != null ? own.getInputVariables() : named("u", n, List.of());
        }

        List<Variable> parameters(int n) {
            return own != null ? own.getParameterVariables() : named("p", n, declaredParameters);
        }

        private List<Variable> named(String prefix, int n, List<String> declared) {
            List<Variable> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String d = i < declared.size() ? declared.get(i) : null;
                boolean usable = d != null && FORMULA_NAME.matcher(d).matches()
                        && !Formula.isReserved(d) && !repeated.contains(d) && !taken.contains(d);
                String name = usable ? d : prefix + i;
                String unique = name;
                for (int k = 1; taken.contains(unique); k++) {
                    unique = name + "_" + k;
                }
                taken.add(unique);
                out.add(new Variable(unique));
            }
            return List.copyOf(out);
        }
    }
}
