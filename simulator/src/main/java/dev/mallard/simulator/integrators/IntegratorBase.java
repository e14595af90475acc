package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Checks;
import dev.mallard.scalar.DoubleArrays;
import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.Format;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.internal.CollocationScheme;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.simulator.internal.TableauRow;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.util.Arrays;
import java.util.Objects;

/**
 * The base of every integrator: advances the continuous state {@code xc} of a system's context, solving
 * {@code xcdot = f(t, x)} with the discrete and abstract state held constant. It owns the options and
 * statistics of Drake's IntegratorBase, the step entry point the Simulator calls
 * ({@link #integrateNoFurtherThanTime}, with the 1% stretch rule), the error-control loop shared by every
 * error-controlled scheme, and the interpolant of the last step (for witness isolation and dense output).
 *
 * <h2>Writing a scheme</h2>
 * A scheme implements one step twice: {@link #stepDouble} on primitive arrays (used when {@code T} is
 * double: the context's state is a {@link DoubleVector} and the base works on its array with preallocated
 * workspaces, so nothing is allocated per step) and {@link #stepGeneric} on {@link ScalarVector}s (AutoDiff,
 * symbolic). Both evaluate derivatives only through {@link #evalDerivatives(double, double[], double[])} /
 * {@link #evalDerivatives(Object, ScalarVector, ScalarVector)}, which count them. Step-size control, error
 * norms and event timing are always plain {@code double} arithmetic on values.
 *
 * <h2>Cached derivatives</h2>
 * As Drake's {@code EvalTimeDerivatives}, a request for the derivatives at the time and state the context
 * already holds, with nothing in the context changed since they were computed (state, parameters, inputs,
 * accuracy: its {@linkplain Context#getChangeCount() change count} is the same), returns the computed values
 * instead of evaluating again, and {@link #getNumDerivativeEvaluations()} counts only real evaluations.
 * The request recognised as such is one for {@code f(t0, x0)} at the step's start, passing the {@code t0}
 * and {@code x0} the step was given (the base has just evaluated it, or reused it); recognising it costs one
 * reference comparison per evaluation, and no state is compared. Every other request is a real evaluation:
 * a scheme may write stage states straight into the context's own array without telling the context, so a
 * request at that array is never taken for a repeat. Turning caching off ({@link Context#disableCaching()}, as Drake's
 * {@code Context::DisableCaching}) makes every request a real, counted evaluation: a scheme that asks for
 * {@code f(t0, x0)} once more per step then counts two evaluations per step instead of one. The schemes' own
 * reuse of values they computed (a first-same-as-last stage as the next step's {@code f(t0, x0)}, the start
 * derivative kept for a retried step) is a property of the scheme, not caching, and happens in both settings.
 *
 * <h2>Time</h2>
 * Step boundaries are doubles; a step that lands on a requested time lands on it exactly (no accumulated
 * sum). On the generic path the step size is a {@code T}: when the step ends at a boundary time given as a
 * {@code T} (an AutoDiff final time), {@code h = boundary - t0} in {@code T}, so gradients with respect to
 * the final time flow through the last step.
 *
 * <h2>Threads</h2>
 * Not thread-safe: an integrator belongs to one simulator (or one caller) and advances that one's context,
 * on the thread using them. Integrators of different threads share nothing but the constant system.
 *
 * @param <T> the number type
 */
public abstract class IntegratorBase<T> {

    static {
        PackageAccess.register(new PackageAccess.IntegratorMembers() {
            @Override
            public double lastStepTarget(IntegratorBase<?> integrator) {
                return integrator.lastStepTarget();
            }

            @Override
            public CollocationScheme implicitScheme(IntegratorBase<?> integrator) {
                return integrator.implicitScheme();
            }

            @Override
            public ButcherTableau explicitTableau(IntegratorBase<?> integrator) {
                return integrator.explicitTableau();
            }

            @Override
            public TableauRow stageRow(ButcherTableau tableau, int i) {
                return tableau.stageRow(i);
            }

            @Override
            public TableauRow weightRow(ButcherTableau tableau) {
                return tableau.weightRow();
            }

            @Override
            public void deferStateCommit(IntegratorBase<?> integrator, boolean defer) {
                integrator.deferStateCommit(defer);
            }
        });
    }

    /** Accuracy used when neither the context nor {@link #setTargetAccuracy} sets one. */
    public static final double DEFAULT_ACCURACY = 1e-4;

    /** A step may be stretched by this factor to land on a requested time instead of leaving a sliver. */
    public static final double STRETCH_FACTOR = 1.01;
    /** A step retried at the minimum size is stretched by up to this factor to land on the next event. */
    public static final double RETRY_STRETCH_FACTOR = 1.001;

    private static final int STATE_IN_CONTEXT = 0;
    private static final int STATE_IN_X0 = 1;
    private static final int STATE_IN_X1 = 2;

    /** Derivative targets given a view of their own (a scheme's stage workspaces; RK5 uses 8). */
    private static final int MAX_DERIVATIVE_TARGETS = 16;

    private final DynamicalSystem<T> system;
    private final Scalar<T> scalar;
    private Context<T> context;

    // options
    private double targetAccuracy = Double.NaN;
    private double accuracyInUse = Double.NaN;
    private boolean fixedStepMode;
    private double maximumStepSize = Double.POSITIVE_INFINITY;
    private double requestedMinimumStepSize;
    private double initialStepSizeTarget = Double.NaN;
    private boolean throwOnMinimumStepSizeViolation = true;
    /** The weights of the generalized velocities (and positions) in the error norm, or null for unit weights. */
    private double[] generalizedStateWeights;
    /** The weights of the miscellaneous states in the error norm, or null for unit weights. */
    private double[] miscStateWeights;
    /** The weight of each state entry in the error norm, built at initialize; null when all are 1. */
    private double[] errorWeights;

    // statistics
    private long numStepsTaken;
    private long numDerivativeEvaluations;
    private long numShrinkagesFromErrorControl;
    private long numShrinkagesFromSubstepFailures;
    private long numSubstepFailures;
    private double largestStepSizeTaken = Double.NaN;
    private double smallestAdaptedStepSizeTaken = Double.NaN;
    private double actualInitialStepSizeTaken = Double.NaN;
    private double previousStepSize = Double.NaN;

    // run state
    private boolean initialized;
    private double idealNextStepSize = Double.NaN;
    private int n;
    private boolean doublePath;
    private ContinuousState<T> derivatives;
    // double-path workspaces (null on the generic path)
    private double[] xd;
    private double[] derivativeData;
    /**
     * The workspaces evalDerivatives has written into ({@code double[]} on the double path, {@link ScalarVector}
     * on the generic path), with a derivatives view over each, so the system writes straight into the
     * scheme's workspace instead of into {@link #derivatives} and a copy. Found by identity: a scheme passes
     * the same few workspaces every step.
     */
    private Object[] derivativeTargets;
    private ContinuousState<T>[] derivativeViews;
    private int numDerivativeTargets;
    private int nextDerivativeTarget;
    private double[] x0d;
    private double[] x1d;
    private double[] f0d;
    private double[] f1d;
    private double[] errd;
    // generic-path workspaces (null on the double path)
    private ScalarVector<T> xg;
    /**
     * Where the context's continuous state is while its own vector {@link #xg} is behind: {@link #STATE_IN_CONTEXT}
     * (it is not), {@link #STATE_IN_X1} (after a step committed with {@link #deferStateCommit}), {@link
     * #STATE_IN_X0} (from the next attempt's start on, and from a rejected attempt to its retry). An int, not a
     * reference: it changes every step, and a reference stored into this long-lived object would cost G1's
     * card-marking barrier.
     */
    private int stateIn = STATE_IN_CONTEXT;
    /** Whether a step may leave the context's vector behind (see {@link #deferStateCommit}). */
    private boolean deferringCommit;
    /**
     * Whether this is one of the package's explicit Runge-Kutta schemes on AutoDiff: their constant times are
     * kept as doubles (see {@link #constantTimeStamp}), and the start derivative is handed over by a copy.
     */
    private boolean explicitAutoDiff;
    /**
     * Whether, besides, its generic steps hand their results over in {@link TangentVector}s (a system
     * evaluating its tangents): its commits may be deferred.
     */
    private boolean tangentVectors;
    /**
     * The context's change count right after this integrator set its time to a constant as a double, or -1:
     * while the count is unchanged, the next attempt makes the start time's constant for the scheme without
     * keeping it ({@link #startTimeG} null, the value in {@link #startTime}), and a step whose size is a
     * constant too keeps its times as doubles. Every kept time object would be a reference stored into this
     * long-lived object per step, each costing G1's card-marking barrier; the constants are equal either way.
     */
    private long constantTimeStamp = -1;
    /** Whether the step attempted has a constant start time and size (so its end time is one too). */
    private boolean trialTimesConstant;
    /** The size of the last accepted step, seconds (its {@code T} is {@link #lastHg}, or the constant of this). */
    private double lastH = Double.NaN;
    private ScalarVector<T> x0g;
    private ScalarVector<T> x1g;
    private ScalarVector<T> f0g;
    private ScalarVector<T> f1g;
    private ScalarVector<T> errg;
    // the last accepted step, for the interpolant
    private double lastT0 = Double.NaN;
    private double lastT1 = Double.NaN;
    /** The time the last accepted step was made to land on, or NaN if its size was free (see lastStepTarget). */
    private double lastTarget = Double.NaN;
    private T lastT0g;
    private T lastT1g;
    private T lastHg;
    private T startTimeG;
    private T trialHg;
    /**
     * The last step size {@link #stepSizeScalar} made from a double, and that double: reused while the size
     * repeats (fixed steps), so that the step's bookkeeping stores no new object into this long-lived one (each
     * such store costs G1's card-marking barrier). Values of the number type are immutable.
     */
    private T freeStepG;
    private double freeStep = Double.NaN;
    /** Change count of the context when f1 held f(t1, x1), or -1. */
    private long f1Stamp = -1;
    /** Change count of the context when it held the step's start (t0, x0) and f0 held f(t0, x0), or -1. */
    private long startStamp = -1;
    /** The step's start time on the double path (the generic path compares {@link #startTimeG}). */
    private double startTime = Double.NaN;
    private boolean endDerivativeOffered;
    /** Records the accepted steps' interpolants while dense integration is in progress. */
    private final DenseOutputRecorder<T> denseOutput = new DenseOutputRecorder<>(this);

