package dev.mallard.simulator;

import dev.mallard.scalar.Format;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.simulator.internal.EventObserver;
import dev.mallard.simulator.internal.EventSet;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessFunction;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;

/**
 * Advances a system's context through time with the hybrid-system semantics of Drake's Simulator (its
 * step loop, simultaneous events, witness functions, discrete updates). Only the context changes; the system
 * is constant.
 *
 * <p>Each step, from {@code {ts, x⁻(ts)}}: unrestricted updates (per-step, and those timed or witnessed at
 * {@code ts}); then discrete updates; then continuous integration to no later than the next timed event or
 * the boundary, stopping early at an isolated witness crossing; then publishes at the step's end (per-step,
 * timed, witnessed) and the monitor. Updates due at the end of a step are pending until the next step (or
 * {@link #advancePendingEvents()}). Optionally, forced publishes end every step
 * ({@link #setPublishEveryTimeStep}) and initialize ({@link #setPublishAtInitialization}). Periodic event
 * times are {@code offset + k period} computed from the integer {@code k}. Failure policy: a failed
 * unrestricted update leaves the state unchanged; a failed discrete update leaves it unchanged too (stronger
 * than required); all simultaneous publishes run before a publish failure is reported; a failure throws
 * {@link EventHandlerFailedException} carrying the message, the system's name and the time; a termination
 * stops time from advancing further and is returned.
 *
 * <p>The default integrator is {@link RungeKutta3Integrator} with error control: accuracy 1e-4, maximum
 * step 0.1 s, initial step target 1e-4 s.
 *
 * <p><b>Threads.</b> Not thread-safe: a simulator, its context and its integrator are used by one thread at
 * a time. To simulate in parallel, create one simulator (with its own context) per thread on a shared
 * system, as {@link MonteCarlo} does.
 *
 * @param <T> the number type (double, AutoDiff; symbolic systems can be stepped by fixed-step schemes)
 */
public final class Simulator<T> {

    static {
        PackageAccess.register(new PackageAccess.SimulatorMembers() {
            @Override
            public <U> void setEventObserver(Simulator<U> simulator, EventObserver<U> observer) {
                simulator.setEventObserver(observer);
            }

            @Override
            public <U> void applyUpdates(Simulator<U> simulator, EventSet<U> events) {
                simulator.applyUpdates(events);
            }
        });
    }

    /**
     * A function called at the end of every step, of initialize and of advancePendingEvents, with the root
     * context: semantically a per-step publish of the whole system.
     *
     * @param <T> the number type
     */
    @FunctionalInterface
    public interface Monitor<T> {
        /**
         * @param rootContext the root context at the end of a step; not to be modified
         * @return the outcome, not null (succeeded or did-nothing to continue)
         */
        EventStatus check(Context<T> rootContext);
    }

    private static final double CHARACTERISTIC_TIME = 1.0;
    /** Drake's factor between the accuracy and the witness isolation window (relative to a time scale). */
    private static final double ISOLATION_SCALE = 0.01;
    private static final PackageAccess.IntegratorMembers INTEGRATORS = PackageAccess.integrators();

    private final DynamicalSystem<T> system;
    private final List<LeafSystem<T>> leaves;
    private Context<T> context;
    private Context<T> scratch;
    private List<Context<T>> leafContexts;
    private List<Context<T>> scratchLeaves;
    private IntegratorBase<T> integrator;
    private Monitor<T> monitor;
    private double targetRealtimeRate;
    private boolean publishEveryTimeStep;
    private boolean publishAtInitialization;
    private boolean initialized;
    private double lastTime = Double.NaN;
    private ZenoPolicy zenoPolicy = ZenoPolicy.THROW;
    /** Under {@link ZenoPolicy#HOLD_AT_GUARD}, the accumulation the simulation is held at; null when not held. */
    private ZenoException heldAt;

    private long numSteps;
    private long numPublishes;
    private long numDiscreteUpdates;
    private long numUnrestrictedUpdates;
    private double realtimeStartSimTime;
    private long realtimeStartNanos;

    // Event machinery, allocated once per context.
    private EventSet<T> perStep;
    private EventSet<T> initialization;
    private EventSet<T> pending;
    private EventSet<T> updatesNow;
    private EventSet<T> publishNow;
    private EventSet<T> forcedPublishes;
    /** The events of the witnesses that triggered in the current step, merged after the timed ones. */
    private EventSet<T> witnessedPublishes;
    private EventSet<T> witnessedUpdates;
    private final List<Event<T>> periodicEvents = new ArrayList<>();
    private final List<Integer> periodicOwner = new ArrayList<>();
    /** The next sample of each periodic event (indexed as periodicEvents); empty without periodic events. */
    private PeriodicSchedule schedule;
    /** Whether some leaf declares witness functions (else none can be active, and the tracker is not asked). */
    private boolean declaresWitnesses;
    /** No per-step, periodic or custom-scheduled events and no witness functions in any leaf. */
    private boolean noDeclaredStepEvents;
    private WitnessTracker<T> witnesses;
    /** The leaves that schedule their own events ({@code doCalcNextUpdateTime}); empty for most systems. */
    private int[] customLeaves = new int[0];
    /** The events due at {@link #nextCustom} (timed events of the custom leaves), and a scratch list. */
    private EventSet<T> customDue;
    private final List<Event<T>> customScratch = new ArrayList<>();
    private double nextCustom = Double.POSITIVE_INFINITY;
    /**
     * The only step events are periodic discrete updates (no per-step events, no witness functions, no other
     * periodic kinds); null otherwise. Then the pending updates can be kept as its due flags (see
     * {@link #pendingAsFlags}).
     */
    private PeriodicUpdates<T> periodicUpdates;
    /**
     * {@link #periodicUpdates} while it holds the pending updates (within an advance that needs no record of
     * the dispatched events), else null and the pending updates are in {@link #pending}.
     */
    private PeriodicUpdates<T> dueFlags;
    /** Where dispatched events are recorded, or null when recording is off. */
    private EventLog eventLog;
    /** Told of dispatched updates and isolated event times (for {@link AdjointGradient}), or null. */
    private EventObserver<T> observer;
    /** The description of each witness-triggered event's witness function, for the event log. */
    private final Map<Event<T>, String> witnessOf = new IdentityHashMap<>();
    /** The witness isolation window, NaN for none: {@link #getCurrentWitnessTimeIsolation()} without a box. */
    private final java.util.function.DoubleSupplier windowRule = this::witnessTimeIsolation;

