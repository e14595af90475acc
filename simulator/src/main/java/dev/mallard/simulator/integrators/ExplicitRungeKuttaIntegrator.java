package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.TableauRow;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.Objects;

/**
 * An explicit Runge-Kutta method given by its {@link ButcherTableau}, on both paths: primitive arrays with
 * stage workspaces allocated once (double), and vectors of {@code T} (AutoDiff, symbolic). Adding an
 * explicit scheme means subclassing this with a tableau. A first-same-as-last tableau hands its last stage
 * over as {@code f(t1, x1)}, so the next step and the interpolant need no extra evaluation.
 *
 * @param <T> the number type
 */
public abstract class ExplicitRungeKuttaIntegrator<T> extends IntegratorBase<T> {

    private final ButcherTableau tableau;
    private final int errorOrder;
    private double[][] kd;
    private ScalarVector<T>[] kg;
    /** The AutoDiff path on primitive arrays, for a system that evaluates its tangents; null otherwise. */
    private TangentSteps tangents;
    /** The stage sums on primitive arrays for any other system on AutoDiff; null otherwise. */
    private AutoDiffStageSums arraySums;

    /**
     * @param system the system
     * @param context its root context, or null
     * @param tableau the method's coefficients
     * @param errorOrder the order p of the error estimate (see {@link #getErrorEstimateOrder()}); ignored
     *     without error weights
     */
    protected ExplicitRungeKuttaIntegrator(DynamicalSystem<T> system, Context<T> context, ButcherTableau tableau,
            int errorOrder) {
        super(system, context);
        this.tableau = Objects.requireNonNull(tableau, "tableau must not be null");
        this.errorOrder = errorOrder;
    }

    @Override
    final ButcherTableau explicitTableau() {
        return tableau;
    }

    @Override
    public final boolean supportsErrorEstimation() {
        return tableau.hasErrorEstimate();
    }

    @Override
    public final int getErrorEstimateOrder() {
        return errorOrder;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected final void allocateSchemeWorkspaces(int size) {
        int s = tableau.stages();
        if (isDoublePath()) {
            kd = new double[s][];
            for (int i = 1; i < s; i++) {
                kd[i] = new double[size];
            }
        } else {
            kg = new ScalarVector[s];
            for (int i = 1; i < s; i++) {
                kg[i] = newStepVector(size);
            }
        }
        tangents = isDoublePath() ? null
                : TangentSteps.forSystem(getSystem(), scalar() == AutoDiff.SCALAR, tableau, size);
        arraySums = isDoublePath() || tangents != null || scalar() != AutoDiff.SCALAR || size == 0 ? null
                : new AutoDiffStageSums(tableau, size);
    }

    @Override
    final boolean holdsTangentVectors() {
        return TangentSteps.applies(getSystem(), scalar() == AutoDiff.SCALAR);
    }

    /**
     * The workspace receiving stage {@code i}'s derivatives on the double path, for a subclass that unrolls
     * {@link #stepDouble} for its tableau.
     *
     * @param i the stage, in [1, stages)
     * @return the array of length n (allocated by {@link #initialize()})
     */
    protected final double[] stageDerivatives(int i) {
        return kd[i];
    }

    /**
     * The tableau's step, summing over its nonzero coefficients; a scheme may override it with the same sums
     * unrolled (added in the same order, so the result is the same).
     */
    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        int s = tableau.stages();
        int n = x0.length;
        double[][] k = kd;
        k[0] = f0;
        // stage states are built in the context's own array, so evaluating them copies nothing
        double[] stage = contextStateArray();
        for (int i = 1; i < s; i++) {
            tableau.stageRow(i).combine(k, stage);
            for (int j = 0; j < n; j++) {
                stage[j] = x0[j] + h * stage[j];
            }
            evalDerivatives(t0 + tableau.c(i) * h, stage, k[i]);
        }
        tableau.weightRow().combine(k, x1);
        for (int j = 0; j < n; j++) {
            x1[j] = x0[j] + h * x1[j];
        }
        if (tableau.hasErrorEstimate()) {
            tableau.errorRow().combine(k, err);
            for (int j = 0; j < n; j++) {
                err[j] = h * err[j];
            }
        }
        if (tableau.isFirstSameAsLast()) {
            offerEndDerivative(k[s - 1]);
        }
        k[0] = null;
        return true;
    }

    @Override
    final TangentSteps tangentSteps() {
        return tangents;
    }

    @Override
    final boolean stepAtConstantTimes(double t0, double h, ScalarVector<T> x0, ScalarVector<T> f0,
            ScalarVector<T> x1, ScalarVector<T> err) {
        if (tangents != null) {
            return stepTangents(t0, null, h, null, x0, f0, x1, err);
        }
        if (arraySums != null) {
            // AutoDiff objects summed on arrays: the constant times stay doubles, made into objects only if a
            // row falls back to the objects' sums
            return stepObjects(t0, null, h, null, x0, f0, x1, err);
        }
        return super.stepAtConstantTimes(t0, h, x0, f0, x1, err);
    }

