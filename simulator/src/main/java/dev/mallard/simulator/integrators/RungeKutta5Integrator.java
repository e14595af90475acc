package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.DoubleArrays;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.TableauRow;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * The Dormand-Prince 5(4) pair: fifth order, seven stages of which the last is evaluated at the step's end
 * state (first-same-as-last), so an accepted step costs six new evaluations. The embedded fourth-order
 * solution gives the error estimate (order 4: it behaves as {@code h^5}). The interpolant of a step is the
 * method's own fourth-degree continuous extension (Dormand and Prince; Hairer, Norsett and Wanner,
 * <i>Solving ODEs I</i>, II.6), accurate to {@code O(h^5)} inside the step, instead of the cubic Hermite.
 *
 * @param <T> the number type
 */
public final class RungeKutta5Integrator<T> extends IntegratorBase<T> {

    // The coefficients, named once: the tableau (generic path) and the unrolled double path both use them.
    private static final double C2 = 1.0 / 5;
    private static final double C3 = 3.0 / 10;
    private static final double C4 = 4.0 / 5;
    private static final double C5 = 8.0 / 9;
    private static final double A21 = 1.0 / 5;
    private static final double A31 = 3.0 / 40;
    private static final double A32 = 9.0 / 40;
    private static final double A41 = 44.0 / 45;
    private static final double A42 = -56.0 / 15;
    private static final double A43 = 32.0 / 9;
    private static final double A51 = 19372.0 / 6561;
    private static final double A52 = -25360.0 / 2187;
    private static final double A53 = 64448.0 / 6561;
    private static final double A54 = -212.0 / 729;
    private static final double A61 = 9017.0 / 3168;
    private static final double A62 = -355.0 / 33;
    private static final double A63 = 46732.0 / 5247;
    private static final double A64 = 49.0 / 176;
    private static final double A65 = -5103.0 / 18656;
    private static final double B1 = 35.0 / 384;
    private static final double B3 = 500.0 / 1113;
    private static final double B4 = 125.0 / 192;
    private static final double B5 = -2187.0 / 6784;
    private static final double B6 = 11.0 / 84;
    private static final double E1 = 71.0 / 57600;
    private static final double E3 = -71.0 / 16695;
    private static final double E4 = 71.0 / 1920;
    private static final double E5 = -17253.0 / 339200;
    private static final double E6 = 22.0 / 525;
    private static final double E7 = -1.0 / 40;

    private static final ButcherTableau TABLEAU = new ButcherTableau(
            new double[] {0, C2, C3, C4, C5, 1, 1},
            new double[][] {{}, {A21}, {A31, A32}, {A41, A42, A43}, {A51, A52, A53, A54},
                {A61, A62, A63, A64, A65}, {B1, 0, B3, B4, B5, B6}},
            new double[] {B1, 0, B3, B4, B5, B6, 0},
            new double[] {E1, 0, E3, E4, E5, E6, E7});

    /** Weights of the continuous extension's highest term (stages 1..7; stage 2 has weight 0). */
    private static final double[] DENSE = {-12715105075.0 / 11282082432.0, 0, 87487479700.0 / 32700410799.0,
        -10690763975.0 / 1880347072.0, 701980252875.0 / 199316789632.0, -1453857185.0 / 822651844.0,
        69997945.0 / 29380423.0};

    private static final int STAGES = 7;

    private double[][] kd;
    /** The last step's start and end states on the double path: the base's x0 and x1, as on the generic path. */
    private double[] lastX0d;
    private double[] lastX1d;
    private ScalarVector<T>[] kg;
    /** The last step's start and end states: the base's x0 and x1, valid until the next step's attempt. */
    private ScalarVector<T> lastX0g;
    private ScalarVector<T> lastX1g;
    private double lastH;
    private double lastT0;
    /** The AutoDiff path on primitive arrays, for a system that evaluates its tangents; null otherwise. */
    private TangentSteps tangents;
    /** The stage sums on primitive arrays for any other system on AutoDiff; null otherwise. */
    private AutoDiffStageSums arraySums;
    /** Whether the last step's middle stages are held only by {@link #tangents} (kg[1..5] not yet made). */
    private boolean stagesPending;

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public RungeKutta5Integrator(DynamicalSystem<T> system, Context<T> context) {
        super(system, context);
    }

    @Override
    ButcherTableau explicitTableau() {
        return TABLEAU;
    }

    @Override
    public boolean supportsErrorEstimation() {
        return true;
    }

    @Override
    public int getErrorEstimateOrder() {
        return 4;
    }

    @Override
    public String getSchemeName() {
        return "runge_kutta5";
    }

    @Override
    protected int getInterpolantDegree() {
        return 4;
    }