    /**
     * A simulator with a default context from the system.
     *
     * @param system the system to simulate, not null
     */
    public Simulator(DynamicalSystem<T> system) {
        this(system, null);
    }

    /**
     * A simulator advancing the given context.
     *
     * @param system the system to simulate, not null
     * @param context a root context of the system to use as the initial condition, or null for a default one
     * @throws IllegalArgumentException if the context is not a root context of the system
     */
    public Simulator(DynamicalSystem<T> system, Context<T> context) {
        this.system = Objects.requireNonNull(system, "system must not be null");
        this.leaves = system.getLeafSystems();
        Context<T> c = context == null ? system.createDefaultContext() : context;
        checkContext(c);
        RungeKutta3Integrator<T> rk3 = new RungeKutta3Integrator<>(system, c);
        rk3.setMaximumStepSize(0.1);
        rk3.setTargetAccuracy(1e-4);
        rk3.requestInitialStepSizeTarget(1e-4);
        this.integrator = rk3;
        attach(c);
        collectDeclaredEvents();
    }

    private void checkContext(Context<T> c) {
        if (c.getSystem() != system || !c.isRootContext()) {
            throw new IllegalArgumentException("the context must be a root context of " + system.getName()
                    + ", got a context of " + c.getSystem().getName());
        }
    }

    private void attach(Context<T> c) {
        this.context = c;
        this.initialized = false;
        integrator.resetContext(c);
        if (c != null) {
            leafContexts = c.getLeafContexts();
            scratch = c.cloneContext();
            scratchLeaves = scratch.getLeafContexts();
            witnesses = new WitnessTracker<>(leaves, leafContexts, system.scalar());
            witnesses.setObserver(observer);
            if (periodicUpdates != null) {
                periodicUpdates.attach(leafContexts, scratchLeaves);
            }
        }
    }

    private void collectDeclaredEvents() {
        int n = leaves.size();
        perStep = new EventSet<>(n);
        initialization = new EventSet<>(n);
        pending = new EventSet<>(n);
        updatesNow = new EventSet<>(n);
        publishNow = new EventSet<>(n);
        forcedPublishes = new EventSet<>(n);
        witnessedPublishes = new EventSet<>(n);
        witnessedUpdates = new EventSet<>(n);
        customDue = new EventSet<>(n);
        customLeaves = java.util.stream.IntStream.range(0, n).filter(i -> leaves.get(i).hasCustomUpdateTimes())
                .toArray();
        for (int i = 0; i < n; i++) {
            LeafSystem<T> leaf = leaves.get(i);
            for (Event<T> e : leaf.getEvents(Event.Trigger.FORCED)) {
                if (e.getKind() == Event.Kind.PUBLISH) {
                    forcedPublishes.add(i, e);
                }
            }
            for (Event<T> e : leaf.getEvents(Event.Trigger.PER_STEP)) {
                perStep.add(i, e);
            }
            for (Event<T> e : leaf.getEvents(Event.Trigger.INITIALIZATION)) {
                initialization.add(i, e);
            }
            for (Event<T> e : leaf.getEvents(Event.Trigger.PERIODIC)) {
                periodicEvents.add(e);
                periodicOwner.add(i);
            }
        }
        int m = periodicEvents.size();
        double[] period = new double[m];
        double[] offset = new double[m];
        boolean[] publish = new boolean[m];
        for (int j = 0; j < m; j++) {
            period[j] = periodicEvents.get(j).getPeriod();
            offset[j] = periodicEvents.get(j).getOffset();
            publish[j] = periodicEvents.get(j).getKind() == Event.Kind.PUBLISH;
        }
        schedule = new PeriodicSchedule(period, offset, publish);
        boolean noWitnessOrPerStep = leaves.stream().noneMatch(LeafSystem::hasWitnessFunctions)
                && java.util.Arrays.stream(Event.Kind.values()).noneMatch(perStep::has) && customLeaves.length == 0;
        noDeclaredStepEvents = noWitnessOrPerStep && m == 0;
        declaresWitnesses = leaves.stream().anyMatch(LeafSystem::hasWitnessFunctions);
        if (noWitnessOrPerStep && !periodicEvents.isEmpty()
                && periodicEvents.stream().allMatch(e -> e.getKind() == Event.Kind.DISCRETE_UPDATE)) {
            periodicUpdates = new PeriodicUpdates<>(periodicEvents,
                    periodicOwner.stream().mapToInt(Integer::intValue).toArray(), leaves);
            if (context != null) {
                periodicUpdates.attach(leafContexts, scratchLeaves);
            }
        }
    }

    // ---- the algorithms of Drake's Simulator --------------------------------------------------------

    /**
     * Initializes with default parameters: see {@link #initialize(InitializeParams)}.
     *
     * @return the status
     */
    public SimulatorStatus initialize() {
        return initialize(InitializeParams.DEFAULT);
    }

