package dev.mallard.simulator;

import dev.mallard.scalar.Format;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The gradient of a scalar cost {@code J = phi(T, x(T), p) + integral from t0 to T of L(t, x, p) dt} with
 * respect to the initial continuous state, every numeric parameter and the final time T, by reverse mode: the
 * discrete adjoint of the explicit Runge-Kutta steps a double simulation actually took. The result is the
 * exact gradient of the computed trajectory, so it agrees to rounding with {@link GradientSimulation}'s
 * Jacobian (same steps) contracted with {@code dphi/dx}, at a cost that does not grow with the number of
 * parameters the way forward mode's does.
 *
 * <p>How: a {@code Simulator<Double>} runs from the context to T, recording each accepted step's start time
 * and size and the state at the start of every {@code checkpointInterval}-th step. Then, from the last
 * checkpoint to the first, the states in between are recomputed by replaying the steps, and each step is
 * reversed: the adjoint's products with the stage Jacobians, {@code w^T [f_x | f_p | f_t]}, are formed at the
 * recomputed stage points, by code compiled once per system from its symbolic form (the gradient of
 * {@code w . f}, whose cost does not grow with the number of parameters) when it has one, otherwise from the
 * Jacobian evaluated by AutoDiff. The running cost is integrated with the same Runge-Kutta
 * weights at the same stage points (as an extra state that does not take part in error control). As in
 * forward mode, only the last step's size depends on T ({@code h = T - t_last}); every other step size is a
 * constant of the run.
 *
 * <p>Memory: {@code checkpointInterval + 1 + N / checkpointInterval} states of n doubles and 16 bytes per step
 * (its start time and size); time: about one double run to record, one more to recompute the states between
 * checkpoints, and per stage to reverse one more evaluation of f and the compiled product (without a symbolic
 * form: one AutoDiff evaluation of width {@code n + np + 1}).
 *
 * <p>Supported: any system convertible to AutoDiff whose integrator is an explicit Runge-Kutta scheme
 * (explicit Euler, runge_kutta2, runge_kutta3, bogacki_shampine3, runge_kutta5), error-controlled or fixed
 * step, with publish events of any trigger (they change no state). Refused: implicit schemes, witness
 * functions, discrete and unrestricted updates of any trigger, and systems that schedule their own update
 * times, because the adjoint does not yet carry the jump condition at an event time (forward mode,
 * {@link GradientSimulation}, does differentiate through events). Input values are held fixed
 * (the cost does not depend on them).
 */
public final class AdjointGradient {

    /** The default number of steps between stored states. */
    public static final int DEFAULT_CHECKPOINT_INTERVAL = 64;

