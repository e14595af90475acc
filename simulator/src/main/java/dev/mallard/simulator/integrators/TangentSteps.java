package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.internal.TableauRow;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.TangentEvaluator;
import dev.mallard.systems.TangentTimeDerivatives;

/**
 * The explicit Runge-Kutta step of a {@code Simulator<AutoDiff>} on primitive arrays, for a system that
 * evaluates its own tangents ({@link TangentTimeDerivatives}). The state's values and gradients are held as a
 * value array and a row-major tangent array, and every stage sum is formed on them: the variational equations
 * integrated by the same scheme with the same steps. The step's end state and stage derivatives are handed to
 * the integrator's {@link TangentVector}s as arrays, which make AutoDiff objects only when something reads them
 * (an interpolant, an event, the caller); a step starting from such vectors copies their arrays.
 *
 * <p>Each entry is computed by the same operations in the same order as the AutoDiff path (the stage sums of
 * {@link TableauRow#step} through AutoDiff's scaled linear combination, the system's chain rule), so the two
 * paths agree bit for bit up to the sign of zero gradient entries. The step reads the context's inputs and
 * parameters through the system and leaves its time and state alone.
 */
final class TangentSteps {

    /**
     * From this many tangent entries ({@code n * width}) on, stage sums run as one pass over whole arrays per
     * stage, which the JIT vectorises; below it, entry by entry.
     */
    private static final int PASSES_FROM = 64;
    /** Rows with up to this many nonzero weights are summed by {@link StageSums} when the step is a constant. */
    private static final int UNROLLED_TERMS = StageSums.MAX_TERMS;

    private final TangentTimeDerivatives<AutoDiff> system;
    private final ButcherTableau tableau;
    private final int n;
    /** The step's start state and its stage derivatives, values. */
    private final double[] x0;
    private final double[][] k;
    /** Scratch for the stage sums that {@link StageSums} does not write out; the end state's values. */
    private final double[] stage;
    private final double[] end;
    private int width = -1;
    /** Row-major tangents: of x0 and each stage derivative ({@code n} rows), of the end state. */
    private double[] dx0;
    private double[][] dk;
    private double[] dEnd;
    /** Scratch for the tangents of the stage sums that {@link StageSums} does not write out. */
    private double[] stageTangents;
    private double[] t0Tangent;
    private double[] hTangent;
    /** The system's evaluator, for the context and width it was made for (null until the first step). */
    private TangentEvaluator evaluator;
    private Context<AutoDiff> evaluatorContext;
    private int evaluatorWidth;
    /** The terms of each stage row (index 0 unused) and of the weight row, resolved to arrays. */
    private Terms[] stageTerms;
    private Terms weightTerms;

    /** A tableau row's nonzero weights with the value and tangent arrays of their stages, in stage order. */
    private record Terms(double[] weights, double[][] values, double[][] tangents) {

        static Terms of(TableauRow row, double[][] k, double[][] dk) {
            int count = row.count();
            double[] weights = new double[count];
            double[][] values = new double[count][];
            double[][] tangents = new double[count][];
            for (int q = 0; q < count; q++) {
                weights[q] = row.weightAt(q);
                values[q] = k[row.stageAt(q)];
                tangents[q] = dk[row.stageAt(q)];
            }
            return new Terms(weights, values, tangents);
        }
    }

    private TangentSteps(TangentTimeDerivatives<AutoDiff> system, ButcherTableau tableau, int n) {
        this.system = system;
        this.tableau = tableau;
        this.n = n;
        this.x0 = new double[n];
        this.k = new double[tableau.stages()][n];
        this.stage = new double[n];
        this.end = new double[n];
    }

    /**
     * The tangent steps for an integrator, if its path can take them.
     *
     * @param system the integrator's system
     * @param isAutoDiff whether the integrator's number type is AutoDiff
     * @param tableau the scheme
     * @param n the number of continuous states
     * @return the steps, or null when the number type is not AutoDiff or the system does not evaluate tangents
     */
    @SuppressWarnings("unchecked")
    static TangentSteps forSystem(DynamicalSystem<?> system, boolean isAutoDiff, ButcherTableau tableau, int n) {
        if (!applies(system, isAutoDiff)) {
            return null;
        }
        return new TangentSteps((TangentTimeDerivatives<AutoDiff>) system, tableau, n);
    }