    /**
     * Prepares a simulation: initializes the integrator, resets statistics, runs the initialization updates
     * (unless suppressed), then the publishes due at the initial time (initialization, per-step, and periodic
     * ones scheduled at {@code t0}, in that order, as one dispatch), the forced publishes if
     * {@link #setPublishAtInitialization} is on, and the monitor. Periodic updates due at {@code t0} become
     * pending for the first step. As in Drake, an initialization update that reports termination still lets
     * the discrete updates run, but then initialization stops: no publishes, no monitor, and the status
     * reports the termination (the simulator counts as initialized).
     *
     * @param params the options, not null
     * @return the status (termination returns early)
     * @throws EventHandlerFailedException if a handler or the monitor fails
     * @throws IllegalStateException if there is no context
     */
    public SimulatorStatus initialize(InitializeParams params) {
        Objects.requireNonNull(params, "params must not be null");
        requireContext();
        integrator.initialize();
        resetStatistics();
        if (eventLog != null) {
            eventLog.clear();
        }
        witnesses.reset();
        heldAt = null;
        initialized = false;
        double t0 = context.getTimeValue();
        pending.clear();
        updatesNow.clear();
        publishNow.clear();
        if (!params.suppressInitializationEvents()) {
            updatesNow.addUpdates(initialization);
        }
        EventStatus status = doUpdates(updatesNow);
        schedule.forget();
        if (!status.reachedTermination()) {
            // Drake's order: initialization, per-step, then timed publishes.
            if (!params.suppressInitializationEvents()) {
                publishNow.addPublishes(initialization);
            }
            publishNow.addPublishes(perStep);
            addTimedEventsAt(t0);
            if (customLeaves.length > 0 && scheduleCustom(t0, true) == t0) {
                addCustomDue();
            }
            status = status.keepMoreSevere(doPublishesAndMonitor(publishAtInitialization));
        }
        initialized = true;
        lastTime = t0;
        return statusFor(status, t0, t0);
    }

    /** Adds the periodic events due exactly at {@code t}: publishes to publishNow, updates to pending. */
    private void addTimedEventsAt(double t) {
        for (int i = 0; i < periodicEvents.size(); i++) {
            Event<T> e = periodicEvents.get(i);
            if (PeriodicSchedule.next(e.getPeriod(), e.getOffset(), t, true) == t) {
                (e.getKind() == Event.Kind.PUBLISH ? publishNow : pending).add(periodicOwner.get(i), e);
            }
        }
    }

    /**
     * Advances until the context's time is {@code boundaryTime}, or a handler or the monitor asks to stop.
     * Calls {@link #initialize()} first if it was not called. As in Drake, at least one step is taken: a
     * boundary equal to the current time takes one step of zero length (see {@link #advancePendingEvents()}).
     *
     * @param boundaryTime seconds, not before the current time
     * @return the status; on termination the context holds the time at which it was detected
     * @throws EventHandlerFailedException if a handler or the monitor fails
     * @throws IllegalStateException if the context's time was changed since the last initialize or advance
     *     without calling {@link #initialize()} again, or there is no context
     * @throws IllegalArgumentException if the boundary time is before the current time
     * @throws SimulationException if the state becomes non-finite or the integrator fails
     */
    public SimulatorStatus advanceTo(double boundaryTime) {
        return advance(boundaryTime, null);
    }

    /**
     * As {@link #advanceTo(double)} with the boundary as a {@code T}: the last step's size is computed in
     * {@code T} (for AutoDiff, the final state then carries its derivative with respect to the final time).
     *
     * @param boundaryTime the boundary, numeric
     * @return the status
     */
    public SimulatorStatus advanceTo(T boundaryTime) {
        Objects.requireNonNull(boundaryTime, "boundaryTime must not be null");
        return advance(system.scalar().value(boundaryTime), boundaryTime);
    }

    private SimulatorStatus advance(double boundaryTime, T boundaryScalar) {
        SimulatorStatus notReady = prepareToAdvance();
        if (notReady != null) {
            return notReady;
        }
        double t = context.getTimeValue();
        if (!(boundaryTime >= t)) {
            throw new IllegalArgumentException("boundary time " + boundaryTime + " is before the current time " + t);
        }
        if (heldAt != null) {
            return heldStatus(boundaryTime);
        }
        if (boundaryTime == t) {
            return zeroLengthStep(t);
        }
        dueFlags = pendingAsFlags();
        try {
            return stepTo(boundaryTime, boundaryScalar);
        } finally {
            // the context goes back to the caller: its continuous state vector must be up to date
            INTEGRATORS.deferStateCommit(integrator, false);
            if (dueFlags != null) {
                // also when a handler or the integrator threw: the pending set is where initialize and
                // advancePendingEvents look
                dueFlags.returnPending(pending);
                dueFlags = null;
            }
        }
    }

    /**
     * The store of pending updates for the steps of one advance: {@link #periodicUpdates}' due flags when
     * every step event is a periodic discrete update and nothing needs the dispatched events as a set (no
     * event log, no observer), after taking over the pending set; else null (the pending set itself). Both
     * stores dispatch the same handlers on the same arguments in the same order (EventStoreEquivalenceTest).
     */
    private PeriodicUpdates<T> pendingAsFlags() {
        return periodicUpdates != null && eventLog == null && observer == null && periodicUpdates.takePending(pending)
                ? periodicUpdates : null;
    }

    /**
     * Performs the updates pending at the current time (per-step updates and those timed or witnessed at the
     * end of the last step), moving the context from {@code x⁻(t)} to {@code x⁺(t)} without advancing time;
     * then the per-step publishes, the forced publishes if {@link #setPublishEveryTimeStep} is on (Drake's
     * "final per-step publish call (if enabled)") and the monitor. This is {@code advanceTo(currentTime)},
     * as in Drake: one step of zero length, counted by {@link #getNumStepsTaken()}; an update reporting
     * termination skips the publishes and the monitor and the step is not counted.
     *
     * @return the status (boundary and return time are the current time)
     * @throws EventHandlerFailedException if a handler or the monitor fails
     */
    public SimulatorStatus advancePendingEvents() {
        SimulatorStatus notReady = prepareToAdvance();
        if (notReady != null) {
            return notReady;
        }
        return advanceTo(context.getTimeValue());
    }

    /**
     * The step of {@code advanceTo(t)} at the current time {@code t}: as in Drake, a step of zero length,
     * counted. Pending updates; unless one reports termination, per-step publishes, the forced publishes if
     * {@link #setPublishEveryTimeStep} is on and the monitor (no timed event can be due: the next one is
     * after {@code t}).
     */
    private SimulatorStatus zeroLengthStep(double t) {
        EventStatus status = doPendingUpdates();
        if (!status.reachedTermination()) {
            numSteps++;
            publishNow.clear();
            publishNow.addPublishes(perStep);
            status = status.keepMoreSevere(doPublishesAndMonitor(publishEveryTimeStep));
        }
        lastTime = t;
        return statusFor(status, t, t);
    }

