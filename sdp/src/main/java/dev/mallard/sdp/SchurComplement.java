package dev.mallard.sdp;

import java.util.Arrays;
import java.util.BitSet;
import java.util.stream.IntStream;

/**
 * Assembles the HKM Schur complement {@code B_ij = sum over blocks of tr(A_i X^-1 A_j Y)} (for a
 * diagonal block {@code sum_k A_i[k] A_j[k] Y[k] / X[k]}), exploiting the sparsity of the constraint
 * matrices in the manner of Fujisawa, Kojima and Nakata (1997): in each dense block the constraints
 * are ordered by decreasing number of non-zeros, and row {@code i} of B is computed by whichever of
 * three formulas is cheapest for its sparsity:
 * <ol>
 *   <li>F1: form {@code H = X^-1 (A_i Y)} in full, then {@code B_ij = A_j . H} for the later j;</li>
 *   <li>F2: form {@code P = A_i Y} (only the rows in A_i's support), then the entries of H that later
 *       A_j touch, one short inner product each;</li>
 *   <li>F3: sum directly over pairs of non-zeros of A_i and A_j.</li>
 * </ol>
 * The structure (ordering, supports, formula choice, positions in the supports) is computed once per
 * problem. F1, the formula of the denser constraints (in SOS programs almost all of them), is the dominant
 * cost; three things make it several times faster than a row at a time over flat arrays (measured on roa's
 * programs, docs/PERFORMANCE.md "Schur complement (issue 30)"):
 * <ul>
 *   <li>the products run over rows of Z, Y, P and H held as separate arrays, one index per loop, which
 *       the JIT compiles to vector instructions (it does not for two offsets into possibly one array);</li>
 *   <li>eight consecutive F1 rows share one pass over the later constraints' entries: the eight values of
 *       {@code H + H'} at each position lie side by side, so one cache line serves eight sums;</li>
 *   <li>each contribution of a dense block is added in the computing row only and mirrored after the block
 *       in cache-sized tiles, instead of a scattered write into a column of B per entry.</li>
 * </ul>
 * Each entry of B is the same sum, in the same order, as the straightforward row-by-row assembly gives.
 * The work of a large dense block is shared among the cores, unit u (one row, or up to eight F1 rows) to
 * worker u mod workers: each entry of B is still written by exactly one unit's computation, after the same
 * earlier blocks, so the result is bit-for-bit the serial one.
 */
final class SchurComplement {

    private static final int F1 = 1;
    private static final int F2 = 2;
    private static final int F3 = 3;

    /**
     * Rows of B whose F1 formula shares one pass over the later constraints' entries (the eight sums of
     * {@link #rowsFromSymmetric}).
     */
    private static final int BATCH = 8;

    /** A dense block with at least this many (rows of B) x n^2 is assembled on several cores. */
    private static final double PARALLEL_WORK = 2e5;

    private final int m;
    private final DenseBlock[] dense;
    private final DiagonalBlock[] diagonal;
    private final int workers;
    /** Per worker, two scratch arrays of the largest dense block's size n^2. */
    private final double[][] scratchP;
    private final double[][] scratchH;
    /** Per worker, two scratch matrices of the largest dense block's size, n rows of n. */
    private final double[][][] scratchPRows;
    private final double[][][] scratchHRows;
    /** Per worker, a batch's upper triangles of H + H', position-major: BATCH values per position. */
    private final double[][] scratchBatch;
    /** Per worker, the same BATCH packed upper triangles one after another, as they are computed. */
    private final double[][][] scratchSymmetric;
    /** Per worker, one value per entry of the largest dense block's constraints (see {@link #rowByEntries}). */
    private final double[][] scratchEntries;

