package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Format;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.ContextValues;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
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
     * with {@code "[i]"} appended for entry i of a group of more than one entry; the final time is {@code "t"}.
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

        private static double[][] deepCopy(double[][] m) {
            double[][] out = new double[m.length][];
            for (int i = 0; i < m.length; i++) {
                out[i] = m[i].clone();
            }
            return out;
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
        sim.advanceTo(AutoDiff.variable(finalTime, size, n + m));
        List<AutoDiff> x = new ArrayList<>();
        ScalarVector<AutoDiff> xf = sim.getContext().getContinuousState();
        for (int i = 0; i < n; i++) {
            x.add(xf.get(i));
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

    /** The names of the independent variables, in column order (see {@link Result}). */
    static <T> List<String> columnNames(Context<T> context) {
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
                    names.add(size == 1 ? group : group + "[" + i + "]");
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
        List<Context<T>> a = from.getLeafContexts();
        List<Context<AutoDiff>> b = to.getLeafContexts();
        int k = first;
        for (int leaf = 0; leaf < a.size(); leaf++) {
            for (int g = 0; g < a.get(leaf).getNumNumericParameterGroups(); g++) {
                double[] v = a.get(leaf).getNumericParameter(g).toValueArray();
                ScalarVector<AutoDiff> p = b.get(leaf).getMutableNumericParameter(g);
                for (int i = 0; i < v.length; i++) {
                    p.set(i, AutoDiff.variable(v[i], size, k++));
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