    /**
     * Initializes first if needed, and refuses a context whose time was changed since the last call.
     *
     * @return null when ready to advance, or initialize's status when it did not succeed
     */
    private SimulatorStatus prepareToAdvance() {
        requireContext();
        if (!initialized) {
            SimulatorStatus s = initialize();
            if (!s.succeeded()) {
                return s;
            }
        }
        checkTimeUnchanged();
        return null;
    }

    /**
     * Drake's AdvanceTo loop with its Step, the only one: every advance, with or without events, takes these
     * steps until {@code tMax}. Each step from {@code {ts, x⁻(ts)}}: the pending updates ({@code x⁺(ts)}); the
     * witnesses' start values; one integration step ending no later than the next timed event or {@code tMax};
     * the witness isolation, which may end it earlier; the events due at its end (publishes dispatched now,
     * updates pending for the next step); the monitor. A kind of event the system does not declare costs one
     * test (an empty set, an empty schedule, no witnesses), and a system with no step events at all, without
     * a monitor, forced publishes or pacing, skips the event phases (the updates and schedule before the
     * integration, {@link #endStep} after it), which would find nothing to do. The loop and the step are one
     * method so that the compiler compiles them as one.
     *
     * @return the boundary reached, a termination (time then stops where it was detected) or the hold at a guard
     */
    private SimulatorStatus stepTo(double tMax, T tMaxScalar) {
        while (context.getTimeValue() < tMax) {
            boolean quiet = noDeclaredStepEvents && monitor == null && !publishEveryTimeStep
                    && targetRealtimeRate <= 0;
            // Nothing reads the context between quiet steps, so the integrator may leave the state out of the
            // context's vector (AutoDiff on a system evaluating its tangents: no objects per step); before any
            // other step, and when the advance ends, it writes it in.
            INTEGRATORS.deferStateCommit(integrator, quiet);
            double ts = context.getTimeValue();
            EventStatus status = EventStatus.didNothing();
            double publishBy = Double.POSITIVE_INFINITY;
            double updateBy = Double.POSITIVE_INFINITY;
            if (!quiet) {
                // x⁻(ts) to x⁺(ts), then how far the step may go: the next timed events after ts
                if (anyPendingUpdates()) {
                    status = doPendingUpdates();
                }
                if (!status.reachedTermination()) {
                    schedule.update(ts);
                    if (declaresWitnesses) {
                        witnesses.start();
                    }
                    publishBy = schedule.nextPublish();
                    updateBy = schedule.nextUpdate();
                    if (customLeaves.length > 0 && scheduleCustom(ts, false) < Double.POSITIVE_INFINITY) {
                        publishBy = customDue.has(Event.Kind.PUBLISH) ? Math.min(publishBy, nextCustom) : publishBy;
                        updateBy = customDue.hasUpdates() ? Math.min(updateBy, nextCustom) : updateBy;
                    }
                }
            }
            if (!status.reachedTermination()) {
                if (tMaxScalar != null) {
                    integrator.integrateNoFurtherThanTime(publishBy, updateBy, tMaxScalar);
                } else {
                    integrator.integrateNoFurtherThanTime(publishBy, updateBy, tMax);
                }
                numSteps++;
                if (!quiet) {
                    status = endStep(ts, status);
                }
            }
            lastTime = context.getTimeValue();
            if (heldAt != null) {
                return heldStatus(tMax);
            }
            if (status.reachedTermination()) {
                return statusFor(status, tMax, lastTime);
            }
        }
        lastTime = context.getTimeValue();
        return SimulatorStatus.reachedBoundary(tMax);
    }

    /**
     * The events at the end of a step from {@code ts}: witness isolation (which may end the step earlier),
     * then, in Drake's order of simultaneous events, per-step, timed (periodic, scheduled) and witnessed
     * publishes dispatched, with the forced publishes and the monitor; the updates due become pending.
     *
     * @param status the status of the step's updates
     * @return the most severe of it and the publishes' and monitor's statuses
     */
    private EventStatus endStep(double ts, EventStatus status) {
        boolean witnessing = declaresWitnesses && !witnesses.isEmpty();
        if (witnessing) {
            witnessedPublishes.clear();
            witnessedUpdates.clear();
            try {
                witnesses.finishStep(integrator, windowRule, ts, witnessedPublishes, witnessedUpdates);
            } catch (ZenoException e) {
                if (zenoPolicy == ZenoPolicy.THROW) {
                    throw e;
                }
                holdAtGuard(e, ts);
                return status;
            }
        }
        // Drake's order of simultaneous events: per-step, then timed (periodic, scheduled), then witnessed.
        publishNow.clear();
        publishNow.addPublishes(perStep);
        double te = context.getTimeValue();
        if (schedule.anyDue(te)) {
            addPeriodicDue(te);
        }
        if (te == nextCustom) {
            addCustomDue();
        }
        if (witnessing) {
            publishNow.addPublishes(witnessedPublishes);
            pending.addUpdates(witnessedUpdates);
        }
        // nothing to publish and no monitor: the dispatch would find nothing to do
        if (publishNow.hasPublishes() || publishEveryTimeStep || monitor != null) {
            status = status.keepMoreSevere(doPublishesAndMonitor(publishEveryTimeStep));
        }
        pace();
        return status;
    }

    /**
     * Adds the periodic events whose next sample is {@code te} (the end of a step): publishes to publishNow,
     * updates to the pending store ({@link #dueFlags} if it holds them, else the pending set).
     */
    private void addPeriodicDue(double te) {
        if (dueFlags != null) {
            dueFlags.markDue(schedule.nextTimes(), te);
            return;
        }
        for (int i = 0; i < periodicEvents.size(); i++) {
            if (schedule.isDue(i, te)) {
                Event<T> e = periodicEvents.get(i);
                (e.getKind() == Event.Kind.PUBLISH ? publishNow : pending).add(periodicOwner.get(i), e);
            }
        }
    }

