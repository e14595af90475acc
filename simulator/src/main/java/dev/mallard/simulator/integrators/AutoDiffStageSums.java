package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.TableauRow;

/**
 * The stage sums of an explicit Runge-Kutta step over AutoDiff values (a system evaluated through AutoDiff
 * objects, as any system written against {@code Scalar<T>}) formed on primitive arrays: the step's start state
 * and every stage derivative the system returns are read into a value array and a row-major gradient array, and
 * each stage state {@code x0 + h sum_m w_m k_m} is summed there and made into AutoDiff objects only to be stored
 * where the system reads it. The system's own arithmetic stays on the objects.
 *
 * <p>It applies while every value it has read is non-constant with one gradient size and the step size is a
 * finite constant; the caller sums on the objects otherwise (a constant's gradient is not stored, so AutoDiff's
 * sums skip it, and these sums would not). Under those conditions each entry is computed by the same operations
 * in the same order as {@link TableauRow#step} through AutoDiff's scaled linear combination: the value {@code
 * x0 + h (0.0 + k_0 w_0 + ...)}, the gradient {@code g0 + h (w_0 g_0 + w_1 g_1 + ...)}, which {@link StageSums}
 * gives from the sums' starts 0.0 and -0.0 ({@code -0.0 + g} is {@code g}), so the objects are equal bit for bit,
 * zeros' signs included. Rows of 1 to {@link StageSums#MAX_TERMS} nonzero weights are summed here.
 */
final class AutoDiffStageSums {

    private final ButcherTableau tableau;
    private final int n;
    private int width = -1;
    /**
     * The start state, each stage derivative and a stage state's scratch, each in one array: the values at {@code
     * [0, n)}, then the gradients in {@code n} rows of {@code width}; summed in one pass.
     */
    private double[] x0;
    private double[][] k;
    private double[] sum;
    /** Where each entry's sum starts: 0.0 for the values, -0.0 for the gradients. */
    private double[] zeros;
    /** Per stage row (index 0 unused) and the weight row (last index): the nonzero weights and their stages. */
    private final double[][] weights;
    private double[][][] terms;

    /**
     * @param tableau the scheme
     * @param n the number of continuous states, {@code >= 1}
     */
    AutoDiffStageSums(ButcherTableau tableau, int n) {
        this.tableau = tableau;
        this.n = n;
        int s = tableau.stages();
        weights = new double[s + 1][];
        for (int i = 1; i <= s; i++) {
            TableauRow row = row(i);
            weights[i] = new double[row.count()];
            for (int q = 0; q < row.count(); q++) {
                weights[i][q] = row.weightAt(q);
            }
        }
    }

    /**
     * Reads a step's start state and first stage derivative, if the sums apply to them.
     *
     * @param h the step size's value, seconds
     * @param x0v the start state; not modified
     * @param f0v {@code f(t0, x0)}, the first stage; not modified
     * @return whether the step size is finite and every entry non-constant with one gradient size (else nothing of
     *     this step may be summed here)
     */
    boolean start(double h, ScalarVector<AutoDiff> x0v, ScalarVector<AutoDiff> f0v) {
        if (!Double.isFinite(h)) {
            return false;
        }
        int w = x0v.get(0).gradientSize();
        if (w == 0) {
            return false;
        }
        ensureWidth(w);
        return read(x0v, x0) && read(f0v, k[0]);
    }

    /**
     * Reads stage {@code i}'s derivatives as the system returned them.
     *
     * @param i the stage, in [1, stages)
     * @param ki its derivatives; not modified
     * @return whether every entry is non-constant of the step's gradient size (else no later sum of this step may
     *     be formed here)
     */
    boolean readStage(int i, ScalarVector<AutoDiff> ki) {
        return read(ki, k[i]);
    }

    /**
     * Whether stage row {@code i} (or the weight row for {@code i = stages}) is summed here.
     *
     * @param i the row
     * @return whether it has 1 to {@link StageSums#MAX_TERMS} nonzero weights
     */
    boolean sums(int i) {
        int count = weights[i].length;
        return count >= 1 && count <= StageSums.MAX_TERMS;
    }

    /**
     * Sets {@code out} to {@code x0 + h sum_m w_m k_m} over row {@code i}'s nonzero weights (stage row {@code i},
     * or the weights for {@code i = stages}), as new AutoDiff objects. Only after {@link #start} and {@link
     * #readStage} of every stage the row reads returned true, for a row {@link #sums} accepts.
     *
     * @param i the row
     * @param h the step size, seconds (the value {@link #start} was given)
     * @param out receives the sums
     */
    void stage(int i, double h, ScalarVector<AutoDiff> out) {
        int w = width;
        double[] to = sum;
        StageSums.add(x0, h, zeros, weights[i], terms[i], to, n + n * w);
        for (int j = 0; j < n; j++) {
            out.set(j, AutoDiff.of(to[j], to, n + j * w, w));
        }
    }

    /**
     * The value of {@code h sum_m e_m k_m} over the error weights, for entry {@code j}: as {@link
     * TableauRow#stepValue} from the stage derivatives read (after every stage was read).
     *
     * @param h the step size, seconds
     * @param j the state index
     * @return the error estimate's value
     */
    double errorValue(double h, int j) {
        return tableau.errorRow().stepValue(h, k, j);
    }

    /** Stage row {@code i}, or the weight row for {@code i = stages}. */
    private TableauRow row(int i) {
        return i < tableau.stages() ? tableau.stageRow(i) : tableau.weightRow();
    }

    /** (Re)allocates the arrays for width {@code w} when it changes. */
    private void ensureWidth(int w) {
        if (w == width) {
            return;
        }
        width = w;
        int size = n + n * w;
        int s = tableau.stages();
        x0 = new double[size];
        k = new double[s][size];
        sum = new double[size];
        zeros = new double[size];
        java.util.Arrays.fill(zeros, n, size, -0.0);
        terms = new double[s + 1][][];
        for (int i = 1; i <= s; i++) {
            TableauRow row = row(i);
            terms[i] = new double[row.count()][];
            for (int q = 0; q < row.count(); q++) {
                terms[i][q] = k[row.stageAt(q)];
            }
        }
    }

    /** Unpacks {@code v} into values and gradient rows; false at the first constant entry or one of another size. */
    private boolean read(ScalarVector<AutoDiff> v, double[] to) {
        int w = width;
        for (int j = 0; j < n; j++) {
            AutoDiff a = v.get(j);
            if (a.gradientSize() != w) {
                return false;
            }
            to[j] = a.value();
            a.copyGradientTo(to, n + j * w, w);
        }
        return true;
    }
}
