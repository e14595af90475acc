package dev.mallard.symbolic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Named constants written as text, {@code "m = 0.486, I = 0.00383, w = 2*pi"}: entries separated by the commas
 * outside parentheses (a value may call {@code atan2(1, 2)}), each {@code name = formula} with a constant
 * formula (numbers, {@code pi}, {@code e} and functions of them). This is how the command line's {@code --params}
 * and {@code SymbolicVectorSystem.Builder.parameters} read parameter values.
 *
 * <p>Stateless; the lists returned are new.
 */
public final class NamedConstants {

    private NamedConstants() {
    }

    /**
     * One {@code name = formula} entry of a text, its value not yet parsed (so that a caller may check the name
     * first).
     *
     * @param name the name, trimmed: a formula identifier that is not reserved
     * @param nameOffset the 0-based index of the name in {@code text}
     * @param text the whole text the entry stands in
     * @param valueOffset the 0-based index in {@code text} of the first character after {@code '='}
     * @param valueText the formula after {@code '='}, untrimmed
     */
    public record Entry(String name, int nameOffset, String text, int valueOffset, String valueText) {

        /**
         * Parses and evaluates the entry's formula.
         *
         * @return its value, finite
         * @throws FormulaParseException with the column in the whole text: no value, a formula error (a name
         *     other than {@code pi} and {@code e} is an unknown variable), or a value that is not finite
         */
        public double value() {
            int column = valueOffset + 1;
            if (valueText.isBlank()) {
                throw new FormulaParseException(text, column, "no value after '=' for '" + name + "'");
            }
            double value;
            try {
                value = Formula.parse(valueText, Map.of()).evaluate(new Environment());
            } catch (FormulaParseException e) {
                throw new FormulaParseException(text, valueOffset + e.column(), e.problem());
            }
            if (!Double.isFinite(value)) {
                int lead = valueText.length() - valueText.stripLeading().length();
                throw new FormulaParseException(text, column + lead, "'" + valueText.strip() + "' is " + value
                        + "; '" + name + "' must be a finite number");
            }
            return value;
        }
    }

    /**
     * Splits a text into its entries and checks each name, without parsing the values.
     *
     * @param text the entries, not null; blank gives none
     * @return the entries, in order
     * @throws FormulaParseException with the column: an empty entry, an entry without {@code '='}, a name that
     *     is not an identifier (a letter or {@code _}, then letters, digits and {@code _}) or is reserved
     *     ({@link Formula#isReserved})
     */
    public static List<Entry> entries(String text) {
        Objects.requireNonNull(text, "text");
        List<Entry> out = new ArrayList<>();
        if (text.isBlank()) {
            return out;
        }
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            // The end always closes the last entry, so that an unbalanced '(' is reported by the formula parser.
            if (c == ',' && (depth <= 0 || i == text.length())) {
                out.add(entry(text, start, i));
                start = i + 1;
            }
        }
        return out;
    }

    /**
     * Parses a text of named constants and evaluates them.
     *
     * @param text the entries, not null; blank gives none
     * @return name to value, in the text's order (a new map)
     * @throws FormulaParseException with the column: as {@link #entries} and {@link Entry#value}, and a name
     *     given twice
     */
    public static Map<String, Double> parse(String text) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Entry entry : entries(text)) {
            if (out.containsKey(entry.name())) {
                throw new FormulaParseException(text, entry.nameOffset() + 1, "'" + entry.name() + "' is given twice");
            }
            out.put(entry.name(), entry.value());
        }
        return out;
    }

    /** The entry between {@code start} and {@code end} (exclusive): its name checked, its value left as text. */
    private static Entry entry(String text, int start, int end) {
        String piece = text.substring(start, end);
        int lead = piece.length() - piece.stripLeading().length();
        if (piece.isBlank()) {
            throw new FormulaParseException(text, start + 1, "empty entry (expected name = value)");
        }
        int eq = piece.indexOf('=');
        if (eq < 0) {
            throw new FormulaParseException(text, start + lead + 1, "expected name = value, got '"
                    + piece.strip() + "'");
        }
        String name = piece.substring(0, eq).strip();
        if (!Formula.isValidName(name)) {
            throw new FormulaParseException(text, start + lead + 1, name.isEmpty() ? "no name before '='"
                    : "'" + name + "' is not a valid name" + (Formula.isReserved(name) ? " (it is reserved)" : ""));
        }
        return new Entry(name, start + lead, text, start + eq + 1, piece.substring(eq + 1));
    }
}