    /**
     * Asks the leaves that schedule their own events for their next update time from {@code t}, keeping the
     * earliest in {@link #nextCustom} and the events due then in {@link #customDue}. At initialization the
     * question is asked just before {@code t} (Drake's perturbed time), so that an event due at {@code t} is
     * found; an answer equal to the perturbed time means "right now" and is taken as {@code t}, as Drake does
     * since its issue 13296.
     *
     * @return {@link #nextCustom}
     */
    private double scheduleCustom(double t, boolean atInitialization) {
        customDue.clear();
        nextCustom = Double.POSITIVE_INFINITY;
        double asked = atInitialization ? Math.nextDown(t) : t;
        for (int i : customLeaves) {
            Context<T> leafContext = leafContexts.get(i);
            customScratch.clear();
            double next;
            if (atInitialization) {
                leafContext.setTimeValueUnchecked(asked);
                try {
                    next = leaves.get(i).calcNextUpdateTime(leafContext, customScratch);
                } finally {
                    leafContext.setTimeValueUnchecked(t);
                }
                next = next == asked ? t : next;
            } else {
                next = leaves.get(i).calcNextUpdateTime(leafContext, customScratch);
            }
            if (next < nextCustom) {
                customDue.clear();
                nextCustom = next;
            }
            if (next == nextCustom && next < Double.POSITIVE_INFINITY) {
                for (Event<T> e : customScratch) {
                    customDue.add(i, e);
                }
            }
        }
        return nextCustom;
    }

    /** Adds the custom-scheduled events due now: publishes to publishNow, updates to pending. */
    private void addCustomDue() {
        publishNow.addPublishes(customDue);
        pending.addUpdates(customDue);
    }

    /**
     * Sets (or, with null, removes) the observer of dispatched updates and isolated event times.
     *
     * @param observer the observer, or null
     */
    void setEventObserver(EventObserver<T> observer) {
        this.observer = observer;
        if (witnesses != null) {
            witnesses.setObserver(observer);
        }
    }

    /**
     * Dispatches the unrestricted then the discrete updates of {@code events} at the context's time, as a step
     * does (for {@link AdjointGradient}, which replays recorded updates on AutoDiff).
     *
     * @param events the updates, per leaf index of this simulator's system
     * @throws EventHandlerFailedException if a handler fails
     */
    void applyUpdates(EventSet<T> events) {
        doUpdates(events);
    }

    /**
     * Whether {@link #doPendingUpdates()} has something to do: tested in the step itself, so that a step
     * without updates makes no call (the dispatch is compiled apart, too large to be inlined).
     */
    private boolean anyPendingUpdates() {
        return dueFlags != null ? dueFlags.anyDue() : perStep.hasUpdates() || pending.hasUpdates();
    }

    /**
     * Unrestricted then discrete updates: per-step ones and the pending ones; empties the pending store. When
     * {@link #dueFlags} holds the pending updates (all periodic discrete updates, no per-step ones), they are
     * dispatched from the flags: each leaf's due events in one call, on a scratch {@code xd} reset to
     * {@code xd⁻}, committed after all handlers ran, counted as one dispatch, as from the set.
     */
    private EventStatus doPendingUpdates() {
        if (dueFlags != null) {
            if (!dueFlags.anyDue()) {
                return EventStatus.didNothing();
            }
            EventStatus s = dueFlags.dispatch();
            throwIfFailed(s);
            dueFlags.commit();
            if (!s.isDidNothing()) {
                numDiscreteUpdates++;
            }
            return s;
        }
        if (!perStep.hasUpdates()) {
            if (!pending.hasUpdates()) {
                return EventStatus.didNothing();
            }
            // Only pending updates: dispatch that set itself and collect the next ones in the emptied one.
            EventSet<T> due = pending;
            updatesNow.clear();
            pending = updatesNow;
            updatesNow = due;
        } else {
            updatesNow.clear();
            updatesNow.addUpdates(perStep);
            updatesNow.addUpdates(pending);
            pending.clear();
        }
        return doUpdates(updatesNow);
    }

    private EventStatus doUpdates(EventSet<T> events) {
        EventStatus status = EventStatus.didNothing();
        if (observer != null && events.hasUpdates()) {
            observer.updating(events);
        }
        if (events.has(Event.Kind.UNRESTRICTED_UPDATE)) {
            scratch.setStateFrom(context);
            EventStatus s = dispatch(events, Event.Kind.UNRESTRICTED_UPDATE);
            throwIfFailed(s);
            context.setStateFrom(scratch);
            if (!s.isDidNothing()) {
                numUnrestrictedUpdates++;
            }
            status = status.keepMoreSevere(s);
        }
        if (events.has(Event.Kind.DISCRETE_UPDATE)) {
            EventStatus s = dispatch(events, Event.Kind.DISCRETE_UPDATE);
            throwIfFailed(s);
            commitDiscreteUpdates(events);
            if (!s.isDidNothing()) {
                numDiscreteUpdates++;
            }
            status = status.keepMoreSevere(s);
        }
        return status;
    }

    private EventStatus dispatch(EventSet<T> events, Event.Kind kind) {
        EventStatus status = EventStatus.didNothing();
        for (int i = 0; i < leaves.size() && !status.failed(); i++) {
            List<Event<T>> list = events.get(kind, i);
            if (list.isEmpty()) {
                continue;
            }
            LeafSystem<T> leaf = leaves.get(i);
            EventStatus s;
            if (kind == Event.Kind.DISCRETE_UPDATE) {
                // Only this leaf's handlers can write its scratch groups: start them from xd⁻ just before.
                Context<T> next = scratchLeaves.get(i);
                next.setDiscreteStateFrom(leafContexts.get(i));
                s = leaf.calcDiscreteVariableUpdate(leafContexts.get(i), list, next.getDiscreteValues());
            } else {
                s = leaf.calcUnrestrictedUpdate(leafContexts.get(i), list, scratchLeaves.get(i).getState());
            }
            s = attribute(s, leaf);
            record(leaf, list, s);
            status = status.keepMoreSevere(s);
        }
        return status;
    }

