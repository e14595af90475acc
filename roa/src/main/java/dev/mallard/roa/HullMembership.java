package dev.mallard.roa;

/**
 * Whether a point lies in the convex hull of finitely many points: the feasibility of
 * {@code sum_j l_j p_j = q, sum_j l_j = 1, l >= 0}, decided by phase one of the simplex method on a dense
 * tableau with Bland's rule (which cannot cycle). Meant for the small integer exponent vectors of a Newton
 * polytope, where the tableau stays well scaled.
 */
final class HullMembership {

    private static final double EPS = 1e-9;

    private final double[][] points;
    private final int dimension;

    /**
     * @param points k points of equal dimension; not modified (kept)
     */
    HullMembership(double[][] points) {
        this.points = points;
        this.dimension = points.length == 0 ? 0 : points[0].length;
    }

    /**
     * @param q the query point, of the points' dimension; not modified
     * @return whether q is a convex combination of the points (to 1e-9)
     */
    boolean contains(double[] q) {
        int k = points.length;
        if (k == 0) {
            return false;
        }
        int m = dimension + 1;
        int columns = k + m;
        double[][] t = new double[m][columns + 1];
        int[] basis = new int[m];
        for (int i = 0; i < m; i++) {
            double rhs = i < dimension ? q[i] : 1.0;
            double sign = rhs < 0 ? -1.0 : 1.0;
            for (int j = 0; j < k; j++) {
                t[i][j] = sign * (i < dimension ? points[j][i] : 1.0);
            }
            t[i][k + i] = 1.0;
            t[i][columns] = sign * rhs;
            basis[i] = k + i;
        }
        // Phase-one costs: minimise the sum of the artificial variables.
        double[] cost = new double[columns + 1];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= columns; j++) {
                if (j < k || j == columns) {
                    cost[j] -= t[i][j];
                }
            }
        }
        while (true) {
            int enter = -1;
            for (int j = 0; j < columns; j++) {
                if (cost[j] < -EPS) {
                    enter = j;
                    break;
                }
            }
            if (enter < 0) {
                return -cost[columns] <= EPS * m;
            }
            int leave = -1;
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < m; i++) {
                if (t[i][enter] > EPS) {
                    double ratio = t[i][columns] / t[i][enter];
                    if (ratio < best - EPS || (ratio <= best + EPS && leave >= 0 && basis[i] < basis[leave])) {
                        best = Math.min(best, ratio);
                        leave = i;
                    }
                }
            }
            if (leave < 0) {
                // Unbounded phase one cannot happen (its objective is bounded below by 0).
                throw new IllegalStateException("hull membership LP unbounded");
            }
            pivot(t, cost, leave, enter);
            basis[leave] = enter;
        }
    }

    private static void pivot(double[][] t, double[] cost, int row, int col) {
        double[] pivotRow = t[row];
        double p = pivotRow[col];
        for (int j = 0; j < pivotRow.length; j++) {
            pivotRow[j] /= p;
        }
        for (int i = 0; i < t.length; i++) {
            if (i != row) {
                eliminate(t[i], pivotRow, col);
            }
        }
        eliminate(cost, pivotRow, col);
    }

    private static void eliminate(double[] target, double[] pivotRow, int col) {
        double f = target[col];
        if (f != 0.0) {
            for (int j = 0; j < target.length; j++) {
                target[j] -= f * pivotRow[j];
            }
        }
    }
}