    /** Structure of one dense block: constraints touching it, in decreasing non-zero count. */
    private static final class DenseBlock {
        final int block;
        final int n;
        final int[] cons;
        final int[][] rows;
        final int[][] cols;
        /** Values with the diagonal halved, so that A = sum u (E_rc + E_cr). */
        final double[][] half;
        final int[][] support;
        /** For each entry, the positions of its row and column in the support. */
        final int[][] rowPos;
        final int[][] colPos;
        final int[] formula;
        /**
         * For an F1 constraint whose matrix fills at least half of the block (support all n rows), the
         * matrix in full (n x n row-major), else null: its H is then formed by two dense products.
         */
        final double[][] full;
        /**
         * Whether full[p] has all rows equal (gpp's all-ones constraint): each row of {@code Y A_i} is
         * then one number repeated, computed once per row.
         */
        final boolean[] repeatedRows;
        /**
         * For each entry (c, d), c <= d, its position in the packed upper triangle (row by row), times
         * {@link #BATCH}: where a batch's values of {@code H + H'} at (c, d) begin.
         */
        final int[][] upperIndex;
        /**
         * The units of work, rows [unitStart[u], unitStart[u + 1]): up to {@link #BATCH} consecutive F1
         * rows, or one row of another formula.
         */
        final int[] unitStart;
        /**
         * Per constraint of the problem, its position in cons, or {@code Integer.MAX_VALUE} if it does not
         * touch the block (see {@link SchurComplement#mirror}).
         */
        final int[] rank;
        /** cons in increasing order: the rows and columns of B that {@link SchurComplement#mirror} visits. */
        final int[] sortedCons;
        /**
         * All constraints' entries one after another in the order of cons (rows and columns), constraint p's
         * from entryStart[p] on: what {@link SchurComplement#rowByEntries} walks.
         */
        final int[] entryRows;
        final int[] entryCols;
        final int[] entryStart;
        /** The rows of this block's Z and Y, copied at each assembly (see {@link #copyRows}). */
        final double[][] zRows;
        final double[][] yRows;

        DenseBlock(int constraintCount, int block, int n, int[] cons, int[][] rows, int[][] cols, double[][] half,
                int[][] support, int[] formula) {
            unitStart = units(formula);
            rank = new int[constraintCount];
            Arrays.fill(rank, Integer.MAX_VALUE);
            for (int p = 0; p < cons.length; p++) {
                rank[cons[p]] = p;
            }
            sortedCons = cons.clone();
            Arrays.sort(sortedCons);
            entryStart = new int[cons.length + 1];
            for (int p = 0; p < cons.length; p++) {
                entryStart[p + 1] = entryStart[p] + rows[p].length;
            }
            entryRows = new int[entryStart[cons.length]];
            entryCols = new int[entryStart[cons.length]];
            for (int p = 0; p < cons.length; p++) {
                System.arraycopy(rows[p], 0, entryRows, entryStart[p], rows[p].length);
                System.arraycopy(cols[p], 0, entryCols, entryStart[p], cols[p].length);
            }
            this.block = block;
            this.n = n;
            this.cons = cons;
            this.rows = rows;
            this.cols = cols;
            this.half = half;
            this.support = support;
            this.formula = formula;
            rowPos = new int[cons.length][];
            colPos = new int[cons.length][];
            full = new double[cons.length][];
            repeatedRows = new boolean[cons.length];
            upperIndex = new int[cons.length][];
            zRows = new double[n][n];
            yRows = new double[n][n];
            for (int p = 0; p < cons.length; p++) {
                rowPos[p] = new int[rows[p].length];
                colPos[p] = new int[rows[p].length];
                upperIndex[p] = new int[rows[p].length];
                for (int e = 0; e < rows[p].length; e++) {
                    rowPos[p][e] = Arrays.binarySearch(support[p], rows[p][e]);
                    colPos[p][e] = Arrays.binarySearch(support[p], cols[p][e]);
                    int r = rows[p][e];
                    upperIndex[p][e] = (r * n - r * (r - 1) / 2 + cols[p][e] - r) * BATCH;
                }
                if (formula[p] == F1 && support[p].length == n && 4L * rows[p].length >= (long) n * n) {
                    full[p] = fullMatrix(n, rows[p], cols[p], half[p]);
                    repeatedRows[p] = rowsAllEqual(full[p], n);
                }
            }
        }
    }

    /** The starts of the units of work (see {@link DenseBlock#unitStart}), and the row count at the end. */
    private static int[] units(int[] formula) {
        int[] starts = new int[formula.length + 1];
        int count = 0;
        int p = 0;
        while (p < formula.length) {
            starts[count++] = p;
            int end = p + 1;
            if (formula[p] == F1) {
                while (end < formula.length && end - p < BATCH && formula[end] == F1) {
                    end++;
                }
            }
            p = end;
        }
        starts[count++] = formula.length;
        return Arrays.copyOf(starts, count);
    }