    /**
     * Commits {@code xd⁺} of the leaves that had discrete updates in {@code events}; the other leaves' groups
     * cannot have changed, so they are not copied (a diagram's update costs its updated leaves, not all).
     */
    private void commitDiscreteUpdates(EventSet<T> events) {
        for (int i = 0; i < leaves.size(); i++) {
            if (!events.get(Event.Kind.DISCRETE_UPDATE, i).isEmpty()) {
                leafContexts.get(i).setDiscreteStateFrom(scratchLeaves.get(i));
            }
        }
    }

    /**
     * Runs every publish in publishNow of every leaf (the caller has put them in Drake's order), then, if
     * {@code forced}, the forced publishes as a second dispatch, then the monitor; a failure throws after all
     * publishes ran.
     */
    private EventStatus doPublishesAndMonitor(boolean forced) {
        EventStatus status = dispatchPublishes(publishNow);
        publishNow.clear();
        if (forced) {
            status = status.keepMoreSevere(dispatchPublishes(forcedPublishes));
        }
        throwIfFailed(status);
        if (monitor != null) {
            EventStatus m = monitor.check(context);
            if (m == null) {
                throw new IllegalStateException("the monitor returned null instead of an EventStatus at t = "
                        + context.getTimeValue());
            }
            throwIfFailed(m);
            status = status.keepMoreSevere(m);
        }
        return status;
    }

    /** One publish dispatch over all leaves, counted when effective (none failed, not all did nothing). */
    private EventStatus dispatchPublishes(EventSet<T> events) {
        EventStatus status = EventStatus.didNothing();
        if (!events.has(Event.Kind.PUBLISH)) {
            return status;
        }
        for (int i = 0; i < leaves.size(); i++) {
            List<Event<T>> list = events.get(Event.Kind.PUBLISH, i);
            if (!list.isEmpty()) {
                EventStatus s = attribute(leaves.get(i).publish(leafContexts.get(i), list), leaves.get(i));
                record(leaves.get(i), list, s);
                status = status.keepMoreSevere(s);
            }
        }
        if (!status.failed() && !status.isDidNothing()) {
            numPublishes++;
        }
        return status;
    }

    /** Adds the events one leaf's dispatch ran, with its status, to the event log if there is one. */
    private void record(LeafSystem<T> leaf, List<Event<T>> events, EventStatus status) {
        if (eventLog == null) {
            return;
        }
        double t = context.getTimeValue();
        for (Event<T> e : events) {
            eventLog.add(new EventRecord(t, leaf.getPathName(), e.getKind(), e.getTrigger(),
                    witnessOf.getOrDefault(e, ""), status.severity(), status.message()));
        }
    }

    /** A failure or termination without a system, attributed to {@code leaf}; other statuses unchanged. */
    static EventStatus attribute(EventStatus s, LeafSystem<?> leaf) {
        if ((s.failed() || s.reachedTermination()) && s.system() == null) {
            return s.failed() ? EventStatus.failed(leaf, s.message()) : EventStatus.reachedTermination(leaf, s.message());
        }
        return s;
    }

    private void throwIfFailed(EventStatus s) {
        if (s.failed()) {
            double t = context.getTimeValue();
            lastTime = t;
            throw new EventHandlerFailedException(new SimulatorStatus(SimulatorStatus.ReturnReason.EVENT_HANDLER_FAILED,
                    t, t, s.system(), s.message()));
        }
    }

    private SimulatorStatus statusFor(EventStatus s, double boundary, double reached) {
        if (s.reachedTermination()) {
            return new SimulatorStatus(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, boundary, reached,
                    s.system(), s.message());
        }
        return SimulatorStatus.reachedBoundary(boundary);
    }

    private void checkTimeUnchanged() {
        double t = context.getTimeValue();
        if (Double.compare(t, lastTime) != 0) {
            throw new IllegalStateException("the context's time was changed from " + lastTime + " to " + t
                    + " since the simulator last initialized or advanced: call initialize() before advancing");
        }
    }

    private void requireContext() {
        if (context == null) {
            throw new IllegalStateException("the simulator has no context: call resetContext first");
        }
    }

    private void pace() {
        if (targetRealtimeRate <= 0) {
            return;
        }
        double simElapsed = context.getTimeValue() - realtimeStartSimTime;
        long due = realtimeStartNanos + (long) (simElapsed / targetRealtimeRate * 1e9);
        long wait = due - System.nanoTime();
        if (wait > 0) {
            LockSupport.parkNanos(wait);
        }
    }

    // ---- witness isolation -------------------------------------------------------------------------

    /**
     * The length of the interval to which witness crossings are isolated (a triggered witness's event time is
     * at most this much after the crossing on the step's interpolant), as in Drake:
     * <ul>
     *   <li>error control: 0.01 times the characteristic time (1 s) times the context's accuracy;</li>
     *   <li>fixed steps (a fixed-step scheme, or an error-controlled one in fixed-step mode): 0.01 times the
     *       maximum step times the context's accuracy; without an accuracy in the context, empty: no
     *       isolation, a triggered witness's events happen at the end of the step that saw the sign change;</li>
     *   <li>never less than the integrator's working minimum step {@code max(requested, 1e-14 max(1, |t|))}.</li>
     * </ul>
     * Isolation searches the step's interpolant, so a narrow window costs witness evaluations only, never
     * derivative evaluations.
     *
     * <p><b>Difference from Drake.</b> Drake throws when error control is in use and the context has no
     * accuracy. A default simulator is exactly that case (a default context has no accuracy; the default
     * integrator is error-controlled RK3), so following Drake would make every witness trigger of a default
     * simulation throw. Instead the integrator's accuracy stands in for the context's: its accuracy in use
     * (fixed at {@link IntegratorBase#initialize()}; before that, its target accuracy, else
     * {@link IntegratorBase#DEFAULT_ACCURACY}), so a default simulator isolates to 0.01 x 1 s x 1e-4 = 1e-6 s.
     * The context's accuracy and the integrator's are separate settings, as in Drake; an accuracy set in the
     * context takes precedence.
     *
     * @return the isolation window in seconds, or empty for no isolation
     * @throws IllegalStateException if the simulator has no context
     */
    public OptionalDouble getCurrentWitnessTimeIsolation() {
        requireContext();
        double window = witnessTimeIsolation();
        return Double.isNaN(window) ? OptionalDouble.empty() : OptionalDouble.of(window);
    }