    /**
     * @param system the system whose continuous state is integrated, not null
     * @param context its context (root), or null to set one later with {@link #resetContext}
     */
    protected IntegratorBase(DynamicalSystem<T> system, Context<T> context) {
        this.system = Objects.requireNonNull(system, "system must not be null");
        this.scalar = system.scalar();
        this.context = context;
    }

    // ---- scheme SPI ------------------------------------------------------------------------------

    /** @return whether the scheme computes an error estimate (and so supports error control) */
    public abstract boolean supportsErrorEstimation();

    /**
     * The order {@code p} of the error estimate: the estimate behaves as {@code C h^(p+1)}, and the controller
     * scales step sizes by {@code (accuracy / error)^(1/(p+1))}. Meaningful only with an error estimate.
     * <p>Drake's {@code get_error_estimate_order()} is one more, {@code p + 1} (the power of {@code h} in the
     * estimate: 3 for RK3, 5 for RK5, 2 for implicit Euler), and its controller uses {@code 1/(p+1)} too, so the
     * step sizes are the same. Mallard keeps {@code p}, the order of the embedded solution whose error is
     * estimated, because the tableaux and the convergence tests state it that way and existing schemes
     * outside this package implement this contract; add one to compare with Drake.
     *
     * @return the order, {@code >= 1}
     */
    public abstract int getErrorEstimateOrder();

