package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import java.util.Arrays;

/**
 * An immutable block-diagonal semidefinite program in the SDPA convention, with optional free
 * variables on the matrix side.
 *
 * <p>With constraint matrices {@code A_1..A_m} (SDPA's {@code F_1..F_m}), constant matrix {@code C}
 * (SDPA's {@code F_0}) and cost vector {@code c}, all block diagonal with the same block structure:
 * <pre>
 *   (P)  minimise   c'x                 subject to  X = sum_i A_i x_i - C  PSD,   sum_i a_i x_i = f
 *   (D)  maximise   C . Y + f'w         subject to  A_i . Y + a_i'w = c_i  (i = 1..m),  Y PSD
 * </pre>
 * Here {@code w} are the free variables (a vector of length {@link #freeCount()}, possibly empty),
 * {@code a_i} their coefficients in constraint {@code i} and {@code f} their objective coefficients.
 * Without free variables this is exactly SDPA's pair of problems. A block is either a dense symmetric
 * block of size {@code n} or a diagonal block of size {@code n} (a linear-programming block: its
 * entries are non-negative, written with a negative size {@code -n} in SDPA files).
 *
 * <p>In the Java API every index is 0-based: constraints {@code i in [0, m)}, blocks, rows and
 * columns. SDPA files number them from 1 and call the constant matrix {@code F_0}.
 */
public final class SdpProblem {

    private final int m;
    private final int[] blockSizes;
    private final int freeCount;
    private final double[] cost;
    /** entries[b][k]: block b of matrix k, where k = 0 is C and k = i + 1 is A_i. */
    final BlockEntries[][] entries;
    /** free[k]: the free-variable coefficients of matrix k (k = 0: f, k = i + 1: a_i), rows = index. */
    final BlockEntries[] free;

    private SdpProblem(Builder b) {
        m = b.m;
        blockSizes = b.blockSizes.clone();
        freeCount = b.freeCount;
        cost = b.cost.clone();
        entries = b.entries;
        free = b.free;
        for (BlockEntries[] block : entries) {
            compactAll(block);
        }
        compactAll(free);
    }

    private static void compactAll(BlockEntries[] list) {
        for (int k = 0; k < list.length; k++) {
            if (list[k] == null) {
                list[k] = BlockEntries.EMPTY;
            } else {
                list[k].compact();
            }
        }
    }

    /**
     * Starts a problem.
     *
     * @param constraintCount m, the number of constraints (primal variables x), {@code >= 1}
     * @param blockSizes the block sizes in SDPA convention: {@code n > 0} a dense symmetric block of
     *     size n, {@code -n < 0} a diagonal (LP) block of size n; not modified
     * @param freeCount the number of free variables w, {@code >= 0}
     * @return a builder with all entries zero
     * @throws IllegalArgumentException if a count is out of range or a block size is 0
     */
    public static Builder builder(int constraintCount, int[] blockSizes, int freeCount) {
        return new Builder(constraintCount, blockSizes, freeCount);
    }

    /** @return m, the number of constraints (the length of x and c) */
    public int constraintCount() {
        return m;
    }

    /** @return the number of blocks */
    public int blockCount() {
        return blockSizes.length;
    }

    /**
     * @param block the block index
     * @return its dimension n (always positive)
     */
    public int blockSize(int block) {
        return Math.abs(blockSizes[Checks.index(block, blockSizes.length, "block")]);
    }

    /**
     * @param block the block index
     * @return whether it is a diagonal (LP) block
     */
    public boolean isDiagonal(int block) {
        return blockSizes[Checks.index(block, blockSizes.length, "block")] < 0;
    }

    /** @return the block sizes in SDPA convention (negative: diagonal); a fresh copy */
    public int[] blockSizes() {
        return blockSizes.clone();
    }

    /** @return the number of free variables w */
    public int freeCount() {
        return freeCount;
    }

    /**
     * @param i the constraint index in [0, m)
     * @return c_i, the cost of x_i
     */
    public double cost(int i) {
        return cost[Checks.index(i, m, "constraint")];
    }

