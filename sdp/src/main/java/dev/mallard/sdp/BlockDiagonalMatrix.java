package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Format;

/**
 * An immutable block-diagonal symmetric matrix with the block structure of an {@link SdpProblem}: a
 * solver's X or Y. Dense blocks are stored in full (row-major), diagonal blocks as their diagonal.
 *
 * <p>Immutable (the constructor copies the blocks, {@link #block} returns a fresh array), so safe to share
 * between threads.
 */
public final class BlockDiagonalMatrix {

    private final int[] blockSizes;
    private final double[][] blocks;

    /**
     * @param blockSizes block sizes in SDPA convention (negative: diagonal); not modified
     * @param blocks per block, {@code n*n} row-major values or, for a diagonal block, {@code n}
     *     diagonal values; copied
     * @throws IllegalArgumentException if a block has the wrong length
     */
    public BlockDiagonalMatrix(int[] blockSizes, double[][] blocks) {
        Checks.notNull(blockSizes, "blockSizes");
        Checks.notNull(blocks, "blocks");
        if (blocks.length != blockSizes.length) {
            throw new IllegalArgumentException("blocks has " + blocks.length + " blocks, blockSizes has "
                    + blockSizes.length);
        }
        this.blockSizes = blockSizes.clone();
        this.blocks = new double[blocks.length][];
        for (int b = 0; b < blocks.length; b++) {
            int n = Math.abs(blockSizes[b]);
            int expected = blockSizes[b] < 0 ? n : n * n;
            if (blocks[b].length != expected) {
                throw new IllegalArgumentException("blocks[" + b + "] has length " + blocks[b].length
                        + ", expected " + expected);
            }
            this.blocks[b] = blocks[b].clone();
        }
    }

    /** @return the number of blocks */
    public int blockCount() {
        return blocks.length;
    }

    /**
     * @param block the block index
     * @return its dimension n
     */
    public int blockSize(int block) {
        return Math.abs(blockSizes[Checks.index(block, blocks.length, "block")]);
    }

    /**
     * @param block the block index
     * @return whether it is diagonal
     */
    public boolean isDiagonal(int block) {
        return blockSizes[Checks.index(block, blocks.length, "block")] < 0;
    }

    /**
     * @param block the block index
     * @param row the row in [0, n)
     * @param col the column in [0, n)
     * @return the entry (0 off the diagonal of a diagonal block)
     */
    public double get(int block, int row, int col) {
        int n = blockSize(block);
        Checks.index(row, n, "row");
        Checks.index(col, n, "col");
        if (blockSizes[block] < 0) {
            return row == col ? blocks[block][row] : 0;
        }
        return blocks[block][row * n + col];
    }

    /**
     * @param block the block index
     * @return the block as a fresh dense {@code n x n} array (diagonal blocks expanded)
     */
    public double[][] block(int block) {
        int n = blockSize(block);
        double[][] out = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                out[r][c] = get(block, r, c);
            }
        }
        return out;
    }

    /**
     * @param block the block index
     * @return the smallest eigenvalue of that block
     */
    public double minEigenvalue(int block) {
        int n = blockSize(block);
        if (blockSizes[block] < 0) {
            double min = Double.POSITIVE_INFINITY;
            for (double v : blocks[block]) {
                min = Math.min(min, v);
            }
            return min;
        }
        return DenseKernels.minEigenvalue(blocks[block].clone(), n);
    }

    /**
     * @return the blocks in order, a dense one row by row and a diagonal one as its diagonal, as
     *     {@code BlockDiagonalMatrix[2x2 [[2.0, 1.0], [1.0, 2.0]], diagonal [3.0, 4.0, 5.0]]}; blocks beyond
     *     {@link Format#MAX_ENTRIES} are counted, and large blocks cut, as {@link Format} does
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("BlockDiagonalMatrix[");
        int shown = Math.min(blocks.length, Format.MAX_ENTRIES);
        for (int b = 0; b < shown; b++) {
            int n = blockSize(b);
            s.append(b == 0 ? "" : ", ").append(blockSizes[b] < 0 ? "diagonal " + Format.vector(blocks[b])
                    : n + "x" + n + " " + Format.matrix(block(b)));
        }
        if (blocks.length > shown) {
            s.append(", ... ").append(Format.count(blocks.length - shown, "more block"));
        }
        return s.append(']').toString();
    }
}
