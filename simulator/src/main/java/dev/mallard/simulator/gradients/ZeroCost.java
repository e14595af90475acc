package dev.mallard.simulator.gradients;

import java.util.Arrays;

/** The cost that is zero everywhere, with a zero gradient (see {@link CostFunction#zero()}). */
enum ZeroCost implements CostFunction {
    /** The only instance. */
    INSTANCE;

    @Override
    public double value(double t, double[] x, double[] p) {
        return 0;
    }

    @Override
    public double gradient(double t, double[] x, double[] p, double[] gradX, double[] gradP) {
        Arrays.fill(gradX, 0);
        Arrays.fill(gradP, 0);
        return 0;
    }

    @Override
    public String toString() {
        return "zero cost";
    }
}