    /**
     * Whether an integrator of this system and number type takes the tangent steps.
     *
     * @param system the integrator's system
     * @param isAutoDiff whether the integrator's number type is AutoDiff
     * @return whether the number type is AutoDiff and the system evaluates tangents
     */
    static boolean applies(DynamicalSystem<?> system, boolean isAutoDiff) {
        return isAutoDiff && system instanceof TangentTimeDerivatives<?>;
    }

    /**
     * One step of the tableau from {@code (t0, x0)} with step {@code h}: evaluates the {@code stages() - 1}
     * stages after the first (the caller counts them) and sets {@code x1}; stage derivatives are kept for
     * {@link #stageDerivatives}.
     *
     * @param <T> the integrator's number type, AutoDiff (as {@link #forSystem} ensures)
     * @param ctx the integrator's root context (inputs and parameters); its time and state are not changed
     * @param t0 start time, seconds
     * @param start start time as an AutoDiff value, or null for the constant {@code t0}
     * @param hv step size, seconds
     * @param step step size as an AutoDiff value, or null for the constant {@code hv}
     * @param x0g the start state; not modified
     * @param f0g {@code f(t0, x0)}; not modified
     * @param x1g receives the end state
     * @param errg receives the error estimate's values, or null for none
     * @throws IllegalArgumentException if gradient sizes disagree (naming both)
     */
    @SuppressWarnings("unchecked")
    <T> void step(Context<T> ctx, double t0, T start, double hv, T step, ScalarVector<T> x0g, ScalarVector<T> f0g,
            ScalarVector<T> x1g, ScalarVector<T> errg) {
        Context<AutoDiff> context = (Context<AutoDiff>) ctx;
        AutoDiff t0g = (AutoDiff) start;
        AutoDiff h = (AutoDiff) step;
        ScalarVector<AutoDiff> x0v = (ScalarVector<AutoDiff>) x0g;
        ScalarVector<AutoDiff> f0v = (ScalarVector<AutoDiff>) f0g;
        ScalarVector<AutoDiff> x1v = (ScalarVector<AutoDiff>) x1g;
        ScalarVector<AutoDiff> err = (ScalarVector<AutoDiff>) errg;
        int w = widthOf(t0g, h, x0v, f0v, system.tangentWidth(context));
        load(w, t0g, h, x0v, f0v);
        TangentEvaluator e = evaluatorFor(context, w);
        // stage states are built in the evaluator's input array, where it evaluates them
        double[] in = e.input();
        int stateAt = e.stateAt();
        int tangentsAt = e.stateTangentsAt();
        int timeRow = e.timeTangentsAt();
        boolean hConstant = h == null || h.isConstant();
        int s = tableau.stages();
        // with time and step constants every stage time's tangent is t0' + c h' = 0 + c * 0 = +0.0
        boolean timeConstant = hConstant && (t0g == null || t0g.isConstant());
        if (timeConstant) {
            java.util.Arrays.fill(in, timeRow, timeRow + w, 0.0);
        }
        for (int i = 1; i < s; i++) {
            combine(stageTerms[i], hv, hConstant, in, stateAt, in, tangentsAt);
            double c = tableau.c(i);
            if (!timeConstant) {
                for (int q = 0; q < w; q++) {
                    in[timeRow + q] = t0Tangent[q] + c * hTangent[q];
                }
            }
            in[e.timeAt()] = t0 + hv * c;
            if (timeConstant) {
                e.evaluateAtConstantTime(k[i], dk[i]);
            } else {
                e.evaluate(k[i], dk[i]);
            }
        }
        if (tableau.isFirstSameAsLast()) {
            // the last stage was evaluated at x0 + h sum(b k): that is x1, still in the input array
            hand(in, stateAt, in, tangentsAt, w, x1v);
        } else {
            combine(weightTerms, hv, hConstant, end, 0, dEnd, 0);
            hand(end, 0, dEnd, 0, w, x1v);
        }
        if (err != null) {
            TableauRow errors = tableau.errorRow();
            for (int j = 0; j < n; j++) {
                err.setValue(j, errors.stepValue(hv, k, j));
            }
        }
    }

