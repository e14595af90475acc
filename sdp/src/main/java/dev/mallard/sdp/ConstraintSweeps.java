package dev.mallard.sdp;

/**
 * The matrices C, A_1, ..., A_m of an {@link SdpProblem} laid out flat for the two sweeps the interior-point
 * iteration makes over all of them several times per iteration: the inner products {@code A_k . M} of one
 * matrix with a block-diagonal M, and the combinations {@code sum_i x_i A_i} in one block.
 *
 * <p>The problem holds one entry list per block and matrix ({@code entries[b][k]}), most of them empty when
 * there are many small blocks: a sweep over the lists visited every block for every matrix, m times the
 * number of blocks, each a separate object (the planar quadrotor's shape search: 253 matrices, 19 blocks and
 * about 2000 non-zeros, a tenth of its solve went to these visits). Here each matrix's non-zeros lie one after
 * another over the blocks, and each block's over the matrices, with their positions in the block's array
 * precomputed. The terms are the same, in the same order, as the sweeps over the lists, so the results are
 * bit for bit theirs.
 *
 * <p>Immutable after construction; the problem's entries must not change afterwards.
 */
final class ConstraintSweeps {

    /** Matrix k's non-zeros, in block order, are [byMatrixStart[k], byMatrixStart[k + 1]). */
    private final int[] byMatrixStart;
    private final int[] byMatrixBlock;
    /** Position of the entry (row, col) in its block's array: row n + col, or the row of a diagonal block. */
    private final int[] byMatrixFirst;
    /** Position of (col, row) for an off-diagonal entry of a dense block, else -1. */
    private final int[] byMatrixSecond;
    private final double[] byMatrixValue;

    /** Block b's non-zeros of A_1..A_m, in matrix order, are [byBlockStart[b], byBlockStart[b + 1]). */
    private final int[] byBlockStart;
    /** The constraint i (0-based: A_{i+1}) of each entry. */
    private final int[] byBlockConstraint;
    private final int[] byBlockFirst;
    private final int[] byBlockSecond;
    private final double[] byBlockValue;

    /** @param problem the problem whose matrices are laid out; not modified */
    ConstraintSweeps(SdpProblem problem) {
        int m = problem.constraintCount();
        int blocks = problem.blockCount();
        BlockEntries[][] entries = problem.entries;
        int total = 0;
        int constraintTotal = 0;
        for (int b = 0; b < blocks; b++) {
            for (int k = 0; k <= m; k++) {
                total += entries[b][k].size;
                constraintTotal += k > 0 ? entries[b][k].size : 0;
            }
        }
        byMatrixStart = new int[m + 2];
        byMatrixBlock = new int[total];
        byMatrixFirst = new int[total];
        byMatrixSecond = new int[total];
        byMatrixValue = new double[total];
        int t = 0;
        for (int k = 0; k <= m; k++) {
            byMatrixStart[k] = t;
            for (int b = 0; b < blocks; b++) {
                BlockEntries e = entries[b][k];
                for (int s = 0; s < e.size; s++) {
                    byMatrixBlock[t] = b;
                    byMatrixFirst[t] = first(problem, b, e.rows[s], e.cols[s]);
                    byMatrixSecond[t] = second(problem, b, e.rows[s], e.cols[s]);
                    byMatrixValue[t++] = e.values[s];
                }
            }
        }
        byMatrixStart[m + 1] = t;
        byBlockStart = new int[blocks + 1];
        byBlockConstraint = new int[constraintTotal];
        byBlockFirst = new int[constraintTotal];
        byBlockSecond = new int[constraintTotal];
        byBlockValue = new double[constraintTotal];
        t = 0;
        for (int b = 0; b < blocks; b++) {
            byBlockStart[b] = t;
            for (int i = 0; i < m; i++) {
                BlockEntries e = entries[b][i + 1];
                for (int s = 0; s < e.size; s++) {
                    byBlockConstraint[t] = i;
                    byBlockFirst[t] = first(problem, b, e.rows[s], e.cols[s]);
                    byBlockSecond[t] = second(problem, b, e.rows[s], e.cols[s]);
                    byBlockValue[t++] = e.values[s];
                }
            }
        }
        byBlockStart[blocks] = t;
    }

    private static int first(SdpProblem problem, int b, int row, int col) {
        return problem.isDiagonal(b) ? row : row * problem.blockSize(b) + col;
    }

    private static int second(SdpProblem problem, int b, int row, int col) {
        return problem.isDiagonal(b) || row == col ? -1 : col * problem.blockSize(b) + row;
    }

    /**
     * {@code (matrix k) . M} summed over the blocks, for M not necessarily symmetric: each off-diagonal
     * entry of a dense block meets {@code M_rc + M_cr}.
     *
     * @param k the matrix: 0 for C, i + 1 for A_i
     * @param matrices per block, M (dense blocks n*n row-major, diagonal blocks their n entries); not modified
     * @return the sum, its terms in block order and within a block in the problem's entry order
     */
    double innerProduct(int k, double[][] matrices) {
        double s = 0;
        for (int t = byMatrixStart[k]; t < byMatrixStart[k + 1]; t++) {
            double[] a = matrices[byMatrixBlock[t]];
            int second = byMatrixSecond[t];
            s += second < 0 ? byMatrixValue[t] * a[byMatrixFirst[t]]
                    : byMatrixValue[t] * (a[byMatrixFirst[t]] + a[second]);
        }
        return s;
    }

    /**
     * {@code a += sum_i coefficients[i] A_{i+1}} in block b, the constraints in increasing order and those
     * with a zero coefficient skipped; each entry adds {@code coefficients[i] * value} to both of its
     * positions.
     *
     * @param b the block
     * @param coefficients one per constraint (length at least m); not modified
     * @param a the block's array (n*n row-major, or n for a diagonal block); modified
     */
    void addCombination(int b, double[] coefficients, double[] a) {
        for (int t = byBlockStart[b]; t < byBlockStart[b + 1]; t++) {
            double alpha = coefficients[byBlockConstraint[t]];
            if (alpha == 0) {
                continue;
            }
            double v = alpha * byBlockValue[t];
            a[byBlockFirst[t]] += v;
            int second = byBlockSecond[t];
            if (second >= 0) {
                a[second] += v;
            }
        }
    }
}
