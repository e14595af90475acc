package dev.mallard.roa;

import dev.mallard.roa.sdp.ScalarVariable;

import java.util.List;
import java.util.Map;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * Removes the free decision variables w from equality rows {@code E w + r_i(u) = b_i} (u the cone
 * variables: Gram entries, slacks) before the SDP is solved. With the SVD {@code E = U S V'} of rank k, the
 * rows along the last columns of U constrain u alone ({@code U2'(r(u) - b) = 0}) and w is recovered as
 * {@code V1 S1^-1 U1'(b - r(u))}; a linear objective {@code c'w} becomes {@code g'(b - r(u))} with
 * {@code g = U1 S1^-1 V1'c}. The SDP then has only cone variables: interior-point methods lose accuracy on
 * free variables (their Schur complement is singular at the optimum), cone variables they handle well.
 */
final class FreeVariableElimination {

    private static final double RANK_TOLERANCE = 1e-10;

    private final int rows;
    private final int free;
    private final double[][] u;
    private final double[][] v;
    private final double[] sigma;
    private final int rank;

    /**
     * @param e the m x D matrix of free-variable coefficients (rows with at least one non-zero), not modified
     */
    FreeVariableElimination(double[][] e) {
        rows = e.length;
        free = e[0].length;
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(rows, free, true, true, false);
        if (!svd.decompose(new DMatrixRMaj(e))) {
            throw new ArithmeticException("SVD of the free-variable coefficients failed");
        }
        DMatrixRMaj um = svd.getU(null, false);
        DMatrixRMaj vm = svd.getV(null, false);
        double[] s = svd.getSingularValues();
        int count = Math.min(rows, free);
        // EJML does not order the singular values: sort the indices by value, largest first.
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(s[b], s[a]));
        double largest = count == 0 ? 0.0 : s[order[0]];
        int r = 0;
        while (r < count && s[order[r]] > RANK_TOLERANCE * largest) {
            r++;
        }
        rank = r;
        sigma = new double[rank];
        u = new double[rows][rows];
        v = new double[free][rank];
        boolean[] used = new boolean[rows];
        for (int k = 0; k < rank; k++) {
            int c = order[k];
            sigma[k] = s[c];
            used[c] = true;
            for (int i = 0; i < rows; i++) {
                u[i][k] = um.get(i, c);
            }
            for (int j = 0; j < free; j++) {
                v[j][k] = vm.get(j, c);
            }
        }
        int next = rank;
        for (int c = 0; c < rows; c++) {
            if (!used[c]) {
                for (int i = 0; i < rows; i++) {
                    u[i][next] = um.get(i, c);
                }
                next++;
            }
        }
    }

    /** @return the number of projected rows that constrain the cone variables alone */
    int projectedRowCount() {
        return rows - rank;
    }

    /**
     * @param k a projected row in [0, projectedRowCount())
     * @param rest the rows' cone parts
     * @param rhs the rows' right-hand sides
     * @param out receives the projected row's coefficients (cleared first)
     * @return the projected right-hand side
     */
    double projectedRow(int k, List<Map<ScalarVariable, Double>> rest, double[] rhs, Map<ScalarVariable, Double> out) {
        out.clear();
        double b = 0.0;
        for (int i = 0; i < rows; i++) {
            double w = u[i][rank + k];
            if (w != 0.0) {
                rest.get(i).forEach((var, c) -> out.merge(var, w * c, Double::sum));
                b += w * rhs[i];
            }
        }
        return b;
    }

    /**
     * @param c objective coefficients of the free variables
     * @return g with {@code c'w = g'(b - r(u))}, or null if c has a component no row determines (then
     *     the objective is unbounded along the free variables)
     */
    double[] objectiveWeights(double[] c) {
        double[] coordinates = new double[rank];
        double norm = 0.0;
        for (int j = 0; j < free; j++) {
            norm += c[j] * c[j];
        }
        double captured = 0.0;
        for (int k = 0; k < rank; k++) {
            double s = 0.0;
            for (int j = 0; j < free; j++) {
                s += v[j][k] * c[j];
            }
            coordinates[k] = s;
            captured += s * s;
        }
        if (norm - captured > 1e-10 * norm) {
            return null;
        }
        double[] g = new double[rows];
        for (int i = 0; i < rows; i++) {
            double s = 0.0;
            for (int k = 0; k < rank; k++) {
                s += u[i][k] * coordinates[k] / sigma[k];
            }
            g[i] = s;
        }
        return g;
    }

    /**
     * @param residual {@code b_i - r_i(u)} per row
     * @return the minimum-norm w with {@code E w = residual} in the range of E
     */
    double[] recover(double[] residual) {
        double[] w = new double[free];
        for (int k = 0; k < rank; k++) {
            double s = 0.0;
            for (int i = 0; i < rows; i++) {
                s += u[i][k] * residual[i];
            }
            s /= sigma[k];
            for (int j = 0; j < free; j++) {
                w[j] += v[j][k] * s;
            }
        }
        return w;
    }
}