    /**
     * {@code f(t0, x0)} with its tangents, evaluated on primitive arrays, as AutoDiff values: a step's first
     * stage when it is not known from the last step (every step of a tableau that is not first-same-as-last).
     * They are handed over as arrays when {@code f0g} is a {@link TangentVector}.
     *
     * @param <T> the integrator's number type, AutoDiff (as {@link #forSystem} ensures)
     * @param ctx the integrator's root context (inputs and parameters); its time and state are not changed
     * @param t0 the time, seconds
     * @param start the time as an AutoDiff value, or null for the constant {@code t0}
     * @param x0g the state x0; not modified
     * @param f0g receives {@code f(t0, x0)}
     * @throws IllegalArgumentException if gradient sizes disagree (naming both)
     */
    @SuppressWarnings("unchecked")
    <T> void startDerivatives(Context<T> ctx, double t0, T start, ScalarVector<T> x0g, ScalarVector<T> f0g) {
        Context<AutoDiff> context = (Context<AutoDiff>) ctx;
        AutoDiff t0g = (AutoDiff) start;
        ScalarVector<AutoDiff> x0v = (ScalarVector<AutoDiff>) x0g;
        ScalarVector<AutoDiff> f0v = (ScalarVector<AutoDiff>) f0g;
        int w = merge(system.tangentWidth(context), sizeOf(t0g));
        w = merge(w, x0v);
        ensureWidth(w);
        TangentEvaluator e = evaluatorFor(context, w);
        double[] in = e.input();
        read(x0v, in, e.stateAt(), in, e.stateTangentsAt(), w);
        in[e.timeAt()] = t0;
        // a constant's gradient is copied as +0.0 entries
        copyGradient(t0g, in, e.timeTangentsAt(), w);
        if (t0g == null || t0g.isConstant()) {
            e.evaluateAtConstantTime(k[0], dk[0]);
        } else {
            e.evaluate(k[0], dk[0]);
        }
        hand(k[0], 0, dk[0], 0, w, f0v);
    }

    /**
     * Stage {@code i}'s derivatives of the last step as AutoDiff values.
     *
     * @param <T> the integrator's number type, AutoDiff
     * @param i the stage, in [1, stages)
     * @param out receives them
     */
    @SuppressWarnings("unchecked")
    <T> void stageDerivatives(int i, ScalarVector<T> out) {
        hand(k[i], 0, dk[i], 0, width, (ScalarVector<AutoDiff>) out);
    }

    /** The common gradient size of everything the step reads. */
    private int widthOf(AutoDiff t0, AutoDiff h, ScalarVector<AutoDiff> x0v, ScalarVector<AutoDiff> f0v,
            int fromSystem) {
        int w = merge(merge(fromSystem, sizeOf(t0)), sizeOf(h));
        return merge(merge(w, x0v), f0v);
    }

    /** {@link #merge(int, int)} over the entries of {@code v} (a held vector's width, not making its objects). */
    private int merge(int w, ScalarVector<AutoDiff> v) {
        if (v instanceof TangentVector t && t.isHeld()) {
            return merge(w, t.width());
        }
        for (int j = 0; j < n; j++) {
            w = merge(w, v.get(j).gradientSize());
        }
        return w;
    }

    private static int merge(int w, int size) {
        if (size == 0 || size == w) {
            return w;
        }
        if (w != 0) {
            throw new IllegalArgumentException("cannot combine AutoDiff values with gradient sizes " + w + " and "
                    + size);
        }
        return size;
    }

    /** The gradient size of {@code a}; 0 for null (a constant given as a double). */
    private static int sizeOf(AutoDiff a) {
        return a == null ? 0 : a.gradientSize();
    }

    /** {@code a}'s gradient into {@code to[at, at + w)}; +0.0 entries for a constant or null, as AutoDiff copies. */
    private static void copyGradient(AutoDiff a, double[] to, int at, int w) {
        if (a == null) {
            java.util.Arrays.fill(to, at, at + w, 0.0);
        } else {
            a.copyGradientTo(to, at, w);
        }
    }

