package dev.mallard.cli;

/**
 * Makes user input safe to quote in a one-line message: a bounded excerpt, unprintable characters written
 * as {@code U+XXXX}, so that a huge or binary argument never gives a huge or multi-line message.
 */
final class Messages {

    /** The longest message printed, in characters (longer ones are cut, ending in "..."). */
    static final int MAX_LENGTH = 300;
    /** The characters of input quoted in a message, at most. */
    static final int EXCERPT = 60;

    private Messages() {
    }

    /** A value as typed, for a message: its first {@link #EXCERPT} characters, escaped. */
    static String quote(String value) {
        return excerpt(value, 1);
    }

    /**
     * The part of {@code text} around a 1-based column, for a message: at most {@link #EXCERPT} characters,
     * with "..." where it was cut, escaped.
     */
    static String excerpt(String text, int column) {
        int from = Math.max(0, Math.min(column - 1 - EXCERPT / 2, text.length() - EXCERPT));
        int to = Math.min(text.length(), from + EXCERPT);
        return (from > 0 ? "..." : "") + escape(text.substring(from, to)) + (to < text.length() ? "..." : "");
    }

    /** A whole message on one line: escaped, and cut at {@link #MAX_LENGTH} characters. */
    static String oneLine(String message) {
        String line = escape(message.length() > 2 * MAX_LENGTH ? message.substring(0, 2 * MAX_LENGTH) : message);
        return line.length() <= MAX_LENGTH ? line : line.substring(0, MAX_LENGTH - 3) + "...";
    }

    /** A number for a message: integers without ".0", others in Java's shortest form. */
    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    /** Why a file operation failed, in words (the file system exceptions carry only the path). */
    static String reason(java.io.IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException || e instanceof java.nio.file.NotDirectoryException) {
            return "a file is in the way of a folder on its path";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such folder";
        }
        return e.getMessage() == null ? "input/output error" : e.getMessage();
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            boolean hidden = Character.isISOControl(c) || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.FORMAT
                    || type == Character.SURROGATE || type == Character.PRIVATE_USE || type == Character.UNASSIGNED;
            out.append(hidden ? String.format("U+%04X", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }
}
