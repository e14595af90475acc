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
     * The shortest decimal text that {@link Double#parseDouble} reads back to exactly {@code v}, in the layout of
     * {@link Double#toString(double)}: plain ({@code 14.7}, {@code 0.001}) for magnitudes in [1e-3, 1e7), else
     * computerised scientific notation ({@code 2.0E23}, {@code 1.5E-7}). Java 17's {@code Double.toString} also
     * reads back exactly but sometimes writes more digits than needed ({@code 1.9999999999999998E23} for
     * {@code 2e23}); this never does. Among texts of the fewest significant digits, the one nearest to
     * {@code v} is chosen. A value that is not exactly a short decimal keeps its digits: {@code 1.5 * 9.8} is
     * {@code 14.700000000000001}, a different double from {@code 14.7}.
     *
     * @param v any double
     * @return the text; {@code NaN}, {@code Infinity}, {@code -Infinity}, {@code 0.0} and {@code -0.0} as
     *     {@code Double.toString} writes them
     */
    public static String shortest(double v) {
        if (!Double.isFinite(v) || v == 0) {
            return Double.toString(v);
        }
        java.math.BigDecimal exact = new java.math.BigDecimal(v);
        java.math.BigDecimal b = exact;
        for (int digits = 1; digits <= 17; digits++) {
            b = exact.round(new java.math.MathContext(digits, java.math.RoundingMode.HALF_EVEN));
            if (b.doubleValue() == v) {
                break;
            }
        }
        b = b.stripTrailingZeros();
        String digits = b.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - b.scale();
        String sign = v < 0 ? "-" : "";
        if (exponent >= -3 && exponent < 7) {
            String plain = b.abs().toPlainString();
            return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
        }
        return sign + digits.charAt(0) + "." + (digits.length() > 1 ? digits.substring(1) : "0") + "E" + exponent;
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
