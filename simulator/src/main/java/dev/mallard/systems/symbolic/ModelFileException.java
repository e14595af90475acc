package dev.mallard.systems.symbolic;

/**
 * A model file could not be read: the message starts with {@code file:line:column:} (1-based, the place of the
 * offending key, value or formula character) and says what is wrong.
 */
public class ModelFileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The file's name as given, or a description of the text's source. */
    private final String source;
    /** The 1-based line, or 0 when the problem has no place (the file as a whole). */
    private final int line;
    /** The 1-based column, or 0 when the problem has no place. */
    private final int column;

    /**
     * @param source the file's name or the text's source, for the message
     * @param line the 1-based line, or 0 for the file as a whole
     * @param column the 1-based column, or 0 for the file as a whole
     * @param problem what is wrong, without the position
     */
    public ModelFileException(String source, int line, int column, String problem) {
        super(line > 0 ? source + ":" + line + ":" + column + ": " + problem : source + ": " + problem);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    /** @return the file's name or the text's source */
    public String source() {
        return source;
    }

    /** @return the 1-based line of the problem, or 0 for the file as a whole */
    public int line() {
        return line;
    }

    /** @return the 1-based column of the problem, or 0 for the file as a whole */
    public int column() {
        return column;
    }
}