    /** The symmetric matrix sum u (E_rc + E_cr) over the entries, in full. */
    private static double[] fullMatrix(int n, int[] rows, int[] cols, double[] half) {
        double[] a = new double[n * n];
        for (int e = 0; e < rows.length; e++) {
            a[rows[e] * n + cols[e]] += half[e];
            a[cols[e] * n + rows[e]] += half[e];
        }
        return a;
    }

    /** Whether every row of the n x n row-major matrix a equals its first row. */
    private static boolean rowsAllEqual(double[] a, int n) {
        for (int t = n; t < n * n; t++) {
            if (Double.compare(a[t], a[t % n]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Structure of one diagonal block: for each diagonal position, the constraints touching it. */
    private static final class DiagonalBlock {
        final int block;
        /** Per diagonal position, the constraints touching it, in increasing order. */
        final int[][] cons;
        final double[][] values;
        /**
         * The constraints that share a position with another, in increasing order, when the block's pairs
         * are added on the upper side only and mirrored after the block (see
         * {@link SchurComplement#assembleDiagonal}); null when both sides are written.
         */
        final int[] mirrored;

        DiagonalBlock(int block, int[][] cons, double[][] values) {
            this.block = block;
            this.cons = cons;
            this.values = values;
            this.mirrored = mirrored(cons);
        }

        /**
         * The constraints of the positions with two or more, if mirroring their pairs in B (half their count
         * squared) costs less than a quarter of the writes it saves (one per pair and position, each into a
         * column of B: a cache miss); else null.
         */
        private static int[] mirrored(int[][] cons) {
            BitSet coupled = new BitSet();
            double pairs = 0;
            for (int[] c : cons) {
                if (c.length > 1) {
                    for (int i : c) {
                        coupled.set(i);
                    }
                    pairs += 0.5 * c.length * (c.length - 1);
                }
            }
            double k = coupled.cardinality();
            return k > 1 && 0.5 * k * k < 0.25 * pairs ? coupled.stream().toArray() : null;
        }
    }

    /** Shares large blocks among all cores if there are several. */
    SchurComplement(SdpProblem problem) {
        this(problem, DenseKernels.PARALLEL ? Runtime.getRuntime().availableProcessors() : 1);
    }

    /**
     * @param problem the problem whose structure is analysed; not modified
     * @param workers how many workers share a large block's rows ({@code >= 1})
     */
    SchurComplement(SdpProblem problem, int workers) {
        m = problem.constraintCount();
        int blocks = problem.blockCount();
        int denseCount = 0;
        for (int b = 0; b < blocks; b++) {
            denseCount += problem.isDiagonal(b) ? 0 : 1;
        }
        dense = new DenseBlock[denseCount];
        diagonal = new DiagonalBlock[blocks - denseCount];
        int d = 0;
        int g = 0;
        for (int b = 0; b < blocks; b++) {
            if (problem.isDiagonal(b)) {
                diagonal[g++] = diagonalStructure(problem, b);
            } else {
                dense[d++] = denseStructure(problem, b);
            }
        }
        int maxDense = 1;
        int maxEntries = 1;
        for (DenseBlock block : dense) {
            maxDense = Math.max(maxDense, block.n);
            maxEntries = Math.max(maxEntries, block.entryRows.length);
        }
        this.workers = workers;
        scratchP = new double[workers][maxDense * maxDense];
        scratchH = new double[workers][maxDense * maxDense];
        scratchPRows = new double[workers][maxDense][maxDense];
        scratchHRows = new double[workers][maxDense][maxDense];
        scratchBatch = new double[workers][maxDense * (maxDense + 1) / 2 * BATCH];
        scratchSymmetric = new double[workers][BATCH][maxDense * (maxDense + 1) / 2];
        scratchEntries = new double[workers][maxEntries];
    }

    private DenseBlock denseStructure(SdpProblem problem, int b) {
        int n = problem.blockSize(b);
        BlockEntries[] e = problem.entries[b];
        Integer[] order = new Integer[m];
        int count = 0;
        for (int i = 0; i < m; i++) {
            if (e[i + 1].size > 0) {
                order[count++] = i;
            }
        }
        Arrays.sort(order, 0, count, (p, q) -> Integer.compare(e[q + 1].size, e[p + 1].size));
        int[] cons = new int[count];
        int[][] rows = new int[count][];
        int[][] cols = new int[count][];
        double[][] half = new double[count][];
        int[][] support = new int[count][];
        for (int p = 0; p < count; p++) {
            BlockEntries entries = e[order[p] + 1];
            cons[p] = order[p];
            rows[p] = entries.rows;
            cols[p] = entries.cols;
            half[p] = entries.values.clone();
            boolean[] inSupport = new boolean[n];
            for (int k = 0; k < entries.size; k++) {
                if (entries.rows[k] == entries.cols[k]) {
                    half[p][k] *= 0.5;
                }
                inSupport[entries.rows[k]] = true;
                inSupport[entries.cols[k]] = true;
            }
            int s = 0;
            int[] sup = new int[n];
            for (int r = 0; r < n; r++) {
                if (inSupport[r]) {
                    sup[s++] = r;
                }
            }
            support[p] = Arrays.copyOf(sup, s);
        }
        return new DenseBlock(m, b, n, cons, rows, cols, half, support, chooseFormulas(n, rows, support));
    }

    /** Picks per row the cheapest of F1, F2, F3 by operation counts. */
    private static int[] chooseFormulas(int n, int[][] rows, int[][] support) {
        int count = rows.length;
        int[] formula = new int[count];
        double later = 0;
        for (int p = count - 1; p >= 0; p--) {
            later += rows[p].length;
            double u = rows[p].length;
            double s = support[p].length;
            double f1 = (double) n * n * s + 2.0 * n * u + 2 * later;
            double f2 = 2.0 * n * u + 2 * s * later;
            double f3 = 8 * u * later;
            formula[p] = f3 <= Math.min(f1, f2) ? F3 : (f2 <= f1 ? F2 : F1);
        }
        return formula;
    }

    private DiagonalBlock diagonalStructure(SdpProblem problem, int b) {
        int n = problem.blockSize(b);
        BlockEntries[] e = problem.entries[b];
        int[] counts = new int[n];
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < e[i + 1].size; k++) {
                counts[e[i + 1].rows[k]]++;
            }
        }
        int[][] cons = new int[n][];
        double[][] values = new double[n][];
        for (int r = 0; r < n; r++) {
            cons[r] = new int[counts[r]];
            values[r] = new double[counts[r]];
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < e[i + 1].size; k++) {
                int r = e[i + 1].rows[k];
                cons[r][counts[r]] = i;
                values[r][counts[r]++] = e[i + 1].values[k];
            }
        }
        return new DiagonalBlock(b, cons, values);
    }

    /**
     * Writes the Schur complement into {@code out} (m x m, row-major, overwritten).
     *
     * @param inverseX per block, X^-1 (dense blocks n*n, diagonal blocks their n entries); not modified
     * @param y per block, Y; not modified
     */
    void assemble(double[][] inverseX, double[][] y, double[] out) {
        Arrays.fill(out, 0, m * m, 0);
        for (DenseBlock block : dense) {
            double[] z = inverseX[block.block];
            double[] yb = y[block.block];
            copyRows(z, block.zRows, block.n);
            copyRows(yb, block.yRows, block.n);
            if (workers > 1 && (double) block.cons.length * block.n * block.n >= PARALLEL_WORK) {
                IntStream.range(0, workers).parallel().forEach(t -> assembleDense(block, z, yb, out, t, workers));
            } else {
                assembleDense(block, z, yb, out, 0, 1);
            }
            mirror(block, out);
        }
        for (DiagonalBlock block : diagonal) {
            assembleDiagonal(block, inverseX[block.block], y[block.block], out);
        }
    }

    /**
     * A diagonal block's contribution {@code B_ij += sum_r A_i[r] A_j[r] Y[r] / X[r]}, position by position.
     * When the block says so ({@link DiagonalBlock#mirrored}: a few positions that many constraints touch,
     * as the sample rows of a sampled Lyapunov LP, where the column-wise writes took as long as the
     * factorisation of B), each pair is added on the upper side only and copied to the lower side after the
     * block. B is symmetric before the block, and both sides would have received the same additions in the
     * same order, so every entry is the same sum either way.
     */
    private void assembleDiagonal(DiagonalBlock block, double[] z, double[] y, double[] out) {
        boolean bothSides = block.mirrored == null;
        for (int r = 0; r < block.cons.length; r++) {
            int[] cons = block.cons[r];
            double[] v = block.values[r];
            double weight = z[r] * y[r];
            for (int s = 0; s < cons.length; s++) {
                double vs = v[s] * weight;
                int rowS = cons[s] * m;
                for (int t = s; t < cons.length; t++) {
                    double add = vs * v[t];
                    out[rowS + cons[t]] += add;
                    // A constraint listed twice at one position (cons[t] == cons[s]) adds to its diagonal twice.
                    if (t != s && (bothSides || cons[t] == cons[s])) {
                        out[cons[t] * m + cons[s]] += add;
                    }
                }
            }
        }
        if (!bothSides) {
            mirrorUpper(block.mirrored, out);
        }
    }

    /** B_ji = B_ij for i < j in {@code sorted} (increasing), in square tiles. */
    private void mirrorUpper(int[] sorted, double[] out) {
        int k = sorted.length;
        int tile = 32;
        for (int a0 = 0; a0 < k; a0 += tile) {
            int a1 = Math.min(a0 + tile, k);
            for (int b0 = a0; b0 < k; b0 += tile) {
                int b1 = Math.min(b0 + tile, k);
                for (int a = a0; a < a1; a++) {
                    int i = sorted[a];
                    int rowI = i * m;
                    for (int b = Math.max(b0, a + 1); b < b1; b++) {
                        int j = sorted[b];
                        out[j * m + i] = out[rowI + j];
                    }
                }
            }
        }
    }

    /** The units first, first + stride, ... of the block's contribution, with worker first's scratch. */
    private void assembleDense(DenseBlock block, double[] z, double[] y, double[] out, int first, int stride) {
        double[] p = scratchP[first];
        double[] h = scratchH[first];
        int[] units = block.unitStart;
        for (int u = first; u + 1 < units.length; u += stride) {
            int q = units[u];
            switch (block.formula[q]) {
                case F3 -> rowByPairs(block, q, z, y, out);
                case F2 -> {
                    productRows(block, q, scratchPRows[first]);
                    rowByEntries(block, q, scratchPRows[first], p, h, scratchEntries[first], out);
                }
                default -> {
                    double[] batch = scratchBatch[first];
                    int count = units[u + 1] - q;
                    for (int t = 0; t < count; t++) {
                        symmetricProduct(block, q + t, z, y, first);
                        symmetricPart(block, q + t, first, scratchSymmetric[first][t]);
                    }
                    interleave(scratchSymmetric[first], count, block.n * (block.n + 1) / 2, batch);
                    rowsFromSymmetric(block, q, count, batch, out);
                }
            }
        }
    }

    /**
     * H = Z A_i Y for the block's constraint p, into the worker's scratchH (row-major) if A_i is stored in
     * full, else into its scratchHRows.
     */
    private void symmetricProduct(DenseBlock block, int p, double[] z, double[] y, int worker) {
        int n = block.n;
        if (block.full[p] != null) {
            // scratchP = Y A_i = (A_i Y)', scratchH = Z (A_i Y), blocked dense products.
            double[] prod = scratchP[worker];
            if (block.repeatedRows[p]) {
                productWithRepeatedRows(y, block.full[p], prod, n);
            } else {
                DenseKernels.multTransB(y, block.full[p], prod, n);
            }
            DenseKernels.multTransB(z, prod, scratchH[worker], n);
        } else {
            productRows(block, p, scratchPRows[worker]);
            fullProduct(block, p, scratchPRows[worker], scratchHRows[worker]);
        }
    }

    /** Copies the n x n row-major {@code flat} into the rows of {@code rows}. */
    private static void copyRows(double[] flat, double[][] rows, int n) {
        for (int r = 0; r < n; r++) {
            System.arraycopy(flat, r * n, rows[r], 0, n);
        }
    }

    /**
     * p = y a' for an a whose rows all equal its first row r: entry (i, j) is {@code sum_k y_ik r_k}
     * for every j, summed once per row from 0 in the order k = 0, 1, ..., exactly as
     * {@link DenseKernels#multTransB} sums each entry, so p is bit for bit that product.
     */
    static void productWithRepeatedRows(double[] y, double[] a, double[] p, int n) {
        for (int i = 0; i < n; i++) {
            int row = i * n;
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += y[row + k] * a[k];
            }
            Arrays.fill(p, row, row + n, s);
        }
    }