    @Override
    boolean holdsTangentVectors() {
        return TangentSteps.applies(getSystem(), scalar() == AutoDiff.SCALAR);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected void allocateSchemeWorkspaces(int size) {
        if (isDoublePath()) {
            kd = new double[STAGES][size];
        } else {
            kg = new ScalarVector[STAGES];
            // kg[0] is each step's f0
            for (int i = 1; i < STAGES; i++) {
                kg[i] = newStepVector(size);
            }
        }
        tangents = isDoublePath() ? null
                : TangentSteps.forSystem(getSystem(), scalar() == AutoDiff.SCALAR, TABLEAU, size);
        arraySums = isDoublePath() || tangents != null || scalar() != AutoDiff.SCALAR || size == 0 ? null
                : new AutoDiffStageSums(TABLEAU, size);
    }

    /**
     * The tableau unrolled (its zero coefficients left out): each sum is added in stage order, so the result
     * is the same as the generic path's sum over the tableau.
     */
    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        int n = x0.length;
        double[] k1 = kd[0];
        double[] k2 = kd[1];
        double[] k3 = kd[2];
        double[] k4 = kd[3];
        double[] k5 = kd[4];
        double[] k6 = kd[5];
        double[] k7 = kd[6];
        // stage states are built in the context's own array, so evaluating them copies nothing
        double[] x = contextStateArray();
        DoubleArrays.copy(f0, k1, n);
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A21 * k1[j]);
        }
        evalDerivatives(t0 + C2 * h, x, k2);
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A31 * k1[j] + A32 * k2[j]);
        }
        evalDerivatives(t0 + C3 * h, x, k3);
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A41 * k1[j] + A42 * k2[j] + A43 * k3[j]);
        }
        evalDerivatives(t0 + C4 * h, x, k4);
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A51 * k1[j] + A52 * k2[j] + A53 * k3[j] + A54 * k4[j]);
        }
        evalDerivatives(t0 + C5 * h, x, k5);
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (A61 * k1[j] + A62 * k2[j] + A63 * k3[j] + A64 * k4[j] + A65 * k5[j]);
        }
        evalDerivatives(t0 + h, x, k6);
        // the last stage is evaluated at x0 + h sum(b k): that is x1, built in the context's array like the others
        for (int j = 0; j < n; j++) {
            x[j] = x0[j] + h * (B1 * k1[j] + B3 * k3[j] + B4 * k4[j] + B5 * k5[j] + B6 * k6[j]);
        }
        evalDerivatives(t0 + h, x, k7);
        DoubleArrays.copy(x, x1, n);
        for (int j = 0; j < n; j++) {
            err[j] = h * (E1 * k1[j] + E3 * k3[j] + E4 * k4[j] + E5 * k5[j] + E6 * k6[j] + E7 * k7[j]);
        }
        // the base keeps x0 and x1 until the next step's attempt, as its own interpolant needs: no copies
        lastX0d = x0;
        lastX1d = x1;
        lastT0 = t0;
        lastH = h;
        offerEndDerivative(k7);
        return true;
    }

    @Override
    final TangentSteps tangentSteps() {
        return tangents;
    }

    @Override
    boolean stepAtConstantTimes(double t0, double h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
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
    protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
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
        Scalar<T> s = scalar();
        int n = x0.size();
        ScalarVector<T>[] k = kg;
        // f0 is the base's, unchanged until the next step's attempt (the interpolant reads it as k1): no copy
        if (k[0] != f0) {
            k[0] = f0;
        }
        // Made when a row sums on the objects, new each step: the sums store young values into it, and stores into
        // a long-lived array cost G1 a card-marking fence each; those into an array allocated now do not.
        T[] terms = null;
        T h = hg;
        AutoDiffStageSums sums = arraySums;
        boolean onArrays = sums != null && (hg == null || ((AutoDiff) hg).isConstant())
                && sums.start(hv, ExplicitRungeKuttaIntegrator.autoDiff(x0), ExplicitRungeKuttaIntegrator.autoDiff(f0));
        // stage states are built in the context's own vector, so evaluating them copies nothing
        ScalarVector<T> x = contextStateVector();
        for (int i = 1; i < STAGES; i++) {
            if (onArrays && sums.sums(i)) {
                sums.stage(i, hv, ExplicitRungeKuttaIntegrator.autoDiff(x));
            } else {
                terms = terms == null ? s.newArray(STAGES) : terms;
                h = h == null ? s.of(hv) : h;
                TableauRow row = TABLEAU.stageRow(i);
                for (int j = 0; j < n; j++) {
                    x.set(j, row.step(s, x0.get(j), h, k, j, terms));
                }
            }
            evalStageDerivatives(t0v, t0g, hv, hg, TABLEAU.c(i), x, k[i]);
            onArrays = onArrays && sums.readStage(i, ExplicitRungeKuttaIntegrator.autoDiff(k[i]));
        }
        // the last stage is evaluated at x0 + h sum(b k): that is x1
        x1.setFrom(x);
        if (!getFixedStepMode()) {
            if (onArrays) {
                for (int j = 0; j < n; j++) {
                    err.setValue(j, sums.errorValue(hv, j));
                }
            } else {
                ExplicitRungeKuttaIntegrator.storeError(s, TABLEAU.errorRow(), h == null ? s.of(hv) : h, k, err,
                        terms == null ? s.newArray(STAGES) : terms);
            }
        }
        finishGenericStep(x0, x1);
        return true;
    }

    /**
     * Keeps what the interpolant reads and hands the last stage over as {@code f(t1, x1)}; the step's times are
     * the base's ({@link #lastStepStartScalar}, {@link #lastStepSizeScalar}).
     */
    private void finishGenericStep(ScalarVector<T> x0, ScalarVector<T> x1) {
        // the base keeps x0 and x1 until the next step's attempt, as its own interpolant needs: no copies
        // stored only when they change (they never do): every reference stored into this long-lived object
        // costs G1's card-marking barrier
        if (lastX0g != x0) {
            lastX0g = x0;
        }
        if (lastX1g != x1) {
            lastX1g = x1;
        }
        offerEndDerivative(kg[STAGES - 1]);
    }

    /**
     * The generic step on primitive arrays (see {@link TangentSteps}), with the same results as the sums of
     * {@link #stepGeneric}; the middle stages become AutoDiff values only if the interpolant asks for them. The
     * times are given as values, and as objects (null for constants).
     */
    private boolean stepTangents(double t0, T t0g, double h, T hg, ScalarVector<T> x0, ScalarVector<T> f0,
            ScalarVector<T> x1, ScalarVector<T> err) {
        if (kg[0] != f0) {
            kg[0] = f0;
        }
        tangents.step(getContext(), t0, t0g, h, hg, x0, f0, x1, getFixedStepMode() ? null : err);
        addDerivativeEvaluations(STAGES - 1);
        tangents.stageDerivatives(STAGES - 1, kg[STAGES - 1]);
        stagesPending = true;
        finishGenericStep(x0, x1);
        return true;
    }

    /**
     * The continuous extension {@code x(theta) = x0 + theta (d + (1-theta) (p + theta (d - h k7 - p
     * + (1-theta) q)))} with {@code d = x1 - x0}, {@code p = h k1 - d}, {@code q = h sum(DENSE_i k_i)}.
     */
    @Override
    protected void interpolate(double t, double[] out) {
        double theta = (t - lastT0) / lastH;
        double theta1 = 1 - theta;
        for (int j = 0; j < out.length; j++) {
            double d = lastX1d[j] - lastX0d[j];
            double p = lastH * kd[0][j] - d;
            double r = d - lastH * kd[STAGES - 1][j] - p;
            double q = 0;
            for (int m = 0; m < STAGES; m++) {
                q += DENSE[m] * kd[m][j];
            }
            q *= lastH;
            out[j] = lastX0d[j] + theta * (d + theta1 * (p + theta * (r + theta1 * q)));
        }
    }

    @Override
    protected void interpolate(T t, ScalarVector<T> out) {
        if (stagesPending) {
            for (int m = 1; m < STAGES - 1; m++) {
                tangents.stageDerivatives(m, kg[m]);
            }
            stagesPending = false;
        }
        Scalar<T> s = scalar();
        T lastT0g = lastStepStartScalar();
        T lastHg = lastStepSizeScalar();
        T theta = s.div(s.sub(t, lastT0g), lastHg);
        T theta1 = s.sub(1.0, theta);
        for (int j = 0; j < out.size(); j++) {
            T d = s.sub(lastX1g.get(j), lastX0g.get(j));
            T p = s.sub(s.mul(lastHg, kg[0].get(j)), d);
            T r = s.sub(s.sub(d, s.mul(lastHg, kg[STAGES - 1].get(j))), p);
            T q = s.zero();
            for (int m = 0; m < STAGES; m++) {
                if (DENSE[m] != 0) {
                    q = s.add(q, s.mul(kg[m].get(j), DENSE[m]));
                }
            }
            q = s.mul(q, lastHg);
            T inner = s.add(r, s.mul(theta1, q));
            inner = s.add(p, s.mul(theta, inner));
            inner = s.add(d, s.mul(theta1, inner));
            out.set(j, s.add(lastX0g.get(j), s.mul(theta, inner)));
        }
    }
}
