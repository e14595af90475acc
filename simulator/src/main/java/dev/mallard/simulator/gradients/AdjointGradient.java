package dev.mallard.simulator.gradients;

import dev.mallard.scalar.Format;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorStatus;
import dev.mallard.simulator.integrators.ButcherTableau;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.internal.CollocationScheme;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The gradient of a scalar cost {@code J = phi(T, x(T), p) + integral from t0 to T of L(t, x, p) dt} with
 * respect to the initial continuous state, every numeric parameter and the final time T, by reverse mode: the
 * discrete adjoint of the steps and events a double simulation actually took. The result is the exact gradient
 * of the computed trajectory, so it agrees to rounding with {@link GradientSimulation}'s Jacobian (same steps,
 * same events) contracted with {@code dphi/dx}, at a cost that does not grow with the number of parameters the
 * way forward mode's does.
 *
 * <p>How: a {@code Simulator<Double>} runs from the context to T, recording each accepted step's start time, size
 * and landing target, the update sets it dispatched, the steps an event ended, and the state (continuous and
 * discrete) at the start of every {@code checkpointInterval}-th step. Then, from the last checkpoint to the
 * first, the states in between are recomputed by replaying the run, and each part is reversed:
 * <ul>
 *   <li>an explicit Runge-Kutta step: the adjoint's products with the stage Jacobians,
 *       {@code w^T [f_x | f_p | f_t]}, are formed at the recomputed stage points, by code compiled once per
 *       system from its symbolic form (the gradient of {@code w . f}, whose cost does not grow with the number
 *       of parameters) when it has one, otherwise from the Jacobian evaluated by AutoDiff;</li>
 *   <li>an implicit step (implicit Euler, radau1, radau3): the stage equations are differentiated at their
 *       solution, by one transposed solve with the iteration matrix {@code I - h (A (x) J)} built from each
 *       stage's Jacobian (not by differentiating Newton's iterations). The replay solves the stage equations to
 *       rounding, and the checkpoints come from that replay, so the gradient is the exact one of the scheme's
 *       equations through the recorded steps; forward mode, which differentiates the run's Newton iterations,
 *       agrees with it to about the Newton tolerance ({@code 0.01} times the accuracy) only;</li>
 *   <li>a witness-triggered event: the step it cut short is replayed by forward-mode AutoDiff exactly as
 *       {@link GradientSimulation} computes it (the scheme's own interpolant at the isolated time, moved by the
 *       implicit function theorem's event-time correction {@code delta = -w / wdot}), and its Jacobian with
 *       respect to the start state, parameters, start time and step size is transposed: the adjoint jump
 *       condition. The event time's sensitivity then flows on through the time, which the adjoint carries. A
 *       fixed-step run without isolation resets at the end of the step that crossed; that step is replayed
 *       with the same correction at its end, as forward mode computes it. Under an implicit scheme the replayed
 *       step differentiates the scheme's Newton iterations (at the run's accuracy), as forward mode does: the
 *       gradient through such a step agrees with the exact one of the scheme's equations to about the Newton
 *       tolerance;</li>
 *   <li>discrete and unrestricted updates (periodic, per-step, witnessed, initialization, or at times a
 *       system schedules itself): the recorded update set is dispatched again on AutoDiff at the recorded state
 *       and its Jacobian with respect to the continuous and discrete state, the parameters and the time is
 *       transposed. The discrete state's adjoint collects what the continuous steps owe it through
 *       {@code f_xd}.</li>
 * </ul>
 * The running cost is integrated with the step's own weights at the same stage points (as an extra state that
 * does not take part in error control); over a step an event ended, by three-point Gauss-Legendre quadrature
 * along the step's interpolant up to the event time, in the event's AutoDiff replay, so that the integral carries
 * the event time's sensitivity (the jump term {@code L(t*-) dt*}) and the reset's effect on the later steps' costs
 * reaches the state before it through the reset's Jacobian. As in forward mode, a step's size is a constant when the integrator
 * chose it, {@code target - t0} when the step landed on a publish or update time, and {@code T - t0} when it
 * landed on T; so dJ/dT comes from the last step and, after an event, every later step's time depends on the
 * event time.
 *
 * <p>A loss at sample times ({@link SampleLoss}, {@code sum_k l_k(t_k, x(t_k), p)}, as when fitting measured
 * states) is added by {@link #run(DynamicalSystem, Context, double, CostFunction, CostFunction, SampleLoss, int,
 * Consumer)}: the run advances to each sample time in turn, so its steps land there, and the recorder notes where in
 * the sequence of steps and update sets each sample was reached; on the way back the adjoint jumps there by
 * {@code dl_k/dx} (and the time's adjoint by {@code -dl_k/dx . f}, the transpose of forward mode's move back to the
 * fixed sample time when an event time's sensitivity has moved the context's time).
 *
 * <p>Memory: {@code checkpointInterval + 1 + N / checkpointInterval} states of {@code n + nd} doubles, 24 bytes
 * per step, and a few dozen bytes per update set; time: about one double run to record, one more to recompute
 * the states between checkpoints (two for implicit schemes), per explicit stage to reverse one more evaluation
 * of f and the compiled product (without a symbolic form: one AutoDiff evaluation of width {@code n + np + 1}),
 * per implicit stage the same product plus one AutoDiff evaluation of width {@code n} (the state Jacobian of the
 * transposed solve; the Newton iterations that recompute the states use the same), and one AutoDiff replay of width {@code n + nd + np + 2} per event
 * (of width {@code nd} per stage when updates change the discrete state).
 *
 * <p>Semi-explicit Euler and velocity-implicit Euler have no dedicated step adjoint: each of their steps is replayed
 * by forward-mode AutoDiff as an event-ended step is, and its Jacobian transposed ({@code ReplayStepAdjoint}), at a
 * cost per step that grows with the number of parameters as forward mode's does (the checkpoints still bound the
 * memory). Velocity-implicit Euler's replay starts Newton's iterations on a fresh Jacobian, so its gradient agrees
 * with forward mode's to about the Newton tolerance.
 *
 * <p>Refused with an {@link UnsupportedOperationException} naming the system and the event:
 * unrestricted updates of a leaf with abstract state (they may change that state, which is not
 * numeric and which checkpoints do not hold); and events a leaf reports without declaring them. Publish events of any
 * trigger are accepted (they change no state). Input values are held fixed (the cost does not depend on them).
 */