    /**
     * Adds a dense block's contribution to B_ij on one side only, in row i (the row being computed), so
     * that the writes stay in one row of B; {@link #mirror} copies it to the other side after the block.
     */
    private void add(double[] out, int i, int j, double value) {
        out[i * m + j] += value;
    }

    /**
     * Makes B symmetric again after a dense block whose contributions were added on one side (see
     * {@link #add}): the pair (i, j) was written in the row of whichever constraint comes first in the
     * block's order, and the other side, still the value before the block, takes that sum. So every entry
     * is the same sum, in the same order, as if both sides had been added to. Only the pairs of the block's
     * own constraints are visited: B is symmetric before the block (bit for bit, by induction over the
     * blocks), and the block adds nothing to a pair with a constraint that does not touch it, so there the
     * copy would change nothing (with 18 small blocks of 253 constraints, as in the planar quadrotor's shape
     * search, visiting all of B after every block took a fifth of the solve). In square tiles of the sorted
     * constraints, so that the column-wise accesses stay in cache.
     */
    private void mirror(DenseBlock block, double[] out) {
        int[] rank = block.rank;
        int[] sorted = block.sortedCons;
        int k = sorted.length;
        int tile = 32;
        for (int a0 = 0; a0 < k; a0 += tile) {
            int a1 = Math.min(a0 + tile, k);
            for (int b0 = a0; b0 < k; b0 += tile) {
                int b1 = Math.min(b0 + tile, k);
                for (int a = a0; a < a1; a++) {
                    int i = sorted[a];
                    int rowI = i * m;
                    for (int b = Math.max(b0, a + 1); b < b1; b++) {
                        int j = sorted[b];
                        if (rank[i] < rank[j]) {
                            out[j * m + i] = out[rowI + j];
                        } else {
                            out[rowI + j] = out[j * m + i];
                        }
                    }
                }
            }
        }
    }