    /**
     * One step on primitive arrays, for {@code T = double}. It must not change time or state in the context
     * except through {@link #evalDerivatives(double, double[], double[])} (the base restores them).
     *
     * @param t0 start time, seconds
     * @param h step size, {@code > 0}
     * @param x0 the start state; not to be modified
     * @param f0 {@code f(t0, x0)}; not to be modified
     * @param x1 receives the end state
     * @param err receives the error estimate (length n) if {@link #supportsErrorEstimation()}
     * @return false on a sub-step failure (e.g. a nonlinear solve did not converge): the base halves the step
     */
    protected abstract boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err);

    /**
     * One step on vectors of {@code T}: the same scheme as {@link #stepDouble}.
     *
     * @param t0 start time
     * @param h step size
     * @param x0 the start state; not to be modified
     * @param f0 {@code f(t0, x0)}; not to be modified
     * @param x1 receives the end state
     * @param err receives the error estimate if supported; only its values are read, so for a numeric type a
     *     scheme may store them as constants (for AutoDiff, without gradients), and only under error control,
     *     so a scheme may leave it unchanged in {@linkplain #getFixedStepMode() fixed-step mode}
     * @return false on a sub-step failure
     */
    protected abstract boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err);

    /**
     * Evaluates {@code xdot = f(t, x)} on the double path, counting the evaluation. Sets the context to
     * {@code (t, x)}. A request for {@code f(t0, x0)} with the step's own {@code x0} array while the context
     * still holds them returns the cached value uncounted (see the class comment), unless caching is off.
     *
     * @param t time, seconds
     * @param x state, length n; not modified
     * @param xdot receives the derivatives, length n
     */
    protected final void evalDerivatives(double t, double[] x, double[] xdot) {
        if (x == x0d && repeatsStartEvaluation(t == startTime)) {
            // as a real evaluation would: the context back at (t0, x0), then the derivatives delivered
            DoubleArrays.copy(x0d, xd, n);
            if (xdot != f0d) {
                DoubleArrays.copy(f0d, xdot, n);
            }
            return;
        }
        if (x != xd) {
            DoubleArrays.copy(x, xd, n);
        }
        context.setTimeValueUnchecked(t);
        ContinuousState<T> view = derivativesViewOf(xdot);
        if (view != null) {
            system.calcTimeDerivatives(context, view);
        } else {
            system.calcTimeDerivatives(context, derivatives);
            DoubleArrays.copy(derivativeData, xdot, n);
        }
        numDerivativeEvaluations++;
    }

    /**
     * The derivatives view over {@code xdot} (a {@code double[]} on the double path, a {@link ScalarVector}
     * on the generic path), made on first use; null (copy instead) once {@link #MAX_DERIVATIVE_TARGETS}
     * workspaces have views, for a scheme passing ever new ones.
     */
    @SuppressWarnings("unchecked")
    private ContinuousState<T> derivativesViewOf(Object xdot) {
        // A scheme evaluates its stages in the same order every step: try the target after the last one first.
        int guess = nextDerivativeTarget;
        if (guess < numDerivativeTargets && derivativeTargets[guess] == xdot) {
            nextDerivativeTarget = guess + 1;
            return derivativeViews[guess];
        }
        for (int i = 0; i < numDerivativeTargets; i++) {
            if (derivativeTargets[i] == xdot) {
                nextDerivativeTarget = i + 1;
                return derivativeViews[i];
            }
        }
        // the context's own state is read by the system while it writes the derivatives: never a target
        if (numDerivativeTargets == MAX_DERIVATIVE_TARGETS || xdot == xd || xdot == xg) {
            return null;
        }
        ScalarVector<T> backing = xdot instanceof double[] a ? (ScalarVector<T>) DoubleVector.wrap(a)
                : (ScalarVector<T>) xdot;
        if (backing.size() != n) {
            return null;
        }
        ContinuousState<T> view = system.viewAsTimeDerivatives(backing);
        derivativeTargets[numDerivativeTargets] = xdot;
        derivativeViews[numDerivativeTargets] = view;
        numDerivativeTargets++;
        nextDerivativeTarget = numDerivativeTargets;
        return view;
    }

    /**
     * Whether a request at the step's start state (at the step's start time if {@code atStartTime}) repeats
     * the evaluation held in f0: nothing in the context changed since and caching is on. Called only for
     * requests passing the step's x0, so the common path pays a reference comparison and nothing more.
     */
    private boolean repeatsStartEvaluation(boolean atStartTime) {
        return atStartTime && startStamp == context.getChangeCount() && context.isCachingEnabled();
    }

    /**
     * The array holding the context's continuous state on the double path (valid after {@link #initialize()}).
     * A scheme may build a stage state directly in it and pass it to
     * {@link #evalDerivatives(double, double[], double[])}, which then copies nothing; the base puts the
     * step's start or end state back afterwards.
     *
     * @return the context's array (not a copy)
     */
    protected final double[] contextStateArray() {
        return xd;
    }

    /**
     * Evaluates {@code xdot = f(t, x)} on the generic path, counting the evaluation. Sets the context to
     * {@code (t, x)}. A request for {@code f(t0, x0)} with the step's own {@code t0} and {@code x0} objects
     * while the context still holds them returns the cached value uncounted (see the class comment), unless
     * caching is off.
     *
     * @param t time
     * @param x state; not modified
     * @param xdot receives the derivatives
     */
    protected final void evalDerivatives(T t, ScalarVector<T> x, ScalarVector<T> xdot) {
        if (x == x0g && repeatsStartEvaluation(t == startTimeG)) {
            xg.setFrom(x0g);
            stateIn = STATE_IN_CONTEXT;
            if (xdot != f0g) {
                xdot.setFrom(f0g);
            }
            return;
        }
        loadContextState(x);
        context.setTime(t);
        evaluateAtContext(xdot);
    }

    /**
     * {@link #evalDerivatives(Object, ScalarVector, ScalarVector)} at a constant time given as a double: the
     * context's time is set as a double (a system reading it gets the constant), so no time object is made or
     * stored. A request at the step's own x0 goes through the time object, as its cache needs.
     *
     * @param t time, seconds
     * @param x state; not modified
     * @param xdot receives the derivatives
     */
    final void evalDerivativesAtConstantTime(double t, ScalarVector<T> x, ScalarVector<T> xdot) {
        if (x == x0g) {
            evalDerivatives(scalar.of(t), x, xdot);
            return;
        }
        loadContextState(x);
        context.setTimeValueUnchecked(t);
        evaluateAtContext(xdot);
    }

    /**
     * A stage's derivatives at time {@code t0 + c h}: for constants of AutoDiff, whose time is a constant too,
     * through {@link #evalDerivativesAtConstantTime} with the same value ({@code t0 + h c} rounded as the
     * objects' sum and product round it); otherwise at the time computed in {@code T}.
     *
     * @param t0 the step's start time
     * @param h the step size
     * @param c the stage's fraction of the step
     * @param x the stage state; not modified
     * @param xdot receives the derivatives
     */
    final void evalStageDerivatives(T t0, T h, double c, ScalarVector<T> x, ScalarVector<T> xdot) {
        if (isConstant(t0) && isConstant(h)) {
            evalDerivativesAtConstantTime(scalar.value(t0) + scalar.value(h) * c, x, xdot);
        } else {
            evalDerivatives(scalar.add(t0, scalar.mul(h, c)), x, xdot);
        }
    }

    /**
     * {@link #evalStageDerivatives(Object, Object, double, ScalarVector, ScalarVector)} with the times given as
     * objects, or as null objects standing for constants of the values {@code t0v} and {@code hv} (then at {@code
     * t0v + hv c} as a double, no time object made).
     *
     * @param t0v the step's start time's value, read only when {@code t0g} is null
     * @param t0g the step's start time, or null
     * @param hv the step size's value, read only when {@code t0g} is null
     * @param hg the step size (null only with {@code t0g})
     * @param c the stage's fraction of the step
     * @param x the stage state; not modified
     * @param xdot receives the derivatives
     */
    final void evalStageDerivatives(double t0v, T t0g, double hv, T hg, double c, ScalarVector<T> x,
            ScalarVector<T> xdot) {
        if (t0g == null) {
            evalDerivativesAtConstantTime(t0v + hv * c, x, xdot);
        } else {
            evalStageDerivatives(t0g, hg, c, x, xdot);
        }
    }

    /** The system's derivatives at the context as it is, into {@code xdot}, counted. */
    private void evaluateAtContext(ScalarVector<T> xdot) {
        ContinuousState<T> view = derivativesViewOf(xdot);
        if (view != null) {
            system.calcTimeDerivatives(context, view);
        } else {
            system.calcTimeDerivatives(context, derivatives);
            xdot.setFrom(derivatives.backingVector());
        }
        numDerivativeEvaluations++;
    }

    /**
     * The vector holding the context's continuous state on the generic path (valid after {@link
     * #initialize()}), the counterpart of {@link #contextStateArray()}: a scheme may build a stage state
     * directly in it and pass it to {@link #evalDerivatives(Object, ScalarVector, ScalarVector)}, which then
     * copies nothing; the base puts the step's start or end state back afterwards.
     *
     * @return the context's vector (not a copy)
     */
    protected final ScalarVector<T> contextStateVector() {
        syncContextState();
        return xg;
    }

    /**
     * A workspace vector of the scheme's number type for the generic path: a {@link TangentVector} when the
     * scheme's steps hand their results over as arrays ({@link #holdsTangentVectors()}), else a new vector of
     * the type.
     *
     * @param size the number of entries
     * @return the vector
     */
    @SuppressWarnings("unchecked")
    final ScalarVector<T> newStepVector(int size) {
        return holdsTangentVectors() ? (ScalarVector<T>) new TangentVector(size) : scalar.newVector(size);
    }

    /**
     * Whether this scheme's generic steps hand their end state and derivatives over as arrays (see {@link
     * TangentSteps}), so that the base's vectors should be {@link TangentVector}s; the default is false.
     *
     * @return whether they do
     */
    boolean holdsTangentVectors() {
        return false;
    }

    /**
     * Lets (true) or stops (false) a step commit its end state without writing it into the context's vector
     * when the scheme holds it as arrays; the context's time, change count and everything else are set as
     * always. The {@link Simulator} allows it for the steps of a simulation nothing observes between steps,
     * and stops it (which writes the state into the context) before anything may read the context. Only the
     * package's own schemes defer, since a scheme's {@link #onStepAccepted} may read the context.
     *
     * @param defer whether to defer
     */
    final void deferStateCommit(boolean defer) {
        if (!defer) {
            syncContextState();
        }
        deferringCommit = defer;
    }

    /**
     * Makes the context's continuous state {@code x}: copied in unless {@code x} is the context's own vector (a
     * stage built in place), which then only needs a deferred commit written back first.
     */
    private void loadContextState(ScalarVector<T> x) {
        if (x != xg) {
            xg.setFrom(x);
            stateIn = STATE_IN_CONTEXT;
        } else {
            syncContextState();
        }
    }

    /** Writes the continuous state into the context's vector if a deferred commit left it behind. */
    private void syncContextState() {
        if (stateIn != STATE_IN_CONTEXT) {
            xg.setFrom(stateIn == STATE_IN_X1 ? x1g : x0g);
            stateIn = STATE_IN_CONTEXT;
        }
    }

    /**
     * Lets a scheme whose last stage is evaluated at the end state (first-same-as-last) hand it over, so
     * that the interpolant and the next step need no extra evaluation. Double path.
     *
     * @param f1 {@code f(t1, x1)}; copied
     */
    protected final void offerEndDerivative(double[] f1) {
        DoubleArrays.copy(f1, f1d, n);
        endDerivativeOffered = true;
    }

    /**
     * Generic-path counterpart of {@link #offerEndDerivative(double[])}.
     *
     * @param f1 {@code f(t1, x1)}; copied
     */
    protected final void offerEndDerivative(ScalarVector<T> f1) {
        f1g.setFrom(f1);
        endDerivativeOffered = true;
    }

    /**
     * Lets a scheme evaluate {@code f(t0, x0)} at the start of a step on the generic path its own way (the
     * explicit Runge-Kutta schemes on a system evaluating its own tangents: on primitive arrays, with the same
     * results). It is called only when the start derivative is not known from the last step, with the context
     * at time {@code t0}, which it must leave unchanged; the context's continuous state is {@code x0} too, except
     * in the package's own schemes when a commit was deferred (see {@code deferStateCommit}), so it reads {@code
     * x0}. The default evaluates through the scheme's {@link TangentSteps} if it has them (see {@link
     * TangentSteps#startDerivatives}) and otherwise does nothing and returns false, and the base evaluates the
     * system.
     *
     * @param t0 the step's start time (the context's)
     * @param x0 the step's start state (a copy of the context's); not modified
     * @param f0 receives {@code f(t0, x0)} when this returns true
     * @return whether it evaluated (and counted the evaluation with {@link #addDerivativeEvaluations})
     */
    protected boolean evalStartDerivatives(T t0, ScalarVector<T> x0, ScalarVector<T> f0) {
        TangentSteps tangents = tangentSteps();
        if (tangents == null) {
            return false;
        }
        tangents.startDerivatives(context, ((AutoDiff) t0).value(), t0, x0, f0);
        addDerivativeEvaluations(1);
        return true;
    }

    /**
     * The explicit Runge-Kutta schemes' AutoDiff path on primitive arrays, for a system that evaluates its own
     * tangents; null by default and for every other scheme or system.
     *
     * @return the scheme's tangent steps, or null
     */
    TangentSteps tangentSteps() {
        return null;
    }

    /**
     * {@link #evalStartDerivatives} at a constant time given as a double, for the schemes of this package that
     * hand results over in {@link TangentVector}s (no time object made); the default makes the constant.
     *
     * @param t0 the step's start time, seconds (the context's)
     * @param x0 the step's start state; not modified
     * @param f0 receives {@code f(t0, x0)} when this returns true
     * @return whether it evaluated
     */
    boolean evalStartDerivativesAtConstantTime(double t0, ScalarVector<T> x0, ScalarVector<T> f0) {
        TangentSteps tangents = tangentSteps();
        if (tangents == null) {
            return evalStartDerivatives(scalar.of(t0), x0, f0);
        }
        tangents.startDerivatives(context, t0, null, x0, f0);
        addDerivativeEvaluations(1);
        return true;
    }

    /**
     * {@link #stepGeneric} with a constant start time and step size given as doubles, for the schemes of this
     * package that hand results over in {@link TangentVector}s (no time objects made); the default makes the
     * constants.
     *
     * @param t0 start time, seconds
     * @param h step size, seconds
     * @param x0 the start state; not modified
     * @param f0 {@code f(t0, x0)}; not modified
     * @param x1 receives the end state
     * @param err receives the error estimate (as for {@link #stepGeneric})
     * @return false on a sub-step failure
     */
    boolean stepAtConstantTimes(double t0, double h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        return stepGeneric(scalar.of(t0), scalar.of(h), x0, f0, x1, err);
    }

    /**
     * Called after each accepted step, with the context at the step's end. The default does nothing;
     * dense output and schemes keeping history override it.
     */
    protected void onStepAccepted() {
    }

    // ---- options -------------------------------------------------------------------------------

    /** @return the system being integrated */
    public final DynamicalSystem<T> getSystem() {
        return system;
    }

    /** @return the context being advanced (may be null before {@link #resetContext}) */
    public final Context<T> getContext() {
        return context;
    }

    /** @return the context being advanced, for modification */
    public final Context<T> getMutableContext() {
        return context;
    }

    /**
     * Replaces the context; the integrator must be initialized again.
     *
     * @param newContext a root context of the system, or null
     */
    public final void resetContext(Context<T> newContext) {
        if (newContext != null && newContext.getSystem() != system) {
            throw new IllegalArgumentException("the context is of " + newContext.getSystem().getName()
                    + ", not of " + system.getName());
        }
        this.context = newContext;
        initialized = false;
    }

    /**
     * Requests an accuracy for error-controlled integration (about {@code -log10(accuracy)} correct digits).
     *
     * @param accuracy finite and {@code > 0}; above 1 is allowed, as in Drake (error control is absolute, so an
     *     accuracy of 10 suits states of size 1e6)
     * @throws IllegalStateException if the scheme has no error estimate
     * @throws IllegalArgumentException if not finite or not {@code > 0} (Drake does not check)
     */
    public final void setTargetAccuracy(double accuracy) {
        requireErrorEstimation("setTargetAccuracy");
        if (!(accuracy > 0) || !Double.isFinite(accuracy)) {
            throw new IllegalArgumentException("accuracy must be finite and > 0, got " + accuracy);
        }
        targetAccuracy = accuracy;
        accuracyInUse = accuracy;
    }

    /** @return the requested accuracy, NaN if none was requested */
    public final double getTargetAccuracy() {
        return targetAccuracy;
    }

    /**
     * The accuracy error control works to: the context's accuracy if it has one, else the target accuracy,
     * else {@link #DEFAULT_ACCURACY}; fixed at {@link #initialize()}.
     *
     * @return the accuracy in use, NaN before initialization for schemes without error estimate
     */
    public final double getAccuracyInUse() {
        return accuracyInUse;
    }

    /**
     * Sets fixed-step mode: every step is the maximum step size (or shorter, to land on an event).
     *
     * @param flag true for fixed steps
     * @throws IllegalStateException if false is requested for a scheme without error estimate
     */
    public final void setFixedStepMode(boolean flag) {
        if (!flag) {
            requireErrorEstimation("setFixedStepMode(false)");
        }
        fixedStepMode = flag;
    }

    /** @return whether steps are fixed (always true for schemes without error estimate) */
    public final boolean getFixedStepMode() {
        return fixedStepMode || !supportsErrorEstimation();
    }

    /**
     * Sets the maximum step size; a step may exceed it by 1% to land on an event.
     *
     * @param h seconds, {@code > 0} (infinity allowed for error-controlled schemes)
     * @throws IllegalArgumentException if not {@code > 0}
     */
    public final void setMaximumStepSize(double h) {
        if (!(h > 0)) {
            throw new IllegalArgumentException("maximum step size must be > 0, got " + h);
        }
        maximumStepSize = h;
    }

    /** @return the maximum step size, seconds */
    public final double getMaximumStepSize() {
        return maximumStepSize;
    }

    /**
     * Requests a minimum step size: error control never shrinks a step below it (see
     * {@link #setThrowOnMinimumStepSizeViolation}). Zero means the working floor only.
     *
     * @param h seconds, {@code >= 0}
     */
    public final void setRequestedMinimumStepSize(double h) {
        if (!(h >= 0) || !Double.isFinite(h)) {
            throw new IllegalArgumentException("requested minimum step size must be finite and >= 0, got " + h);
        }
        requestedMinimumStepSize = h;
    }

    /** @return the requested minimum step size, seconds */
    public final double getRequestedMinimumStepSize() {
        return requestedMinimumStepSize;
    }

    /**
     * The minimum step actually enforced at the current time: the requested minimum or the floor
     * {@code 1e-14 max(1, |t|)} below which time itself cannot resolve a step, whichever is larger.
     *
     * @return seconds
     */
    public final double getWorkingMinimumStepSize() {
        double t = context == null ? 0 : context.getTimeValue();
        return Math.max(requestedMinimumStepSize, 1e-14 * Math.max(1, Math.abs(t)));
    }

    /**
     * Requests the size of the first step attempted by error control (it may be shrunk).
     *
     * @param h seconds, {@code > 0}
     * @throws IllegalStateException if the scheme has no error estimate
     */
    public final void requestInitialStepSizeTarget(double h) {
        requireErrorEstimation("requestInitialStepSizeTarget");
        initialStepSizeTarget = Checks.positive(h, "initial step size target");
    }

    /** @return the requested first step size, NaN if none */
    public final double getInitialStepSizeTarget() {
        return initialStepSizeTarget;
    }

    /**
     * @param throwsOnViolation true (the default) to throw when error control would need a step below the
     *     working minimum; false to take the minimum step and go on
     */
    public final void setThrowOnMinimumStepSizeViolation(boolean throwsOnViolation) {
        throwOnMinimumStepSizeViolation = throwsOnViolation;
    }

    /** @return whether a minimum step violation throws */
    public final boolean getThrowOnMinimumStepSizeViolation() {
        return throwOnMinimumStepSizeViolation;
    }

    /**
     * Sets the weights of the generalized velocities in the error norm, as Drake's generalized-state weight
     * vector: the norm of an error estimate is {@code max(|W_v dv|, |N W_v N+ dq|, |W_z dz|)} (infinity
     * norms). Mallard applies these weights entry by entry to the position errors too, which is Drake's
     * {@code N W_v N+} when the kinematic map {@code N(q)} is diagonal (the identity for most systems); so
     * weights are accepted only for systems with as many positions as velocities (checked at
     * {@link #initialize()}). A weight of 0 takes the entry out of error control. Call {@link #initialize()}
     * afterwards.
     *
     * @param weights one weight per generalized velocity, each finite and {@code >= 0}; copied
     * @throws IllegalArgumentException if a weight is negative, NaN or infinite
     */
    public final void setGeneralizedStateWeights(double... weights) {
        generalizedStateWeights = checkedWeights(weights);
    }

    /**
     * The generalized-state weights in use.
     *
     * @return a copy: the weights set, or {@code getSystem().getNumV()} ones if none were set
     */
    public final double[] getGeneralizedStateWeights() {
        return generalizedStateWeights != null ? generalizedStateWeights.clone() : ones(system.getNumV());
    }

    /**
     * Sets the weights of the miscellaneous continuous states ({@code z}) in the error norm, as Drake's
     * misc-state weight vector (see {@link #setGeneralizedStateWeights}). Call {@link #initialize()} afterwards.
     *
     * @param weights one weight per miscellaneous state, each finite and {@code >= 0}; copied
     * @throws IllegalArgumentException if a weight is negative, NaN or infinite
     */
    public final void setMiscStateWeights(double... weights) {
        miscStateWeights = checkedWeights(weights);
    }

    /**
     * The miscellaneous-state weights in use.
     *
     * @return a copy: the weights set, or {@code getSystem().getNumZ()} ones if none were set
     */
    public final double[] getMiscStateWeights() {
        return miscStateWeights != null ? miscStateWeights.clone() : ones(system.getNumZ());
    }

    private static double[] checkedWeights(double[] weights) {
        Objects.requireNonNull(weights, "weights must not be null");
        for (double w : weights) {
            if (!(w >= 0) || !Double.isFinite(w)) {
                throw new IllegalArgumentException("state weights must be finite and >= 0, got " + w);
            }
        }
        return weights.clone();
    }

    private static double[] ones(int size) {
        double[] out = new double[size];
        Arrays.fill(out, 1.0);
        return out;
    }

    /** The weight of each root state entry ({@code [q, v, z]}), or null when all are 1; checks the sizes. */
    private double[] buildErrorWeights() {
        if (generalizedStateWeights == null && miscStateWeights == null) {
            return null;
        }
        int nq = system.getNumQ();
        int nv = system.getNumV();
        int nz = system.getNumZ();
        if (generalizedStateWeights != null && (generalizedStateWeights.length != nv || nq != nv)) {
            throw new IllegalStateException("generalized state weights: " + generalizedStateWeights.length
                    + " given for " + system.getName() + " with " + nq + " positions and " + nv
                    + " velocities (one per velocity, and only for as many positions as velocities)");
        }
        if (miscStateWeights != null && miscStateWeights.length != nz) {
            throw new IllegalStateException("misc state weights: " + miscStateWeights.length + " given for "
                    + system.getName() + " with " + nz + " miscellaneous states");
        }
        double[] w = ones(nq + nv + nz);
        if (generalizedStateWeights != null) {
            System.arraycopy(generalizedStateWeights, 0, w, 0, nq);
            System.arraycopy(generalizedStateWeights, 0, w, nq, nv);
        }
        if (miscStateWeights != null) {
            System.arraycopy(miscStateWeights, 0, w, nq + nv, nz);
        }
        return w;
    }

    /**
     * The error estimate of the last step attempted (accepted or rejected), as Drake's
     * {@code get_error_estimate}: one absolute, unweighted entry per continuous state, in the state's units.
     * In fixed-step mode a scheme need not compute it, and then it is stale (see {@link #stepDouble}).
     *
     * @return a new array of {@code n} values (zeros before the first step), or null for a scheme without
     *     error estimate or before {@link #initialize()}
     */
    public final double[] getErrorEstimate() {
        if (!initialized || !supportsErrorEstimation()) {
            return null;
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = doublePath ? errd[i] : errg.getValue(i);
        }
        return out;
    }

    private void requireErrorEstimation(String what) {
        if (!supportsErrorEstimation()) {
            throw new IllegalStateException(what + ": " + getClass().getSimpleName()
                    + " has no error estimate (it always takes fixed steps)");
        }
    }

    // ---- lifecycle -----------------------------------------------------------------------------

    /**
     * Prepares for integration: checks the options, fixes the accuracy in use, allocates workspaces and
     * resets statistics. Must be called again after changing the context object or the options.
     *
     * @throws IllegalStateException if there is no context, the options are inconsistent, or error control
     *     is requested with a number type whose values cannot be compared (symbolic)
     */
    public void initialize() {
        if (context == null) {
            throw new IllegalStateException("the integrator has no context: call resetContext first");
        }
        if (requestedMinimumStepSize > maximumStepSize) {
            throw new IllegalStateException("requested minimum step size " + requestedMinimumStepSize
                    + " exceeds maximum step size " + maximumStepSize);
        }
        if (!getFixedStepMode() && !Double.isNaN(initialStepSizeTarget)
                && (initialStepSizeTarget < requestedMinimumStepSize || initialStepSizeTarget > maximumStepSize)) {
            throw new IllegalStateException("initial step size target " + initialStepSizeTarget
                    + " is outside [minimum, maximum] = [" + requestedMinimumStepSize + ", " + maximumStepSize + "]");
        }
        if (getFixedStepMode() && Double.isInfinite(maximumStepSize)) {
            throw new IllegalStateException("fixed-step integration needs a finite maximum step size");
        }
        if (!getFixedStepMode() && !scalar.isNumeric()) {
            throw new IllegalStateException("error control needs numeric values to compare, but "
                    + system.getName() + " computes with " + scalar.name()
                    + ": use a fixed-step scheme (or fixed-step mode) to get a one-step map");
        }
        errorWeights = buildErrorWeights();
        if (supportsErrorEstimation()) {
            accuracyInUse = context.getAccuracy().orElse(Double.isNaN(targetAccuracy) ? DEFAULT_ACCURACY
                    : targetAccuracy);
        }
        // a state left behind by an unsynchronised deferral is dropped: the caller may have set a new one
        stateIn = STATE_IN_CONTEXT;
        allocateWorkspaces();
        explicitAutoDiff = !doublePath && scalar == AutoDiff.SCALAR && explicitTableau() != null
                && getClass().getPackageName().equals(IntegratorBase.class.getPackageName());
        tangentVectors = explicitAutoDiff && holdsTangentVectors();
        constantTimeStamp = -1;
        resetStatistics();
        idealNextStepSize = Double.NaN;
        f1Stamp = -1;
        startStamp = -1;
        lastT0 = Double.NaN;
        lastT1 = Double.NaN;
        initialized = true;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void allocateWorkspaces() {
        ContinuousState<T> xc = context.getContinuousState();
        n = xc.size();
        derivatives = system.allocateTimeDerivatives();
        doublePath = xc.backingVector() instanceof DoubleVector;
        derivativeTargets = new Object[MAX_DERIVATIVE_TARGETS];
        derivativeViews = new ContinuousState[MAX_DERIVATIVE_TARGETS];
        numDerivativeTargets = 0;
        nextDerivativeTarget = 0;
        if (doublePath) {
            xd = ((DoubleVector) xc.backingVector()).data();
            derivativeData = ((DoubleVector) derivatives.backingVector()).data();
            x0d = new double[n];
            x1d = new double[n];
            f0d = new double[n];
            f1d = new double[n];
            errd = new double[n];
        } else {
            xg = xc.backingVector();
            x0g = newStepVector(n);
            x1g = newStepVector(n);
            f0g = newStepVector(n);
            f1g = newStepVector(n);
            // only the error's values are read: for a numeric type they are kept as doubles
            errg = scalar.isNumeric() ? new ValueVector<>(scalar, n) : scalar.newVector(n);
        }
        allocateSchemeWorkspaces(n);
    }

    /**
     * Called by {@link #initialize()} so a scheme can allocate its stage workspaces once.
     *
     * @param size the number of continuous states
     */
    protected abstract void allocateSchemeWorkspaces(int size);

    /** @return whether {@link #initialize()} was called since construction, {@link #reset} or a context change */
    public final boolean isInitialized() {
        return initialized;
    }

    /**
     * Returns the integrator to its just-constructed state, as Drake's {@code Reset}: fixed-step mode off, the
     * maximum step size back to infinity, the requested minimum step size to 0, the accuracy in use forgotten
     * (the target accuracy, the initial step target and the minimum-step policy are kept), the state weights
     * back to 1, statistics and dense output dropped. It must be initialized again.
     */
    public void reset() {
        initialized = false;
        generalizedStateWeights = null;
        miscStateWeights = null;
        fixedStepMode = false;
        maximumStepSize = Double.POSITIVE_INFINITY;
        requestedMinimumStepSize = 0;
        accuracyInUse = Double.NaN;
        idealNextStepSize = Double.NaN;
        f1Stamp = -1;
        startStamp = -1;
        lastT0 = Double.NaN;
        lastT1 = Double.NaN;
        denseOutput.stop();
        resetStatistics();
    }

    /** @return whether this integrator works on primitive arrays (T is double); valid after initialize */
    public final boolean isDoublePath() {
        return doublePath;
    }

    /** @return the number of continuous states integrated; valid after initialize */
    protected final int stateSize() {
        return n;
    }

    /** @return the number type */
    protected final Scalar<T> scalar() {
        return scalar;
    }

    // ---- statistics ----------------------------------------------------------------------------

    /** Forgets the statistics, the scheme's own included (see {@link #resetSchemeStatistics()}). */
    public final void resetStatistics() {
        resetSchemeStatistics();
        numStepsTaken = 0;
        numDerivativeEvaluations = 0;
        numShrinkagesFromErrorControl = 0;
        numShrinkagesFromSubstepFailures = 0;
        numSubstepFailures = 0;
        largestStepSizeTaken = Double.NaN;
        smallestAdaptedStepSizeTaken = Double.NaN;
        actualInitialStepSizeTaken = Double.NaN;
        previousStepSize = Double.NaN;
    }

    /** Forgets the statistics a scheme keeps beyond the base's; called by {@link #resetStatistics()}. */
    protected void resetSchemeStatistics() {
    }

    /** @return accepted steps since initialize or resetStatistics */
    public final long getNumStepsTaken() {
        return numStepsTaken;
    }

    /**
     * The derivative evaluations made, including those of rejected steps. As in Drake, only real evaluations
     * count: a request answered from the cache (see the class comment) does not, unless caching is off in the
     * context, when every request is a real evaluation and counts.
     *
     * @return the count since initialize or resetStatistics
     */
    public final long getNumDerivativeEvaluations() {
        return numDerivativeEvaluations;
    }

    /** @return step shrinkages because the error estimate exceeded the accuracy */
    public final long getNumStepShrinkagesFromErrorControl() {
        return numShrinkagesFromErrorControl;
    }

    /** @return step shrinkages because a sub-step failed */
    public final long getNumStepShrinkagesFromSubstepFailures() {
        return numShrinkagesFromSubstepFailures;
    }

    /** @return failed sub-steps */
    public final long getNumSubstepFailures() {
        return numSubstepFailures;
    }

    /** @return the largest accepted step, seconds (NaN before the first) */
    public final double getLargestStepSizeTaken() {
        return largestStepSizeTaken;
    }

    /** @return the smallest accepted step whose size error control chose, seconds (NaN if none) */
    public final double getSmallestAdaptedStepSizeTaken() {
        return smallestAdaptedStepSizeTaken;
    }

    /** @return the size of the first accepted step, seconds (NaN before it) */
    public final double getActualInitialStepSizeTaken() {
        return actualInitialStepSizeTaken;
    }

    /** @return the size of the last accepted step, seconds (NaN before it) */
    public final double getPreviousIntegrationStepSize() {
        return previousStepSize;
    }

    /**
     * Counts derivative evaluations made by a scheme outside {@link #evalDerivatives} (a Jacobian by
     * automatic differentiation, for instance).
     *
     * @param count evaluations to add, {@code >= 0}
     */
    protected final void addDerivativeEvaluations(long count) {
        numDerivativeEvaluations += count;
    }

    // ---- stepping ------------------------------------------------------------------------------

    /**
     * Advances the context by one step, ending no later than the earliest of the three times (all at or
     * after the current time). A step that would come within 1% of its own size of the earliest time is
     * stretched (or shortened) to end exactly on it.
     *
     * @param publishTime the next publish time, seconds
     * @param updateTime the next update time, seconds
     * @param boundaryTime the time not to pass, seconds
     * @return which time was reached, or {@link StepResult#TIME_HAS_ADVANCED}
     * @throws IllegalStateException if not initialized
     * @throws IllegalArgumentException if a time is before the current time
     * @throws SimulationException if the state becomes non-finite or the step size falls below the minimum
     */
    public final StepResult integrateNoFurtherThanTime(double publishTime, double updateTime, double boundaryTime) {
        return integrate(publishTime, updateTime, boundaryTime, null);
    }

    /**
     * As {@link #integrateNoFurtherThanTime(double, double, double)}, with the boundary time as a {@code T}:
     * a step ending on it has size {@code boundary - t0} computed in {@code T} (for AutoDiff, gradients with
     * respect to the final time).
     *
     * @param publishTime the next publish time, seconds
     * @param updateTime the next update time, seconds
     * @param boundaryTime the time not to pass, not null, numeric
     * @return which time was reached
     */
    public final StepResult integrateNoFurtherThanTime(double publishTime, double updateTime, T boundaryTime) {
        Objects.requireNonNull(boundaryTime, "boundaryTime must not be null");
        return integrate(publishTime, updateTime, scalar.value(boundaryTime), boundaryTime);
    }

    private StepResult integrate(double publishTime, double updateTime, double boundaryTime, T boundaryScalar) {
        if (!initialized) {
            throw new IllegalStateException("the integrator is not initialized: call initialize()");
        }
        double t0 = context.getTimeValue();
        checkNotBefore(publishTime, t0, "publishTime");
        checkNotBefore(updateTime, t0, "updateTime");
        checkNotBefore(boundaryTime, t0, "boundaryTime");
        double target = Math.min(publishTime, Math.min(updateTime, boundaryTime));
        StepResult reached = target == publishTime ? StepResult.REACHED_PUBLISH_TIME
                : target == updateTime ? StepResult.REACHED_UPDATE_TIME : StepResult.REACHED_BOUNDARY_TIME;
        double dt = target - t0;
        if (dt == 0) {
            return reached;
        }
        T targetScalar = target == boundaryTime ? boundaryScalar : null;
        if (n == 0) {
            commitTimeOnly(t0, target, targetScalar);
            return reached;
        }
        double h = getFixedStepMode() ? maximumStepSize : nextTrialStep();
        boolean landsOnTarget = dt <= h * STRETCH_FACTOR;
        if (landsOnTarget) {
            h = dt;
        }
        double taken = getFixedStepMode() ? takeFixedStep(t0, h, landsOnTarget ? target : Double.NaN, targetScalar)
                : takeControlledStep(t0, h, landsOnTarget ? target : Double.NaN, targetScalar, target);
        return context.getTimeValue() == target && taken == dt ? reached : StepResult.TIME_HAS_ADVANCED;
    }

    private static void checkNotBefore(double time, double t0, String name) {
        if (!(time >= t0)) {
            throw new IllegalArgumentException(name + " = " + time + " is before the current time " + t0);
        }
    }

    /**
     * Takes steps until the context reaches time {@code t} exactly.
     *
     * @param t the end time, seconds, not before the current time
     */
    public final void integrateWithMultipleStepsToTime(double t) {
        while (context.getTimeValue() < t) {
            integrateNoFurtherThanTime(t, t, t);
        }
    }

    /**
     * Takes exactly one step to time {@code t} without error control, as Drake's
     * {@code IntegrateWithSingleFixedStepToTime}: only in {@linkplain #getFixedStepMode() fixed-step mode}, and a
     * step to the current time changes nothing (no evaluation, no statistics) and succeeds.
     *
     * @param t the end time, seconds, not before the current time
     * @return false if the step failed (a sub-step failure), in which case the context is unchanged
     * @throws IllegalStateException if not initialized, or not in fixed-step mode
     * @throws IllegalArgumentException if {@code t} is before the current time (or NaN)
     */
    public final boolean integrateWithSingleFixedStepToTime(double t) {
        if (!initialized) {
            throw new IllegalStateException("the integrator is not initialized: call initialize()");
        }
        if (!getFixedStepMode()) {
            throw new IllegalStateException("integrateWithSingleFixedStepToTime needs fixed-step mode:"
                    + " call setFixedStepMode(true) (and initialize) first");
        }
        double t0 = context.getTimeValue();
        if (!(t >= t0)) {
            throw new IllegalArgumentException("t = " + t + " must not be before the current time " + t0);
        }
        if (t == t0) {
            return true;
        }
        if (n == 0) {
            commitTimeOnly(t0, t, null);
            return true;
        }
        if (!attempt(t0, t - t0, t, null)) {
            restoreStart(t0, false);
            return false;
        }
        commit(t0, t - t0, t, null, false);
        return true;
    }

    private double nextTrialStep() {
        double h = idealNextStepSize;
        if (Double.isNaN(h)) {
            h = Double.isNaN(initialStepSizeTarget) ? Math.min(maximumStepSize, 1e-2) : initialStepSizeTarget;
        }
        // Error control may have asked for less than the working minimum; never try below it, since a step
        // below one ulp of t would not advance time at all.
        return Math.max(getWorkingMinimumStepSize(), Math.min(h, maximumStepSize));
    }

    private double takeFixedStep(double t0, double h, double target, T targetScalar) {
        while (true) {
            if (attempt(t0, h, target, targetScalar)) {
                commit(t0, h, target, targetScalar, false);
                return h;
            }
            restoreStart(t0, true);
            numSubstepFailures++;
            numShrinkagesFromSubstepFailures++;
            h = shrinkOrFail(t0, h * 0.5, "a sub-step failed");
            target = Double.NaN;
        }
    }

    /**
     * One error-controlled step from {@code t0}, trying {@code h} first (landing on {@code target} unless NaN).
     * When error control would go below the working minimum and minimum-step violations do not throw, the
     * step is taken at the minimum, or, as in Drake, stretched to {@code goal} when that is within
     * {@link #RETRY_STRETCH_FACTOR} of it (no sliver is left before the event), and accepted whatever its
     * error.
     */
    private double takeControlledStep(double t0, double h, double target, T targetScalar, double goal) {
        double order = getErrorEstimateOrder() + 1;
        boolean adapted = false;
        boolean atMinimum = false;
        while (true) {
            if (!attempt(t0, h, target, targetScalar)) {
                restoreStart(t0, true);
                numSubstepFailures++;
                numShrinkagesFromSubstepFailures++;
                h = shrinkOrFail(t0, h * 0.5, "a sub-step failed");
                target = Double.NaN;
                adapted = true;
                continue;
            }
            double error = errorNorm();
            // At the working minimum, a step that misses the accuracy is taken only when told not to throw.
            boolean atFloor = (atMinimum || h <= getWorkingMinimumStepSize()) && !throwOnMinimumStepSizeViolation;
            if (error <= accuracyInUse || atFloor) {
                double ideal = StepSizeController.nextAfterAccepted(h, error, accuracyInUse, order);
                // A step shortened to land on an event says nothing against the previous ideal size.
                boolean shortenedForEvent = !adapted && !Double.isNaN(target);
                idealNextStepSize = shortenedForEvent && idealNextStepSize > ideal ? idealNextStepSize : ideal;
                commit(t0, h, target, targetScalar, adapted || Double.isNaN(target));
                return h;
            }
            double next = StepSizeController.retryAfterRejected(h, error, accuracyInUse, order);
            if (next < getWorkingMinimumStepSize() && throwOnMinimumStepSizeViolation) {
                shrinkOrFail(t0, next, Double.isFinite(error)
                        ? "error control needs a step below the minimum (error estimate " + error + ")"
                        : nonFiniteMessage(t0 + h));
            }
            restoreStart(t0, true);
            numShrinkagesFromErrorControl++;
            atMinimum = next < getWorkingMinimumStepSize();
            h = shrinkOrFail(t0, next, "");
            target = Double.NaN;
            if (atMinimum && goal - t0 <= h * RETRY_STRETCH_FACTOR) {
                h = goal - t0;
                target = goal;
            }
            adapted = true;
        }
    }

    private double shrinkOrFail(double t0, double h, String why) {
        double min = getWorkingMinimumStepSize();
        if (h >= min) {
            return h;
        }
        if (throwOnMinimumStepSizeViolation) {
            throw new SimulationException("at t = " + t0 + " integrating " + system.getName() + ": " + why
                    + "; step " + h + " < minimum " + min, t0, system.getName());
        }
        return min;
    }

    /** The error norm of the trial step in the workspaces (see {@link StepSizeController}). */
    private double errorNorm() {
        return doublePath ? StepSizeController.errorNorm(errd, errorWeights, n)
                : StepSizeController.errorNorm(errg, errorWeights, n);
    }

    /** Runs the scheme from the context's (t0, x0); leaves x1 and the error in the workspaces. */
    private boolean attempt(double t0, double h, double target, T targetScalar) {
        endDerivativeOffered = false;
        if (doublePath) {
            loadStartDouble(t0);
            return stepDouble(t0, h, x0d, f0d, x1d, errd);
        }
        startTime = t0;
        // The boundary's own object (an AutoDiff final time carrying its derivative) matters only to the step that
        // lands on it: every other step of a run towards it keeps constant times.
        T landing = Double.isNaN(target) ? null : targetScalar;
        if (explicitAutoDiff && constantTimeStamp == context.getChangeCount() && landing == null) {
            // start time and step size are constants (the time the one this integrator set): no objects
            if (startTimeG != null) {
                startTimeG = null;
            }
            trialTimesConstant = true;
            loadStartGeneric(null, t0);
            return stepAtConstantTimes(t0, h, x0g, f0g, x1g, errg);
        }
        T t0g = context.getTime();
        startTimeG = t0g;
        loadStartGeneric(t0g, t0);
        T hg = stepSizeScalar(t0g, h, target, landing);
        trialTimesConstant = explicitAutoDiff && landing == null && isConstant(t0g) && isConstant(hg);
        if (!trialTimesConstant && trialHg != hg) {
            trialHg = hg;
        }
        return stepGeneric(t0g, hg, x0g, f0g, x1g, errg);
    }

    /** Whether {@code v} is an AutoDiff constant (no gradient). */
    private static boolean isConstant(Object v) {
        return v instanceof AutoDiff a && a.isConstant();
    }

    private T stepSizeScalar(T t0g, double h, double target, T targetScalar) {
        if (Double.isNaN(target)) {
            if (freeStepG == null || h != freeStep) {
                freeStepG = scalar.of(h);
                freeStep = h;
            }
            return freeStepG;
        }
        return scalar.sub(targetScalar != null ? targetScalar : scalar.of(target), t0g);
    }

    private void loadStartDouble(double t0) {
        DoubleArrays.copy(xd, x0d, n);
        if (f1Stamp == context.getChangeCount()) {
            double[] swap = f0d;
            f0d = f1d;
            f1d = swap;
        } else {
            // the context holds x0 already: evaluating at its own array copies nothing
            evalDerivatives(t0, xd, f0d);
        }
        f1Stamp = -1;
        startTime = t0;
        startStamp = context.getChangeCount();
    }

    /** The start state into x0 and its derivative into f0; {@code t0} null for the constant {@code t0v}. */
    private void loadStartGeneric(T t0, double t0v) {
        if (stateIn == STATE_IN_X1) {
            // a deferred commit left the state in x1, which this attempt overwrites
            x0g.setFrom(x1g);
            stateIn = STATE_IN_X0;
        } else if (stateIn == STATE_IN_CONTEXT) {
            x0g.setFrom(xg);
        }
        // else a rejected attempt left its start in x0 (restoreStart): this retry starts from it
        if (f1Stamp == context.getChangeCount()) {
            if (explicitAutoDiff) {
                // copied (arrays, or references in one bulk copy), where a swap stores two references per step
                // into this long-lived object and changes the scheme's k[0]
                f0g.setFrom(f1g);
            } else {
                ScalarVector<T> swap = f0g;
                f0g = f1g;
                f1g = swap;
            }
        } else if (!(t0 == null ? evalStartDerivativesAtConstantTime(t0v, x0g, f0g)
                : evalStartDerivatives(t0, x0g, f0g))) {
            syncContextState();
            // the context holds x0 already: evaluating at its own vector copies nothing
            if (t0 == null) {
                evalDerivativesAtConstantTime(t0v, xg, f0g);
            } else {
                evalDerivatives(t0, xg, f0g);
            }
        }
        f1Stamp = -1;
        startStamp = context.getChangeCount();
    }

    /**
     * Puts the context back at the start of a failed or rejected attempt. With {@code retry} (the step is tried
     * again at once) and a deferred commit on step arrays, the start state stays in x0, where the retry reads it:
     * writing it into the context's vector would make its AutoDiff objects only for the retry to read them back
     * into arrays. Whatever may read the context first writes it there ({@link #syncContextState}).
     */
    private void restoreStart(double t0, boolean retry) {
        if (doublePath) {
            DoubleArrays.copy(x0d, xd, n);
            context.setTimeValueUnchecked(t0);
            // f0 is still f(t0, x0): keep it for the retry
            DoubleArrays.copy(f0d, f1d, n);
        } else {
            if (retry && deferringCommit && tangentVectors) {
                stateIn = STATE_IN_X0;
            } else {
                xg.setFrom(x0g);
                stateIn = STATE_IN_CONTEXT;
            }
            if (startTimeG != null) {
                context.setTime(startTimeG);
            } else {
                setConstantTime(startTime);
            }
            f1g.setFrom(f0g);
        }
        f1Stamp = context.getChangeCount();
    }

    private void commit(double t0, double h, double target, T targetScalar, boolean adapted) {
        double t1 = Double.isNaN(target) ? t0 + h : target;
        if (doublePath) {
            DoubleArrays.copy(x1d, xd, n);
            context.setTimeValueUnchecked(t1);
        } else {
            if (deferringCommit && tangentVectors) {
                stateIn = STATE_IN_X1;
            } else {
                xg.setFrom(x1g);
                stateIn = STATE_IN_CONTEXT;
            }
            commitTimes(t1, target, targetScalar);
        }
        lastH = h;
        if (endDerivativeOffered) {
            f1Stamp = context.getChangeCount();
        }
        checkFinite(t1);
        lastT0 = t0;
        lastT1 = t1;
        lastTarget = target;
        numStepsTaken++;
        previousStepSize = h;
        if (Double.isNaN(actualInitialStepSizeTaken)) {
            actualInitialStepSizeTaken = h;
        }
        if (!(h <= largestStepSizeTaken)) {
            largestStepSizeTaken = h;
        }
        if (adapted && !(h >= smallestAdaptedStepSizeTaken)) {
            smallestAdaptedStepSizeTaken = h;
        }
        recordDenseSegment();
        onStepAccepted();
    }

    /** The generic path's end time into the context, and the last step's times for the interpolant. */
    private void commitTimes(double t1, double target, T targetScalar) {
        if (trialTimesConstant) {
            // t1 = t0 + h (or the target) is a constant too: kept as a double, as the constants would be
            setConstantTime(t1);
            if (lastT0g != null) {
                lastT0g = null;
            }
            if (lastHg != null) {
                lastHg = null;
            }
            if (lastT1g != null) {
                lastT1g = null;
            }
            return;
        }
        lastT0g = startTimeG;
        if (lastHg != trialHg) {
            lastHg = trialHg;
        }
        lastT1g = Double.isNaN(target) ? scalar.add(startTimeG, trialHg) : targetScalar != null ? targetScalar
                : scalar.of(target);
        context.setTime(lastT1g);
    }

    /** Sets the context's time to a constant, remembering that it did (see {@link #constantTimeStamp}). */
    private void setConstantTime(double t) {
        context.setTimeValueUnchecked(t);
        constantTimeStamp = context.getChangeCount();
    }

    /**
     * The last accepted step's start time as a {@code T}, for a scheme's own interpolant.
     *
     * @return the time object the step was given, or the constant of its value
     */
    final T lastStepStartScalar() {
        return lastT0g != null ? lastT0g : scalar.of(lastT0);
    }

    /**
     * The last accepted step's size as a {@code T}, for a scheme's own interpolant.
     *
     * @return the step size object the step was given, or the constant of its value
     */
    final T lastStepSizeScalar() {
        return lastHg != null ? lastHg : scalar.of(lastH);
    }

    private void commitTimeOnly(double t0, double t1, T t1Scalar) {
        if (t1Scalar != null) {
            context.setTime(t1Scalar);
        } else {
            context.setTimeValueUnchecked(t1);
        }
        lastT0 = t0;
        lastT1 = t1;
        lastT1g = t1Scalar;
        lastH = t1 - t0;
        numStepsTaken++;
        previousStepSize = t1 - t0;
        recordDenseSegment();
        onStepAccepted();
    }

    /** Describes the first non-finite entry of the trial end state (x1), for messages. */
    private String nonFiniteMessage(double t1) {
        for (int i = 0; i < n; i++) {
            double v = doublePath ? x1d[i] : x1g.getValue(i);
            if (!Double.isFinite(v)) {
                return "continuous state index " + i + " " + describeIndex(i) + " became " + v + " in a step to t = "
                        + t1 + " and shrinking the step did not help";
            }
        }
        return "the error estimate is not finite";
    }

    private void checkFinite(double t) {
        if (doublePath) {
            // a loop of its own: this runs after every step
            for (int i = 0; i < n; i++) {
                if (!Double.isFinite(xd[i])) {
                    throw nonFiniteState(i, xd[i], t);
                }
            }
        } else if (scalar.isNumeric()) {
            ScalarVector<T> x = stateIn == STATE_IN_X1 ? x1g : xg;
            for (int i = 0; i < n; i++) {
                double v = x.getValue(i);
                if (!Double.isFinite(v)) {
                    throw nonFiniteState(i, v, t);
                }
            }
        }
    }

    private SimulationException nonFiniteState(int i, double v, double t) {
        return new SimulationException("continuous state index " + i + " " + describeIndex(i) + " became " + v
                + " at t = " + t + " (in the step of size " + previousStepSizeForMessage(t) + ")", t, ownerName(i));
    }

    private double previousStepSizeForMessage(double t) {
        return Double.isNaN(lastT1) ? Double.NaN : t - lastT1;
    }

    private String describeIndex(int i) {
        for (Context<T> leaf : context.getLeafContexts()) {
            ContinuousState<T> xc = leaf.getContinuousState();
            for (int j = 0; j < xc.size(); j++) {
                if (xc.backingIndex(j) == i) {
                    return "(entry " + j + " of " + leaf.getSystem().getPathName() + ")";
                }
            }
        }
        return "";
    }

    private String ownerName(int i) {
        for (Context<T> leaf : context.getLeafContexts()) {
            ContinuousState<T> xc = leaf.getContinuousState();
            for (int j = 0; j < xc.size(); j++) {
                if (xc.backingIndex(j) == i) {
                    return leaf.getSystem().getName();
                }
            }
        }
        return system.getName();
    }

    // ---- interpolant of the last step ----------------------------------------------------------------

    /** @return the start time of the last accepted step, seconds (NaN before the first) */
    public final double getLastStepStartTime() {
        return lastT0;
    }

    /** @return the end time of the last accepted step, seconds (NaN before the first) */
    public final double getLastStepEndTime() {
        return lastT1;
    }

    /**
     * Makes {@code f(t1, x1)} of the last step available (evaluating it unless the scheme offered it or it is
     * cached). The next step reuses it when the context is unchanged. Call before moving the context.
     */
    protected final void ensureEndDerivative() {
        if (f1Stamp == context.getChangeCount() || n == 0) {
            return;
        }
        if (doublePath) {
            evalDerivatives(lastT1, x1d, f1d);
        } else {
            evalDerivatives(context.getTime(), x1g, f1g);
        }
        f1Stamp = context.getChangeCount();
    }

    /**
     * Prepares the interpolant of the last step: must be called while the context is still at the end of
     * the step, before {@link #interpolateIntoContext}. It costs at most one derivative evaluation
     * ({@code f(t1, x1)}), which the next step then reuses as its first stage if the state is not changed.
     *
     * @throws IllegalStateException if no step was taken since initialization
     */
    public final void prepareInterpolant() {
        requireLastStep();
        ensureEndDerivative();
    }

    /**
     * Sets the context to the last step's interpolant at time {@code t}: the cubic Hermite polynomial through
     * {@code (t0, x0, f0)} and {@code (t1, x1, f1)}, whose error is {@code O(h^4)} (the local error order of
     * a third-order scheme). A scheme with its own continuous extension may override {@link #interpolate}.
     *
     * @param t a time in [t0, t1] of the last step, seconds
     * @throws IllegalArgumentException if t is outside the last step
     */
    public final void interpolateIntoContext(double t) {
        requireLastStep();
        if (!(t >= lastT0 && t <= lastT1)) {
            throw new IllegalArgumentException("t = " + t + " is outside the last step [" + lastT0 + ", " + lastT1
                    + "]");
        }
        if (n == 0) {
            context.setTimeValueUnchecked(t);
            return;
        }
        if (doublePath) {
            interpolate(t, xd);
            context.setTimeValueUnchecked(t);
        } else {
            T tg = t == lastT1 && lastT1g != null ? lastT1g : scalar.of(t);
            // the interpolant writes every entry of the context's vector
            stateIn = STATE_IN_CONTEXT;
            interpolate(tg, xg);
            context.setTime(tg);
            context.noteStateChanged();
        }
    }

    /**
     * Ends the last step early, at {@code tEnd} (a witness crossing): sets the context to the interpolant
     * there and tells {@link #onStepTruncated} (dense output keeps only {@code [t0, tEnd]}).
     *
     * @param tEnd a time in the last step, seconds
     */
    public final void truncateLastStep(double tEnd) {
        interpolateIntoContext(tEnd);
        if (denseOutput.isRecording()) {
            denseOutput.truncate(tEnd);
        }
        onStepTruncated(tEnd);
    }

    /**
     * Called when the last accepted step is cut short at {@code tEnd} by {@link #truncateLastStep}; the
     * default does nothing.
     *
     * @param tEnd the new end of the step, seconds
     */
    protected void onStepTruncated(double tEnd) {
    }

    /**
     * Generic-path interpolation at a time of type {@code T} (for AutoDiff, the state's gradient then includes
     * {@code xdot} times the time's gradient: event-time sensitivities).
     *
     * @param t a time in the last step
     */
    public final void interpolateIntoContext(T t) {
        requireLastStep();
        if (doublePath) {
            interpolateIntoContext(scalar.value(t));
            return;
        }
        stateIn = STATE_IN_CONTEXT;
        interpolate(t, xg);
        context.setTime(t);
        context.noteStateChanged();
    }

    /**
     * The last step's interpolant at {@code t} on the double path; requires {@link #prepareInterpolant()}.
     * The default is the cubic Hermite interpolant.
     *
     * @param t time in [t0, t1]
     * @param out receives x(t), length n
     */
    protected void interpolate(double t, double[] out) {
        HermiteInterpolant.at(lastT0, lastT1, t, x0d, f0d, x1d, f1d, n, out);
    }

    /**
     * The last step's interpolant at {@code t} on the generic path; requires {@link #prepareInterpolant()}.
     *
     * @param t time in [t0, t1]
     * @param out receives x(t)
     */
    protected void interpolate(T t, ScalarVector<T> out) {
        HermiteInterpolant.at(scalar, lastStepStartScalar(), lastStepSizeScalar(), t, x0g, f0g, x1g, f1g, n, out);
    }

    // ---- dense output ----------------------------------------------------------------------------

    /**
     * Starts recording the continuous state trajectory: every accepted step from now on appends its
     * interpolant (the scheme's own continuous extension, of degree {@link #getInterpolantDegree()}) to a new
     * {@link PiecewisePolynomial}. Costs at most one derivative evaluation per step (reused by the next step)
     * plus a few interpolant evaluations.
     *
     * @throws IllegalStateException if not initialized, or dense integration is already in progress
     */
    public final void startDenseIntegration() {
        if (!initialized) {
            throw new IllegalStateException("startDenseIntegration: the integrator is not initialized");
        }
        if (denseOutput.isRecording()) {
            throw new IllegalStateException("startDenseIntegration: dense integration is already in progress");
        }
        denseOutput.start(scalar, n);
    }

    /**
     * @return the dense output being recorded (still growing), or null if dense integration is not in progress
     */
    public final PiecewisePolynomial<T> getDenseOutput() {
        return denseOutput.trajectory();
    }

    /**
     * Stops recording and hands the trajectory over; the integrator keeps no reference to it.
     *
     * @return the trajectory from the time of {@link #startDenseIntegration()} to the current time
     *     (empty if no step was taken)
     * @throws IllegalStateException if dense integration is not in progress
     */
    public final PiecewisePolynomial<T> stopDenseIntegration() {
        if (!denseOutput.isRecording()) {
            throw new IllegalStateException("stopDenseIntegration: no dense integration is in progress");
        }
        return denseOutput.stop();
    }

    /**
     * The polynomial degree of this scheme's interpolant (3 for the default cubic Hermite); dense output
     * samples the interpolant at that many plus one nodes, so it must be exact for this degree.
     *
     * @return the degree, in [1, 8]
     */
    protected int getInterpolantDegree() {
        return 3;
    }

    private void recordDenseSegment() {
        if (!denseOutput.isRecording()) {
            return;
        }
        ensureEndDerivative();
        denseOutput.record(lastT0, lastT1, n == 0 ? 1 : getInterpolantDegree(), n, doublePath);
    }

    private void requireLastStep() {
        if (Double.isNaN(lastT1)) {
            throw new IllegalStateException("no step has been taken since the integrator was initialized");
        }
    }

    /**
     * The time the last accepted step was made to land on (a publish, update or boundary time: its size was
     * {@code target - t0}, so on the generic path it carries the start time's and the target's derivatives),
     * or NaN if its size was chosen freely ({@code t1 = t0 + h}), for {@link AdjointGradient}.
     *
     * @return the target, seconds, or NaN
     */
    double lastStepTarget() {
        return lastTarget;
    }

    /**
     * The scheme's stage systems when it advances by collocation steps that {@link ImplicitStepAdjoint} can
     * reverse; null for every other scheme.
     *
     * @return the scheme, or null
     */
    CollocationScheme implicitScheme() {
        return null;
    }

    /**
     * The scheme's Butcher tableau when it is an explicit Runge-Kutta method, for {@link AdjointGradient},
     * which replays the steps backwards; null for every other scheme.
     *
     * @return the tableau, or null
     */
    ButcherTableau explicitTableau() {
        return null;
    }

    /** @return a short name of the scheme for messages, e.g. "runge_kutta3" */
    public abstract String getSchemeName();

    /**
     * @return the scheme, its step-size options and its statistics since the last initialize or
     *     resetStatistics, as {@code RungeKutta3Integrator (runge_kutta3, error control, accuracy 1.0E-4,
     *     maximum step 0.1 s): 12 steps, 37 derivative evaluations, step sizes 0.01 to 0.1 s, 2 shrinkages
     *     from error control, 0 substep failures}
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(getClass().getSimpleName()).append(" (").append(getSchemeName());
        if (getFixedStepMode()) {
            s.append(", fixed step ").append(maximumStepSize).append(" s");
        } else {
            double accuracy = Double.isNaN(accuracyInUse) ? targetAccuracy : accuracyInUse;
            s.append(", error control, accuracy ").append(Double.isNaN(accuracy) ? "default" : accuracy)
                    .append(", maximum step ").append(maximumStepSize).append(" s");
        }
        s.append("): ").append(Format.count(numStepsTaken, "step")).append(", ")
                .append(Format.count(numDerivativeEvaluations, "derivative evaluation"));
        if (numStepsTaken > 0 && !getFixedStepMode()) {
            double smallest = Double.isNaN(smallestAdaptedStepSizeTaken) ? largestStepSizeTaken
                    : smallestAdaptedStepSizeTaken;
            s.append(", step sizes ").append(smallest).append(" to ").append(largestStepSizeTaken).append(" s");
        }
        return s.append(", ").append(Format.count(numShrinkagesFromErrorControl, "shrinkage"))
                .append(" from error control, ").append(Format.count(numSubstepFailures, "substep failure"))
                .toString();
    }
}
