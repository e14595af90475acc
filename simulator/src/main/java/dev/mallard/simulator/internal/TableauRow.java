package dev.mallard.simulator.internal;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.integrators.ButcherTableau;

/**
 * One row of a {@link ButcherTableau} (a stage's {@code a[i]}, the weights b or the error weights e) with its
 * zero coefficients dropped, for the stage sums of both paths: these run once per stage and state in every
 * step, so they read the nonzero coefficients from a flat array instead of asking the tableau for each one,
 * and the generic path hands them to {@link Scalar#scaledLinearCombination} in one call (one gradient array
 * per stage entry for AutoDiff instead of two per term and two more for the step). Immutable.
 */
public final class TableauRow {

    private final int[] stages;
    private final double[] weights;

    /** @param row the coefficients, zeros included; not kept */
    public TableauRow(double[] row) {
        int count = 0;
        for (double w : row) {
            if (w != 0) {
                count++;
            }
        }
        stages = new int[count];
        weights = new double[count];
        int q = 0;
        for (int m = 0; m < row.length; m++) {
            if (row[m] != 0) {
                stages[q] = m;
                weights[q] = row[m];
                q++;
            }
        }
    }

    /** @return the number of nonzero weights */
    public int count() {
        return stages.length;
    }

    /**
     * @param q a position among the nonzero weights, in [0, count())
     * @return the stage of the {@code q}-th nonzero weight
     */
    public int stageAt(int q) {
        return stages[q];
    }

    /**
     * @param q a position among the nonzero weights, in [0, count())
     * @return the {@code q}-th nonzero weight
     */
    public double weightAt(int q) {
        return weights[q];
    }

    /**
     * Sets {@code out[j] = sum_m w_m k[m][j]} over the nonzero weights, added in stage order (so each entry is
     * rounded exactly as the sum over the row from its first nonzero term). A row without nonzero weights
     * gives zeros.
     *
     * @param k the stage derivatives; {@code k[m]} is read for every nonzero {@code w_m}, not modified
     * @param out receives the sums; its length is the number of states
     */
    public void combine(double[][] k, double[] out) {
        int n = out.length;
        if (stages.length == 0) {
            java.util.Arrays.fill(out, 0);
            return;
        }
        double[] first = k[stages[0]];
        double w0 = weights[0];
        for (int j = 0; j < n; j++) {
            out[j] = w0 * first[j];
        }
        for (int q = 1; q < stages.length; q++) {
            double[] km = k[stages[q]];
            double w = weights[q];
            for (int j = 0; j < n; j++) {
                out[j] += w * km[j];
            }
        }
    }

    /**
     * {@code base + h sum_m w_m k[m][j]}, the sum over the nonzero weights added in stage order to {@code
     * zero} (as the double path's sum, up to the sign of a zero sum), through {@link
     * Scalar#scaledLinearCombination} (one gradient array for AutoDiff instead of three): a stage or solution
     * entry {@code x0_j + h sum(a_m k_m)}, or with a zero base the error estimate. A row without nonzero
     * weights gives {@code base + h * zero}.
     *
     * @param <T> the number type
     * @param sc the type class
     * @param base the value added to
     * @param h the factor of the sum (the step size)
     * @param k the stage derivatives; {@code k[m]} is read for every nonzero {@code w_m}, not modified
     * @param j the state index
     * @param terms workspace of at least the row's number of nonzero weights; overwritten
     * @return the scaled sum added to {@code base}
     */
    public <T> T step(Scalar<T> sc, T base, T h, ScalarVector<T>[] k, int j, T[] terms) {
        for (int q = 0; q < stages.length; q++) {
            terms[q] = k[stages[q]].get(j);
        }
        return sc.scaledLinearCombination(base, h, weights, terms, stages.length);
    }

    /**
     * The value of {@code h sum_m w_m k[m][j]} for a numeric type, from the values of the stage derivatives:
     * the same rounding as the double path's sum (added in stage order) times {@code h}; for the error
     * estimate, whose gradient nothing reads.
     *
     * @param <T> the number type, numeric
     * @param h the step size, seconds
     * @param k the stage derivatives; {@code k[m]} is read for every nonzero {@code w_m}, not modified
     * @param j the state index
     * @return the scaled sum's value
     */
    public <T> double stepValue(double h, ScalarVector<T>[] k, int j) {
        double sum = 0.0;
        for (int q = 0; q < stages.length; q++) {
            sum += k[stages[q]].getValue(j) * weights[q];
        }
        return h * sum;
    }

    /**
     * {@link #stepValue(double, ScalarVector[], int)} from stage derivative values held as arrays.
     *
     * @param h the step size, seconds
     * @param k the stage derivatives' values; {@code k[m]} is read for every nonzero {@code w_m}, not modified
     * @param j the state index
     * @return the scaled sum
     */
    public double stepValue(double h, double[][] k, int j) {
        double sum = 0.0;
        for (int q = 0; q < stages.length; q++) {
            sum += k[stages[q]][j] * weights[q];
        }
        return h * sum;
    }
}
