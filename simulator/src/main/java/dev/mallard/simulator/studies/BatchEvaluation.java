package dev.mallard.simulator.studies;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Evaluating a system's dynamics at many (time, state, input) points at once, optionally in parallel (Drake's
 * BatchEvalTimeDerivatives and BatchEvalUniquePeriodicDiscreteUpdate). Column {@code j} of the
 * arrays is one point: {@code times[j]}, {@code states[i][j]} (entry i of the state), {@code inputs[k][j]}
 * (entry k of the selected input port's value); the result is laid out the same way. Each point is evaluated
 * on its own copy of {@code context} (which supplies parameters and other fixed inputs), so the system and
 * the context are only read. Values travel as doubles: for a non-double number type the value part is used.
 */
public final class BatchEvaluation {

    /** Input selection: the system's input port 0 if it has input ports, else no input. */
    public static final int USE_FIRST_INPUT_IF_IT_EXISTS = -2;

    /** Input selection: no input port is set (the {@code inputs} argument is ignored and may be null). */
    public static final int NO_INPUT = -1;

    private BatchEvaluation() {
    }

    /**
     * Time derivatives at many points with the first input (if any) and all available processors.
     *
     * @param system the system, not null
     * @param context a root context of it, not modified
     * @param times 1 x N
     * @param states numContinuousStates x N
     * @param inputs inputSize x N, or null without input
     * @param <T> the number type
     * @return numContinuousStates x N
     */
    public static <T> double[][] batchEvalTimeDerivatives(DynamicalSystem<T> system, Context<T> context, double[] times,
            double[][] states, double[][] inputs) {
        return batchEvalTimeDerivatives(system, context, times, states, inputs, USE_FIRST_INPUT_IF_IT_EXISTS,
                Parallelism.max());
    }

    /**
     * The time derivatives {@code xcdot = f(t_j, x_j, u_j)} at each column j.
     *
     * @param system the system, not null
     * @param context a root context of {@code system} supplying parameters and other inputs, not modified
     * @param times the times, length N
     * @param states {@code numContinuousStates} rows of N columns
     * @param inputs {@code inputSize} rows of N columns for the selected port; ignored without input
     * @param inputPortIndex a vector input port index, {@link #USE_FIRST_INPUT_IF_IT_EXISTS} or
     *     {@link #NO_INPUT}
     * @param parallelize the threads to use, not null
     * @param <T> the number type
     * @return {@code numContinuousStates} rows of N columns
     * @throws IllegalArgumentException if a shape disagrees (naming the argument, the expected and the actual
     *     size), the port is abstract-valued or out of range, or the context is not a root context of the system
     */
    public static <T> double[][] batchEvalTimeDerivatives(DynamicalSystem<T> system, Context<T> context, double[] times,
            double[][] states, double[][] inputs, int inputPortIndex, Parallelism parallelize) {
        int n = system.getNumContinuousStates();
        int m = checkCommon(system, context, times, states, n, "continuous states");
        InputPort<T> port = selectPort(system, inputPortIndex);
        checkInputs(port, inputs, m);
        double[][] out = new double[n][m];
        forEachColumn(m, parallelize, context, (c, j) -> {
            c.setTime(times[j]);
            ScalarVector<T> x = c.getMutableContinuousState().backingVector();
            for (int i = 0; i < n; i++) {
                x.setValue(i, states[i][j]);
            }
            fixInput(port, c, inputs, j);
            ScalarVector<T> xdot = derivativesOf(system, c);
            for (int i = 0; i < n; i++) {
                out[i][j] = xdot.getValue(i);
            }
        });
        return out;
    }

    private static <T> ScalarVector<T> derivativesOf(DynamicalSystem<T> system, Context<T> c) {
        var derivatives = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(c, derivatives);
        return derivatives.backingVector();
    }

    /**
     * {@link #batchEvalUniquePeriodicDiscreteUpdate(DynamicalSystem, Context, double[], double[][], double[][], int, int,
     * Parallelism)} for one time step, the first input (if any) and all available processors.
     *
     * @param system the system
     * @param context a root context of it
     * @param times 1 x N
     * @param states discreteStateSize x N
     * @param inputs inputSize x N, or null without input
     * @param <T> the number type
     * @return discreteStateSize x N
     */
    public static <T> double[][] batchEvalUniquePeriodicDiscreteUpdate(DynamicalSystem<T> system, Context<T> context,
            double[] times, double[][] states, double[][] inputs) {
        return batchEvalUniquePeriodicDiscreteUpdate(system, context, times, states, inputs, 1,
                USE_FIRST_INPUT_IF_IT_EXISTS, Parallelism.max());
    }

    /**
     * The state of a difference-equation system (see {@link #differenceEquationTimeStep}) after
     * {@code numTimeSteps} periodic updates from each column: {@code x_j} at {@code times[j]}, updated at
     * {@code times[j] + k timeStep}, {@code k = 0 .. numTimeSteps-1}, with the input held at {@code u_j}; the
     * result is the state at {@code times[j] + numTimeSteps timeStep}.
     *
     * @param system a difference-equation system, not null
     * @param context a root context of it, not modified
     * @param times the times, length N
     * @param states rows = the size of the discrete state group, N columns
     * @param inputs rows = the selected port's size, N columns; ignored without input
     * @param numTimeSteps the number of updates, {@code >= 1}
     * @param inputPortIndex a vector input port index, {@link #USE_FIRST_INPUT_IF_IT_EXISTS} or
     *     {@link #NO_INPUT}
     * @param parallelize the threads to use
     * @param <T> the number type
     * @return the updated states, same shape as {@code states}
     * @throws IllegalArgumentException if the system is not a difference-equation system (saying why), or a
     *     shape disagrees
     * @throws IllegalStateException if an update handler fails (with its message)
     */
    public static <T> double[][] batchEvalUniquePeriodicDiscreteUpdate(DynamicalSystem<T> system, Context<T> context,
            double[] times, double[][] states, double[][] inputs, int numTimeSteps, int inputPortIndex,
            Parallelism parallelize) {
        Checks.notNull(system, "system");
        DifferenceEquation<T> eq = DifferenceEquation.of(system);
        if (numTimeSteps < 1) {
            throw new IllegalArgumentException("numTimeSteps must be >= 1, got " + numTimeSteps);
        }
        int n = eq.size();
        int m = checkCommon(system, context, times, states, n, "entries in the discrete state of "
                + eq.leaf.getName());
        InputPort<T> port = selectPort(system, inputPortIndex);
        checkInputs(port, inputs, m);
        double[][] out = new double[n][m];
        forEachColumn(m, parallelize, context, (c, j) -> {
            c.setTime(times[j]);
            Context<T> leafContext = eq.leaf.getMyContextFromRoot(c);
            ScalarVector<T> xd = leafContext.getMutableDiscreteState(0);
            for (int i = 0; i < n; i++) {
                xd.setValue(i, states[i][j]);
            }
            fixInput(port, c, inputs, j);
            Context<T> next = c.cloneContext();
            Context<T> nextLeaf = eq.leaf.getMyContextFromRoot(next);
            for (int k = 0; k < numTimeSteps; k++) {
                nextLeaf.getMutableDiscreteState(0).setFrom(xd);
                EventStatus status = eq.leaf.calcDiscreteVariableUpdate(leafContext, eq.events,
                        nextLeaf.getDiscreteValues());
                if (status.failed()) {
                    throw new IllegalStateException("the discrete update of " + eq.leaf.getName() + " failed at t = "
                            + c.getTimeValue() + " (column " + j + "): " + status.message());
                }
                leafContext.getMutableDiscreteState(0).setFrom(nextLeaf.getDiscreteState(0));
                c.setTime(times[j] + (k + 1) * eq.timeStep);
            }
            for (int i = 0; i < n; i++) {
                out[i][j] = xd.getValue(i);
            }
        });
        return out;
    }

    /**
     * The time step of a difference-equation system: no continuous or abstract state, exactly one discrete
     * state group (in one leaf), and periodic discrete updates all of one period and offset (declared by
     * that leaf).
     *
     * @param system the system
     * @return the period, or empty if the system is not a difference-equation system
     */
    public static OptionalDouble differenceEquationTimeStep(DynamicalSystem<?> system) {
        try {
            return OptionalDouble.of(DifferenceEquation.of(system).timeStep);
        } catch (IllegalArgumentException e) {
            return OptionalDouble.empty();
        }
    }

    /** The unique periodic discrete update of a difference-equation system. */
    private record DifferenceEquation<T>(LeafSystem<T> leaf, List<Event<T>> events, double timeStep, int size) {

        static <T> DifferenceEquation<T> of(DynamicalSystem<T> system) {
            String who = system.getName() + " is not a difference-equation system: ";
            if (system.getNumContinuousStates() > 0) {
                throw new IllegalArgumentException(who + "it has continuous state");
            }
            LeafSystem<T> owner = null;
            Context<T> probe = system.createDefaultContext();
            List<LeafSystem<T>> leaves = system.getLeafSystems();
            List<Context<T>> contexts = probe.getLeafContexts();
            List<Event<T>> events = new ArrayList<>();
            for (int k = 0; k < leaves.size(); k++) {
                Context<T> c = contexts.get(k);
                if (c.getNumAbstractStates() > 0) {
                    throw new IllegalArgumentException(who + leaves.get(k).getName() + " has abstract state");
                }
                if (c.getNumDiscreteStateGroups() > 0) {
                    if (owner != null || c.getNumDiscreteStateGroups() > 1) {
                        throw new IllegalArgumentException(who + "it has more than one discrete state group");
                    }
                    owner = leaves.get(k);
                }
                for (Event<T> e : leaves.get(k).getEvents(Event.Trigger.PERIODIC)) {
                    if (e.getKind() == Event.Kind.DISCRETE_UPDATE) {
                        events.add(e);
                    }
                }
            }
            if (owner == null) {
                throw new IllegalArgumentException(who + "it has no discrete state");
            }
            if (events.isEmpty()) {
                throw new IllegalArgumentException(who + "it has no periodic discrete update");
            }
            Event<T> first = events.get(0);
            for (Event<T> e : events) {
                if (e.getSystem() != owner || e.getPeriod() != first.getPeriod() || e.getOffset() != first.getOffset()) {
                    throw new IllegalArgumentException(who + "its periodic discrete updates are not unique (" + first
                            + " and " + e + ")");
                }
            }
            int size = contexts.get(leaves.indexOf(owner)).getDiscreteState(0).size();
            return new DifferenceEquation<>(owner, List.copyOf(events), first.getPeriod(), size);
        }
    }

    // ---- shapes and ports ----------------------------------------------------------------------------

    private static <T> int checkCommon(DynamicalSystem<T> system, Context<T> context, double[] times, double[][] states,
            int rows, String what) {
        Checks.notNull(system, "system");
        Checks.notNull(context, "context");
        if (context.getSystem() != system || !context.isRootContext()) {
            throw new IllegalArgumentException("context must be a root context of " + system.getName()
                    + ", got a context of " + context.getSystem().getName());
        }
        int m = Checks.notNull(times, "times").length;
        Checks.notNull(states, "states");
        if (states.length != rows) {
            throw new IllegalArgumentException("states has " + states.length + " rows, expected " + rows
                    + " (the number of " + what + ")");
        }
        checkColumns(states, m, "states");
        return m;
    }

    private static void checkColumns(double[][] a, int m, String name) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == null || a[i].length != m) {
                throw new IllegalArgumentException(name + " row " + i + " has " + (a[i] == null ? "no" : a[i].length)
                        + " columns, expected " + m + " (the number of times)");
            }
        }
    }

    private static <T> InputPort<T> selectPort(DynamicalSystem<T> system, int index) {
        if (index == NO_INPUT) {
            return null;
        }
        if (index == USE_FIRST_INPUT_IF_IT_EXISTS) {
            return system.numInputPorts() > 0 ? vectorPort(system, 0) : null;
        }
        if (index < 0 || index >= system.numInputPorts()) {
            throw new IllegalArgumentException("inputPortIndex " + index + " is not an input port of "
                    + system.getName() + " (it has " + system.numInputPorts() + ")");
        }
        return vectorPort(system, index);
    }

    private static <T> InputPort<T> vectorPort(DynamicalSystem<T> system, int index) {
        InputPort<T> port = system.getInputPort(index);
        if (port.isAbstract()) {
            throw new IllegalArgumentException("input port '" + port.getName() + "' of " + system.getName()
                    + " is abstract-valued; batch evaluation needs a vector-valued port");
        }
        return port;
    }

    private static void checkInputs(InputPort<?> port, double[][] inputs, int m) {
        if (port == null) {
            return;
        }
        if (inputs == null || inputs.length != port.size()) {
            throw new IllegalArgumentException("inputs has " + (inputs == null ? "no" : inputs.length)
                    + " rows, expected " + port.size() + " (the size of input port '" + port.getName() + "')");
        }
        checkColumns(inputs, m, "inputs");
    }

    private static <T> void fixInput(InputPort<T> port, Context<T> c, double[][] inputs, int j) {
        if (port == null) {
            return;
        }
        double[] u = new double[inputs.length];
        for (int k = 0; k < u.length; k++) {
            u[k] = inputs[k][j];
        }
        port.fixValue(c, u);
    }

    // ---- parallel loop -----------------------------------------------------------------------------------

    /** The work of one column on a private context. */
    @FunctionalInterface
    private interface ColumnTask<T> {
        void run(Context<T> context, int column);
    }

    private static <T> void forEachColumn(int m, Parallelism parallelize, Context<T> context, ColumnTask<T> task) {
        Checks.notNull(parallelize, "parallelize");
        int threads = Math.min(parallelize.numThreads(), Math.max(1, m));
        if (threads == 1) {
            runChunk(context.cloneContext(), task, 0, m);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "mallard-batch-eval");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            int chunk = (m + threads - 1) / threads;
            for (int start = 0; start < m; start += chunk) {
                int from = start;
                int to = Math.min(m, start + chunk);
                // each chunk gets its own context, cloned on this thread
                Context<T> own = context.cloneContext();
                futures.add(pool.submit(() -> runChunk(own, task, from, to)));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during batch evaluation", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("batch evaluation failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> void runChunk(Context<T> own, ColumnTask<T> task, int from, int to) {
        for (int j = from; j < to; j++) {
            task.run(own, j);
        }
    }
}
