package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads and writes SDPA files: sparse ({@code .dat-s}) and dense ({@code .dat}).
 *
 * <p>The layout: optional comment lines (starting with {@code "} or {@code *}); the number of
 * constraints m (the first token of its line, the rest ignored, as in {@code 3 = mDIM}); the number of
 * blocks (likewise); the block sizes (negative: diagonal block); the m costs c; then the matrices
 * {@code F_0 .. F_m}. Sparse files list one entry per line, {@code k block row col value}, numbered from
 * 1 (k from 0), upper or lower triangle. Dense files list every matrix in full, block by block (a
 * diagonal block by its diagonal). The characters {@code { } ( ) ,} act as white space. Entries given
 * twice are summed.
 *
 * <p>{@link SdpProblem} numbers from 0 and calls F_0 the constant matrix C and F_i (i >= 1) the
 * constraint matrix A_{i-1}. Problems with free variables have no SDPA form and cannot be written as they are;
 * {@link SdpProblem#withFreeVariablesSplit()} writes each as a pair of LP entries, which {@link SdpSolver}
 * recognises when the file is read back.
 *
 * <p>Reading allocates memory in proportion to the length of the file, and a table of blocks times
 * (m + 1) references, at most {@link #MAX_MATRIX_TABLE}; it does not allocate the dense matrices of a
 * solve, whose size {@link SdpSolver#estimatedMemoryBytes} tells before solving.
 */
public final class SdpaFormat {

    /**
     * The most blocks times (m + 1) a file may declare: the problem keeps a table of that many sparse
     * matrices, the one allocation of the reader not bounded by the length of the file.
     */
    public static final long MAX_MATRIX_TABLE = 1L << 24;

    /** The initial capacity of the block sizes and costs, which grow as the file shows them. */
    private static final int GROWTH = 1024;

    private SdpaFormat() {
    }

    /**
     * Reads a file, dense if its name ends with {@code .dat}, sparse otherwise.
     *
     * @param file the file
     * @return the problem
     * @throws SdpaFormatException if the file is malformed (with the line and what was expected)
     * @throws IOException if it cannot be read
     */
    public static SdpProblem read(Path file) throws IOException {
        Checks.notNull(file, "file");
        // ISO-8859-1 decodes any byte, so comments in any encoding are skipped rather than refused.
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            return file.getFileName().toString().endsWith(".dat") ? readDense(in) : readSparse(in);
        }
    }

    /**
     * Reads a sparse SDPA problem.
     *
     * @param in the text; read to its end, not closed
     * @return the problem
     * @throws SdpaFormatException if it is malformed
     * @throws IOException if it cannot be read
     */
    public static SdpProblem readSparse(Reader in) throws IOException {
        Tokens tokens = new Tokens(in);
        SdpProblem.Builder builder = header(tokens);
        int m = tokens.m;
        int[] sizes = tokens.sizes;
        while (tokens.nextLine()) {
            if (tokens.remaining() != 5) {
                throw new SdpaFormatException(tokens.lineNumber(), "expected an entry 'matrix block row column value' "
                        + "(5 numbers), found " + tokens.remaining() + " tokens: '" + tokens.lineText() + "'");
            }
            int k = tokens.integer("matrix number in [0, " + m + "]", 0, m);
            int block = tokens.integer("block number in [1, " + sizes.length + "]", 1, sizes.length) - 1;
            int n = Math.abs(sizes[block]);
            int row = tokens.integer("row in [1, " + n + "] of block " + (block + 1), 1, n) - 1;
            int col = tokens.integer("column in [1, " + n + "] of block " + (block + 1), 1, n) - 1;
            double value = tokens.number("entry value");
            if (sizes[block] < 0 && row != col) {
                throw new SdpaFormatException(tokens.lineNumber(), "expected a diagonal entry in diagonal block "
                        + (block + 1) + ", found (" + (row + 1) + ", " + (col + 1) + ")");
            }
            addEntry(builder, k, block, row, col, value);
        }
        return builder.build();
    }

    /**
     * Reads a dense SDPA problem.
     *
     * @param in the text; read to its end, not closed
     * @return the problem
     * @throws SdpaFormatException if it is malformed
     * @throws IOException if it cannot be read
     */
    public static SdpProblem readDense(Reader in) throws IOException {
        Tokens tokens = new Tokens(in);
        SdpProblem.Builder builder = header(tokens);
        int[] sizes = tokens.sizes;
        for (int k = 0; k <= tokens.m; k++) {
            for (int b = 0; b < sizes.length; b++) {
                int n = Math.abs(sizes[b]);
                for (int row = 0; row < n; row++) {
                    for (int col = sizes[b] < 0 ? row : 0; col < (sizes[b] < 0 ? row + 1 : n); col++) {
                        String what = "entry (" + (row + 1) + ", " + (col + 1) + ") of block " + (b + 1)
                                + " of F_" + k;
                        double value = tokens.streamNumber(what);
                        if (col >= row && value != 0) {
                            addEntry(builder, k, b, row, col, value);
                        }
                    }
                }
            }
        }
        if (tokens.nextLine()) {
            throw new SdpaFormatException(tokens.lineNumber(), "expected the end of the file after F_" + tokens.m
                    + ", found '" + tokens.lineText() + "'");
        }
        return builder.build();
    }

    private static void addEntry(SdpProblem.Builder builder, int k, int block, int row, int col, double value) {
        if (k == 0) {
            builder.constantEntry(block, row, col, value);
        } else {
            builder.constraintEntry(k - 1, block, row, col, value);
        }
    }

    /**
     * Reads m, the block count, the block sizes and the costs. Nothing is sized by the declared counts
     * before the file has shown them: the sizes and costs grow as they are read, so a header declaring
     * more than its file holds is refused at the end of what is there.
     */
    private static SdpProblem.Builder header(Tokens tokens) throws IOException {
        if (!tokens.nextLine()) {
            throw new SdpaFormatException(0, "expected the number of constraints m, found an empty file");
        }
        tokens.m = tokens.integer("the number of constraints m >= 1", 1, Integer.MAX_VALUE);
        if (!tokens.nextLine()) {
            throw new SdpaFormatException(0, "expected the number of blocks");
        }
        int blocks = tokens.integer("the number of blocks >= 1", 1, Integer.MAX_VALUE);
        int blocksLine = tokens.lineNumber();
        if ((long) blocks * (tokens.m + 1L) > MAX_MATRIX_TABLE) {
            throw new SdpaFormatException(blocksLine, "expected at most " + MAX_MATRIX_TABLE + " blocks times (m + 1) "
                    + "matrices, found " + blocks + " blocks and m = " + tokens.m);
        }
        tokens.skipRestOfLine();
        int[] sizes = new int[Math.min(blocks, GROWTH)];
        for (int b = 0; b < blocks; b++) {
            int size = tokens.streamInteger("size of block " + (b + 1) + " (non-zero integer)");
            if (size == 0) {
                throw new SdpaFormatException(tokens.lineNumber(), "expected a non-zero size of block " + (b + 1)
                        + ", found 0");
            }
            if (b == sizes.length) {
                sizes = Arrays.copyOf(sizes, (int) Math.min(blocks, 2L * b));
            }
            sizes[b] = size;
        }
        tokens.sizes = sizes;
        tokens.skipRestOfLine();
        double[] costs = new double[Math.min(tokens.m, GROWTH)];
        for (int i = 0; i < tokens.m; i++) {
            if (i == costs.length) {
                costs = Arrays.copyOf(costs, (int) Math.min(tokens.m, 2L * i));
            }
            costs[i] = tokens.streamNumber("cost c_" + (i + 1) + " of " + tokens.m);
        }
        tokens.skipRestOfLine();
        SdpProblem.Builder builder = SdpProblem.builder(tokens.m, tokens.sizes, 0);
        for (int i = 0; i < tokens.m; i++) {
            builder.cost(i, costs[i]);
        }
        return builder;
    }

    /**
     * Writes a problem in sparse SDPA format (upper-triangle entries, values in shortest round-trip
     * form).
     *
     * @param problem the problem; without free variables
     * @param out where to write; flushed, not closed
     * @throws IllegalArgumentException if the problem has free variables
     * @throws IOException if writing fails
     */
    public static void writeSparse(SdpProblem problem, Writer out) throws IOException {
        BufferedWriter w = header(problem, out);
        for (int k = 0; k <= problem.constraintCount(); k++) {
            for (int b = 0; b < problem.blockCount(); b++) {
                BlockEntries e = problem.entries[b][k];
                for (int t = 0; t < e.size; t++) {
                    w.write(k + " " + (b + 1) + " " + (e.rows[t] + 1) + " " + (e.cols[t] + 1) + " "
                            + e.values[t] + "\n");
                }
            }
        }
        w.flush();
    }

    /**
     * Writes a problem in dense SDPA format (every matrix in full, one block row per line).
     *
     * @param problem the problem; without free variables
     * @param out where to write; flushed, not closed
     * @throws IllegalArgumentException if the problem has free variables
     * @throws IOException if writing fails
     */
    public static void writeDense(SdpProblem problem, Writer out) throws IOException {
        BufferedWriter w = header(problem, out);
        for (int k = 0; k <= problem.constraintCount(); k++) {
            for (int b = 0; b < problem.blockCount(); b++) {
                int n = problem.blockSize(b);
                boolean diag = problem.isDiagonal(b);
                double[] dense = new double[diag ? n : n * n];
                BlockEntries e = problem.entries[b][k];
                for (int t = 0; t < e.size; t++) {
                    if (diag) {
                        dense[e.rows[t]] = e.values[t];
                    } else {
                        dense[e.rows[t] * n + e.cols[t]] = e.values[t];
                        dense[e.cols[t] * n + e.rows[t]] = e.values[t];
                    }
                }
                writeDenseBlock(w, dense, diag ? 1 : n, n);
            }
        }
        w.flush();
    }

    private static void writeDenseBlock(BufferedWriter w, double[] dense, int rows, int width) throws IOException {
        for (int r = 0; r < rows; r++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < width; c++) {
                line.append(c == 0 ? "" : " ").append(dense[r * width + c]);
            }
            w.write(line.append('\n').toString());
        }
    }

    /**
     * Writes to a file, dense if its name ends with {@code .dat}, sparse otherwise.
     *
     * @param problem the problem; without free variables
     * @param file the file, created or replaced
     * @throws IOException if writing fails
     */
    public static void write(SdpProblem problem, Path file) throws IOException {
        Checks.notNull(file, "file");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            if (file.getFileName().toString().endsWith(".dat")) {
                writeDense(problem, out);
            } else {
                writeSparse(problem, out);
            }
        }
    }

    private static BufferedWriter header(SdpProblem problem, Writer out) throws IOException {
        Checks.notNull(problem, "problem");
        Checks.notNull(out, "out");
        if (problem.freeCount() > 0) {
            throw new IllegalArgumentException("problem has " + problem.freeCount()
                    + " free variables, which the SDPA format cannot express");
        }
        BufferedWriter w = new BufferedWriter(out);
        w.write(problem.constraintCount() + " = mDIM\n");
        w.write(problem.blockCount() + " = nBLOCK\n");
        StringBuilder sizes = new StringBuilder();
        for (int size : problem.blockSizes()) {
            sizes.append(sizes.length() == 0 ? "" : " ").append(size);
        }
        w.write(sizes.append(" = bLOCKsTRUCT\n").toString());
        StringBuilder costs = new StringBuilder();
        for (int i = 0; i < problem.constraintCount(); i++) {
            costs.append(i == 0 ? "" : " ").append(problem.cost(i));
        }
        w.write(costs.append('\n').toString());
        return w;
    }

    /** Line-aware tokenizer: separators {@code { } ( ) ,} and white space; comment lines skipped. */
    private static final class Tokens {
        private final BufferedReader reader;
        private int lineNumber;
        private String text = "";
        private final List<String> tokens = new ArrayList<>();
        private int next;
        int m;
        int[] sizes;

        Tokens(Reader in) {
            reader = in instanceof BufferedReader b ? b : new BufferedReader(in);
        }

        /** Advances to the next line with tokens; false at the end of the input. */
        boolean nextLine() throws IOException {
            while (true) {
                String line = reader.readLine();
                if (line == null) {
                    tokens.clear();
                    next = 0;
                    lineNumber = 0;
                    return false;
                }
                lineNumber++;
                String trimmed = line.strip();
                if (trimmed.startsWith("\"") || trimmed.startsWith("*")) {
                    continue;
                }
                tokens.clear();
                next = 0;
                text = trimmed;
                for (String t : trimmed.replaceAll("[{}(),]", " ").split("\\s+")) {
                    if (!t.isEmpty()) {
                        tokens.add(t);
                    }
                }
                if (!tokens.isEmpty()) {
                    return true;
                }
            }
        }

        int remaining() {
            return tokens.size() - next;
        }

        int lineNumber() {
            return lineNumber;
        }

        String lineText() {
            return text;
        }

        void skipRestOfLine() {
            next = tokens.size();
        }

        /** The next token of the current line as an integer in [min, max]. */
        int integer(String what, int min, int max) throws SdpaFormatException {
            if (next >= tokens.size()) {
                throw new SdpaFormatException(lineNumber, "expected " + what + ", found the end of the line");
            }
            String token = tokens.get(next++);
            int value = parseInteger(token, what);
            if (value < min || value > max) {
                throw new SdpaFormatException(lineNumber, "expected " + what + ", found " + value);
            }
            return value;
        }

        private int parseInteger(String token, String what) throws SdpaFormatException {
            try {
                double v = Double.parseDouble(token);
                if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
                    throw new NumberFormatException();
                }
                return (int) v;
            } catch (NumberFormatException e) {
                throw new SdpaFormatException(lineNumber, "expected " + what + ", found '" + token + "'");
            }
        }

        /** The next token of the current line as a finite number. */
        double number(String what) throws SdpaFormatException {
            if (next >= tokens.size()) {
                throw new SdpaFormatException(lineNumber, "expected " + what + ", found the end of the line");
            }
            return parseNumber(tokens.get(next++), what);
        }

        private double parseNumber(String token, String what) throws SdpaFormatException {
            try {
                double v = Double.parseDouble(token.replace('D', 'E').replace('d', 'e'));
                if (!Double.isFinite(v)) {
                    throw new NumberFormatException();
                }
                return v;
            } catch (NumberFormatException e) {
                throw new SdpaFormatException(lineNumber, "expected " + what + " (a finite number), found '"
                        + token + "'");
            }
        }

        /** The next token, moving on to later lines as needed. */
        private String streamToken(String what) throws IOException {
            while (next >= tokens.size()) {
                if (!nextLine()) {
                    throw new SdpaFormatException(0, "expected " + what + ", found the end of the file");
                }
            }
            return tokens.get(next++);
        }

        int streamInteger(String what) throws IOException {
            return parseInteger(streamToken(what), what);
        }

        double streamNumber(String what) throws IOException {
            return parseNumber(streamToken(what), what);
        }
    }
}
