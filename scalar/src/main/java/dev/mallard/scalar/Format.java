package dev.mallard.scalar;

/**
 * Text for the {@code toString} of Mallard's results: numbers as {@link Double#toString(double)} writes them
 * (exact, so a printed value can be typed back in), vectors as {@code [1.0, -0.5]}, matrices row by row as
 * {@code [[1.0, 0.0], [0.0, 1.0]]}, and counts with their noun ({@code 1 state}, {@code 2 states}). Long
 * vectors and matrices are cut after {@link #MAX_ENTRIES} entries (per row, and rows per matrix) and say how
 * many were left out, so that printing a large result stays one readable line.
 *
 * <p>Stateless: safe to use from any thread.
 */
public final class Format {

    /** Entries of a vector (and of a matrix row, and rows of a matrix) printed before the rest is summarised. */
    public static final int MAX_ENTRIES = 10;

    private Format() {
    }

    /**
     * A vector as {@code [1.0, -0.5]}; beyond {@link #MAX_ENTRIES} entries as
     * {@code [0.0, 1.0, ..., 9.0, ... 5 more]}.
     *
     * @param v the entries, not modified; null gives {@code "null"}
     * @return the text
     */
    public static String vector(double[] v) {
        return v == null ? "null" : appendVector(new StringBuilder(), v).toString();
    }

    /**
     * A matrix row by row as {@code [[1.0, 2.0], [3.0, 4.0]]}; each row is cut as by {@link #vector}, and rows
     * beyond {@link #MAX_ENTRIES} are summarised as {@code ... 3 more rows}. Rows may differ in length.
     *
     * @param m the rows, not modified; null gives {@code "null"}, a null row prints as {@code null}
     * @return the text
     */
    public static String matrix(double[][] m) {
        if (m == null) {
            return "null";
        }
        StringBuilder s = new StringBuilder("[");
        int shown = Math.min(m.length, MAX_ENTRIES);
        for (int i = 0; i < shown; i++) {
            s.append(i == 0 ? "" : ", ");
            if (m[i] == null) {
                s.append("null");
            } else {
                appendVector(s, m[i]);
            }
        }
        if (m.length > shown) {
            s.append(", ... ").append(count(m.length - shown, "more row"));
        }
        return s.append(']').toString();
    }

    /**
     * A count with its noun, plural unless the count is 1: {@code count(1, "state")} is {@code "1 state"},
     * {@code count(0, "state")} is {@code "0 states"}.
     *
     * @param n the count
     * @param noun the singular noun, not null
     * @return the text
     * @throws NullPointerException if noun is null
     */
    public static String count(long n, String noun) {
        Checks.notNull(noun, "noun");
        return count(n, noun, noun + "s");
    }

    /**
     * A count with the noun's singular or plural: {@code count(3, "publish", "publishes")} is
     * {@code "3 publishes"}.
     *
     * @param n the count
     * @param singular the noun for a count of 1, not null
     * @param plural the noun for every other count, not null
     * @return the text
     * @throws NullPointerException if a noun is null
     */
    public static String count(long n, String singular, String plural) {
        Checks.notNull(singular, "singular");
        Checks.notNull(plural, "plural");
        return n + " " + (n == 1 ? singular : plural);
    }

    private static StringBuilder appendVector(StringBuilder s, double[] v) {
        s.append('[');
        int shown = Math.min(v.length, MAX_ENTRIES);
        for (int i = 0; i < shown; i++) {
            s.append(i == 0 ? "" : ", ").append(v[i]);
        }
        if (v.length > shown) {
            s.append(", ... ").append(v.length - shown).append(" more");
        }
        return s.append(']');
    }
}