    /** @return the cost vector c; a fresh copy */
    public double[] costs() {
        return cost.clone();
    }

    /**
     * Reads one entry of a constraint matrix.
     *
     * @param i the constraint index in [0, m), or -1 for the constant matrix C
     * @param block the block
     * @param row the row within the block
     * @param col the column within the block
     * @return the entry (symmetric: row and col may be swapped)
     */
    public double entry(int i, int block, int row, int col) {
        BlockEntries e = entries[Checks.index(block, blockSizes.length, "block")][matrixIndex(i, m)];
        int r = Math.min(row, col);
        int c = Math.max(row, col);
        for (int k = 0; k < e.size; k++) {
            if (e.rows[k] == r && e.cols[k] == c) {
                return e.values[k];
            }
        }
        return 0;
    }

    /**
     * @param i the constraint index in [0, m), or -1 for the free objective coefficients f
     * @param k the free variable index
     * @return a_i[k] (or f[k])
     */
    public double freeEntry(int i, int k) {
        BlockEntries e = free[matrixIndex(i, m)];
        Checks.index(k, freeCount, "free variable");
        for (int t = 0; t < e.size; t++) {
            if (e.rows[t] == k) {
                return e.values[t];
            }
        }
        return 0;
    }

    /**
     * @param i the constraint index in [0, m), or -1 for C
     * @param block the block
     * @return the number of stored non-zero upper-triangle entries of that matrix in that block
     */
    public int entryCount(int i, int block) {
        return entries[Checks.index(block, blockSizes.length, "block")][matrixIndex(i, m)].size;
    }

    private static int matrixIndex(int i, int m) {
        if (i < -1 || i >= m) {
            throw new IndexOutOfBoundsException("constraint = " + i + " is outside [-1, " + m + ")");
        }
        return i + 1;
    }

    /**
     * The same program without free variables, as an SDPA file can hold it: each free variable w_k becomes
     * {@code y+ - y-}, two entries of a diagonal block appended after the others (entries 2k and 2k + 1 of
     * it) with the coefficients {@code a_i[k]} and {@code -a_i[k]} in constraint i and {@code f[k]} and
     * {@code -f[k]} in C. The optimal value is the same, and {@link SdpSolver} recognises the pairs again
     * ({@link SdpResult#splitFreeVariables()}); a solution's w_k is the difference of the two entries.
     *
     * @return this problem if it has no free variables, else the split one
     */
    public SdpProblem withFreeVariablesSplit() {
        if (freeCount == 0) {
            return this;
        }
        int[] sizes = Arrays.copyOf(blockSizes, blockSizes.length + 1);
        int split = blockSizes.length;
        sizes[split] = -2 * freeCount;
        Builder b = builder(m, sizes, 0);
        for (int i = 0; i < m; i++) {
            b.cost(i, cost[i]);
        }
        for (int k = 0; k <= m; k++) {
            for (int block = 0; block < blockSizes.length; block++) {
                BlockEntries e = entries[block][k];
                for (int t = 0; t < e.size; t++) {
                    b.add(k, block, e.rows[t], e.cols[t], e.values[t]);
                }
            }
            BlockEntries f = free[k];
            for (int t = 0; t < f.size; t++) {
                b.add(k, split, 2 * f.rows[t], 2 * f.rows[t], f.values[t]);
                b.add(k, split, 2 * f.rows[t] + 1, 2 * f.rows[t] + 1, -f.values[t]);
            }
        }
        return b.build();
    }

    @Override
    public String toString() {
        return "SdpProblem[m=" + m + ", blocks=" + Arrays.toString(blockSizes) + ", free=" + freeCount + "]";
    }

    /**
     * Collects the entries of an {@link SdpProblem}. Entries given twice are summed; an entry below the
     * diagonal is stored as its mirror above it (the matrices are symmetric). Not thread-safe.
     */
    public static final class Builder {

        private final int m;
        private final int[] blockSizes;
        private final int freeCount;
        private final double[] cost;
        private final BlockEntries[][] entries;
        private final BlockEntries[] free;
        private boolean built;

