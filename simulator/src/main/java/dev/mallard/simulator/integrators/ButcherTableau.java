package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Format;
import dev.mallard.simulator.internal.TableauRow;
import java.util.Objects;

/**
 * The coefficients of an explicit Runge-Kutta method: nodes {@code c}, the strictly lower-triangular
 * matrix {@code a}, weights {@code b}, and optionally error weights {@code e = b - bhat} of an embedded
 * lower-order method (the error estimate is {@code h sum_i e_i k_i}). Immutable.
 */
public final class ButcherTableau {

    private final double[] c;
    private final double[][] a;
    private final double[] b;
    private final double[] e;
    private final boolean firstSameAsLast;
    private final TableauRow[] stageRows;
    private final TableauRow weightRow;
    private final TableauRow errorRow;

    /**
     * @param c nodes, {@code c[0] = 0}; copied
     * @param a row i holds {@code a[i][0..i-1]} (row 0 empty); copied
     * @param b weights, summing to 1; copied
     * @param e error weights {@code b - bhat}, or null for a method without error estimate; copied
     * @throws IllegalArgumentException if the shapes disagree, c[0] is not 0, or the weights do not sum to 1
     */
    public ButcherTableau(double[] c, double[][] a, double[] b, double[] e) {
        int s = Objects.requireNonNull(c, "c must not be null").length;
        Checks.size(Objects.requireNonNull(a, "a must not be null").length, s, "a");
        Checks.size(Objects.requireNonNull(b, "b must not be null").length, s, "b");
        if (e != null) {
            Checks.size(e.length, s, "e");
        }
        if (c[0] != 0) {
            throw new IllegalArgumentException("c[0] must be 0, got " + c[0]);
        }
        this.a = new double[s][];
        for (int i = 0; i < s; i++) {
            Checks.size(a[i].length, i, "a[" + i + "]");
            this.a[i] = a[i].clone();
        }
        double sum = 0;
        for (double w : b) {
            sum += w;
        }
        if (Math.abs(sum - 1) > 1e-12) {
            throw new IllegalArgumentException("weights b must sum to 1, got " + sum);
        }
        this.c = c.clone();
        this.b = b.clone();
        this.e = e == null ? null : e.clone();
        this.firstSameAsLast = s > 1 && c[s - 1] == 1 && java.util.Arrays.equals(a[s - 1], java.util.Arrays.copyOf(b, s - 1))
                && b[s - 1] == 0;
        this.stageRows = new TableauRow[s];
        for (int i = 0; i < s; i++) {
            stageRows[i] = new TableauRow(a[i]);
        }
        this.weightRow = new TableauRow(b);
        this.errorRow = e == null ? null : new TableauRow(e);
    }

    /** @return the number of stages */
    public int stages() {
        return c.length;
    }

    /**
     * @param i the stage, 0-based, below {@link #stages()}
     * @return the node {@code c[i]}, the stage's time as a fraction of the step
     */
    public double c(int i) {
        return c[i];
    }

    /**
     * @param i the stage, 0-based
     * @param j the earlier stage, 0-based
     * @return the coefficient {@code a[i][j]} of stage j's derivative in stage i's state
     */
    public double a(int i, int j) {
        return a[i][j];
    }

    /**
     * @param i the stage, 0-based
     * @return the weight {@code b[i]} of stage i's derivative in the step's result
     */
    public double b(int i) {
        return b[i];
    }

    /**
     * @param i the stage, 0-based
     * @return the error weight {@code e[i]} of stage i's derivative in the error estimate
     * @throws NullPointerException if the tableau has no error estimate ({@link #hasErrorEstimate()})
     */
    public double e(int i) {
        return e[i];
    }

    /** The row {@code a[i]} without its zeros: stage i's sum on the double path. */
    TableauRow stageRow(int i) {
        return stageRows[i];
    }

    /** The weights b without their zeros: the solution's sum on the double path. */
    TableauRow weightRow() {
        return weightRow;
    }

    /** The error weights e without their zeros, or null without error estimate. */
    TableauRow errorRow() {
        return errorRow;
    }

    /** @return whether the tableau has error weights */
    public boolean hasErrorEstimate() {
        return e != null;
    }

    /** @return whether the last stage is evaluated at the step's end state (then it is f(t1, x1)) */
    public boolean isFirstSameAsLast() {
        return firstSameAsLast;
    }

    /**
     * @return the stage count and the coefficients, as {@code ButcherTableau[2 stages, c=[0.0, 1.0],
     *     a=[[], [1.0]], b=[0.5, 0.5], e=none]}, with {@code , first same as last} when it is
     */
    @Override
    public String toString() {
        return "ButcherTableau[" + Format.count(c.length, "stage") + ", c=" + Format.vector(c) + ", a="
                + Format.matrix(a) + ", b=" + Format.vector(b) + ", e=" + (e == null ? "none" : Format.vector(e))
                + (firstSameAsLast ? ", first same as last" : "") + "]";
    }
}