    /**
     * The cost and its gradient. Column {@code j} of the gradient is {@code dJ} with respect to independent
     * variable {@code j} in {@link GradientSimulation}'s order and names: the initial continuous state
     * {@code 0 .. numStates-1}, the numeric parameters, then the final time. Immutable: the constructor and
     * the array accessors copy.
     *
     * @param cost J, the terminal plus the integrated running cost
     * @param gradient dJ / d(x(0), p, T), {@code numStates + numParameters + 1} entries
     * @param finalState x(T) of the double run
     * @param numStates the number of continuous states
     * @param numParameters the number of numeric parameters
     * @param columnNames the name of each gradient entry (see {@link GradientSimulation.Result})
     * @param steps the number of integration steps reversed
     * @param storedStates the largest number of states held at once: the checkpoints plus the states of the
     *     segment being reversed
     */
    public record Result(double cost, double[] gradient, double[] finalState, int numStates, int numParameters,
            List<String> columnNames, int steps, int storedStates) {

        /**
         * Copies the arrays and the names.
         *
         * @param cost J
         * @param gradient dJ / d(x(0), p, T); copied
         * @param finalState x(T); copied
         * @param numStates the number of continuous states
         * @param numParameters the number of numeric parameters
         * @param columnNames the entries' names; copied
         * @param steps the number of steps
         * @param storedStates the largest number of states held at once
         * @throws NullPointerException naming the argument if an array or the names are null
         */
        public Result {
            gradient = Objects.requireNonNull(gradient, "gradient must not be null").clone();
            finalState = Objects.requireNonNull(finalState, "finalState must not be null").clone();
            columnNames = List.copyOf(Objects.requireNonNull(columnNames, "columnNames must not be null"));
        }

        /** @return dJ / d(x(0), p, T), a fresh copy */
        @Override
        public double[] gradient() {
            return gradient.clone();
        }

        /** @return x(T), a fresh copy */
        @Override
        public double[] finalState() {
            return finalState.clone();
        }

        /**
         * @param k a parameter's flattened index
         * @return dJ / dp_k
         */
        public double parameterDerivative(int k) {
            return gradient[numStates + Objects.checkIndex(k, numParameters)];
        }

        /** @return dJ / dT */
        public double finalTimeDerivative() {
            return gradient[numStates + numParameters];
        }

        /**
         * @param o another object
         * @return whether it is a Result with the same numbers (arrays compared entry by entry) and names
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && Double.compare(cost, r.cost) == 0 && numStates == r.numStates
                    && numParameters == r.numParameters && steps == r.steps && storedStates == r.storedStates
                    && columnNames.equals(r.columnNames) && Arrays.equals(gradient, r.gradient)
                    && Arrays.equals(finalState, r.finalState);
        }

        /** @return a hash consistent with {@link #equals} */
        @Override
        public int hashCode() {
            return Objects.hash(cost, numStates, numParameters, steps, storedStates, columnNames,
                    Arrays.hashCode(gradient), Arrays.hashCode(finalState));
        }

        /** @return the cost, the gradient with its column names and the step and stored-state counts */
        @Override
        public String toString() {
            return "Result[cost=" + cost + ", gradient=" + Format.vector(gradient) + ", columns=" + columnNames
                    + ", finalState=" + Format.vector(finalState) + ", " + Format.count(steps, "step") + ", "
                    + Format.count(storedStates, "stored state") + "]";
        }
    }

    private AdjointGradient() {
    }

