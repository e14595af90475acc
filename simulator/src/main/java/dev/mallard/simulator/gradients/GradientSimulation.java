package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Format;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.ContextValues;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Gradients through a whole simulation by forward-mode AutoDiff: the system is converted to {@link AutoDiff},
 * the initial continuous state, every numeric parameter and the final time are seeded as independent
 * variables (discrete and abstract state and input values are copied from the given context), and one {@code Simulator<AutoDiff>} run gives the final state and the outputs with their
 * derivatives. Step-size control and event isolation use values only, so the run takes the same steps as a
 * double simulation; impacts and other witness-triggered resets carry the event time's sensitivity. In fixed-step
 * mode without isolation (no accuracy in the context, as in Drake) a reset happens at the end of the step that
 * crossed: the values are those of that cruder run, and the derivatives still carry the crossing time's
 * sensitivity, evaluated at that step end (exact when the witness is linear along an exactly integrated motion);
 * two witnesses with updates crossing in one such step are refused, as one event time cannot carry both.
 *
 * <p>Speed: a system is run as given, on one AutoDiff object per value. A system that {@link
 * dev.mallard.systems.symbolic.CompiledSystems#compile} can trace (no events, no branching on values) runs its
 * gradients on generated code over primitive arrays when passed compiled, in 0.6 to 0.8 of the time on Van der Pol
 * (docs/PERFORMANCE.md, benchmark 2); its results agree with the given system's to rounding, not bit for bit,
 * since the traced expressions may order the arithmetic differently.
 */
public final class GradientSimulation {

    /**
     * The final continuous state and vector outputs (all vector output ports, flattened) with their Jacobians.
     * Column {@code j} of a Jacobian is the derivative with respect to independent variable {@code j}:
     * initial continuous state {@code 0 .. numStates-1}, then numeric parameters (all groups of all leaves,
     * flattened in leaf order), then the final time.
     *
     * <p>Each column has a name, {@code "PATH/NAME"}: PATH is the leaf system's path name
     * ({@link DynamicalSystem#getPathName()}), NAME the state's name ({@code LeafSystem.setContinuousStateNames})
     * or {@code "x" + i} for the leaf's unnamed state i, the parameter group's name
     * ({@code LeafSystem.declareNumericParameter(String, double...)}) or {@code "p" + g} for unnamed group g,
     * with {@code "[i]"} appended for entry i of a group of more than one entry, or the entry's own name when the
     * group's entries are named ({@code LeafSystem.setNumericParameterEntryNames}, as a
     * {@code SymbolicVectorSystem} names its parameters); the final time is {@code "t"}.
     *
     * <p>Immutable, so safe to share between threads: the constructor copies the arrays and every array
     * accessor returns a fresh copy (read a Jacobian into a local variable rather than calling the accessor
     * inside a loop). {@link #equals} and {@link #hashCode} compare the arrays' contents, entry by entry as
     * {@link Arrays#equals(double[], double[])} does (bit for bit, every NaN equal to every NaN);
     * {@link #toString} prints the numbers, cut as {@link Format} does for large systems.
     *
     * @param finalState x(T), values
     * @param stateJacobian d x(T) / d (x(0), p, T), {@code numStates x (numStates + numParameters + 1)}
     * @param outputs y(T), values
     * @param outputJacobian d y(T) / d (x(0), p, T)
     * @param numStates the number of continuous states
     * @param numParameters the number of numeric parameters
     * @param columnNames the name of each Jacobian column, {@code numStates + numParameters + 1} of them
     */
    public record Result(double[] finalState, double[][] stateJacobian, double[] outputs, double[][] outputJacobian,
            int numStates, int numParameters, List<String> columnNames) {

        /**
         * Copies the arrays and the names, so that the caller's arrays and the record's never alias.
         *
         * @param finalState x(T); copied
         * @param stateJacobian d x(T) / d (x(0), p, T); copied
         * @param outputs y(T); copied
         * @param outputJacobian d y(T) / d (x(0), p, T); copied
         * @param numStates the number of continuous states
         * @param numParameters the number of numeric parameters
         * @param columnNames the name of each Jacobian column; copied
         * @throws NullPointerException naming the argument if an array or the names are null
         */
        public Result {
            columnNames = List.copyOf(Objects.requireNonNull(columnNames, "columnNames must not be null"));
            finalState = Objects.requireNonNull(finalState, "finalState must not be null").clone();
            stateJacobian = deepCopy(Objects.requireNonNull(stateJacobian, "stateJacobian must not be null"));
            outputs = Objects.requireNonNull(outputs, "outputs must not be null").clone();
            outputJacobian = deepCopy(Objects.requireNonNull(outputJacobian, "outputJacobian must not be null"));
        }

        /** @return x(T), a fresh copy */
        @Override
        public double[] finalState() {
            return finalState.clone();
        }

        /** @return d x(T) / d (x(0), p, T), a fresh copy */
        @Override
        public double[][] stateJacobian() {
            return deepCopy(stateJacobian);
        }

        /** @return y(T), a fresh copy */
        @Override
        public double[] outputs() {
            return outputs.clone();
        }

        /** @return d y(T) / d (x(0), p, T), a fresh copy */
        @Override
        public double[][] outputJacobian() {
            return deepCopy(outputJacobian);
        }

        /** @return the column index of the final time */
        public int finalTimeColumn() {
            return numStates + numParameters;
        }

        /**
         * @param k a parameter's flattened index
         * @return its column index
         */
        public int parameterColumn(int k) {
            return numStates + k;
        }

        /**
         * The column of a named state or parameter of one leaf system, e.g. {@code column(pendulum, "damping")}.
         *
         * @param system the leaf system (of the simulated system or its double original: matched by path name)
         * @param name the state's or parameter group's name, with {@code "[i]"} for an entry of a larger group
         * @return the column index
         * @throws IllegalArgumentException if no column has that name (listing the system's columns)
         */
        public int column(DynamicalSystem<?> system, String name) {
            String prefix = system.getPathName() + "/";
            int j = columnNames.indexOf(prefix + name);
            if (j < 0) {
                throw new IllegalArgumentException("no column '" + name + "' of " + system.getPathName()
                        + "; its columns are " + columnNames.stream().filter(c -> c.startsWith(prefix))
                                .map(c -> c.substring(prefix.length())).toList());
            }
            return j;
        }

        /**
         * @param o another object
         * @return whether it is a Result with the same counts, column names and numbers in every array
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && numStates == r.numStates && numParameters == r.numParameters
                    && columnNames.equals(r.columnNames) && Arrays.equals(finalState, r.finalState)
                    && Arrays.deepEquals(stateJacobian, r.stateJacobian) && Arrays.equals(outputs, r.outputs) && Arrays.deepEquals(outputJacobian, r.outputJacobian);
        }

        /** @return a hash of the counts, the names and the arrays' contents, consistent with {@link #equals} */
        @Override
        public int hashCode() {
            return Objects.hash(numStates, numParameters, columnNames, Arrays.hashCode(finalState),
                    Arrays.deepHashCode(stateJacobian), Arrays.hashCode(outputs), Arrays.deepHashCode(outputJacobian));
        }

        /**
         * @return the counts, then the values and Jacobians row by row, as
         *     {@code Result[2 states, 1 parameter, finalState=[1.0, -0.5], stateJacobian=[[...], [...]], ...]}
         */
        @Override
        public String toString() {
            return "Result[" + Format.count(numStates, "state") + ", " + Format.count(numParameters, "parameter")
                    + ", finalState=" + Format.vector(finalState) + ", stateJacobian=" + Format.matrix(stateJacobian)
                    + ", outputs=" + Format.vector(outputs) + ", outputJacobian=" + Format.matrix(outputJacobian)
                    + ", columns=" + columnNames + "]";
        }

        static double[][] deepCopy(double[][] m) {
            double[][] out = new double[m.length][];
            for (int i = 0; i < m.length; i++) {
                out[i] = m[i].clone();
            }
            return out;
        }
    }

    /**
     * The continuous state at each of several times with its Jacobian with respect to chosen initial states and
     * parameters, from one run (as diffrax's {@code SaveAt(ts)} and DifferentialEquations.jl's {@code saveat}):
     * {@code jacobian(k)[i][j]} is {@code d x_i(t_k) / d theta_j}, with {@code theta_j} the independent variable
     * named {@code columnNames.get(j)} (names as in {@link Result}; no final-time column, the times are given).
     *
     * <p>Immutable: the constructor copies and the accessors return fresh copies.
     *
     * @param times the sample times, seconds, non-decreasing
     * @param states {@code states[k]} is x(t_k), values
     * @param jacobians {@code jacobians[k]} is {@code d x(t_k) / d theta}, {@code numStates x columnNames.size()}
     * @param columnNames the name of each column
     */
    public record Samples(double[] times, double[][] states, double[][][] jacobians, List<String> columnNames) {

        /**
         * Copies the arrays and the names.
         *
         * @param times the sample times; copied
         * @param states the states; copied
         * @param jacobians the Jacobians; copied
         * @param columnNames the columns' names; copied
         * @throws NullPointerException naming the argument if an array or the names are null
         * @throws IllegalArgumentException if the arrays' lengths differ
         */
        public Samples {
            times = Objects.requireNonNull(times, "times must not be null").clone();
            states = Result.deepCopy(Objects.requireNonNull(states, "states must not be null"));
            Objects.requireNonNull(jacobians, "jacobians must not be null");
            columnNames = List.copyOf(Objects.requireNonNull(columnNames, "columnNames must not be null"));
            if (states.length != times.length || jacobians.length != times.length) {
                throw new IllegalArgumentException(times.length + " times, " + states.length + " states and "
                        + jacobians.length + " Jacobians");
            }
            double[][][] copy = new double[jacobians.length][][];
            for (int k = 0; k < copy.length; k++) {
                copy[k] = Result.deepCopy(jacobians[k]);
            }
            jacobians = copy;
        }

        /** @return the sample times, a fresh copy */
        @Override
        public double[] times() {
            return times.clone();
        }

        /** @return {@code states[k]} = x(t_k), a fresh copy */
        @Override
        public double[][] states() {
            return Result.deepCopy(states);
        }

        /** @return {@code jacobians[k]} = d x(t_k) / d theta, a fresh copy */
        @Override
        public double[][][] jacobians() {
            double[][][] copy = new double[jacobians.length][][];
            for (int k = 0; k < copy.length; k++) {
                copy[k] = Result.deepCopy(jacobians[k]);
            }
            return copy;
        }

        /**
         * @param k a sample index
         * @return x(t_k), a fresh copy
         */
        public double[] state(int k) {
            return states[k].clone();
        }

        /**
         * @param k a sample index
         * @return d x(t_k) / d theta, {@code numStates x columnNames().size()}, a fresh copy
         */
        public double[][] jacobian(int k) {
            return Result.deepCopy(jacobians[k]);
        }

        /**
         * @param o another object
         * @return whether it is a Samples with the same names and the same numbers, bit for bit
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Samples r && columnNames.equals(r.columnNames) && Arrays.equals(times, r.times)
                    && Arrays.deepEquals(states, r.states) && Arrays.deepEquals(jacobians, r.jacobians);
        }

        /** @return a hash of the names and the arrays' contents, consistent with {@link #equals} */
        @Override
        public int hashCode() {
            return Objects.hash(columnNames, Arrays.hashCode(times), Arrays.deepHashCode(states),
                    Arrays.deepHashCode(jacobians));
        }

        /** @return the sample count, the columns and the first and last samples' states */
        @Override
        public String toString() {
            return "Samples[" + Format.count(times.length, "time") + ", columns=" + columnNames
                    + (times.length == 0 ? "" : ", x(" + times[0] + ")=" + Format.vector(states[0]) + ", x("
                            + times[times.length - 1] + ")=" + Format.vector(states[times.length - 1])) + "]";
        }
    }

    private GradientSimulation() {
    }

    /**
     * Simulates from the context's time, state, parameters and input values to {@code finalTime}.
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context with the initial condition, parameters and (fixed or connected) input values;
     *     not modified
     * @param finalTime seconds, not before the context's time
     * @param configure sets up the AutoDiff simulator before the run (integrator, accuracy); may be null
     * @param <T> the system's number type (numeric)
     * @return the final state and outputs with their Jacobians
     * @throws UnsupportedOperationException if the system cannot be converted to AutoDiff (naming it)
     * @throws IllegalArgumentException if the context is not a root context of the system or the final time is
     *     before its time
     * @throws SimulationException if the simulation fails
     */
    public static <T> Result run(DynamicalSystem<T> system, Context<T> context, double finalTime,
            Consumer<Simulator<AutoDiff>> configure) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != system || !context.isRootContext()) {
            throw new IllegalArgumentException("the context must be a root context of " + system.getName());
        }
        if (!(finalTime >= context.getTimeValue())) {
            throw new IllegalArgumentException("finalTime " + finalTime + " is before the context's time "
                    + context.getTimeValue());
        }
        DynamicalSystem<AutoDiff> ad = system.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = ad.createDefaultContext();
        int n = context.getNumContinuousStates();
        int m = countParameters(context);
        int size = n + m + 1;
        c.setTime(context.getTimeValue());
        // the context's accuracy sets the witness isolation window (in fixed-step mode, whether to isolate)
        context.getAccuracy().ifPresent(c::setAccuracy);
        double[] x0 = context.getContinuousState().toValueArray();
        for (int i = 0; i < n; i++) {
            c.getMutableContinuousState().set(i, AutoDiff.variable(x0[i], size, i));
        }
        seedParametersAndCopyDiscrete(context, c, n, size);
        ContextValues.copyFixedInputs(context, c);
        // A clone copies the abstract values with their copiers: the run cannot change the caller's objects.
        Simulator<AutoDiff> sim = new Simulator<>(ad, c.cloneContext());
        if (configure != null) {
            configure.accept(sim);
        }
        AutoDiff end = AutoDiff.variable(finalTime, size, n + m);
        sim.advanceTo(end);
        // an event at T: its updates are pending (Drake dispatches them in the next step), and x(T) is the state
        // before them, at T itself rather than at the event time that the event's sensitivity moved
        List<AutoDiff> x = atFixedTime(ad, sim.getContext(), end, ad.allocateTimeDerivatives(), size);
        if (x != null) {
            Context<AutoDiff> last = sim.getMutableContext();
            last.setTime(AutoDiff.of(last.getTimeValue(), end.gradient()));
            for (int i = 0; i < n; i++) {
                last.getMutableContinuousState().set(i, x.get(i));
            }
        } else {
            x = new ArrayList<>();
            ScalarVector<AutoDiff> xf = sim.getContext().getContinuousState();
            for (int i = 0; i < n; i++) {
                x.add(xf.get(i));
            }
        }
        List<AutoDiff> y = new ArrayList<>();
        for (int p = 0; p < ad.numOutputPorts(); p++) {
            OutputPort<AutoDiff> port = ad.getOutputPort(p);
            if (!port.isAbstract()) {
                ScalarVector<AutoDiff> v = port.eval(sim.getContext());
                for (int i = 0; i < v.size(); i++) {
                    y.add(v.get(i));
                }
            }
        }
        return new Result(values(x), jacobian(x, size), values(y), jacobian(y, size), n, m, columnNames(context));
    }

    /**
     * Simulates once through the given times and returns the state at each with its Jacobian with respect to
     * every initial continuous state and numeric parameter (columns {@code 0 .. n-1} and {@code n .. n+m-1}
     * in {@link Result}'s order and names).
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context with the initial condition, parameters and input values; not modified
     * @param times the sample times, seconds: finite, non-decreasing, not before the context's time; not modified
     * @param configure sets up the AutoDiff simulator before the run; may be null
     * @param <T> the system's number type (numeric)
     * @return the states and Jacobians at the times
     * @throws IllegalArgumentException as {@link #sample(DynamicalSystem, Context, double[], int[], Consumer)}
     * @throws UnsupportedOperationException if the system cannot be converted to AutoDiff
     * @throws SimulationException if the simulation fails or a handler stops it before the last time
     */
    public static <T> Samples sample(DynamicalSystem<T> system, Context<T> context, double[] times,
            Consumer<Simulator<AutoDiff>> configure) {
        Objects.requireNonNull(context, "context must not be null");
        int[] all = new int[context.getNumContinuousStates() + countParameters(context)];
        Arrays.setAll(all, j -> j);
        return sample(system, context, times, all, configure);
    }

    /**
     * Simulates once through the given times and returns the state at each with its Jacobian with respect to
     * the chosen independent variables only (forward mode's cost grows with their number). The run stops at
     * each time (its steps land there), so the values are those of runs to each time, not interpolated ones.
     *
     * <p>A time at which an event happens: the sample is the state the simulator holds there, before the
     * event's updates (which Drake dispatches at the start of the next step), with that branch's derivatives:
     * when the event time's sensitivity has moved the context's time, the state's derivatives are taken back
     * along the flow to the fixed sample time ({@code dx(t_k) = dx - f dt}).
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context with the initial condition, parameters and input values; not modified
     * @param times the sample times, seconds: finite, non-decreasing, not before the context's time; not modified
     * @param wrt the columns to differentiate by, in {@link Result}'s numbering without the final time
     *     ({@code 0 .. n-1} initial states, then {@code n .. n+m-1} parameters), distinct; not modified
     * @param configure sets up the AutoDiff simulator before the run; may be null
     * @param <T> the system's number type (numeric)
     * @return the states and Jacobians at the times, with the chosen columns in the given order
     * @throws IllegalArgumentException if the context is not a root context of the system, the times are empty,
     *     not finite, decreasing or before the context's time, or a column is out of range or repeated
     * @throws UnsupportedOperationException if the system cannot be converted to AutoDiff
     * @throws SimulationException if the simulation fails or a handler stops it before the last time
     */
    public static <T> Samples sample(DynamicalSystem<T> system, Context<T> context, double[] times, int[] wrt,
            Consumer<Simulator<AutoDiff>> configure) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        Objects.requireNonNull(times, "times must not be null");
        Objects.requireNonNull(wrt, "wrt must not be null");
        if (context.getSystem() != system || !context.isRootContext()) {
            throw new IllegalArgumentException("the context must be a root context of " + system.getName());
        }
        checkTimes(times, context.getTimeValue());
        int n = context.getNumContinuousStates();
        int m = countParameters(context);
        int size = wrt.length;
        int[] seed = new int[n + m];
        Arrays.fill(seed, -1);
        List<String> allNames = columnNames(context);
        List<String> names = new ArrayList<>();
        for (int j = 0; j < size; j++) {
            if (wrt[j] < 0 || wrt[j] >= n + m || seed[wrt[j]] >= 0) {
                throw new IllegalArgumentException("column " + wrt[j] + " is out of range 0.." + (n + m - 1)
                        + " or repeated in " + Arrays.toString(wrt));
            }
            seed[wrt[j]] = j;
            names.add(allNames.get(wrt[j]));
        }
        DynamicalSystem<AutoDiff> ad = system.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = ad.createDefaultContext();
        c.setTime(context.getTimeValue());
        context.getAccuracy().ifPresent(c::setAccuracy);
        double[] x0 = context.getContinuousState().toValueArray();
        for (int i = 0; i < n; i++) {
            c.getMutableContinuousState().set(i, seed[i] >= 0 ? AutoDiff.variable(x0[i], size, seed[i])
                    : AutoDiff.constant(x0[i]));
        }
        seedParametersAndCopyDiscrete(context, c, Arrays.copyOfRange(seed, n, n + m), size);
        ContextValues.copyFixedInputs(context, c);
        Simulator<AutoDiff> sim = new Simulator<>(ad, c.cloneContext());
        if (configure != null) {
            configure.accept(sim);
        }
        double[][] states = new double[times.length][];
        double[][][] jacobians = new double[times.length][][];
        ContinuousState<AutoDiff> f = ad.allocateTimeDerivatives();
        for (int k = 0; k < times.length; k++) {
            if (k == 0 || times[k] > times[k - 1]) {
                sim.advanceTo(AutoDiff.constant(times[k]));
                if (sim.getContext().getTimeValue() != times[k]) {
                    throw new SimulationException("the run stopped at t = " + sim.getContext().getTimeValue()
                            + " before the sample time " + times[k], sim.getContext().getTimeValue(), system.getName());
                }
            }
            List<AutoDiff> x = atFixedTime(ad, sim.getContext(), AutoDiff.constant(times[k]), f, size);
            if (x == null) {
                x = new ArrayList<>();
                ScalarVector<AutoDiff> state = sim.getContext().getContinuousState();
                for (int i = 0; i < n; i++) {
                    x.add(state.get(i));
                }
            }
            states[k] = values(x);
            jacobians[k] = jacobian(x, size);
        }
        return new Samples(times, states, jacobians, names);
    }

    private static void checkTimes(double[] times, double start) {
        if (times.length == 0) {
            throw new IllegalArgumentException("no sample times");
        }
        for (int k = 0; k < times.length; k++) {
            double before = k == 0 ? start : times[k - 1];
            if (!Double.isFinite(times[k]) || !(times[k] >= before)) {
                throw new IllegalArgumentException("sample time " + k + " = " + times[k] + " is not finite or is "
                        + "before " + (k == 0 ? "the context's time " : "the time before it, ") + before);
            }
        }
    }

    /**
     * The context's continuous state as a function of the independent variables at the time {@code target}
     * (whose value is the context's time): when an event time's sensitivity has given the context's time other
     * derivatives than the target's, the state's derivatives move back along the flow, {@code dx - f (dt -
     * dtarget)}; the values are unchanged. The context is not modified.
     *
     * @return the moved state, or null if the context's time has the target's derivatives (nothing to move)
     */
    private static List<AutoDiff> atFixedTime(DynamicalSystem<AutoDiff> system, Context<AutoDiff> context,
            AutoDiff target, ContinuousState<AutoDiff> f, int size) {
        double[] shift = new double[size];
        context.getTime().copyGradientTo(shift, 0, size);
        boolean moved = false;
        for (int j = 0; j < size; j++) {
            shift[j] -= target.derivative(j);
            moved |= shift[j] != 0;
        }
        if (!moved) {
            return null;
        }
        system.calcTimeDerivatives(context, f);
        ScalarVector<AutoDiff> state = context.getContinuousState();
        List<AutoDiff> x = new ArrayList<>();
        for (int i = 0; i < state.size(); i++) {
            double rate = f.get(i).value();
            double[] g = new double[size];
            state.get(i).copyGradientTo(g, 0, size);
            for (int j = 0; j < size; j++) {
                g[j] -= rate * shift[j];
            }
            x.add(AutoDiff.of(state.get(i).value(), g));
        }
        return x;
    }

    /**
     * The names of the independent variables of a run from this context, in column order (see {@link Result}):
     * the initial continuous states, the numeric parameters, then {@code "t"}.
     *
     * @param context a root context; not modified
     * @param <T> the number type
     * @return the names, a new list
     */
    public static <T> List<String> columnNames(Context<T> context) {
        List<String> names = new ArrayList<>();
        for (Context<T> leafContext : context.getLeafContexts()) {
            LeafSystem<T> leaf = (LeafSystem<T>) leafContext.getSystem();
            for (int i = 0; i < leafContext.getNumContinuousStates(); i++) {
                names.add(leaf.getPathName() + "/" + leaf.getContinuousStateName(i).orElse("x" + i));
            }
        }
        for (Context<T> leafContext : context.getLeafContexts()) {
            LeafSystem<T> leaf = (LeafSystem<T>) leafContext.getSystem();
            for (int g = 0; g < leafContext.getNumNumericParameterGroups(); g++) {
                String group = leaf.getPathName() + "/" + leaf.getNumericParameterName(g).orElse("p" + g);
                int size = leafContext.getNumericParameter(g).size();
                for (int i = 0; i < size; i++) {
                    Optional<String> entry = leaf.getNumericParameterEntryName(g, i);
                    names.add(entry.isPresent() ? leaf.getPathName() + "/" + entry.get()
                            : size == 1 ? group : group + "[" + i + "]");
                }
            }
        }
        names.add("t");
        return names;
    }

    static <T> int countParameters(Context<T> context) {
        int m = 0;
        for (Context<T> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                m += leaf.getNumericParameter(g).size();
            }
        }
        return m;
    }

    static <T> void seedParametersAndCopyDiscrete(Context<T> from, Context<AutoDiff> to, int first, int size) {
        int[] columns = new int[countParameters(from)];
        Arrays.setAll(columns, k -> first + k);
        seedParametersAndCopyDiscrete(from, to, columns, size);
    }

    /** Copies the parameters (as constants), the discrete and the abstract state. */
    static <T> void copyParametersAndDiscrete(Context<T> from, Context<AutoDiff> to) {
        int[] columns = new int[countParameters(from)];
        Arrays.fill(columns, -1);
        seedParametersAndCopyDiscrete(from, to, columns, 0);
    }

    /**
     * Seeds parameter {@code k} (flattened) as variable {@code columns[k]} of {@code size}, or as a constant when
     * {@code columns[k] < 0}, and copies the discrete and abstract state.
     */
    private static <T> void seedParametersAndCopyDiscrete(Context<T> from, Context<AutoDiff> to, int[] columns,
            int size) {
        List<Context<T>> a = from.getLeafContexts();
        List<Context<AutoDiff>> b = to.getLeafContexts();
        int k = 0;
        for (int leaf = 0; leaf < a.size(); leaf++) {
            for (int g = 0; g < a.get(leaf).getNumNumericParameterGroups(); g++) {
                double[] v = a.get(leaf).getNumericParameter(g).toValueArray();
                ScalarVector<AutoDiff> p = b.get(leaf).getMutableNumericParameter(g);
                for (int i = 0; i < v.length; i++, k++) {
                    p.set(i, columns[k] >= 0 ? AutoDiff.variable(v[i], size, columns[k]) : AutoDiff.constant(v[i]));
                }
            }
            for (int g = 0; g < a.get(leaf).getNumDiscreteStateGroups(); g++) {
                double[] v = a.get(leaf).getDiscreteState(g).toValueArray();
                ScalarVector<AutoDiff> xd = b.get(leaf).getMutableDiscreteState(g);
                for (int i = 0; i < v.length; i++) {
                    xd.setValue(i, v[i]);
                }
            }
            for (int i = 0; i < a.get(leaf).getNumAbstractStates(); i++) {
                b.get(leaf).setAbstractState(i, a.get(leaf).getAbstractState(i, Object.class));
            }
        }
    }

    private static double[] values(List<AutoDiff> v) {
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i).value();
        }
        return out;
    }

    private static double[][] jacobian(List<AutoDiff> v, int size) {
        double[][] out = new double[v.size()][size];
        for (int i = 0; i < v.size(); i++) {
            for (int j = 0; j < size; j++) {
                out[i][j] = v.get(i).derivative(j);
            }
        }
        return out;
    }
}
