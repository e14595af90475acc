package dev.mallard.simulator.integrators;

/**
 * The stage sums {@code out[at + i] = base[i] + h (zero + w_0 s_0[i] + w_1 s_1[i] + ...)} with the terms
 * written out for each number of terms, one loop over the entries: for a few states and directions a loop over
 * the terms inside the loop over the entries is mostly loop set-up, and with the terms written out the JIT also
 * vectorises long rows. The terms are added left to right from {@code zero}, so an entry is rounded exactly as
 * a loop adding them in stage order to {@code zero} rounds it; {@code zero = -0.0} gives the sum of the terms
 * itself ({@code -0.0 + g} is {@code g} for every {@code g}), {@code zero = 0.0} the sum started from 0.0.
 */
final class StageSums {

    /** The most terms written out; a row with more is the caller's to sum. */
    static final int MAX_TERMS = 6;

    private StageSums() {
    }

    /**
     * Sets {@code out[at + i] = base[i] + h * (zero + s[0][i] * w[0] + ... + s[m-1][i] * w[m-1])} for {@code i <
     * len}, with {@code m = w.length}.
     *
     * @param base the values added to, at least {@code len} entries; not modified
     * @param h the factor of the sums (the step size)
     * @param zero what the sums start from: 0.0 or -0.0
     * @param w the weights, 1 to {@link #MAX_TERMS} of them
     * @param s the arrays weighted, one per weight, each at least {@code len} entries; not modified
     * @param out receives the results; may not be one of the inputs
     * @param at where the results start in {@code out}
     * @param len the number of entries
     * @throws IllegalArgumentException if there are no weights or more than {@link #MAX_TERMS}
     */
    static void add(double[] base, double h, double zero, double[] w, double[][] s, double[] out, int at,
            int len) {
        switch (w.length) {
            case 1 -> add1(base, h, zero, w[0], s[0], out, at, len);
            case 2 -> add2(base, h, zero, w, s[0], s[1], out, at, len);
            case 3 -> add3(base, h, zero, w, s[0], s[1], s[2], out, at, len);
            case 4 -> add4(base, h, zero, w, s[0], s[1], s[2], s[3], out, at, len);
            case 5 -> add5(base, h, zero, w, s, out, at, len);
            case 6 -> add6(base, h, zero, w, s, out, at, len);
            default -> throw new IllegalArgumentException("stage sums of " + w.length + " terms are not written out");
        }
    }

    private static void add1(double[] base, double h, double zero, double w0, double[] s0, double[] out, int at,
            int len) {
        for (int i = 0; i < len; i++) {
            out[at + i] = base[i] + h * (zero + s0[i] * w0);
        }
    }

    private static void add2(double[] base, double h, double zero, double[] w, double[] s0, double[] s1,
            double[] out, int at, int len) {
        double w0 = w[0];
        double w1 = w[1];
        for (int i = 0; i < len; i++) {
            out[at + i] = base[i] + h * (zero + s0[i] * w0 + s1[i] * w1);
        }
    }

    private static void add3(double[] base, double h, double zero, double[] w, double[] s0, double[] s1,
            double[] s2, double[] out, int at, int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        for (int i = 0; i < len; i++) {
            out[at + i] = base[i] + h * (zero + s0[i] * w0 + s1[i] * w1 + s2[i] * w2);
        }
    }

    private static void add4(double[] base, double h, double zero, double[] w, double[] s0, double[] s1,
            double[] s2, double[] s3, double[] out, int at, int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        double w3 = w[3];
        for (int i = 0; i < len; i++) {
            out[at + i] = base[i] + h * (zero + s0[i] * w0 + s1[i] * w1 + s2[i] * w2 + s3[i] * w3);
        }
    }

    private static void add5(double[] base, double h, double zero, double[] w, double[][] s, double[] out,
            int at, int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        double w3 = w[3];
        double w4 = w[4];
        double[] s0 = s[0];
        double[] s1 = s[1];
        double[] s2 = s[2];
        double[] s3 = s[3];
        double[] s4 = s[4];
        for (int i = 0; i < len; i++) {
            out[at + i] = base[i] + h * (zero + s0[i] * w0 + s1[i] * w1 + s2[i] * w2 + s3[i] * w3 + s4[i] * w4);
        }
    }