    /** F3: B_ij = sum over non-zero pairs u w (Z_bc Y_da + Z_bd Y_ca + Z_ac Y_db + Z_ad Y_cb). */
    private void rowByPairs(DenseBlock block, int p, double[] z, double[] y, double[] out) {
        int n = block.n;
        int[] ri = block.rows[p];
        int[] ci = block.cols[p];
        double[] ui = block.half[p];
        for (int q = p; q < block.cons.length; q++) {
            int[] rj = block.rows[q];
            int[] cj = block.cols[q];
            double[] uj = block.half[q];
            double s = 0;
            for (int e = 0; e < ri.length; e++) {
                int a = ri[e];
                int b = ci[e];
                int an = a * n;
                int bn = b * n;
                double t = 0;
                for (int f = 0; f < rj.length; f++) {
                    int c = rj[f];
                    int d = cj[f];
                    t += uj[f] * (z[bn + c] * y[d * n + a] + z[bn + d] * y[c * n + a]
                            + z[an + c] * y[d * n + b] + z[an + d] * y[c * n + b]);
                }
                s += ui[e] * t;
            }
            add(out, block.cons[p], block.cons[q], s);
        }
    }

    /**
     * F2: the entries (c, d) and (d, c) of H = Z P that each later A_j touches. With s the support's size,
     * P (s rows of n) is first transposed into pt (n x s) and the support's columns of Z gathered into zs
     * (n x s), so that each entry is a dot product of two contiguous rows, its terms in support order.
     * The sums {@code H_cd + H_dc} of all later entries are formed first, four entries side by side (eight
     * independent chains of additions, where one entry's two chains left the processor waiting on each
     * addition), then each B_ij sums its entries' terms in their order: every entry of B is the sum it was,
     * in the order it was.
     */
    private void rowByEntries(DenseBlock block, int p, double[][] prod, double[] zs, double[] pt, double[] hSums,
            double[] out) {
        int n = block.n;
        int[] support = block.support[p];
        int s = support.length;
        for (int k = 0; k < s; k++) {
            double[] pk = prod[k];
            for (int d = 0; d < n; d++) {
                pt[d * s + k] = pk[d];
            }
        }
        for (int c = 0; c < n; c++) {
            double[] zc = block.zRows[c];
            int cs = c * s;
            for (int k = 0; k < s; k++) {
                zs[cs + k] = zc[support[k]];
            }
        }
        entrySums(block.entryRows, block.entryCols, block.entryStart[p], block.entryRows.length, s, zs, pt, hSums);
        for (int q = p; q < block.cons.length; q++) {
            double[] uj = block.half[q];
            int first = block.entryStart[q];
            double sum = 0;
            for (int f = 0; f < uj.length; f++) {
                sum += uj[f] * hSums[first + f];
            }
            add(out, block.cons[p], block.cons[q], sum);
        }
    }