    /** Reads the step's start into the arrays, (re)allocating the tangents when the width changes. */
    private void load(int w, AutoDiff t0, AutoDiff h, ScalarVector<AutoDiff> x0v, ScalarVector<AutoDiff> f0v) {
        ensureWidth(w);
        copyGradient(t0, t0Tangent, 0, w);
        copyGradient(h, hTangent, 0, w);
        read(x0v, x0, 0, dx0, 0, w);
        read(f0v, k[0], 0, dk[0], 0, w);
    }

    /** (Re)allocates the tangent arrays for width {@code w} when it changes. */
    private void ensureWidth(int w) {
        if (w == width) {
            return;
        }
        width = w;
        dx0 = new double[n * w];
        dk = new double[k.length][n * w];
        dEnd = new double[n * w];
        stageTangents = new double[n * w];
        t0Tangent = new double[w];
        hTangent = new double[w];
        stageTerms = new Terms[k.length];
        for (int i = 1; i < k.length; i++) {
            stageTerms[i] = Terms.of(tableau.stageRow(i), k, dk);
        }
        weightTerms = Terms.of(tableau.weightRow(), k, dk);
    }

    /**
     * The values of {@code v} into {@code values} from {@code valuesAt} and their gradients into rows of {@code
     * tangents} from {@code tangentsAt}: a vector holding arrays of this width copies them (they are the rows its
     * objects would be made from), any other is unpacked entry by entry (a constant's gradient as +0.0 entries).
     */
    private void read(ScalarVector<AutoDiff> v, double[] values, int valuesAt, double[] tangents, int tangentsAt,
            int w) {
        if (v instanceof TangentVector t && t.isHeld() && t.width() == w) {
            t.copyHeldTo(values, valuesAt, tangents, tangentsAt);
        } else {
            unpack(v, values, valuesAt, tangents, tangentsAt, w);
        }
    }

    private void unpack(ScalarVector<AutoDiff> v, double[] values, int valuesAt, double[] tangents, int tangentsAt,
            int w) {
        for (int j = 0; j < n; j++) {
            AutoDiff a = v.get(j);
            values[valuesAt + j] = a.value();
            a.copyGradientTo(tangents, tangentsAt + j * w, w);
        }
    }

    /** The system's evaluator for this context and width, made when either changes. */
    private TangentEvaluator evaluatorFor(Context<AutoDiff> context, int w) {
        if (evaluator == null || evaluatorContext != context || evaluatorWidth != w) {
            evaluator = system.tangentEvaluator(context, w);
            evaluatorContext = context;
            evaluatorWidth = w;
        }
        return evaluator;
    }

    /**
     * {@code x0 + h sum_m w_m k_m} into {@code values} from {@code valuesAt} and its tangent {@code dx0 + (sum dh
     * + h sum_m w_m dk_m)} into the {@code n} rows of {@code tangents} from {@code tangentsAt}, as AutoDiff's
     * scaled linear combination computes them.
     */
    private void combine(Terms row, double h, boolean hConstant, double[] values, int valuesAt, double[] tangents,
            int tangentsAt) {
        double[] weights = row.weights();
        int count = weights.length;
        int size = n * width;
        if (hConstant && count >= 1 && count <= UNROLLED_TERMS) {
            // the values' sums start from 0.0 as below; -0.0 + g is g, so the tangents' sums are the loops' own
            StageSums.add(x0, h, 0.0, weights, row.values(), values, valuesAt, n);
            StageSums.add(dx0, h, -0.0, weights, row.tangents(), tangents, tangentsAt, size);
            return;
        }
        combineInScratch(row, h, hConstant);
        System.arraycopy(stage, 0, values, valuesAt, n);
        System.arraycopy(stageTangents, 0, tangents, tangentsAt, size);
    }

