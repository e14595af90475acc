package dev.mallard.simulator.estimation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Samples of some variables at times, as read from CSV text: a header line naming the columns, the first being the
 * time (any name, e.g. {@code t}), then one line per sample of decimal numbers separated by commas. Blank lines and
 * lines starting with {@code #} are skipped; fields are trimmed; quoted fields are not supported. Times are in
 * seconds, finite and non-decreasing; values are finite.
 *
 * <pre>
 * t,x,y
 * 0.0,0.98,0.99
 * 0.1,1.07,0.82
 * </pre>
 *
 * <p>Immutable: the constructor copies and the accessors return fresh copies.
 *
 * @param columns the value columns' names (the header without the time column), distinct and non-empty
 * @param times the sample times, seconds
 * @param values {@code values[k][i]}: column i at time k
 */
public record SampleTable(List<String> columns, double[] times, double[][] values) {

    /**
     * Checks and copies.
     *
     * @param columns the value columns' names; copied
     * @param times the sample times; copied
     * @param values the values, one row per time and one entry per column; copied
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the names are empty, blank or repeated, there is no sample, a row has
     *     the wrong length, a time is not finite or decreases, or a value is not finite
     */
    public SampleTable {
        columns = List.copyOf(Objects.requireNonNull(columns, "columns must not be null"));
        times = Objects.requireNonNull(times, "times must not be null").clone();
        Objects.requireNonNull(values, "values must not be null");
        if (columns.isEmpty() || times.length == 0 || values.length != times.length) {
            throw new IllegalArgumentException("a table needs at least one value column and one sample, and a row "
                    + "per time: " + columns.size() + " columns, " + times.length + " times, " + values.length
                    + " rows");
        }
        Set<String> seen = new HashSet<>();
        for (String c : columns) {
            if (c.isBlank() || !seen.add(c)) {
                throw new IllegalArgumentException("column name '" + c + "' is blank or repeated");
            }
        }
        double[][] copy = new double[values.length][];
        for (int k = 0; k < values.length; k++) {
            if (!Double.isFinite(times[k]) || (k > 0 && times[k] < times[k - 1])) {
                throw new IllegalArgumentException("time " + k + " = " + times[k] + " is not finite or decreases");
            }
            if (values[k].length != columns.size()) {
                throw new IllegalArgumentException("row " + k + " has " + values[k].length + " values for "
                        + columns.size() + " columns");
            }
            for (double v : values[k]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("row " + k + " holds the value " + v);
                }
            }
            copy[k] = values[k].clone();
        }
        values = copy;
    }

    /** @return the sample times, seconds, a fresh copy */
    @Override
    public double[] times() {
        return times.clone();
    }

    /** @return {@code values[k][i]}, a fresh copy */
    @Override
    public double[][] values() {
        double[][] copy = new double[values.length][];
        for (int k = 0; k < copy.length; k++) {
            copy[k] = values[k].clone();
        }
        return copy;
    }

    /**
     * @param o another object
     * @return whether it is a table with the same names and the same numbers, bit for bit
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SampleTable t && columns.equals(t.columns) && Arrays.equals(times, t.times)
                && Arrays.deepEquals(values, t.values);
    }

    /** @return a hash consistent with {@link #equals} */
    @Override
    public int hashCode() {
        return Objects.hash(columns, Arrays.hashCode(times), Arrays.deepHashCode(values));
    }

    /** @return the columns and the sample count, e.g. {@code SampleTable[columns=[x, y], 101 samples]} */
    @Override
    public String toString() {
        return "SampleTable[columns=" + columns + ", " + times.length + " samples]";
    }

    /**
     * Reads a CSV file (UTF-8).
     *
     * @param file the file
     * @return the table
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file, the line and the column of the first error
     */
    public static SampleTable read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * Parses CSV text.
     *
     * @param text the text
     * @param source names the text in messages (a file name)
     * @return the table
     * @throws IllegalArgumentException naming the source, the line and the column of the first error: no header,
     *     fewer than two columns, a blank or repeated name, no sample, a row with the wrong number of fields, a
     *     field that is not a finite decimal number, a time that decreases, a quoted field
     */
    public static SampleTable parse(String text, String source) {
        Objects.requireNonNull(text, "text must not be null");
        String[] lines = text.split("\r\n|\n|\r", -1);
        List<String> names = null;
        List<Double> times = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        for (int l = 0; l < lines.length; l++) {
            String line = lines[l].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = source + " line " + (l + 1);
            if (line.indexOf('"') >= 0) {
                throw new IllegalArgumentException(where + ": quoted fields are not supported");
            }
            String[] fields = line.split(",", -1);
            if (names == null) {
                names = header(fields, where);
                continue;
            }
            if (fields.length != names.size() + 1) {
                throw new IllegalArgumentException(where + ": " + fields.length + " fields, the header has "
                        + (names.size() + 1));
            }
            double[] row = new double[names.size()];
            double t = number(fields[0], where, 1);
            if (!times.isEmpty() && t < times.get(times.size() - 1)) {
                throw new IllegalArgumentException(where + ", column 1: time " + t + " is before the previous "
                        + times.get(times.size() - 1));
            }
            for (int i = 0; i < row.length; i++) {
                row[i] = number(fields[i + 1], where, i + 2);
            }
            times.add(t);
            rows.add(row);
        }
        if (names == null || rows.isEmpty()) {
            throw new IllegalArgumentException(source + ": " + (names == null ? "no header line" : "no sample after "
                    + "the header"));
        }
        double[] t = new double[times.size()];
        for (int k = 0; k < t.length; k++) {
            t[k] = times.get(k);
        }
        return new SampleTable(names, t, rows.toArray(double[][]::new));
    }

    private static List<String> header(String[] fields, String where) {
        if (fields.length < 2) {
            throw new IllegalArgumentException(where + ": the header needs a time column and at least one value "
                    + "column");
        }
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < fields.length; i++) {
            String name = fields[i].strip();
            if (name.isEmpty() || !seen.add(name)) {
                throw new IllegalArgumentException(where + ", column " + (i + 1) + ": column name '" + name
                        + "' is " + (name.isEmpty() ? "empty" : "repeated"));
            }
            if (i > 0) {
                names.add(name);
            }
        }
        return names;
    }

    private static double number(String field, String where, int column) {
        String f = field.strip();
        double v;
        try {
            if (f.isEmpty() || !(Character.isDigit(f.charAt(f.length() - 1)) || f.endsWith("."))) {
                // Double.parseDouble accepts "1d", "1f", "NaN" and "Infinity": a CSV number does not
                throw new NumberFormatException();
            }
            v = Double.parseDouble(f);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ", column " + column + ": '" + excerpt(f)
                    + "' is not a number");
        }
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(where + ", column " + column + ": " + excerpt(f) + " is not finite");
        }
        return v;
    }

    /** At most 40 characters of a field, for a message. */
    private static String excerpt(String f) {
        return f.length() <= 40 ? f : f.substring(0, 37) + "...";
    }
}
