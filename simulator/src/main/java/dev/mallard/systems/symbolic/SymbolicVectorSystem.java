package dev.mallard.systems.symbolic;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.MatrixOps;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.DenseLu;
import dev.mallard.symbolic.Definitions;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.FormulaParseException;
import dev.mallard.symbolic.NamedConstants;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiscreteValues;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.State;
import dev.mallard.systems.WitnessDirection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A leaf system whose equations are {@link Expression}s in named variables: the state {@code x}, optional
 * inputs {@code u} (one vector input port {@code "u"}), named numeric parameters {@code p} (one numeric
 * parameter group, index 0, in declaration order, so gradients with respect to them work like any
 * parameter's) and the time {@code t}:
 * <ul>
 *   <li>continuous: {@code xdot = f(t, x, u, p)} (the state is continuous state z), or in mass-matrix form
 *       {@code M(t, x, u, p) xdot = f(t, x, u, p)}, or discrete: {@code x[n+1] = f(t, x[n], u, p)} every
 *       {@code period} seconds from time 0 (discrete state group 0);</li>
 *   <li>optional outputs {@code y = g(t, x, u, p)} on the vector output port {@code "y"}, with direct
 *       feedthrough exactly when some output expression mentions an input variable;</li>
 *   <li>optional guard/reset pairs (continuous systems): a witness function {@code guard(t, x, u, p)},
 *       triggered when it goes from positive to non-positive, whose unrestricted update replaces the state by
 *       the reset expressions evaluated at the pre-event state.</li>
 * </ul>
 *
 * <p>It runs with every number type: doubles by compiled code (no boxing, no allocation per evaluation),
 * AutoDiff by the compiled function and its compiled Jacobian (chain rule), Expression by substitution (so
 * converting it to symbolic form gives back its own equations), any other type by evaluating the graph with
 * that type's arithmetic. Conversions share the (lazily) compiled code.
 *
 * <p>With a mass matrix ({@link Builder#massMatrix(List)}: a {@code k x k} matrix acting on the last {@code k}
 * derivatives, the first {@code n - k} having coefficient 1, as in {@code qdot = v, M(q) vdot = rhs} for a
 * mechanical system), each evaluation of the derivatives solves {@code M xdot = f} numerically: for doubles by
 * Gaussian elimination with partial pivoting in primitive arrays, for AutoDiff by the same factors of M's values
 * applied to each gradient column ({@code M dxdot = df - dM xdot}), for other numeric types by
 * {@link MatrixOps#solve}, which carries the derivatives of the solution, and for expressions by
 * {@link MatrixOps#solve}'s symbolic elimination, giving the rational explicit form. The user never solves.
 * {@link #calcImplicitTimeDerivativesResidual} gives the implicit form {@code M xdot - f} itself, which
 * region-of-attraction analysis uses.
 *
 * <pre>{@code
 * Variable x = new Variable("x"), v = new Variable("v"), mu = new Variable("mu");
 * Map<String, Variable> names = Map.of("x", x, "v", v, "mu", mu);
 * SymbolicVectorSystem<Double> vdp = SymbolicVectorSystem.builder()
 *         .name("van der Pol").state(x, v).parameter(mu, 1.0)
 *         .dynamics(v.toExpression(), Formula.parse("mu*(1 - x^2)*v - x", names))
 *         .initialState(2, 0)
 *         .build(Scalar.DOUBLE);
 * DynamicalSystem<AutoDiff> forGradients = vdp.toScalar(AutoDiff.SCALAR);   // same equations, compiled Jacobian
 * }</pre>
 *
 * @param <T> the number type
 */
public final class SymbolicVectorSystem<T> extends LeafSystem<T> {

    /** A mass matrix's pivot at most this times its largest entry counts as zero (as {@code MatrixOps.solve}). */
    private static final double SINGULAR_PIVOT = 1e-14;

    private final Definition def;
    private final ThreadLocal<Workspace> workspace;

    private SymbolicVectorSystem(Scalar<T> scalar, Definition def) {
        super(scalar, def.name);
        this.def = def;
        this.workspace = ThreadLocal.withInitial(() -> new Workspace(def));
        if (def.isDiscrete()) {
            declareDiscreteState(def.initialState);
            declarePeriodicDiscreteUpdateEvent(def.period, 0.0, this::update);
        } else {
            declareContinuousStateWithDefaults(def.initialState);
            // The state variables' names name the states (in gradient columns, messages), when they are distinct.
            List<String> names = def.state.stream().map(Variable::name).toList();
            if (new HashSet<>(names).size() == names.size()) {
                setContinuousStateNames(names.toArray(String[]::new));
            }
        }
        if (!def.parameters.isEmpty()) {
            declareNumericParameter(def.parameterDefaults);
            // The parameter variables' names name the entries (in gradient columns), when they are distinct.
            List<String> names = def.parameters.stream().map(Variable::name).toList();
            if (new HashSet<>(names).size() == names.size()) {
                setNumericParameterEntryNames(0, names.toArray(String[]::new));
            }
        }
        if (!def.inputs.isEmpty()) {
            declareVectorInputPort("u", def.inputs.size());
        }
        if (def.outputs != null) {
            declareVectorOutputPort("y", def.outputs.size(), this::calcOutput,
                    def.outputsUseInputs() ? Feedthrough.inputs(0) : Feedthrough.none());
        }
        for (int k = 0; k < def.guards.size(); k++) {
            int index = k;
            declareWitnessFunctionWithUnrestrictedUpdate("guard " + k + ": " + def.guards.get(k).outputs().get(0),
                    WitnessDirection.POSITIVE_THEN_NON_POSITIVE, c -> guard(c, index),
                    (c, s) -> reset(c, s, index));
        }
    }

    /** @return a builder of a symbolic vector system */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new SymbolicVectorSystem<>(target, def);
    }

    // ---- what it is made of ---------------------------------------------------------------------------

    /** @return the time variable (a fresh unused variable {@code t} if none was given) */
    public Variable getTimeVariable() {
        return def.time;
    }

    /** @return the state variables, in state order */
    public List<Variable> getStateVariables() {
        return def.state;
    }

    /** @return the input variables, in the order of input port {@code "u"}; empty if there is no input */
    public List<Variable> getInputVariables() {
        return def.inputs;
    }

    /** @return the parameter variables, in the order of numeric parameter group 0 */
    public List<Variable> getParameterVariables() {
        return def.parameters;
    }

    /** @return the default parameter values, a copy */
    public double[] getDefaultParameterValues() {
        return def.parameterDefaults.clone();
    }

    /**
     * @return {@code f}: the time derivatives, or for a discrete system the next state; with a mass matrix, the
     *     right-hand side of {@code M xdot = f}
     */
    public List<Expression> getDynamics() {
        return def.dynamics.outputs();
    }

    /**
     * @return the time derivatives as expressions: {@link #getDynamics()} without a mass matrix, else the
     *     solution of {@code M xdot = f} by {@link #explicitForm}
     */
    public List<Expression> getExplicitDynamics() {
        return def.massMatrix == null ? getDynamics() : explicitForm(getMassMatrix(), getDynamics());
    }

    /**
     * Solves {@code M xdot = f} symbolically, by {@link MatrixOps#solve}'s elimination with pivots chosen by
     * structure (a nonzero constant where a column has one): the explicit, in general rational, form of dynamics in
     * mass-matrix form, valid wherever those pivots are nonzero.
     *
     * @param massMatrix M's rows, {@code k x k} with {@code 1 <= k <= f.size()}, acting on the last {@code k}
     *     entries of xdot; not modified
     * @param f the right-hand side, one expression per state; not modified
     * @return xdot, one expression per state (the first {@code n - k} are f's)
     * @throws IllegalArgumentException if M is not square, larger than f, or structurally singular (a column
     *     with only constant zeros to pivot on)
     */
    public static List<Expression> explicitForm(List<List<Expression>> massMatrix, List<Expression> f) {
        int n = f.size();
        int k = massMatrix.size();
        if (k == 0 || k > n) {
            throw new IllegalArgumentException("the mass matrix has " + k + " rows; it must have 1 to " + n);
        }
        ScalarMatrix<Expression> a = Expression.SCALAR.newMatrix(k, k);
        ScalarVector<Expression> b = Expression.SCALAR.newVector(k);
        for (int r = 0; r < k; r++) {
            if (massMatrix.get(r).size() != k) {
                throw new IllegalArgumentException("mass matrix row " + r + " has " + massMatrix.get(r).size()
                        + " entries; it must be square (" + k + " x " + k + ")");
            }
            b.set(r, f.get(n - k + r));
            for (int c = 0; c < k; c++) {
                a.set(r, c, massMatrix.get(r).get(c));
            }
        }
        ScalarVector<Expression> x = MatrixOps.solve(a, b, null);
        List<Expression> out = new ArrayList<>(f.subList(0, n - k));
        for (int r = 0; r < k; r++) {
            out.add(x.get(r));
        }
        return List.copyOf(out);
    }

    /**
     * @return the mass matrix's rows ({@code k x k}, acting on the last {@code k} derivatives), or an empty list
     *     if the dynamics are explicit
     */
    public List<List<Expression>> getMassMatrix() {
        if (def.massMatrix == null) {
            return List.of();
        }
        List<List<Expression>> rows = new ArrayList<>();
        for (int r = 0; r < def.massSize; r++) {
            rows.add(def.massMatrix.outputs().subList(r * def.massSize, (r + 1) * def.massSize));
        }
        return List.copyOf(rows);
    }

    /** @return the output expressions, or an empty list if the system has no output port */
    public List<Expression> getOutputs() {
        return def.outputs == null ? List.of() : def.outputs.outputs();
    }

    /** @return the guard expressions, one per guard/reset pair */
    public List<Expression> getGuards() {
        return def.guards.stream().map(b -> b.outputs().get(0)).toList();
    }

    /**
     * @param k the guard/reset pair, in [0, number of guards)
     * @return the reset expressions of pair {@code k}, one per state
     */
    public List<Expression> getReset(int k) {
        return def.resets.get(k).outputs();
    }

    /** @return whether the state is discrete ({@code x[n+1] = f}) rather than continuous */
    public boolean isDiscrete() {
        return def.isDiscrete();
    }

    /** @return the update period of a discrete system, in seconds; empty for a continuous one */
    public OptionalDouble getPeriod() {
        return def.isDiscrete() ? OptionalDouble.of(def.period) : OptionalDouble.empty();
    }

    /**
     * Compiles every expression block now (values and Jacobians) instead of at first numeric use, e.g. before
     * timing a simulation.
     *
     * @return this system
     */
    public SymbolicVectorSystem<T> precompile() {
        def.dynamics.compileAll();
        if (def.massMatrix != null) {
            def.massMatrix.compileAll();
        }
        if (def.outputs != null) {
            def.outputs.compileAll();
        }
        def.guards.forEach(ExpressionBlock::compileAll);
        def.resets.forEach(ExpressionBlock::compileAll);
        return this;
    }

    // ---- evaluation ------------------------------------------------------------------------------------

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        if (def.isDiscrete()) {
            return;
        }
        if (def.massMatrix == null) {
            evaluateInto(def.dynamics, context, derivatives);
        } else if (scalar() == Scalar.DOUBLE) {
            solveValues(context, derivatives);
        } else if (scalar() == (Scalar<?>) AutoDiff.SCALAR) {
            solveTangents(context, derivatives);
        } else {
            T[] xdot = solveInType(context);
            for (int i = 0; i < xdot.length; i++) {
                derivatives.set(i, xdot[i]);
            }
        }
    }

    /**
     * The residual of the implicit form of the dynamics at proposed derivatives {@code xdot}: {@code M xdot - f}
     * with a mass matrix (its first {@code n - k} rows {@code xdot_i - f_i}), otherwise {@code xdot - f}; zero
     * exactly when {@code xdot} are the time derivatives. Drake's {@code CalcImplicitTimeDerivativesResidual}
     * for this system; evaluated in the number type with no solve, so for expressions it is polynomial wherever
     * M and f are.
     *
     * @param context a context of this system, not modified
     * @param proposed proposed time derivatives, one per state; not modified
     * @param residual receives the residual, one per state; modified
     * @throws IllegalArgumentException if the system is discrete, the context is not this system's, or a size
     *     differs from the number of states
     */
    public void calcImplicitTimeDerivativesResidual(Context<T> context, ScalarVector<T> proposed,
            ScalarVector<T> residual) {
        if (def.isDiscrete()) {
            throw new IllegalArgumentException(getName() + ": a discrete system has no time derivatives");
        }
        checkContext(context);
        int n = def.state.size();
        if (proposed.size() != n || residual.size() != n) {
            throw new IllegalArgumentException(getName() + ": proposed has size " + proposed.size()
                    + " and residual " + residual.size() + ", expected " + n + " (the number of states)");
        }
        Scalar<T> s = scalar();
        T[] in = gather(context, def.dynamics);
        T[] f = s.newArray(n);
        def.dynamics.evaluate(s, in, f);
        int first = n - def.massSize;
        for (int i = 0; i < first; i++) {
            residual.set(i, s.sub(proposed.get(i), f[i]));
        }
        if (def.massMatrix == null) {
            return;
        }
        T[] m = s.newArray(def.massSize * def.massSize);
        def.massMatrix.evaluate(s, gather(context, def.massMatrix), m);
        for (int r = 0; r < def.massSize; r++) {
            T sum = s.neg(f[first + r]);
            for (int c = 0; c < def.massSize; c++) {
                sum = s.add(sum, s.mul(m[r * def.massSize + c], proposed.get(first + c)));
            }
            residual.set(first + r, sum);
        }
    }

    /** {@code M xdot = f} for doubles, in the per-thread arrays. */
    private void solveValues(Context<T> context, ContinuousState<T> derivatives) {
        Workspace w = workspace.get();
        gatherValues(context, def.dynamics, w);
        def.dynamics.evaluate(w.in, w.state);
        // the first gather skipped the inputs if f does not use them
        if (!def.inputs.isEmpty() && def.massMatrix.usesPort(0) && !def.dynamics.usesPort(0)) {
            gatherValues(context, def.massMatrix, w);
        }
        def.massMatrix.evaluate(w.in, w.mass.matrix());
        int column = w.mass.factor(SINGULAR_PIVOT);
        if (column >= 0) {
            throw singular(context, "its pivot in column " + (column + 1) + " is zero to working precision or not a "
                    + "number");
        }
        w.mass.solve(w.state, w.state.length - def.massSize);
        for (int i = 0; i < w.state.length; i++) {
            derivatives.setValue(i, w.state[i]);
        }
    }

    /**
     * {@code M xdot = f} for AutoDiff: the values by one factorisation of M's values, then each gradient column j
     * by the same factors from the derivative of {@code M xdot = f}, {@code M dxdot_j = df_j - dM_j xdot}. The
     * same numbers as elimination on AutoDiff values up to rounding, without an object per operation.
     */
    @SuppressWarnings("unchecked") // called only when T is AutoDiff
    private void solveTangents(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        int n = def.state.size();
        int k = def.massSize;
        int first = n - k;
        T[] f = s.newArray(n);
        def.dynamics.evaluate(s, gather(context, def.dynamics), f);
        T[] m = s.newArray(k * k);
        def.massMatrix.evaluate(s, gather(context, def.massMatrix), m);
        DenseLu lu = workspace.get().mass;
        double[] x = new double[k];
        int width = 0;
        for (int r = 0; r < k; r++) {
            x[r] = ((AutoDiff) f[first + r]).value();
            width = Math.max(width, ((AutoDiff) f[first + r]).gradientSize());
            for (int c = 0; c < k; c++) {
                lu.matrix()[r * k + c] = ((AutoDiff) m[r * k + c]).value();
                width = Math.max(width, ((AutoDiff) m[r * k + c]).gradientSize());
            }
        }
        int column = lu.factor(SINGULAR_PIVOT);
        if (column >= 0) {
            throw singular(context, "its pivot in column " + (column + 1) + " is zero to working precision or not a "
                    + "number");
        }
        lu.solve(x);
        double[] gradients = new double[k * width];
        double[] rhs = new double[k];
        for (int j = 0; j < width; j++) {
            for (int r = 0; r < k; r++) {
                double sum = ((AutoDiff) f[first + r]).derivative(j);
                for (int c = 0; c < k; c++) {
                    sum -= ((AutoDiff) m[r * k + c]).derivative(j) * x[c];
                }
                rhs[r] = sum;
            }
            lu.solve(rhs);
            for (int r = 0; r < k; r++) {
                gradients[r * width + j] = rhs[r];
            }
        }
        for (int i = 0; i < first; i++) {
            derivatives.set(i, f[i]);
        }
        for (int r = 0; r < k; r++) {
            derivatives.set(first + r, (T) AutoDiff.of(x[r], gradients, r * width, width));
        }
    }

    /** {@code M xdot = f} in the number type: by values for numeric types, by structure for expressions. */
    private T[] solveInType(Context<T> context) {
        Scalar<T> s = scalar();
        int n = def.state.size();
        int k = def.massSize;
        T[] f = s.newArray(n);
        def.dynamics.evaluate(s, gather(context, def.dynamics), f);
        T[] m = s.newArray(k * k);
        def.massMatrix.evaluate(s, gather(context, def.massMatrix), m);
        ScalarMatrix<T> a = s.newMatrix(k, k);
        ScalarVector<T> b = s.newVector(k);
        for (int r = 0; r < k; r++) {
            b.set(r, f[n - k + r]);
            for (int c = 0; c < k; c++) {
                a.set(r, c, m[r * k + c]);
            }
        }
        ScalarVector<T> x;
        try {
            x = MatrixOps.solve(a, b, null);
        } catch (IllegalArgumentException e) {
            throw singular(context, e.getMessage());
        }
        for (int r = 0; r < k; r++) {
            f[n - k + r] = x.get(r);
        }
        return f;
    }

    /** The failure of a solve, naming the time and the state. */
    private IllegalStateException singular(Context<T> context, String why) {
        ScalarVector<T> x = context.getContinuousState();
        StringBuilder state = new StringBuilder();
        for (int i = 0; i < x.size(); i++) {
            state.append(i == 0 ? "" : ", ").append(def.state.get(i).name()).append(" = ")
                    .append(scalar().isNumeric() ? (Object) x.getValue(i) : x.get(i));
        }
        Object t = scalar().isNumeric() ? (Object) context.getTimeValue() : context.getTime();
        return new IllegalStateException(getName() + ": the mass matrix is singular at t = " + t
                + ", " + state + " (" + why + "); M xdot = f does not determine the derivatives there");
    }

    private EventStatus update(Context<T> context, DiscreteValues<T> xd) {
        evaluateInto(def.dynamics, context, xd.get(0));
        return EventStatus.succeeded();
    }

    private void calcOutput(Context<T> context, ScalarVector<T> y) {
        evaluateInto(def.outputs, context, y);
    }

    private T guard(Context<T> context, int k) {
        ExpressionBlock block = def.guards.get(k);
        if (scalar() == Scalar.DOUBLE) {
            Workspace w = workspace.get();
            gatherValues(context, block, w);
            block.evaluate(w.in, w.one);
            return scalar().of(w.one[0]);
        }
        T[] out = scalar().newArray(1);
        block.evaluate(scalar(), gather(context, block), out);
        return out[0];
    }

    private EventStatus reset(Context<T> context, State<T> state, int k) {
        evaluateInto(def.resets.get(k), context, state.getMutableContinuousState());
        return EventStatus.succeeded();
    }

    private void evaluateInto(ExpressionBlock block, Context<T> context, ScalarVector<T> target) {
        if (scalar() == Scalar.DOUBLE) {
            Workspace w = workspace.get();
            gatherValues(context, block, w);
            double[] out = w.outFor(block);
            block.evaluate(w.in, out);
            for (int i = 0; i < out.length; i++) {
                target.setValue(i, out[i]);
            }
            return;
        }
        T[] out = scalar().newArray(block.size());
        block.evaluate(scalar(), gather(context, block), out);
        for (int i = 0; i < out.length; i++) {
            target.set(i, out[i]);
        }
    }

    private ScalarVector<T> stateOf(Context<T> context) {
        return def.isDiscrete() ? context.getDiscreteState(0) : context.getContinuousState();
    }

    /**
     * The inputs {@code (t, x, u, p)} as values into {@code w.in}, without boxing (u only if the block uses it; p
     * only after the parameters changed, as {@code TracedSystem} does).
     */
    private void gatherValues(Context<T> context, ExpressionBlock block, Workspace w) {
        double[] in = w.in;
        in[0] = context.getTimeValue();
        int at = 1;
        ScalarVector<T> x = stateOf(context);
        for (int i = 0; i < x.size(); i++) {
            in[at++] = x.getValue(i);
        }
        if (!def.inputs.isEmpty()) {
            if (block.usesPort(0)) {
                ScalarVector<T> u = getInputPort(0).eval(context);
                for (int i = 0; i < u.size(); i++) {
                    in[at++] = u.getValue(i);
                }
            } else {
                at += def.inputs.size();
            }
        }
        long stamp = context.getParameterChangeCount();
        if (!def.parameters.isEmpty() && (w.parametersContext != context || w.parametersStamp != stamp)) {
            ScalarVector<T> p = context.getNumericParameter(0);
            for (int i = 0; i < p.size(); i++) {
                in[at++] = p.getValue(i);
            }
            w.parametersContext = context;
            w.parametersStamp = stamp;
        }
    }

    /** The inputs {@code (t, x, u, p)} in the number type (u zero if the block does not use it). */
    private T[] gather(Context<T> context, ExpressionBlock block) {
        T[] in = scalar().newArray(def.allVariables.size());
        in[0] = context.getTime();
        int at = 1;
        ScalarVector<T> x = stateOf(context);
        for (int i = 0; i < x.size(); i++) {
            in[at++] = x.get(i);
        }
        if (!def.inputs.isEmpty()) {
            ScalarVector<T> u = block.usesPort(0) ? getInputPort(0).eval(context) : null;
            for (int i = 0; i < def.inputs.size(); i++) {
                in[at++] = u != null ? u.get(i) : scalar().zero();
            }
        }
        if (!def.parameters.isEmpty()) {
            ScalarVector<T> p = context.getNumericParameter(0);
            for (int i = 0; i < p.size(); i++) {
                in[at++] = p.get(i);
            }
        }
        return in;
    }

    /** Per-thread arrays of the double path (a system may be simulated by several threads at once). */
    private static final class Workspace {
        final double[] in;
        final double[] state;
        final double[] outputs;
        final double[] one = new double[1];
        /** The mass matrix's storage and factors; overwritten by each solve. */
        final DenseLu mass;
        /** The context and parameter change count the parameter entries of {@link #in} were gathered for. */
        Object parametersContext;
        long parametersStamp;
        private final Definition def;

        Workspace(Definition def) {
            this.def = def;
            this.mass = new DenseLu(def.massSize);
            this.in = new double[def.allVariables.size()];
            this.state = new double[def.state.size()];
            this.outputs = new double[def.outputs == null ? 0 : def.outputs.size()];
        }

        double[] outFor(ExpressionBlock block) {
            return block == def.outputs ? outputs : state;
        }
    }

    // ---- definition --------------------------------------------------------------------------------------

    /** The number-type-independent part, shared by all conversions of one system. */
    private static final class Definition {
        final String name;
        final Variable time;
        final List<Variable> state;
        final List<Variable> inputs;
        final List<Variable> parameters;
        final double[] parameterDefaults;
        final double[] initialState;
        final double period;
        final List<Variable> allVariables;
        final ExpressionBlock dynamics;
        /** The mass matrix's entries, row-major, or null for explicit dynamics. */
        final ExpressionBlock massMatrix;
        /** The mass matrix's order k (0 without one). */
        final int massSize;
        final ExpressionBlock outputs;
        final List<ExpressionBlock> guards;
        final List<ExpressionBlock> resets;

        Definition(Builder b) {
            this.name = b.name;
            this.time = b.time != null ? b.time : new Variable("t");
            this.state = List.copyOf(b.state);
            this.inputs = List.copyOf(b.inputs);
            this.parameters = List.copyOf(b.parameters);
            this.parameterDefaults = b.parameterDefaults.stream().mapToDouble(Double::doubleValue).toArray();
            this.initialState = b.initialState != null ? b.initialState.clone() : new double[state.size()];
            this.period = b.period;
            List<Variable> all = new ArrayList<>();
            all.add(time);
            all.addAll(state);
            all.addAll(inputs);
            all.addAll(parameters);
            this.allVariables = List.copyOf(all);
            List<List<Variable>> ports = inputs.isEmpty() ? List.of() : List.of(inputs);
            this.dynamics = new ExpressionBlock(b.dynamics, allVariables, ports);
            this.massSize = b.massMatrix == null ? 0 : b.massMatrix.size();
            this.massMatrix = b.massMatrix == null ? null : new ExpressionBlock(
                    b.massMatrix.stream().flatMap(List::stream).toList(), allVariables, ports);
            this.outputs = b.outputs == null ? null : new ExpressionBlock(b.outputs, allVariables, ports);
            this.guards = b.guards.stream().map(g -> new ExpressionBlock(List.of(g), allVariables, ports)).toList();
            this.resets = b.resets.stream().map(r -> new ExpressionBlock(r, allVariables, ports)).toList();
        }

        boolean isDiscrete() {
            return !Double.isNaN(period);
        }

        boolean outputsUseInputs() {
            Set<Variable> u = new HashSet<>(inputs);
            for (Expression e : outputs.outputs()) {
                for (Variable v : e.getVariables()) {
                    if (u.contains(v)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /**
     * Collects the variables and expressions of a {@link SymbolicVectorSystem}; {@link #build} checks them.
     * Every method returns this builder.
     */
    public static final class Builder {
        private String name = "symbolic_vector_system";
        private Variable time;
        private final List<Variable> state = new ArrayList<>();
        private final List<Variable> inputs = new ArrayList<>();
        private final List<Variable> parameters = new ArrayList<>();
        private final List<Double> parameterDefaults = new ArrayList<>();
        private double[] initialState;
        private List<Expression> dynamics;
        private List<List<Expression>> massMatrix;
        private double period = Double.NaN;
        private List<Expression> outputs;
        private final List<Expression> guards = new ArrayList<>();
        private final List<List<Expression>> resets = new ArrayList<>();
        /** Formula texts, parsed by {@link #build} in the names of the variables declared by then. */
        private String definitionsText;
        private String dynamicsText;
        private String outputText;
        private String massMatrixText;

        private Builder() {
        }

        /**
         * @param systemName the system's name, not blank (default {@code "symbolic_vector_system"})
         * @return this builder
         */
        public Builder name(String systemName) {
            this.name = Objects.requireNonNull(systemName, "name must not be null");
            return this;
        }

        /**
         * @param t the variable standing for time in the expressions
         * @return this builder
         */
        public Builder time(Variable t) {
            this.time = Objects.requireNonNull(t, "time variable must not be null");
            return this;
        }

        /**
         * @param variables the state variables, in order (appended to any given before)
         * @return this builder
         */
        public Builder state(Variable... variables) {
            return state(Arrays.asList(variables));
        }

        /**
         * @param variables the state variables, in order (appended to any given before)
         * @return this builder
         */
        public Builder state(List<Variable> variables) {
            state.addAll(Objects.requireNonNull(variables, "state variables must not be null"));
            return this;
        }

        /**
         * @param variables the input variables, in the order of input port {@code "u"} (appended)
         * @return this builder
         */
        public Builder input(Variable... variables) {
            return input(Arrays.asList(variables));
        }

        /**
         * @param variables the input variables, in the order of input port {@code "u"} (appended)
         * @return this builder
         */
        public Builder input(List<Variable> variables) {
            inputs.addAll(Objects.requireNonNull(variables, "input variables must not be null"));
            return this;
        }

        /**
         * Declares state variables by name, in order (appended to any given before): {@code "q1, q2, v1, v2"}.
         *
         * @param names comma-separated names, each valid in a formula ({@link Formula#isValidName}), not null
         * @return this builder
         * @throws IllegalArgumentException naming the column: an empty entry, an invalid name, or a name already
         *     declared (time, state, input or parameter)
         */
        public Builder state(String names) {
            state.addAll(newVariables(names, "state"));
            return this;
        }

        /**
         * Declares input variables by name, in the order of input port {@code "u"} (appended): {@code "u1, u2"}.
         *
         * @param names comma-separated names, as for {@link #state(String)}
         * @return this builder
         * @throws IllegalArgumentException as {@link #state(String)}
         */
        public Builder input(String names) {
            inputs.addAll(newVariables(names, "input"));
            return this;
        }

        /**
         * Declares named numeric parameters with their default values, in order ({@link #parameter}):
         * {@code "m = 0.486, I = 0.00383, w = 2*pi"}, read as {@link NamedConstants#entries} reads them.
         *
         * @param values the {@code name = constant formula} entries, not null
         * @return this builder
         * @throws IllegalArgumentException naming the column (a {@link FormulaParseException}
         *     for an entry that does not parse or a value that is not finite): also a name already declared
         */
        public Builder parameters(String values) {
            Objects.requireNonNull(values, "parameter values must not be null");
            for (NamedConstants.Entry entry : NamedConstants.entries(values)) {
                checkNewName(entry.name(), values, entry.nameOffset(), "parameter");
                parameter(new Variable(entry.name()), entry.value());
            }
            return this;
        }

        /**
         * Declares a named numeric parameter (the next entry of numeric parameter group 0).
         *
         * @param p the parameter's variable
         * @param defaultValue its default value, finite
         * @return this builder
         * @throws IllegalArgumentException if the value is not finite
         */
        public Builder parameter(Variable p, double defaultValue) {
            if (!Double.isFinite(defaultValue)) {
                throw new IllegalArgumentException("parameter " + p + " must have a finite value, got " + defaultValue);
            }
            parameters.add(Objects.requireNonNull(p, "parameter variable must not be null"));
            parameterDefaults.add(defaultValue);
            return this;
        }

        /**
         * @param values the default (initial) state, one per state variable (default zeros)
         * @return this builder
         */
        public Builder initialState(double... values) {
            this.initialState = Objects.requireNonNull(values, "initial state must not be null").clone();
            return this;
        }

        /**
         * Continuous dynamics {@code xdot = f(t, x, u, p)}.
         *
         * @param f one expression per state variable
         * @return this builder
         */
        public Builder dynamics(Expression... f) {
            return dynamics(Arrays.asList(f));
        }

        /**
         * Continuous dynamics {@code xdot = f(t, x, u, p)}.
         *
         * @param f one expression per state variable
         * @return this builder
         */
        public Builder dynamics(List<Expression> f) {
            this.dynamics = List.copyOf(f);
            this.dynamicsText = null;
            this.period = Double.NaN;
            return this;
        }

        /**
         * Continuous dynamics written as formulas, one per state variable, separated by {@code ;}, among which
         * definitions may stand ({@link Formula#parseList(String, Map, Definitions)}): {@code "d = 10 +
         * sin(th)^2; thd; (u + 0.5*thd^2)/d"}. The formulas use the names of the time, state, input and
         * parameter variables and of {@link #definitions(String)}; they are parsed by {@link #build}, so the
         * variables may be declared before or after this call.
         *
         * @param f the formulas, not null
         * @return this builder
         */
        public Builder dynamics(String f) {
            this.dynamicsText = Objects.requireNonNull(f, "dynamics formulas must not be null");
            this.dynamics = null;
            this.period = Double.NaN;
            return this;
        }

        /**
         * Puts continuous dynamics in mass-matrix form {@code M xdot = f}, {@code f} being the {@link
         * #dynamics(List)}: {@code M} is {@code k x k} with {@code 1 <= k <= n} and acts on the last {@code k}
         * derivatives, the first {@code n - k} having coefficient 1 (for a mechanical system with state
         * {@code (q, v)}, {@code qdot = v} and {@code M(q) vdot = f_v}). M may depend on time, state, inputs and
         * parameters, and must be non-singular where the system is evaluated.
         *
         * @param rows M's rows, each of k expressions
         * @return this builder
         */
        public Builder massMatrix(List<List<Expression>> rows) {
            Objects.requireNonNull(rows, "mass matrix must not be null");
            this.massMatrix = rows.stream().map(List::copyOf).toList();
            this.massMatrixText = null;
            return this;
        }

        /**
         * The mass matrix ({@link #massMatrix(List)}) written as formulas, rows separated by {@code ;} and entries
         * by {@code ,} ({@link Formula#parseMatrix}), in the names of the variables and of {@link
         * #definitions(String)}; parsed by {@link #build}.
         *
         * @param rows the formulas, not null
         * @return this builder
         */
        public Builder massMatrix(String rows) {
            this.massMatrixText = Objects.requireNonNull(rows, "mass matrix formulas must not be null");
            this.massMatrix = null;
            return this;
        }

        /**
         * Definitions that the formulas of {@link #dynamics(String)} and {@link #output(String)} may use:
         * {@code "M = m1 + m2; d = M*l^2"}, separated by {@code ;}, in any order (parsed by {@link #build}).
         *
         * @param text the definitions, not null
         * @return this builder
         */
        public Builder definitions(String text) {
            this.definitionsText = Objects.requireNonNull(text, "definitions must not be null");
            return this;
        }

        /**
         * Discrete dynamics {@code x[n+1] = f(t, x[n], u, p)}, updated at {@code t = k period}.
         *
         * @param updatePeriod seconds, finite and {@code > 0}
         * @param f one expression per state variable
         * @return this builder
         */
        public Builder discreteDynamics(double updatePeriod, List<Expression> f) {
            if (!(updatePeriod > 0) || !Double.isFinite(updatePeriod)) {
                throw new IllegalArgumentException("period must be finite and > 0, got " + updatePeriod);
            }
            this.dynamics = List.copyOf(f);
            this.period = updatePeriod;
            return this;
        }

        /**
         * @param y the output expressions (port {@code "y"})
         * @return this builder
         */
        public Builder output(Expression... y) {
            return output(Arrays.asList(y));
        }

        /**
         * @param y the output expressions (port {@code "y"})
         * @return this builder
         */
        public Builder output(List<Expression> y) {
            this.outputs = List.copyOf(y);
            this.outputText = null;
            return this;
        }

        /**
         * The outputs (port {@code "y"}) written as formulas separated by {@code ;}, with definitions as in
         * {@link #dynamics(String)}; parsed by {@link #build}.
         *
         * @param y the formulas, not null
         * @return this builder
         */
        public Builder output(String y) {
            this.outputText = Objects.requireNonNull(y, "output formulas must not be null");
            this.outputs = null;
            return this;
        }

        /**
         * Adds a guard/reset pair: when {@code guard} goes from positive to non-positive, the state becomes
         * {@code reset}, evaluated at the state just before the event.
         *
         * @param guard the guard expression
         * @param reset one expression per state variable
         * @return this builder
         */
        public Builder guardAndReset(Expression guard, List<Expression> reset) {
            guards.add(Objects.requireNonNull(guard, "guard must not be null"));
            resets.add(List.copyOf(reset));
            return this;
        }

        /**
         * Checks the definition and builds the system.
         *
         * @param scalar the number type
         * @param <T> that type
         * @return the system
         * @throws IllegalArgumentException naming what is wrong: no dynamics, a size mismatch, a mass matrix that
         *     is not square, larger than the state or with discrete dynamics, a variable used twice, or an
         *     expression using a variable that is not time, a state, an input or a parameter
         * @throws FormulaParseException (an IllegalArgumentException) if a formula given as text does not parse,
         *     or uses a name that two variables share, naming the column
         */
        public <T> SymbolicVectorSystem<T> build(Scalar<T> scalar) {
            parseTexts();
            check();
            return new SymbolicVectorSystem<>(scalar, new Definition(this));
        }

        /** New variables for the comma-separated names of {@code text}, each checked valid and not yet declared. */
        private List<Variable> newVariables(String text, String what) {
            Objects.requireNonNull(text, what + " names must not be null");
            List<Variable> out = new ArrayList<>();
            int start = 0;
            for (String piece : text.split(",", -1)) {
                String name = piece.strip();
                int offset = name.isEmpty() ? start : start + piece.length() - piece.stripLeading().length();
                if (!Formula.isValidName(name)) {
                    throw new IllegalArgumentException(what + " names \"" + text + "\": "
                            + (name.isEmpty() ? "empty entry" : "'" + name + "' is not a valid name")
                            + " at column " + (offset + 1));
                }
                checkNewName(name, text, offset, what);
                if (out.stream().anyMatch(v -> v.name().equals(name))) {
                    throw new IllegalArgumentException(what + " names \"" + text + "\": '" + name
                            + "' is declared twice (column " + (offset + 1) + ")");
                }
                out.add(new Variable(name));
                start += piece.length() + 1;
            }
            return out;
        }

        /** Refuses a name that a variable already declared (time, state, input, parameter) has. */
        private void checkNewName(String name, String text, int offset, String what) {
            List<Variable> declared = new ArrayList<>(state);
            declared.addAll(inputs);
            declared.addAll(parameters);
            if (time != null) {
                declared.add(time);
            }
            if (declared.stream().anyMatch(v -> v.name().equals(name))) {
                throw new IllegalArgumentException(what + " \"" + text + "\": '" + name + "' at column "
                        + (offset + 1) + " is already declared");
            }
        }

        /** Parses the formulas given as text, in the names of the variables declared. */
        private void parseTexts() {
            if (definitionsText == null && dynamicsText == null && outputText == null && massMatrixText == null) {
                return;
            }
            Map<String, Variable> names = new LinkedHashMap<>();
            Set<String> shared = new LinkedHashSet<>();
            List<Variable> all = new ArrayList<>();
            all.add(time != null ? time : new Variable("t"));
            all.addAll(state);
            all.addAll(inputs);
            all.addAll(parameters);
            for (Variable v : all) {
                if (names.putIfAbsent(Objects.requireNonNull(v, "variables must not be null").name(), v) != null
                        && names.get(v.name()) != v) {
                    shared.add(v.name());
                }
            }
            // A name two variables share would be ambiguous in a formula: such a name is unknown there.
            shared.forEach(names::remove);
            if (time == null) {
                time = names.get("t");
            }
            Definitions defs = definitionsText == null ? Definitions.NONE : Definitions.parse(definitionsText, names);
            if (dynamicsText != null) {
                dynamics = Formula.parseList(dynamicsText, names, defs);
            }
            if (outputText != null) {
                outputs = Formula.parseList(outputText, names, defs);
            }
            if (massMatrixText != null) {
                massMatrix = Formula.parseMatrix(massMatrixText, names, defs);
            }
        }

        private void check() {
            if (name.isBlank()) {
                throw new IllegalArgumentException("name must not be blank");
            }
            if (dynamics == null) {
                throw new IllegalArgumentException(name + ": no dynamics given (call dynamics or discreteDynamics)");
            }
            checkSize(dynamics.size(), "dynamics");
            if (initialState != null) {
                checkSize(initialState.length, "initial state");
            }
            if (!guards.isEmpty() && !Double.isNaN(period)) {
                throw new IllegalArgumentException(name + ": guard/reset pairs need continuous dynamics");
            }
            for (List<Expression> r : resets) {
                checkSize(r.size(), "reset");
            }
            Set<Variable> known = new LinkedHashSet<>();
            if (time != null) {
                known.add(time);
            }
            for (List<Variable> group : List.of(state, inputs, parameters)) {
                for (Variable v : group) {
                    if (!known.add(Objects.requireNonNull(v, "variables must not be null"))) {
                        throw new IllegalArgumentException(name + ": variable " + v + " is declared twice");
                    }
                }
            }
            checkVariables(dynamics, "dynamics", known);
            if (massMatrix != null) {
                checkMassMatrix(known);
            }
            if (outputs != null) {
                checkVariables(outputs, "output", known);
            }
            checkVariables(guards, "guard", known);
            for (int k = 0; k < resets.size(); k++) {
                checkVariables(resets.get(k), "reset " + k + ",", known);
            }
        }

        private void checkMassMatrix(Set<Variable> known) {
            int k = massMatrix.size();
            if (!Double.isNaN(period)) {
                throw new IllegalArgumentException(name + ": a mass matrix needs continuous dynamics");
            }
            if (k == 0 || k > state.size()) {
                throw new IllegalArgumentException(name + ": the mass matrix has " + k + " rows; it must have 1 to "
                        + state.size() + " (the number of states " + state + ")");
            }
            for (int r = 0; r < k; r++) {
                if (massMatrix.get(r).size() != k) {
                    throw new IllegalArgumentException(name + ": mass matrix row " + r + " has "
                            + massMatrix.get(r).size() + " entries; the matrix must be square (" + k + " x " + k + ")");
                }
                checkVariables(massMatrix.get(r), "mass matrix row " + r + ", entry", known);
            }
        }

        private void checkSize(int size, String what) {
            if (size != state.size()) {
                throw new IllegalArgumentException(name + ": " + what + " has " + size + " entries but there are "
                        + state.size() + " state variables " + state);
            }
        }

        private void checkVariables(List<Expression> expressions, String what, Set<Variable> known) {
            for (int i = 0; i < expressions.size(); i++) {
                Expression e = Objects.requireNonNull(expressions.get(i), what + " expressions must not be null");
                for (Variable v : e.getVariables()) {
                    if (!known.contains(v)) {
                        throw new IllegalArgumentException(name + ": " + what + " " + i + " (" + e + ") uses " + v
                                + ", which is not the time, a state, an input or a parameter variable");
                    }
                }
            }
        }
    }
}