    private static void add6(double[] base, double h, double zero, double[] w, double[][] s, double[] out,
            int at, int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        double w3 = w[3];
        double w4 = w[4];
        double w5 = w[5];
        double[] s0 = s[0];
        double[] s1 = s[1];
        double[] s2 = s[2];
        double[] s3 = s[3];
        double[] s4 = s[4];
        double[] s5 = s[5];
        for (int i = 0; i < len; i++) {
            out[at + i] = base[i] + h * (zero + s0[i] * w0 + s1[i] * w1 + s2[i] * w2 + s3[i] * w3 + s4[i] * w4
                    + s5[i] * w5);
        }
    }

    /**
     * {@link #add} with a start per entry: {@code out[i] = base[i] + h * (zero[i] + s[0][i] * w[0] + ...)}, for
     * values and gradients held in one array (their sums start from 0.0 and -0.0).
     *
     * @param base the values added to, at least {@code len} entries; not modified
     * @param h the factor of the sums (the step size)
     * @param zero what each entry's sum starts from, at least {@code len} entries; not modified
     * @param w the weights, 1 to {@link #MAX_TERMS} of them
     * @param s the arrays weighted, one per weight, each at least {@code len} entries; not modified
     * @param out receives the results; may not be one of the inputs
     * @param len the number of entries
     * @throws IllegalArgumentException if there are no weights or more than {@link #MAX_TERMS}
     */
    static void add(double[] base, double h, double[] zero, double[] w, double[][] s, double[] out, int len) {
        switch (w.length) {
            case 1 -> add1(base, h, zero, w[0], s[0], out, len);
            case 2 -> add2(base, h, zero, w, s[0], s[1], out, len);
            case 3 -> add3(base, h, zero, w, s[0], s[1], s[2], out, len);
            case 4 -> add4(base, h, zero, w, s, out, len);
            case 5 -> add5(base, h, zero, w, s, out, len);
            case 6 -> add6(base, h, zero, w, s, out, len);
            default -> throw new IllegalArgumentException("stage sums of " + w.length + " terms are not written out");
        }
    }

    private static void add1(double[] base, double h, double[] zero, double w0, double[] s0, double[] out, int len) {
        for (int i = 0; i < len; i++) {
            out[i] = base[i] + h * (zero[i] + s0[i] * w0);
        }
    }

    private static void add2(double[] base, double h, double[] zero, double[] w, double[] s0, double[] s1,
            double[] out, int len) {
        double w0 = w[0];
        double w1 = w[1];
        for (int i = 0; i < len; i++) {
            out[i] = base[i] + h * (zero[i] + s0[i] * w0 + s1[i] * w1);
        }
    }

    private static void add3(double[] base, double h, double[] zero, double[] w, double[] s0, double[] s1,
            double[] s2, double[] out, int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        for (int i = 0; i < len; i++) {
            out[i] = base[i] + h * (zero[i] + s0[i] * w0 + s1[i] * w1 + s2[i] * w2);
        }
    }

    private static void add4(double[] base, double h, double[] zero, double[] w, double[][] s, double[] out,
            int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        double w3 = w[3];
        double[] s0 = s[0];
        double[] s1 = s[1];
        double[] s2 = s[2];
        double[] s3 = s[3];
        for (int i = 0; i < len; i++) {
            out[i] = base[i] + h * (zero[i] + s0[i] * w0 + s1[i] * w1 + s2[i] * w2 + s3[i] * w3);
        }
    }

    private static void add5(double[] base, double h, double[] zero, double[] w, double[][] s, double[] out,
            int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        double w3 = w[3];
        double w4 = w[4];
        double[] s0 = s[0];
        double[] s1 = s[1];
        double[] s2 = s[2];
        double[] s3 = s[3];
        double[] s4 = s[4];
        for (int i = 0; i < len; i++) {
            out[i] = base[i] + h * (zero[i] + s0[i] * w0 + s1[i] * w1 + s2[i] * w2 + s3[i] * w3 + s4[i] * w4);
        }
    }

    private static void add6(double[] base, double h, double[] zero, double[] w, double[][] s, double[] out,
            int len) {
        double w0 = w[0];
        double w1 = w[1];
        double w2 = w[2];
        double w3 = w[3];
        double w4 = w[4];
        double w5 = w[5];
        double[] s0 = s[0];
        double[] s1 = s[1];
        double[] s2 = s[2];
        double[] s3 = s[3];
        double[] s4 = s[4];
        double[] s5 = s[5];
        for (int i = 0; i < len; i++) {
            out[i] = base[i] + h * (zero[i] + s0[i] * w0 + s1[i] * w1 + s2[i] * w2 + s3[i] * w3 + s4[i] * w4
                    + s5[i] * w5);
        }
    }
}
