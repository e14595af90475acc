package dev.mallard.symbolic;

/**
 * A formula could not be parsed. The message names the problem, the 1-based column where it was found
 * and shows the formula with a caret under that column.
 */
public class FormulaParseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The formula as given. */
    private final String formula;
    /** The 1-based column of the culprit. */
    private final int column;
    /** The problem, without position. */
    private final String problem;

    FormulaParseException(String formula, int column, String problem) {
        super(problem + " at column " + column + ":\n  " + formula + "\n  " + " ".repeat(column - 1) + "^");
        this.formula = formula;
        this.column = column;
        this.problem = problem;
    }

    /**
     * @return the formula as given
     */
    public String formula() {
        return formula;
    }

    /**
     * @return the 1-based column of the culprit ({@code formula().length() + 1} for the end)
     */
    public int column() {
        return column;
    }

    /**
     * @return the problem without the position, e.g. {@code unknown function 'sinn'}
     */
    public String problem() {
        return problem;
    }
}