    /**
     * hSums[e] = H_cd + H_dc for the entries e in [from, to) at (c, d) = (rows[e], cols[e]), with
     * {@code H_cd = sum_k zs[c s + k] pt[d s + k]} summed in the order k = 0, 1, ..., s - 1.
     */
    private static void entrySums(int[] rows, int[] cols, int from, int to, int s, double[] zs, double[] pt,
            double[] hSums) {
        int e = from;
        for (; e + 4 <= to; e += 4) {
            int c0 = rows[e] * s;
            int d0 = cols[e] * s;
            int c1 = rows[e + 1] * s;
            int d1 = cols[e + 1] * s;
            int c2 = rows[e + 2] * s;
            int d2 = cols[e + 2] * s;
            int c3 = rows[e + 3] * s;
            int d3 = cols[e + 3] * s;
            double cd0 = 0;
            double dc0 = 0;
            double cd1 = 0;
            double dc1 = 0;
            double cd2 = 0;
            double dc2 = 0;
            double cd3 = 0;
            double dc3 = 0;
            for (int k = 0; k < s; k++) {
                cd0 += zs[c0 + k] * pt[d0 + k];
                dc0 += zs[d0 + k] * pt[c0 + k];
                cd1 += zs[c1 + k] * pt[d1 + k];
                dc1 += zs[d1 + k] * pt[c1 + k];
                cd2 += zs[c2 + k] * pt[d2 + k];
                dc2 += zs[d2 + k] * pt[c2 + k];
                cd3 += zs[c3 + k] * pt[d3 + k];
                dc3 += zs[d3 + k] * pt[c3 + k];
            }
            hSums[e] = cd0 + dc0;
            hSums[e + 1] = cd1 + dc1;
            hSums[e + 2] = cd2 + dc2;
            hSums[e + 3] = cd3 + dc3;
        }
        for (; e < to; e++) {
            int cs = rows[e] * s;
            int ds = cols[e] * s;
            double hcd = 0;
            double hdc = 0;
            for (int k = 0; k < s; k++) {
                hcd += zs[cs + k] * pt[ds + k];
                hdc += zs[ds + k] * pt[cs + k];
            }
            hSums[e] = hcd + hdc;
        }
    }

