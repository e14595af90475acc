package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.internal.EventObserver;
import dev.mallard.simulator.internal.EventSet;
import dev.mallard.simulator.internal.EventTimeSensitivity;
import dev.mallard.systems.Context;
import dev.mallard.systems.Event;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import dev.mallard.systems.WitnessFunction;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Detects witness triggers over a step and isolates the earliest crossing on the step's interpolant (no
 * extra derivative evaluations; only witness evaluations at interpolated states).
 *
 * <p>Isolation: for each witness that triggers over {@code (t0, t1]} (Drake's rule), a bracket {@code [a, b]}
 * with "not triggered" at {@code a} and "triggered" at {@code b} is shrunk on the interpolant (the zero of
 * the quadratic through the last three probes, else the Illinois method) until {@code b - a <= window}. The event time is {@code b}: the witness, evaluated along the
 * interpolant, has crossed in {@code [b - window, b]}, and as the search probes both sides of the crossing the
 * event time is not late by a fixed fraction of the window, but typically by far less (plus the interpolant's
 * error in the crossing, {@code O(h^4)} for the cubic Hermite interpolant).
 */
final class WitnessTracker<T> {

    /**
     * The closest a probe comes to an end of the bracket, in windows: small, so that a crossing next to an end
     * is located to a small fraction of the window (a probe half a window in would end the search up to half a
     * window late), yet fixed, so that the search ends.
     */
    private static final double INSET = 1e-3;
    /** Probes after the bracket fits the window, to place the event time next to the crossing. */
    private static final int POLISH_PROBES = 2;

    private final Map<LeafSystem<T>, Integer> leafIndex = new IdentityHashMap<>();
    private final List<Context<T>> leafContexts;
    private final List<LeafSystem<T>> leaves;
    private final Scalar<T> scalar;
    /** The witnesses active in the current step, and in the step before (the lists are swapped, not copied). */
    private List<WitnessFunction<T>> witnesses = new ArrayList<>();
    private List<WitnessFunction<T>> previous = new ArrayList<>();
    /** Whether every leaf activates all its declared witnesses always: the active set never changes. */
    private final boolean fixedSet;
    private boolean collected;
    private int[] owner = new int[0];
    /**
     * The active witnesses and their owners' contexts by index, as arrays: {@link #value} runs once per step
     * and per isolation probe, where two list lookups cost more than the witness itself.
     */
    private WitnessFunction<T>[] active = newWitnessArray();
    private Context<T>[] ownerContext = newContextArray();
    private double[] w0 = new double[0];
    private double[] w1 = new double[0];
    private boolean[] triggered = new boolean[0];
    /** The root context's change count when {@code w1} last held the values at the context's time and state. */
    private long endStamp = -1;
    /** The root context's change count when {@link #start} took {@code w1}'s values into {@code w0}. */
    private long takenStamp = -1;
    /** The witness's value at the time {@link #isolate} returned (its last probe there, or the bracket's end). */
    private double isolatedValue;
    /** Event counts and the checks against accumulating events and violated guards. */
    private final GuardWatch guards = new GuardWatch();
    /** Told which witness set an event time on the double path, or null. */
    private EventObserver<T> observer;

    WitnessTracker(List<LeafSystem<T>> leaves, List<Context<T>> leafContexts, Scalar<T> scalar) {
        this.leaves = leaves;
        this.leafContexts = leafContexts;
        this.scalar = scalar;
        boolean fixed = true;
        for (int i = 0; i < leaves.size(); i++) {
            leafIndex.put(leaves.get(i), i);
            fixed &= !leaves.get(i).hasWitnessFunctions() || activatesAllDeclared(leaves.get(i));
        }
        this.fixedSet = fixed;
    }

    /**
     * Whether the leaf keeps {@link LeafSystem#getWitnessFunctions}' default (every declared witness, in every
     * context), so that its active witnesses need not be collected again every step. Declarations happen
     * in constructors, so the declared set is fixed by now.
     */
    private static boolean activatesAllDeclared(LeafSystem<?> leaf) {
        try {
            return leaf.getClass().getMethod("getWitnessFunctions", Context.class, List.class)
                    .getDeclaringClass() == LeafSystem.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("LeafSystem.getWitnessFunctions(Context, List) not found", e);
        }
    }

    /**
     * Collects the active witnesses and their values at the start of the step. When the context has not
     * changed since the last {@link #finishStep} computed the values at its end and the same witnesses are
     * active, those values are the start values: the witnesses are not evaluated again.
     */
    void start() {
        boolean same = fixedSet && collected;
        if (!same) {
            same = collect();
            if (!same) {
                guards.forget();
            }
        }
        int m = witnesses.size();
        if (m == 0) {
            return;
        }
        long count = changeCount();
        if (same && endStamp == count) {
            // The end values become the start values by swapping the arrays instead of copying them
            // (finishStep overwrites w1 before reading it). w1 no longer holds them, but w0 does while the
            // context stays unchanged: a second start before the next step keeps them.
            double[] swap = w0;
            w0 = w1;
            w1 = swap;
            endStamp = -1;
            takenStamp = count;
        } else if (!(same && takenStamp == count)) {
            for (int i = 0; i < m; i++) {
                w0[i] = value(i);
            }
        }
        guards.stepStarted(w0, m);
    }

    /** @param observer told which witness set each isolated event time on the double path, or null */
    void setObserver(EventObserver<T> observer) {
        this.observer = observer;
    }

    /** Forgets the event counts and histories (at initialize). */
    void reset() {
        guards.reset(owner.length);
    }

    /** Collects the active witnesses and their owners; returns whether they are those of the last step. */
    private boolean collect() {
        List<WitnessFunction<T>> swap = previous;
        previous = witnesses;
        witnesses = swap;
        witnesses.clear();
        for (int i = 0; i < leaves.size(); i++) {
            if (leaves.get(i).hasWitnessFunctions()) {
                int from = witnesses.size();
                leaves.get(i).getWitnessFunctions(leafContexts.get(i), witnesses);
                assignOwners(from, i);
            }
        }
        if (!witnesses.isEmpty() && !scalar.isNumeric()) {
            throw new IllegalStateException("witness functions need numeric values to detect crossings, but the "
                    + "system computes with " + scalar.name() + " (" + witnesses.get(0) + ")");
        }
        collected = true;
        return witnesses.equals(previous);
    }

    /**
     * Records the owning leaf of the witnesses from index {@code from} on, which leaf {@code leaf} reported:
     * normally itself, looked up only when an override reports another system's witness.
     */
    private void assignOwners(int from, int leaf) {
        int m = witnesses.size();
        if (owner.length < m) {
            int size = Math.max(m, 2 * owner.length);
            owner = java.util.Arrays.copyOf(owner, size);
            active = java.util.Arrays.copyOf(active, size);
            ownerContext = java.util.Arrays.copyOf(ownerContext, size);
            w0 = new double[size];
            w1 = new double[size];
            triggered = new boolean[size];
            endStamp = -1;
            takenStamp = -1;
        }
        guards.ensureCapacity(m);
        for (int k = from; k < m; k++) {
            LeafSystem<T> system = witnesses.get(k).getSystem();
            owner[k] = system == leaves.get(leaf) ? leaf : leafIndex.get(system);
            active[k] = witnesses.get(k);
            ownerContext[k] = leafContexts.get(owner[k]);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> WitnessFunction<T>[] newWitnessArray() {
        return (WitnessFunction<T>[]) new WitnessFunction<?>[0];
    }

    @SuppressWarnings("unchecked")
    private static <T> Context<T>[] newContextArray() {
        return (Context<T>[]) new Context<?>[0];
    }

    /** @return the root context's change count */
    private long changeCount() {
        return leafContexts.get(0).getChangeCount();
    }

    boolean isEmpty() {
        return witnesses.isEmpty();
    }

    private double value(int i) {
        return scalar.value(active[i].calcWitnessValue(ownerContext[i]));
    }

    /**
     * After a step from {@code t0}: if a witness triggered, isolates the earliest crossing (when the window,
     * computed only then, is present) and leaves the context at it, then adds the events of every witness
     * triggering over the shortened step to {@code publishNow} (publishes) and {@code pending} (updates).
     * Each witness is evaluated once at the step's end; the start values are the last step's end values
     * unless the context changed in between (see {@link #start()}).
     *
     * @param windowRule the isolation window in seconds, NaN for no isolation (asked only when a witness
     *     triggers or a guard is watched)
     * @return whether any witness triggered
     * @throws SimulationException if a witness's events accumulate or its guard is left violated (see
     *     {@link GuardWatch})
     */
    boolean finishStep(IntegratorBase<T> integrator, DoubleSupplier windowRule, double t0,
            EventSet<T> publishNow, EventSet<T> pending) {
        int m = witnesses.size();
        boolean any = false;
        for (int i = 0; i < m; i++) {
            w1[i] = value(i);
            triggered[i] = active[i].shouldTrigger(w0[i], w1[i]);
            any |= triggered[i];
        }
        if (any || guards.watching()) {
            // Out of line: most steps trigger nothing and watch no guard, and this method stays small enough
            // for the compiler to inline it into the step.
            any = finishEventfulStep(integrator, windowRule, t0, publishNow, pending, any);
        }
        endStamp = changeCount();
        return any;
    }

    /** The rest of {@link #finishStep} when a witness triggered or a guard is watched. */
    private boolean finishEventfulStep(IntegratorBase<T> integrator, DoubleSupplier windowRule, double t0,
            EventSet<T> publishNow, EventSet<T> pending, boolean triggeredAny) {
        boolean any = triggeredAny;
        if (guards.watching()) {
            any = revealExcursion(integrator, windowRule, t0, any);
        }
        if (any) {
            isolateAndCollect(integrator, windowRule, t0, publishNow, pending);
        }
        if (guards.watching()) {
            guards.stepEnded(witnesses, w1, triggered, integrator.getContext().getTimeValue());
        }
        return any;
    }

    /**
     * After a witness's update event, the step that follows may go out across the guard and back within the
     * step (the witness starts past its guard, so its trigger rule sees nothing: a ball's small bounce inside
     * one long step). When a witness ends such a step further past its guard than it started, this looks on
     * the step's interpolant for the excursion (a golden-section search for the witness's value furthest on
     * the non-triggering side, witness evaluations only) and, if there is one, ends the step there, where the
     * next step starts on the right side and sees the crossing. Without an excursion the guard is left
     * violated and {@link GuardWatch#stepEnded} reports it.
     *
     * @return whether any witness triggers over the (possibly shortened) step
     */
    private boolean revealExcursion(IntegratorBase<T> integrator, DoubleSupplier windowRule, double t0,
            boolean any) {
        int m = witnesses.size();
        for (int i = 0; i < m; i++) {
            WitnessDirection direction = witnesses.get(i).getDirection();
            if (!guards.leftViolated(i, direction, w1[i], triggered[i])) {
                continue;
            }
            double side = direction == WitnessDirection.POSITIVE_THEN_NON_POSITIVE ? 1 : -1;
            double t1 = integrator.getContext().getTimeValue();
            integrator.prepareInterpolant();
            double tOut = furthestFromGuard(integrator, i, side, t0, t1, resolution(integrator, windowRule));
            if (side * value(i) > 0) {
                integrator.truncateLastStep(tOut);
                any = false;
                for (int k = 0; k < m; k++) {
                    w1[k] = value(k);
                    triggered[k] = witnesses.get(k).shouldTrigger(w0[k], w1[k]);
                    any |= triggered[k];
                }
                return any;
            }
            integrator.interpolateIntoContext(t1);
            return any;
        }
        return any;
    }

    /** The isolation window, or the working minimum step when there is no isolation: events' time resolution. */
    private static double resolution(IntegratorBase<?> integrator, DoubleSupplier windowRule) {
        double window = windowRule.getAsDouble();
        return Double.isNaN(window) ? integrator.getWorkingMinimumStepSize() : window;
    }

    /**
     * Golden-section search on the interpolant over {@code [a, b]} for the time where {@code side * w} is
     * largest, down to {@code resolution} seconds, stopping as soon as it is positive; leaves the context at the
     * returned time.
     */
    private double furthestFromGuard(IntegratorBase<T> integrator, int i, double side, double a, double b,
            double resolution) {
        double r = 0.5 * (Math.sqrt(5) - 1);
        double c = b - r * (b - a);
        double d = a + r * (b - a);
        integrator.interpolateIntoContext(c);
        double gc = side * value(i);
        integrator.interpolateIntoContext(d);
        double gd = side * value(i);
        while (gc <= 0 && gd <= 0 && b - a > resolution) {
            if (gc > gd) {
                b = d;
                d = c;
                gd = gc;
                c = b - r * (b - a);
                integrator.interpolateIntoContext(c);
                gc = side * value(i);
            } else {
                a = c;
                c = d;
                gc = gd;
                d = a + r * (b - a);
                integrator.interpolateIntoContext(d);
                gd = side * value(i);
            }
        }
        double t = gc > gd ? c : d;
        integrator.interpolateIntoContext(t);
        return t;
    }

    /**
     * The part of {@link #finishStep} after a trigger: isolates the earliest crossing if the window is present,
     * moves the context there, recomputes the end values and adds the triggered witnesses' events.
     */
    private void isolateAndCollect(IntegratorBase<T> integrator, DoubleSupplier windowRule, double t0,
            EventSet<T> publishNow, EventSet<T> pending) {
        int m = witnesses.size();
        Context<T> context = integrator.getContext();
        double window = windowRule.getAsDouble();
        if (!Double.isNaN(window)) {
            double t1 = context.getTimeValue();
            // The end time as a T matters only on the generic path (its gradient); on the double path
            // getTime() would box it.
            T t1Scalar = integrator.isDoublePath() ? null : context.getTime();
            integrator.prepareInterpolant();
            double tStar = t1;
            int earliest = -1;
            double earliestValue = Double.NaN;
            for (int i = 0; i < m; i++) {
                if (!triggered[i]) {
                    continue;
                }
                double wb = w1[i];
                if (tStar < t1) {
                    integrator.interpolateIntoContext(tStar);
                    wb = value(i);
                    if (!witnesses.get(i).shouldTrigger(w0[i], wb)) {
                        continue;
                    }
                }
                double isolated = isolate(integrator, i, t0, tStar, wb, window);
                if (earliest < 0 || isolated < tStar) {
                    earliest = i;
                    earliestValue = isolatedValue;
                }
                tStar = isolated;
            }
            boolean truncated = tStar < t1;
            if (truncated) {
                integrator.truncateLastStep(tStar);
            } else {
                if (t1Scalar == null) {
                    integrator.interpolateIntoContext(t1);
                } else {
                    integrator.interpolateIntoContext(t1Scalar);
                }
            }
            if (!integrator.isDoublePath()) {
                EventTimeSensitivity.add(integrator, witnesses.get(earliest), leafContexts.get(owner[earliest]),
                        tStar < t1 ? scalar.of(tStar) : t1Scalar);
            } else if (observer != null) {
                observer.eventTimeSetBy(witnesses.get(earliest), owner[earliest]);
            }
            // On the double path the context at tStar is the one the earliest witness's isolation last probed
            // (the same interpolant at the same time), so its value there is known.
            boolean known = truncated && integrator.isDoublePath();
            for (int i = 0; i < m; i++) {
                w1[i] = known && i == earliest ? earliestValue : value(i);
                triggered[i] = witnesses.get(i).shouldTrigger(w0[i], w1[i]);
            }
        } else if (!integrator.isDoublePath() || observer != null) {
            carryStepEndEventTime(integrator);
        }
        double t = context.getTimeValue();
        // asked again at the event time: the window's floor, the working minimum step, grows with the time
        double resolution = resolution(integrator, windowRule);
        for (int i = 0; i < m; i++) {
            Event<T> e = witnesses.get(i).getEvent();
            if (triggered[i]) {
                boolean update = e != null && e.getKind() != Event.Kind.PUBLISH;
                guards.triggered(i, witnesses.get(i), t, resolution, update);
                if (e != null) {
                    (update ? pending : publishNow).add(owner[i], e);
                }
            }
        }
    }

    /**
     * Without isolation (fixed steps and no accuracy in the context, as in Drake) the updates of a triggered
     * witness happen at the end of the step that crossed. The event time then still depends on the initial state
     * and parameters: it is the step end moved by the implicit function theorem's correction
     * ({@link EventTimeSensitivity#add} at the step end, where the values stay those of the step end), so that
     * a gradient carries {@code d t* / d p = -(dw/dp) / (dw/dt)} instead of the zero of a time pinned to the
     * step grid. Only updates need it (a publish changes no state). On the double path the observer is told, so
     * that the adjoint replays the same correction.
     *
     * @throws SimulationException if two witnesses with updates trigger in the step: one event time cannot
     *     carry both crossings' sensitivities, and the run is refused rather than given a wrong gradient
     */
    private void carryStepEndEventTime(IntegratorBase<T> integrator) {
        int chosen = -1;
        for (int i = 0; i < witnesses.size(); i++) {
            Event<T> e = witnesses.get(i).getEvent();
            if (!triggered[i] || e == null || e.getKind() == Event.Kind.PUBLISH) {
                continue;
            }
            if (chosen >= 0) {
                double t = integrator.getContext().getTimeValue();
                String name = witnesses.get(i).getSystem().getName();
                throw new SimulationException("witnesses " + witnesses.get(chosen) + " and " + witnesses.get(i)
                        + " both trigger updates in the fixed step ending at t = " + t + ", which does not isolate "
                        + "events: one event time cannot carry the sensitivities of both crossing times (set an "
                        + "accuracy in the context to isolate them)", t, name);
            }
            chosen = i;
        }
        if (chosen < 0) {
            return;
        }
        if (integrator.isDoublePath()) {
            observer.eventTimeSetBy(witnesses.get(chosen), owner[chosen]);
        } else {
            integrator.prepareInterpolant();
            EventTimeSensitivity.add(integrator, witnesses.get(chosen), leafContexts.get(owner[chosen]),
                    integrator.getContext().getTime());
        }
    }

    /**
     * Shrinks {@code [a, b]} (not triggered at {@code a}, triggered at {@code b}) until {@code b - a <= window}
     * and returns {@code b}. Each probe is the zero, inside the bracket, of the quadratic through the last three
     * points probed ({@link QuadraticCrossing}; the bracket's ends count as the first two), exact after one probe
     * for a witness that is quadratic in time along the interpolant, moved half an inset (below) past the zero
     * towards the end that did not move last, so that the next probe, on the other side, closes the bracket
     * around the zero (a probe on the zero itself would be decided by the rounding of the witness's value, and
     * a generic and a double run of one system could then part by an inset). When that quadratic has no zero
     * inside the bracket (and for the first probe), the probe is the Illinois variant of regula falsi: the secant
     * root of the bracket, with the value at an end halved when that end was kept twice in a row, so that neither
     * end stays fixed (regula falsi's weakness). A probe closer than {@link #INSET} windows to an end is moved to
     * that distance inside it: once the crossing is located next to {@code b}, one probe just before it closes
     * the bracket, so the result lies within the window after the crossing without a systematic lateness. Once
     * the bracket is within the window, up to {@link #POLISH_PROBES} more probes bring {@code b} next to the
     * crossing, so that events are typically late by a tiny fraction of the window. Bisection takes over after
     * three probes in a row fail to halve the bracket. Leaves the witness's value at the returned time in
     * {@link #isolatedValue}.
     *
     * <p>Drake bisects the bracket until it fits the window and reports its right end; this search ends on the
     * same condition and reports the same end, so the event time keeps Drake's guarantee (within the window
     * after the crossing on the interpolant) with fewer probes: three per impact of the bouncing ball with
     * a window of 1e-8 s in a 0.1 s step, where bisection takes 24 (and the Illinois search alone took seven).
     */
    private double isolate(IntegratorBase<T> integrator, int i, double a, double b, double fb, double window) {
        WitnessFunction<T> w = active[i];
        double fa = w0[i];
        double inset = INSET * window;
        int kept = 0;
        int slow = 0;
        int polish = POLISH_PROBES;
        // fb is halved by the Illinois rule; the witness's true value at b is kept apart
        double atB = fb;
        // the last three points probed with their true values, oldest first (x0 NaN: only two so far)
        double x0 = Double.NaN;
        double y0 = Double.NaN;
        double x1 = a;
        double y1 = fa;
        double x2 = b;
        double y2 = fb;
        while (b - a > window || (polish-- > 0 && b - a > 2 * inset)) {
            double length = b - a;
            double m = slow >= 3 ? 0.5 * (a + b) : QuadraticCrossing.root(x0, y0, x1, y1, x2, y2, a, b);
            if (Double.isNaN(m)) {
                m = b - fb * (b - a) / (fb - fa);
            } else if (slow < 3 && kept != 0) {
                // Half an inset past the zero, towards the end that did not move last: where the quadratic is
                // exact, this probe moves that end and the next one closes the bracket around the zero. A probe
                // on the zero itself would be decided by the rounding of the witness's value there.
                m += kept > 0 ? 0.5 * inset : -0.5 * inset;
            }
            if (!(m >= a + inset)) {
                m = a + inset;
            }
            if (!(m <= b - inset)) {
                m = b - inset;
            }
            integrator.interpolateIntoContext(m);
            double fm = value(i);
            x0 = x1;
            y0 = y1;
            x1 = x2;
            y1 = y2;
            x2 = m;
            y2 = fm;
            if (w.shouldTrigger(w0[i], fm)) {
                b = m;
                fb = fm;
                atB = fm;
                fa = kept < 0 ? 0.5 * fa : fa;
                kept = -1;
            } else {
                a = m;
                fa = fm;
                fb = kept > 0 ? 0.5 * fb : fb;
                kept = 1;
            }
            slow = b - a > 0.5 * length ? slow + 1 : 0;
        }
        isolatedValue = atB;
        return b;
    }
}
