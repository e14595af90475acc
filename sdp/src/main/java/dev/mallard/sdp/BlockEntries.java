package dev.mallard.sdp;

import java.util.Arrays;

/**
 * The non-zero upper-triangle entries ({@code row <= col}) of one constraint matrix in one block, in
 * growable primitive arrays. A diagonal (LP) block stores only {@code row == col} entries. Entries are
 * merged (duplicates summed, zeros dropped, sorted by row then column) by {@link #compact()}.
 */
final class BlockEntries {

    /** The shared empty entry list; never modified. */
    static final BlockEntries EMPTY = new BlockEntries(0);

    int[] rows;
    int[] cols;
    double[] values;
    int size;

    BlockEntries(int capacity) {
        rows = new int[capacity];
        cols = new int[rows.length];
        values = new double[rows.length];
    }

    void add(int row, int col, double value) {
        if (size == rows.length) {
            int capacity = Math.max(4, 2 * size);
            rows = Arrays.copyOf(rows, capacity);
            cols = Arrays.copyOf(cols, capacity);
            values = Arrays.copyOf(values, capacity);
        }
        rows[size] = row;
        cols[size] = col;
        values[size] = value;
        size++;
    }

    /** Sorts by (row, col), sums duplicates, drops exact zeros and trims the arrays. */
    void compact() {
        long[] keys = new long[size];
        for (int k = 0; k < size; k++) {
            keys[k] = ((long) rows[k] << 32) | (cols[k] & 0xffffffffL);
        }
        boolean sorted = true;
        for (int k = 1; k < size && sorted; k++) {
            sorted = keys[k - 1] < keys[k];
        }
        int[] r = new int[size];
        int[] c = new int[size];
        double[] v = new double[size];
        int n = 0;
        if (sorted) {
            for (int k = 0; k < size; k++) {
                if (values[k] != 0) {
                    r[n] = rows[k];
                    c[n] = cols[k];
                    v[n++] = values[k];
                }
            }
        } else {
            Integer[] order = new Integer[size];
            for (int k = 0; k < size; k++) {
                order[k] = k;
            }
            Arrays.sort(order, (a, b) -> Long.compare(keys[a], keys[b]));
            int k = 0;
            while (k < size) {
                int first = order[k];
                double sum = 0;
                while (k < size && keys[order[k]] == keys[first]) {
                    sum += values[order[k++]];
                }
                if (sum != 0) {
                    r[n] = rows[first];
                    c[n] = cols[first];
                    v[n++] = sum;
                }
            }
        }
        rows = Arrays.copyOf(r, n);
        cols = Arrays.copyOf(c, n);
        values = Arrays.copyOf(v, n);
        size = n;
    }
}