        private Builder(int m, int[] blockSizes, int freeCount) {
            if (m < 1) {
                throw new IllegalArgumentException("constraintCount must be >= 1, got " + m);
            }
            Checks.notNull(blockSizes, "blockSizes");
            Checks.nonNegative(freeCount, "freeCount");
            for (int b = 0; b < blockSizes.length; b++) {
                if (blockSizes[b] == 0) {
                    throw new IllegalArgumentException("blockSizes[" + b + "] must not be 0");
                }
            }
            if (blockSizes.length == 0) {
                throw new IllegalArgumentException("blockSizes must name at least one block");
            }
            this.m = m;
            this.blockSizes = blockSizes.clone();
            this.freeCount = freeCount;
            this.cost = new double[m];
            this.entries = new BlockEntries[blockSizes.length][m + 1];
            this.free = new BlockEntries[m + 1];
        }

        /**
         * Sets c_i.
         *
         * @param i the constraint index in [0, m)
         * @param value c_i, finite
         * @return this builder
         */
        public Builder cost(int i, double value) {
            checkOpen();
            cost[Checks.index(i, m, "constraint")] = Checks.finite(value, "cost[" + i + "]");
            return this;
        }

        /**
         * Adds {@code value} to entry (row, col) and (col, row) of constraint matrix A_i.
         *
         * @param i the constraint index in [0, m)
         * @param block the block
         * @param row the row in [0, n)
         * @param col the column in [0, n); must equal row in a diagonal block
         * @param value the value, finite
         * @return this builder
         */
        public Builder constraintEntry(int i, int block, int row, int col, double value) {
            Checks.index(i, m, "constraint");
            return add(i + 1, block, row, col, value);
        }

        /**
         * Adds {@code value} to entry (row, col) and (col, row) of the constant matrix C (SDPA's F_0).
         *
         * @param block the block
         * @param row the row in [0, n)
         * @param col the column in [0, n); must equal row in a diagonal block
         * @param value the value, finite
         * @return this builder
         */
        public Builder constantEntry(int block, int row, int col, double value) {
            return add(0, block, row, col, value);
        }

        /**
         * Adds {@code value} to a_i[k], the coefficient of free variable k in constraint i.
         *
         * @param i the constraint index in [0, m)
         * @param k the free variable in [0, freeCount)
         * @param value the value, finite
         * @return this builder
         */
        public Builder freeEntry(int i, int k, double value) {
            Checks.index(i, m, "constraint");
            return addFree(i + 1, k, value);
        }

        /**
         * Adds {@code value} to f[k], the objective coefficient of free variable k in (D).
         *
         * @param k the free variable in [0, freeCount)
         * @param value the value, finite
         * @return this builder
         */
        public Builder freeObjective(int k, double value) {
            return addFree(0, k, value);
        }

        /**
         * @return the problem; the builder cannot be used afterwards
         * @throws IllegalStateException if called twice
         */
        public SdpProblem build() {
            checkOpen();
            built = true;
            return new SdpProblem(this);
        }

        private Builder add(int k, int block, int row, int col, double value) {
            checkOpen();
            Checks.index(block, blockSizes.length, "block");
            int n = Math.abs(blockSizes[block]);
            Checks.index(row, n, "row");
            Checks.index(col, n, "col");
            Checks.finite(value, "value");
            if (blockSizes[block] < 0 && row != col) {
                throw new IllegalArgumentException("block " + block + " is diagonal, but entry (" + row + ", "
                        + col + ") is off the diagonal");
            }
            if (entries[block][k] == null) {
                entries[block][k] = new BlockEntries(4);
            }
            entries[block][k].add(Math.min(row, col), Math.max(row, col), value);
            return this;
        }

        private Builder addFree(int k, int index, double value) {
            checkOpen();
            Checks.index(index, freeCount, "free variable");
            Checks.finite(value, "value");
            if (free[k] == null) {
                free[k] = new BlockEntries(4);
            }
            free[k].add(index, index, value);
            return this;
        }

        private void checkOpen() {
            if (built) {
                throw new IllegalStateException("build() was already called on this builder");
            }
        }
    }
}