    /**
     * P (support rows of n) = the rows of A_i Y in A_i's support, in support order, from the rows of Y.
     * Every loop runs over whole rows with one index, so that the JIT compiles it to vector instructions
     * (a loop whose arrays are indexed with different offsets is not: they might be one array).
     */
    private static void productRows(DenseBlock block, int p, double[][] out) {
        int n = block.n;
        int[] support = block.support[p];
        for (int k = 0; k < support.length; k++) {
            Arrays.fill(out[k], 0, n, 0);
        }
        int[] rows = block.rows[p];
        int[] cols = block.cols[p];
        int[] rowPos = block.rowPos[p];
        int[] colPos = block.colPos[p];
        double[] half = block.half[p];
        double[][] y = block.yRows;
        for (int e = 0; e < rows.length; e++) {
            int a = rows[e];
            int b = cols[e];
            if (a == b) {
                axpy(2 * half[e], y[b], out[rowPos[e]], n);
            } else {
                axpy(half[e], y[b], out[rowPos[e]], n);
                axpy(half[e], y[a], out[colPos[e]], n);
            }
        }
    }

    /** y[0..n) += alpha x[0..n). */
    private static void axpy(double alpha, double[] x, double[] y, int n) {
        for (int k = 0; k < n; k++) {
            y[k] += alpha * x[k];
        }
    }

    /** H (n rows of n) = Z[:, support] P, one row of P at a time in support order. */
    private static void fullProduct(DenseBlock block, int p, double[][] prod, double[][] h) {
        int n = block.n;
        int[] support = block.support[p];
        for (int c = 0; c < n; c++) {
            double[] zc = block.zRows[c];
            double[] hc = h[c];
            Arrays.fill(hc, 0, n, 0);
            for (int k = 0; k < support.length; k++) {
                double zck = zc[support[k]];
                if (zck != 0) {
                    axpy(zck, prod[k], hc, n);
                }
            }
        }
    }

