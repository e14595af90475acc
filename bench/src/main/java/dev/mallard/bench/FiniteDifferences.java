package dev.mallard.bench;

import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.Model;
import dev.mallard.scalar.ScalarVector;

/** The Jacobian of x(T) with respect to (x0, p) by central differences: 2n + 1 double simulations. */
public final class FiniteDifferences {

    private FiniteDifferences() {
    }

    /**
     * A final state and its Jacobian.
     *
     * @param value x(T)
     * @param jacobian d x(T) / d (x0, p)
     */
    public record Result(double[] value, double[][] jacobian) {
    }

    /**
     * @param run a double run of the model
     * @param model the model
     * @return x(T) and its Jacobian (rows = states, columns = [states, parameters]); the step for each variable
     *     is 1e-6 max(1, |v|)
     */
    public static Result jacobian(MallardRun<Double> run, Model model) {
        double[] x0 = model.initialState();
        double[] p = model.parameters();
        int nx = x0.length;
        int n = model.numVariables();
        double[][] jacobian = new double[nx][n];
        double[] nominal = values(run.run(x0, p));
        double[] plus = new double[nx];
        for (int k = 0; k < n; k++) {
            double[] v = k < nx ? x0 : p;
            int index = k < nx ? k : k - nx;
            double base = v[index];
            double step = 1e-6 * Math.max(1, Math.abs(base));
            v[index] = base + step;
            copyValues(run.run(x0, p), plus);
            v[index] = base - step;
            ScalarVector<Double> minus = run.run(x0, p);
            v[index] = base;
            for (int i = 0; i < nx; i++) {
                jacobian[i][k] = (plus[i] - minus.getValue(i)) / (2 * step);
            }
        }
        return new Result(nominal, jacobian);
    }

    private static double[] values(ScalarVector<Double> x) {
        double[] out = new double[x.size()];
        copyValues(x, out);
        return out;
    }

    private static void copyValues(ScalarVector<Double> x, double[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = x.getValue(i);
        }
    }
}