    /**
     * Simulates from the context to {@code finalTime} and returns J and its gradient.
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context of it with the initial time, state, parameters and fixed input values; not
     *     modified
     * @param finalTime T, seconds, not before the context's time
     * @param terminal {@code phi(t, x, p)}, evaluated at T ({@link CostFunction#zero()} for none)
     * @param running {@code L(t, x, p)} ({@link CostFunction#zero()} for none)
     * @param checkpointInterval steps between stored states, at least 1: larger stores fewer states (the
     *     reversal then holds up to this many recomputed states at once)
     * @param configure sets up the double simulator before the run (integrator, accuracy, maximum step); it
     *     must not set a monitor; may be null (the Simulator's defaults)
     * @return the cost and its gradient
     * @throws IllegalArgumentException if the context is not a root context of the system, T is before its
     *     time, the system has no continuous state, the interval is below 1, or configure set a monitor
     * @throws UnsupportedOperationException if the integrator is not an explicit Runge-Kutta scheme, the system
     *     has events other than publishes (naming the system and the event), or it cannot be converted to
     *     AutoDiff
     * @throws SimulationException if the simulation fails
     */
    public static Result run(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            CostFunction terminal, CostFunction running, int checkpointInterval,
            Consumer<Simulator<Double>> configure) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        Objects.requireNonNull(terminal, "terminal must not be null");
        Objects.requireNonNull(running, "running must not be null");
        checkArguments(system, context, finalTime, checkpointInterval);
        refuseEvents(context);
        Simulator<Double> sim = new Simulator<>(system, context.cloneContext());
        if (configure != null) {
            configure.accept(sim);
        }
        if (sim.getMonitor() != null) {
            throw new IllegalArgumentException("configure must not set a monitor: the adjoint records the steps "
                    + "with its own");
        }
        IntegratorBase<Double> integrator = sim.getIntegrator();
        ButcherTableau tableau = integrator.explicitTableau();
        if (tableau == null) {
            throw new UnsupportedOperationException("the adjoint of " + system.getName() + " needs an explicit "
                    + "Runge-Kutta integrator; " + integrator.getSchemeName() + " is not one");
        }
        StepRecorder recorder = new StepRecorder(integrator, checkpointInterval,
                context.getContinuousState().toValueArray());
        sim.setMonitor(recorder);
        sim.advanceTo(finalTime);
        double[] xT = sim.getContext().getContinuousState().toValueArray();
        double[] p = parameterValues(context);
        return reverse(system, context, finalTime, xT, p, terminal, running, tableau, recorder);
    }

    private static void checkArguments(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            int checkpointInterval) {
        if (context.getSystem() != system || !context.isRootContext()) {
            throw new IllegalArgumentException("the context must be a root context of " + system.getName());
        }
        if (!(finalTime >= context.getTimeValue())) {
            throw new IllegalArgumentException("finalTime " + finalTime + " is before the context's time "
                    + context.getTimeValue());
        }
        if (context.getNumContinuousStates() == 0) {
            throw new IllegalArgumentException(system.getName() + " has no continuous state to differentiate");
        }
        if (checkpointInterval < 1) {
            throw new IllegalArgumentException("checkpointInterval must be at least 1, got " + checkpointInterval);
        }
    }

    /** Refuses what changes state outside the integration steps: witnesses, updates, custom update times. */
    private static void refuseEvents(Context<Double> context) {
        for (Context<Double> leafContext : context.getLeafContexts()) {
            LeafSystem<Double> leaf = (LeafSystem<Double>) leafContext.getSystem();
            if (leaf.hasWitnessFunctions()) {
                throw new UnsupportedOperationException("the adjoint does not support witness functions: "
                        + leaf.getPathName() + " declares " + leaf.getDeclaredWitnessFunctions());
            }
            if (leaf.hasCustomUpdateTimes()) {
                throw new UnsupportedOperationException("the adjoint does not support systems that schedule "
                        + "their own update times: " + leaf.getPathName() + " does");
            }
            for (Event.Trigger trigger : Event.Trigger.values()) {
                for (Event<Double> e : leaf.getEvents(trigger)) {
                    if (e.getKind() != Event.Kind.PUBLISH) {
                        throw new UnsupportedOperationException("the adjoint does not support state updates: "
                                + leaf.getPathName() + " declares " + e);
                    }
                }
            }
        }
    }

    private static double[] parameterValues(Context<Double> context) {
        double[] p = new double[GradientSimulation.countParameters(context)];
        int k = 0;
        for (Context<Double> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                for (double v : leaf.getNumericParameter(g).toValueArray()) {
                    p[k++] = v;
                }
            }
        }
        return p;
    }

    /** Reverses the recorded steps from the last checkpoint to the first, recomputing the states in between. */
    private static Result reverse(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            double[] xT, double[] p, CostFunction terminal, CostFunction running, ButcherTableau tableau,
            StepRecorder recorder) {
        int n = xT.length;
        int np = p.length;
        double[] lambda = new double[n];
        double[] gradP = new double[np];
        double dT = terminal.gradient(finalTime, xT, p, lambda, gradP);
        double phi = terminal.value(finalTime, xT, p);
        RungeKuttaAdjoint adjoint = new RungeKuttaAdjoint(tableau, system, context, p, running);
        int steps = recorder.steps();
        int interval = recorder.interval();
        double[][] states = new double[Math.min(interval, Math.max(steps, 1))][n];
        for (int c = (steps - 1) / interval; c >= 0 && steps > 0; c--) {
            int first = c * interval;
            int last = Math.min(steps, first + interval) - 1;
            System.arraycopy(recorder.checkpoint(c), 0, states[0], 0, n);
            for (int j = first; j < last; j++) {
                adjoint.step(recorder.startTime(j), recorder.size(j), states[j - first], states[j - first + 1]);
            }
            for (int j = last; j >= first; j--) {
                double barH = adjoint.reverse(recorder.startTime(j), recorder.size(j), states[j - first], lambda,
                        gradP);
                if (j == steps - 1) {
                    // the last step lands on T: its size is T - t_last
                    dT += barH;
                }
            }
        }
        double[] gradient = new double[n + np + 1];
        System.arraycopy(lambda, 0, gradient, 0, n);
        System.arraycopy(gradP, 0, gradient, n, np);
        gradient[n + np] = dT;
        return new Result(phi + adjoint.runningCostIntegral(), gradient, xT, n, np,
                GradientSimulation.columnNames(context), steps, recorder.checkpointCount() + states.length);
    }
}
