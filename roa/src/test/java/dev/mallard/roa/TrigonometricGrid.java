package dev.mallard.roa;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;

import java.util.ArrayDeque;
import java.util.function.DoubleBinaryOperator;

/**
 * Test helper: a certified estimate {@code {V <= 1}} of a system in (angle, rate) on a grid, as the connected
 * component of the grid points with V <= 1 that holds the equilibrium (4-neighbour flood fill), and an
 * independent fixed-step RK4 to say where a point's trajectory ends.
 */
final class TrigonometricGrid {

    final double[] first;
    final double[] second;

    /**
     * @param lo1 the box's lower corner along the angle
     * @param hi1 its upper corner along the angle
     * @param lo2 the lower corner along the rate
     * @param hi2 the upper corner along the rate
     * @param points the grid points per axis (the origin is a grid point when the box makes it one)
     */
    TrigonometricGrid(double lo1, double hi1, double lo2, double hi2, int points) {
        first = new double[points];
        second = new double[points];
        for (int i = 0; i < points; i++) {
            first[i] = lo1 + (hi1 - lo1) * i / (points - 1);
            second[i] = lo2 + (hi2 - lo2) * i / (points - 1);
        }
    }

    /**
     * @param v the estimate's V (in the angle th and the rate w)
     * @param th the angle
     * @param w the rate
     * @param star the equilibrium (angle, rate)
     * @return which grid points lie in the component of {V <= 1} holding the grid point nearest the equilibrium
     */
    boolean[][] component(Expression v, Variable th, Variable w, double[] star) {
        int n = first.length;
        boolean[][] below = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                below[i][j] = v.evaluate(new Environment().put(th, first[i]).put(w, second[j])) <= 1.0;
            }
        }
        boolean[][] in = new boolean[n][n];
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        int[] origin = {nearest(first, star[0]), nearest(second, star[1])};
        if (below[origin[0]][origin[1]]) {
            in[origin[0]][origin[1]] = true;
            queue.add(origin);
        }
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!queue.isEmpty()) {
            int[] p = queue.poll();
            for (int[] d : steps) {
                int a = p[0] + d[0];
                int b = p[1] + d[1];
                if (a >= 0 && b >= 0 && a < n && b < n && below[a][b] && !in[a][b]) {
                    in[a][b] = true;
                    queue.add(new int[] {a, b});
                }
            }
        }
        return in;
    }

    static int count(boolean[][] set) {
        int k = 0;
        for (boolean[] row : set) {
            for (boolean b : row) {
                k += b ? 1 : 0;
            }
        }
        return k;
    }

    /**
     * Classical RK4 of {@code th' = w, w' = accel(th, w)} with step 0.01.
     *
     * @return the state after the given time
     */
    static double[] simulate(DoubleBinaryOperator accel, double th, double w, double time) {
        double h = 0.01;
        for (int k = 0; k < Math.round(time / h); k++) {
            double k1t = w;
            double k1w = accel.applyAsDouble(th, w);
            double k2t = w + 0.5 * h * k1w;
            double k2w = accel.applyAsDouble(th + 0.5 * h * k1t, w + 0.5 * h * k1w);
            double k3t = w + 0.5 * h * k2w;
            double k3w = accel.applyAsDouble(th + 0.5 * h * k2t, w + 0.5 * h * k2w);
            double k4t = w + h * k3w;
            double k4w = accel.applyAsDouble(th + h * k3t, w + h * k3w);
            th += h / 6 * (k1t + 2 * k2t + 2 * k3t + k4t);
            w += h / 6 * (k1w + 2 * k2w + 2 * k3w + k4w);
        }
        return new double[] {th, w};
    }

    private static int nearest(double[] axis, double x) {
        int best = 0;
        for (int i = 1; i < axis.length; i++) {
            if (Math.abs(axis[i] - x) < Math.abs(axis[best] - x)) {
                best = i;
            }
        }
        return best;
    }
}