    /** {@link #getCurrentWitnessTimeIsolation()}'s window in seconds, NaN when there is no isolation. */
    private double witnessTimeIsolation() {
        OptionalDouble accuracy = context.getAccuracy();
        double floor = integrator.getWorkingMinimumStepSize();
        if (integrator.getFixedStepMode()) {
            return accuracy.isPresent()
                    ? Math.max(floor, ISOLATION_SCALE * accuracy.getAsDouble() * integrator.getMaximumStepSize())
                    : Double.NaN;
        }
        double a = accuracy.isPresent() ? accuracy.getAsDouble() : integratorAccuracy();
        return Math.max(floor, ISOLATION_SCALE * a * CHARACTERISTIC_TIME);
    }

    /** The error-controlled integrator's accuracy in use, or what {@code initialize} will make it. */
    private double integratorAccuracy() {
        double inUse = integrator.getAccuracyInUse();
        if (!Double.isNaN(inUse)) {
            return inUse;
        }
        double target = integrator.getTargetAccuracy();
        return Double.isNaN(target) ? IntegratorBase.DEFAULT_ACCURACY : target;
    }

    // ---- accessors ------------------------------------------------------------------------------

    /**
     * Records every event this simulator dispatches from now on in {@code log} (time, system, kind, trigger,
     * witness, status), or stops recording. {@link #initialize()} clears the log, so after a run it holds that
     * run's events. Recording costs a record per event; a simulation whose only events are periodic discrete
     * updates then keeps its pending updates in an event set instead of due flags (same steps, same results).
     *
     * @param log the log to fill, or null to stop recording
     */
    public void setEventLog(EventLog log) {
        eventLog = log;
        witnessOf.clear();
        if (log != null) {
            for (LeafSystem<T> leaf : leaves) {
                for (WitnessFunction<T> w : leaf.getDeclaredWitnessFunctions()) {
                    witnessOf.put(w.getEvent(), w.getDescription());
                }
            }
        }
    }

    /** @return the log set by {@link #setEventLog}, or empty when events are not recorded */
    public Optional<EventLog> getEventLog() {
        return Optional.ofNullable(eventLog);
    }

    /**
     * Sets the monitor, called at the end of every step, of initialize and of advancePendingEvents.
     *
     * @param monitor the monitor, not null
     */
    public void setMonitor(Monitor<T> monitor) {
        this.monitor = Objects.requireNonNull(monitor, "monitor must not be null");
    }

    /** Removes the monitor. */
    public void clearMonitor() {
        this.monitor = null;
    }

    /**
     * Chooses what happens when a witness's events accumulate (Zeno behaviour). Accumulation is detected when
     * four gaps in a row between the triggers of one witness shrink and the geometric series of the gaps
     * puts their limit less than the event time resolution (the witness isolation window) after the last
     * trigger: the remaining events could not be told apart in time. {@link ZenoPolicy#THROW} (the default)
     * stops with a {@link SimulationException}; {@link ZenoPolicy#HOLD_AT_GUARD} ends the simulation
     * successfully there, with a termination status ("held at the guard of witness 'height' at t = ...: its
     * events accumulate at t = ..."), and keeps it there until {@link #initialize()}.
     *
     * <p>Holding ends the run at the guard rather than continuing with the state projected onto the guard
     * (a ball resting on the floor) because only the first is defined for every system: a witness is one
     * scalar function of the state, and which state on its zero set, with which velocities, continues the
     * motion depends on physics the simulator does not know (a resting contact is a new mode with its own
     * dynamics, for the model to declare). The held state is the flow's at the isolated crossing of the
     * accumulating event (that event's handler does not run), within the isolation window of the guard.
     *
     * <p>The other symptom, a guard left violated after its event (the step after a witness's update ends
     * further past its guard than the update left it: with a coarse step the last bounces before the
     * accumulation point look so, and so does a reset that does not take the state back across the guard, or
     * a step that crossed it twice unseen), is handled alike: it throws, or holds at the start of that step,
     * right after the witness's last event, where the state is still at the guard ("... the step after its
     * event 20 went past the guard ..."). The status message says which of the two stopped the run.
     *
     * @param policy the policy, not null
     */
    public void setZenoPolicy(ZenoPolicy policy) {
        this.zenoPolicy = Objects.requireNonNull(policy, "policy must not be null");
    }

    /** @return the policy for accumulating events; {@link ZenoPolicy#THROW} by default */
    public ZenoPolicy getZenoPolicy() {
        return zenoPolicy;
    }

    /**
     * Holds the simulation at the guard: where the witness triggered, or, when the step from {@code ts} went
     * past the guard, back at that step's start (right after the witness's last event: the interpolant's
     * start point is the step's start state exactly).
     */
    private void holdAtGuard(ZenoException e, double ts) {
        if (e.pastGuard()) {
            integrator.prepareInterpolant();
            integrator.truncateLastStep(ts);
        }
        heldAt = e;
    }

    /** The status of every advance while held at a guard: termination at the hold, blamed on its system. */
    private SimulatorStatus heldStatus(double boundaryTime) {
        lastTime = context.getTimeValue();
        return new SimulatorStatus(SimulatorStatus.ReturnReason.REACHED_TERMINATION_CONDITION, boundaryTime,
                lastTime, heldAt.system(), String.format("held at the guard of witness '%s' at t = %s: %s",
                        heldAt.witness(), lastTime, heldAt.heldReason()));
    }

    /** @return the monitor, or null */
    public Monitor<T> getMonitor() {
        return monitor;
    }

    /**
     * Slows the simulation to about {@code rate} times real time; 0 or less means as fast as possible.
     *
     * @param rate the target ratio of simulated to real time
     */
    public void setTargetRealtimeRate(double rate) {
        this.targetRealtimeRate = rate > 0 ? rate : 0;
    }