    @Override
    protected final boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        if (tangents != null) {
            return stepTangents(scalar().value(t0), t0, scalar().value(h), h, x0, f0, x1, err);
        }
        // the step size's value is read only for the array sums (a symbolic one may have none)
        return stepObjects(Double.NaN, t0, arraySums == null ? Double.NaN : scalar().value(h), h, x0, f0, x1, err);
    }

    /**
     * The generic step on the system's objects. The times are given as objects, or (only with {@link #arraySums})
     * as null objects standing for constants of the values {@code t0v} and {@code hv}, made only if a row sums on
     * the objects, so that a step of constant times makes no time object (each is an allocation per step). {@code
     * hv} is also read whenever the sums run on arrays; {@code t0v} only when {@code t0g} is null.
     */
    private boolean stepObjects(double t0v, T t0g, double hv, T hg, ScalarVector<T> x0, ScalarVector<T> f0,
            ScalarVector<T> x1, ScalarVector<T> err) {
        Scalar<T> sc = scalar();
        int s = tableau.stages();
        int n = x0.size();
        ScalarVector<T>[] k = kg;
        // the base hands the start derivative over in the same vector every step (AutoDiff): stored only then
        if (k[0] != f0) {
            k[0] = f0;
        }
        // Made when a row sums on the objects, new each step: the sums store young values into it, and stores into
        // a long-lived array cost G1 a card-marking fence each; those into an array allocated now do not.
        T[] terms = null;
        T h = hg;
        AutoDiffStageSums sums = arraySums;
        boolean onArrays = sums != null && (hg == null || ((AutoDiff) hg).isConstant())
                && sums.start(hv, autoDiff(x0), autoDiff(f0));
        // stage states are built in the context's own vector, so evaluating them copies nothing
        ScalarVector<T> stage = contextStateVector();
        for (int i = 1; i < s; i++) {
            if (onArrays && sums.sums(i)) {
                sums.stage(i, hv, autoDiff(stage));
            } else {
                terms = terms == null ? sc.newArray(s) : terms;
                h = h == null ? sc.of(hv) : h;
                TableauRow row = tableau.stageRow(i);
                for (int j = 0; j < n; j++) {
                    stage.set(j, row.step(sc, x0.get(j), h, k, j, terms));
                }
            }
            evalStageDerivatives(t0v, t0g, hv, hg, tableau.c(i), stage, k[i]);
            onArrays = onArrays && sums.readStage(i, autoDiff(k[i]));
        }
        if (onArrays && sums.sums(s)) {
            sums.stage(s, hv, autoDiff(x1));
        } else {
            terms = terms == null ? sc.newArray(s) : terms;
            h = h == null ? sc.of(hv) : h;
            TableauRow weights = tableau.weightRow();
            for (int j = 0; j < n; j++) {
                x1.set(j, weights.step(sc, x0.get(j), h, k, j, terms));
            }
        }
        if (tableau.hasErrorEstimate() && !getFixedStepMode()) {
            if (onArrays) {
                for (int j = 0; j < n; j++) {
                    err.setValue(j, sums.errorValue(hv, j));
                }
            } else {
                storeError(sc, tableau.errorRow(), h == null ? sc.of(hv) : h, k, err,
                        terms == null ? sc.newArray(s) : terms);
            }
        }
        if (tableau.isFirstSameAsLast()) {
            offerEndDerivative(k[s - 1]);
        }
        return true;
    }

    /**
     * The generic step on primitive arrays (see {@link TangentSteps}): the same results as the sums of {@link
     * #stepGeneric}. The times are given as values, and as objects (null for constants).
     */
    private boolean stepTangents(double t0, T t0g, double h, T hg, ScalarVector<T> x0, ScalarVector<T> f0,
            ScalarVector<T> x1, ScalarVector<T> err) {
        int s = tableau.stages();
        ScalarVector<T> errOrNone = tableau.hasErrorEstimate() && !getFixedStepMode() ? err : null;
        tangents.step(getContext(), t0, t0g, h, hg, x0, f0, x1, errOrNone);
        addDerivativeEvaluations(s - 1);
        if (tableau.isFirstSameAsLast()) {
            tangents.stageDerivatives(s - 1, kg[s - 1]);
            offerEndDerivative(kg[s - 1]);
        }
        return true;
    }

    /** A vector of the generic path as AutoDiff values (only where the number type is AutoDiff). */
    @SuppressWarnings("unchecked")
    static <T> ScalarVector<AutoDiff> autoDiff(ScalarVector<T> v) {
        return (ScalarVector<AutoDiff>) v;
    }

    /**
     * Sets {@code err = h sum(e_m k_m)}. Only its values are read (the error norm), so a numeric type gets them
     * as constants (for AutoDiff, no gradient arrays); a symbolic type the expression {@code 0 + h e}.
     */
    static <T> void storeError(Scalar<T> sc, TableauRow errors, T h, ScalarVector<T>[] k, ScalarVector<T> err,
            T[] terms) {
        int n = err.size();
        if (sc.isNumeric()) {
            double hv = sc.value(h);
            for (int j = 0; j < n; j++) {
                err.setValue(j, errors.stepValue(hv, k, j));
            }
        } else {
            T zero = sc.zero();
            for (int j = 0; j < n; j++) {
                err.set(j, errors.step(sc, zero, h, k, j, terms));
            }
        }
    }
}