public final class AdjointGradient {

    private static final PackageAccess.IntegratorMembers INTEGRATORS = PackageAccess.integrators();


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
     * @throws UnsupportedOperationException if the system has an event the adjoint refuses (see the class comment; naming the system and the event), or it cannot
     *     be converted to AutoDiff
     * @throws SimulationException if the simulation fails or stops before T (a handler asked to terminate)
     */
    public static Result run(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            CostFunction terminal, CostFunction running, int checkpointInterval,
            Consumer<Simulator<Double>> configure) {
        return run(system, context, finalTime, terminal, running, null, checkpointInterval, configure);
    }

    /**
     * Simulates from the context to {@code finalTime} and returns J and its gradient, J including a loss at
     * sample times: {@code J = phi(T, x(T), p) + integral of L + sum_k l_k(t_k, x(t_k), p)}. The run's steps land
     * on each sample time (as {@link GradientSimulation#sample}'s do, so that its Jacobians contracted with
     * {@code dl_k/dx} give the same gradient to rounding), and the adjoint jumps by {@code dl_k/dx} there on its
     * way back. The sample times are constants: a sample at T adds nothing to dJ/dT.
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context of it with the initial time, state, parameters and fixed input values; not
     *     modified
     * @param finalTime T, seconds, not before the context's time
     * @param terminal {@code phi(t, x, p)}, evaluated at T ({@link CostFunction#zero()} for none)
     * @param running {@code L(t, x, p)} ({@link CostFunction#zero()} for none)
     * @param samples the sample times and their losses, every time between the context's time and T (both
     *     included); null for none
     * @param checkpointInterval steps between stored states, at least 1
     * @param configure sets up the double simulator before the run; it must not set a monitor; may be null
     * @return the cost and its gradient
     * @throws IllegalArgumentException as {@link #run(DynamicalSystem, Context, double, CostFunction,
     *     CostFunction, int, Consumer)}, and if a sample time is before the context's time or after T (naming
     *     its index and value)
     * @throws UnsupportedOperationException as {@link #run(DynamicalSystem, Context, double, CostFunction,
     *     CostFunction, int, Consumer)}
     * @throws SimulationException if the simulation fails or stops before a sample time or T
     */
    public static Result run(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            CostFunction terminal, CostFunction running, SampleLoss samples, int checkpointInterval,
            Consumer<Simulator<Double>> configure) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        Objects.requireNonNull(terminal, "terminal must not be null");
        Objects.requireNonNull(running, "running must not be null");
        checkArguments(system, context, finalTime, checkpointInterval);
        if (samples != null) {
            checkSampleTimes(samples, context.getTimeValue(), finalTime);
        }
        Simulator<Double> sim = new Simulator<>(system, context.cloneContext());
        if (configure != null) {
            configure.accept(sim);
        }
        if (sim.getMonitor() != null) {
            throw new IllegalArgumentException("configure must not set a monitor: the adjoint records the steps "
                    + "with its own");
        }
        IntegratorBase<Double> integrator = sim.getIntegrator();
        ButcherTableau tableau = INTEGRATORS.explicitTableau(integrator);
        CollocationScheme implicit = INTEGRATORS.implicitScheme(integrator);
        refuseEvents(context);
        AdjointState layout = new AdjointState(context);
        StepRecorder recorder = new StepRecorder(integrator, system.getLeafSystems(), layout, checkpointInterval,
                layout.read(context));
        sim.setMonitor(recorder);
        PackageAccess.simulator().setEventObserver(sim, recorder);
        if (samples != null) {
            advanceThroughSamples(sim, samples, recorder, system.getName());
        }
        if (samples == null || finalTime > samples.time(samples.size() - 1)) {
            advance(sim, finalTime, "T", system.getName());
        }
        double[] p = parameterValues(context);
        // the two Euler variants have no dedicated step adjoint: their steps are replayed by AutoDiff
        boolean replayed = tableau == null && implicit == null;
        boolean events = replayed || recorder.hasEventSteps() || !recorder.updates().isEmpty();
        EventReplay replay = events ? new EventReplay(system, context, layout, p, integrator, running) : null;
        DiscreteStateJacobians discrete = !replayed && layout.discrete() > 0 && !recorder.updates().isEmpty()
                ? new DiscreteStateJacobians(system, context, layout) : null;
        StepAdjoint steps = tableau != null
                ? new RungeKuttaAdjoint(tableau, system, context, p, running, layout, discrete)
                : implicit != null ? new ImplicitStepAdjoint(implicit, system, context, p, running, layout, discrete)
                : new ReplayStepAdjoint(replay, layout);
        SampleJumps jumps = samples != null ? new SampleJumps(samples, system, context, p, layout) : null;
        AdjointSweep sweep = new AdjointSweep(recorder, steps, replay, layout, finalTime, p.length, jumps);
        // with no step the final state is the run's (after a zero-length advance's updates, which no replay repeats)
        double[] zT = (implicit != null || replayed) && recorder.steps() > 0 ? sweep.recomputeCheckpoints()
                : layout.read(sim.getContext());
        Result r = reverse(context, finalTime, zT, p, terminal, sweep, steps, layout, recorder.steps());
        return jumps == null ? r : new Result(r.cost() + jumps.cost(), r.gradient(), r.finalState(), r.numStates(),
                r.numParameters(), r.columnNames(), r.steps(), r.storedStates());
    }

    /** Refuses sample times outside {@code [start, finalTime]}, naming the first such. */
    private static void checkSampleTimes(SampleLoss samples, double start, double finalTime) {
        for (int k = 0; k < samples.size(); k++) {
            double t = samples.time(k);
            if (t < start || t > finalTime) {
                throw new IllegalArgumentException("sample time " + k + " = " + t + " is outside the run from "
                        + start + " to T = " + finalTime);
            }
        }
    }

    /** Advances to each distinct sample time in turn and notes where in the run each sample was reached. */
    private static void advanceThroughSamples(Simulator<Double> sim, SampleLoss samples, StepRecorder recorder,
            String name) {
        for (int k = 0; k < samples.size(); k++) {
            if (k == 0 || samples.time(k) > samples.time(k - 1)) {
                advance(sim, samples.time(k), "sample time " + k, name);
            }
            recorder.markSample(k);
        }
    }

    /** Advances to t and refuses a run that stopped before it. */
    private static void advance(Simulator<Double> sim, double t, String what, String name) {
        SimulatorStatus status = sim.advanceTo(t);
        if (sim.getContext().getTimeValue() != t) {
            throw new SimulationException("the adjoint needs a run to " + what + " = " + t + ", but " + status,
                    sim.getContext().getTimeValue(), name);
        }
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

    /**
     * Refuses what the adjoint cannot differentiate or replay: an unrestricted update of a leaf with abstract
     * state (it may change that state, which has no derivative and which checkpoints do not hold).
     */
    private static void refuseEvents(Context<Double> context) {
        for (Context<Double> leafContext : context.getLeafContexts()) {
            LeafSystem<Double> leaf = (LeafSystem<Double>) leafContext.getSystem();
            if (leafContext.getNumAbstractStates() == 0) {
                continue;
            }
            for (Event<Double> e : declaredEvents(leaf)) {
                if (e.getKind() == Event.Kind.UNRESTRICTED_UPDATE) {
                    throw new UnsupportedOperationException("the adjoint cannot differentiate " + e + " of "
                            + leaf.getPathName() + ": an unrestricted update may change its abstract state, which "
                            + "is not numeric");
                }
            }
        }
    }

    /** Every event a leaf declares, witness events included. */
    private static List<Event<Double>> declaredEvents(LeafSystem<Double> leaf) {
        List<Event<Double>> all = new ArrayList<>();
        for (Event.Trigger trigger : Event.Trigger.values()) {
            all.addAll(leaf.getEvents(trigger));
        }
        for (WitnessFunction<Double> w : leaf.getDeclaredWitnessFunctions()) {
            if (w.getEvent() != null) {
                all.add(w.getEvent());
            }
        }
        return all;
    }

    /** @return the numeric parameters of every leaf, flattened in leaf and group order */
    static double[] parameterValues(Context<Double> context) {
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

    /** Seeds the adjoints with the terminal cost's gradient at T and sweeps back to the initial time. */
    private static Result reverse(Context<Double> context, double finalTime, double[] zT, double[] p,
            CostFunction terminal, AdjointSweep sweep, StepAdjoint steps, AdjointState layout, int stepCount) {
        int n = layout.continuous();
        int np = p.length;
        double[] xT = Arrays.copyOf(zT, n);
        AdjointSweep.Adjoint adjoint = new AdjointSweep.Adjoint(layout.size(), np);
        double[] gx = new double[n];
        // the final context time is T's own value: its adjoint reaches dJ/dT through the last step
        adjoint.t = terminal.gradient(finalTime, xT, p, gx, adjoint.p);
        System.arraycopy(gx, 0, adjoint.z, 0, n);
        double phi = terminal.value(finalTime, xT, p);
        int stored = sweep.reverse(adjoint, zT);
        double[] gradient = new double[n + np + 1];
        System.arraycopy(adjoint.z, 0, gradient, 0, n);
        System.arraycopy(adjoint.p, 0, gradient, n, np);
        gradient[n + np] = adjoint.finalTime;
        return new Result(phi + steps.runningCostIntegral() + sweep.eventRunningCost(), gradient, xT, n, np,
                GradientSimulation.columnNames(context), stepCount, stored);
    }
}