    /**
     * Whether every trajectory-advancing step (and {@link #advancePendingEvents()}) ends with a forced publish:
     * the forced-publish handlers of every leaf ({@code declareForcedPublishEvent}) run on the step's end
     * point, after the step's other publishes and before the monitor, as one more publish dispatch (counted
     * by {@link #getNumPublishes()} when effective; a leaf without forced-publish handlers does nothing).
     * This does not publish at {@link #initialize()}: see {@link #setPublishAtInitialization}. Per-step
     * publish events are the preferred way (Drake marks this option "to be deprecated").
     * Off by default.
     *
     * @param publish true to publish at the end of every step
     */
    public void setPublishEveryTimeStep(boolean publish) {
        this.publishEveryTimeStep = publish;
    }

    /** @return whether {@link #setPublishEveryTimeStep} is on; false by default */
    public boolean getPublishEveryTimeStep() {
        return publishEveryTimeStep;
    }

    /**
     * Whether {@link #initialize()} ends with a forced publish (as {@link #setPublishEveryTimeStep} does for
     * steps): after the initialization, per-step and timed publishes at the initial time, before the monitor.
     * Off by default.
     *
     * @param publish true to publish at the end of initialize
     */
    public void setPublishAtInitialization(boolean publish) {
        this.publishAtInitialization = publish;
    }

    /** @return whether {@link #setPublishAtInitialization} is on; false by default */
    public boolean getPublishAtInitialization() {
        return publishAtInitialization;
    }

    /** @return the target realtime rate, 0 when running as fast as possible */
    public double getTargetRealtimeRate() {
        return targetRealtimeRate;
    }

    /**
     * @return simulated seconds per real second since the last initialize or resetStatistics; NaN before the
     *     simulator is initialized (Drake leaves it undefined then)
     */
    public double getActualRealtimeRate() {
        requireContext();
        if (!initialized) {
            return Double.NaN;
        }
        double real = (System.nanoTime() - realtimeStartNanos) * 1e-9;
        return (context.getTimeValue() - realtimeStartSimTime) / real;
    }

    /** @return the context holding the current point of the trajectory */
    public Context<T> getContext() {
        requireContext();
        return context;
    }

    /** @return the context, for modification (call {@link #initialize()} after changing its time) */
    public Context<T> getMutableContext() {
        requireContext();
        return context;
    }

    /** @return whether the simulator holds a context */
    public boolean hasContext() {
        return context != null;
    }

    /**
     * Replaces the context; {@link #initialize()} must be called (or is called by the next advance).
     *
     * @param newContext a root context of the system, or null to hold none
     */
    public void resetContext(Context<T> newContext) {
        if (newContext != null) {
            checkContext(newContext);
        }
        attach(newContext);
    }

    /**
     * Hands the context to the caller; the simulator holds none afterwards.
     *
     * @return the context
     */
    public Context<T> releaseContext() {
        requireContext();
        Context<T> c = context;
        context = null;
        initialized = false;
        integrator.resetContext(null);
        return c;
    }

    /** Forgets the statistics (steps, publishes, updates, realtime reference). */
    public void resetStatistics() {
        numSteps = 0;
        numPublishes = 0;
        numDiscreteUpdates = 0;
        numUnrestrictedUpdates = 0;
        integrator.resetStatistics();
        realtimeStartNanos = System.nanoTime();
        realtimeStartSimTime = context == null ? 0 : context.getTimeValue();
    }

    /** @return steps since the last initialize or resetStatistics (initialize itself is not a step) */
    public long getNumStepsTaken() {
        return numSteps;
    }

    /**
     * The effective publish dispatches since the last initialize or resetStatistics: a dispatch (the publishes
     * due at one point of the trajectory, or the forced publishes of {@link #setPublishEveryTimeStep} /
     * {@link #setPublishAtInitialization}, which are a dispatch of their own) counts unless one of its
     * handlers failed or all of them did nothing.
     *
     * @return the number of effective publish dispatches
     */
    public long getNumPublishes() {
        return numPublishes;
    }

    /** @return effective discrete update dispatches */
    public long getNumDiscreteUpdates() {
        return numDiscreteUpdates;
    }

    /** @return effective unrestricted update dispatches */
    public long getNumUnrestrictedUpdates() {
        return numUnrestrictedUpdates;
    }

    /** @return the integrator */
    public IntegratorBase<T> getIntegrator() {
        return integrator;
    }

    /** @return the integrator, for changing its options (then call {@link #initialize()}) */
    public IntegratorBase<T> getMutableIntegrator() {
        return integrator;
    }

    /**
     * Replaces the integrator with one made by {@code factory} for this simulator's system and context,
     * e.g. {@code sim.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 0.01, c))}. The simulator
     * must be initialized again.
     *
     * @param factory makes the integrator from the system and the context
     * @param <I> the integrator class
     * @return the new integrator
     */
    public <I extends IntegratorBase<T>> I resetIntegrator(BiFunction<DynamicalSystem<T>, Context<T>, I> factory) {
        I made = Objects.requireNonNull(factory, "factory must not be null").apply(system, context);
        if (made.getSystem() != system) {
            throw new IllegalArgumentException("the integrator integrates " + made.getSystem().getName()
                    + ", not " + system.getName());
        }
        made.resetContext(context);
        integrator = made;
        initialized = false;
        return made;
    }

    /** @return the simulated system */
    public DynamicalSystem<T> getSystem() {
        return system;
    }

    /**
     * @return the system, the time reached and the statistics since the last initialize or resetStatistics,
     *     then the integrator's, as {@code Simulator of Diagram 'plant' at t = 1.0: 12 steps, 3 publishes,
     *     0 discrete updates, 0 unrestricted updates; RungeKutta3Integrator (...)}
     */
    @Override
    public String toString() {
        // the system by kind and name only: an AffineSystem's own text lists all its coefficients
        return "Simulator of " + system.getClass().getSimpleName() + " '" + system.getName() + "'"
                + (context == null ? " without a context" : " at t = " + context.getTimeValue())
                + ": " + Format.count(numSteps, "step") + ", " + Format.count(numPublishes, "publish", "publishes")
                + ", " + Format.count(numDiscreteUpdates, "discrete update") + ", "
                + Format.count(numUnrestrictedUpdates, "unrestricted update") + "; " + integrator;
    }
}