    /**
     * {@link #combine} into {@link #stage} and {@link #stageTangents}, for any row and
     * step. Each pass runs over whole arrays at the same index, so that the JIT vectorises it.
     */
    private void combineInScratch(Terms row, double h, boolean hConstant) {
        double[] values = stage;
        double[] tangents = stageTangents;
        double[] weights = row.weights();
        int count = weights.length;
        int size = n * width;
        double[][] stageValues = row.values();
        for (int j = 0; j < n; j++) {
            double v = 0.0;
            for (int q = 0; q < count; q++) {
                v += stageValues[q][j] * weights[q];
            }
            values[j] = v;
        }
        if (count == 0) {
            java.util.Arrays.fill(tangents, 0, size, 0.0);
        } else if (size < PASSES_FROM) {
            sumTangentsEntryByEntry(row, size, tangents);
        } else {
            sumTangentsInPasses(row, size, tangents);
        }
        if (hConstant) {
            for (int i = 0; i < size; i++) {
                tangents[i] = dx0[i] + h * tangents[i];
            }
        } else {
            for (int j = 0; j < n; j++) {
                scaleByVariableStep(tangents, j * width, values[j], h);
            }
            for (int i = 0; i < size; i++) {
                tangents[i] = dx0[i] + tangents[i];
            }
        }
        // the sums are complete: now the values, x0 + h sum
        for (int j = 0; j < n; j++) {
            values[j] = x0[j] + h * values[j];
        }
    }

    /**
     * {@code sum_m w_m dk_m} as passes over whole arrays, two stages per pass, each entry's terms added in
     * stage order.
     */
    private static void sumTangentsInPasses(Terms row, int size, double[] tangents) {
        double[] weights = row.weights();
        double[][] dk = row.tangents();
        int count = weights.length;
        double[] a = dk[0];
        double wa = weights[0];
        int q = 1;
        if (count == 1) {
            for (int i = 0; i < size; i++) {
                tangents[i] = wa * a[i];
            }
        } else {
            double[] b = dk[1];
            double wb = weights[1];
            for (int i = 0; i < size; i++) {
                tangents[i] = wa * a[i] + wb * b[i];
            }
            q = 2;
        }
        for (; q + 1 < count; q += 2) {
            a = dk[q];
            wa = weights[q];
            double[] b = dk[q + 1];
            double wb = weights[q + 1];
            for (int i = 0; i < size; i++) {
                tangents[i] = (tangents[i] + wa * a[i]) + wb * b[i];
            }
        }
        if (q < count) {
            a = dk[q];
            wa = weights[q];
            for (int i = 0; i < size; i++) {
                tangents[i] += wa * a[i];
            }
        }
    }

    /**
     * {@code sum_m w_m dk_m} one entry at a time, each added in stage order (the same rounding as the passes):
     * for a few states and directions, where the passes' loops would be mostly set-up.
     */
    private static void sumTangentsEntryByEntry(Terms row, int size, double[] tangents) {
        double[] weights = row.weights();
        double[][] dk = row.tangents();
        int count = weights.length;
        for (int i = 0; i < size; i++) {
            double g = weights[0] * dk[0][i];
            for (int q = 1; q < count; q++) {
                g += weights[q] * dk[q][i];
            }
            tangents[i] = g;
        }
    }

    /**
     * The tangent of {@code h * sum} from the sum's tangent at {@code to}, in place, as AutoDiff's product
     * does when the step size has a gradient (the last step to a final time that is a variable).
     */
    private void scaleByVariableStep(double[] tangents, int to, double sum, double h) {
        int w = width;
        if (Double.isFinite(sum)) {
            for (int c = 0; c < w; c++) {
                tangents[to + c] = sum * hTangent[c] + h * tangents[to + c];
            }
        } else {
            for (int c = 0; c < w; c++) {
                double g = tangents[to + c];
                tangents[to + c] = (hTangent[c] == 0.0 ? 0.0 : sum * hTangent[c]) + (g == 0.0 ? 0.0 : h * g);
            }
        }
    }

    /**
     * Sets {@code out[j]} to value {@code values[valuesAt + j]} with tangent row {@code j} (at {@code tangentsAt
     * + j * w}): as arrays into a {@link TangentVector}, as new AutoDiff objects into any other vector.
     */
    private void hand(double[] values, int valuesAt, double[] tangents, int tangentsAt, int w,
            ScalarVector<AutoDiff> out) {
        if (out instanceof TangentVector t) {
            t.hold(values, valuesAt, tangents, tangentsAt, w);
            return;
        }
        for (int j = 0; j < n; j++) {
            out.set(j, AutoDiff.of(values[valuesAt + j], tangents, tangentsAt + j * w, w));
        }
    }
}