    /**
     * Writes the packed upper triangle (c <= d, row by row) of H + H' into sym, H the last
     * {@link #symmetricProduct} of this worker (for the block's constraint p).
     */
    private void symmetricPart(DenseBlock block, int p, int worker, double[] sym) {
        int n = block.n;
        int index = 0;
        if (block.full[p] != null) {
            double[] h = scratchH[worker];
            for (int c = 0; c < n; c++) {
                int cn = c * n;
                for (int d = c; d < n; d++) {
                    sym[index++] = h[cn + d] + h[d * n + c];
                }
            }
        } else {
            double[][] h = scratchHRows[worker];
            for (int c = 0; c < n; c++) {
                double[] hc = h[c];
                for (int d = c; d < n; d++) {
                    sym[index++] = hc[d] + h[d][c];
                }
            }
        }
    }

    /** batch[pos BATCH + t] = sym[t][pos] for the first count of the BATCH arrays and every position. */
    private static void interleave(double[][] sym, int count, int positions, double[] batch) {
        if (count < BATCH) {
            for (int t = 0; t < count; t++) {
                double[] st = sym[t];
                for (int pos = 0, at = t; pos < positions; pos++, at += BATCH) {
                    batch[at] = st[pos];
                }
            }
            return;
        }
        // Whole batches (almost all): one sequential pass over the batch, eight sequential reads.
        double[] s0 = sym[0], s1 = sym[1], s2 = sym[2], s3 = sym[3];
        double[] s4 = sym[4], s5 = sym[5], s6 = sym[6], s7 = sym[7];
        for (int pos = 0, at = 0; pos < positions; pos++, at += BATCH) {
            batch[at] = s0[pos];
            batch[at + 1] = s1[pos];
            batch[at + 2] = s2[pos];
            batch[at + 3] = s3[pos];
            batch[at + 4] = s4[pos];
            batch[at + 5] = s5[pos];
            batch[at + 6] = s6[pos];
            batch[at + 7] = s7[pos];
        }
    }

    /**
     * F1 for the rows p..p+count-1: B_ij = sum over A_j's entries (c, d), c <= d, of u (H_cd + H_dc), the
     * count rows' values of each entry read together (one cache line) from the batch.
     */
    private void rowsFromSymmetric(DenseBlock block, int p, int count, double[] batch, double[] out) {
        for (int q = p; q < block.cons.length; q++) {
            int[] index = block.upperIndex[q];
            double[] uj = block.half[q];
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
            for (int f = 0; f < index.length; f++) {
                double u = uj[f];
                int at = index[f];
                s0 += u * batch[at];
                s1 += u * batch[at + 1];
                s2 += u * batch[at + 2];
                s3 += u * batch[at + 3];
                s4 += u * batch[at + 4];
                s5 += u * batch[at + 5];
                s6 += u * batch[at + 6];
                s7 += u * batch[at + 7];
            }
            // Row p + t takes the later constraints q >= p + t only (the earlier ones took it).
            int rows = Math.min(count, q - p + 1);
            int j = block.cons[q];
            int[] cons = block.cons;
            add(out, cons[p], j, s0);
            if (rows > 1) {
                add(out, cons[p + 1], j, s1);
                if (rows > 2) {
                    add(out, cons[p + 2], j, s2);
                    if (rows > 3) {
                        add(out, cons[p + 3], j, s3);
                        addLastFour(cons, p, rows, j, s4, s5, s6, s7, out);
                    }
                }
            }
        }
    }

    /** The sums of rows p+4..p+rows-1 of {@link #rowsFromSymmetric} for constraint index j. */
    private void addLastFour(int[] cons, int p, int rows, int j, double s4, double s5, double s6, double s7,
            double[] out) {
        if (rows > 4) {
            add(out, cons[p + 4], j, s4);
        }
        if (rows > 5) {
            add(out, cons[p + 5], j, s5);
        }
        if (rows > 6) {
            add(out, cons[p + 6], j, s6);
        }
        if (rows > 7) {
            add(out, cons[p + 7], j, s7);
        }
    }
}
