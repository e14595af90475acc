package dev.mallard.sdp;

import java.io.IOException;

/** A malformed SDPA file: the message names the line and what was expected there. */
public final class SdpaFormatException extends IOException {

    /** The 1-based line number of the problem, or 0 for the end of the input. */
    private final int line;

    /**
     * @param line the 1-based line number where the problem was found (0: end of input)
     * @param message what was expected and what was found
     */
    public SdpaFormatException(int line, String message) {
        super((line > 0 ? "line " + line : "end of input") + ": " + message);
        this.line = line;
    }

    /** @return the 1-based line number of the problem, or 0 at the end of the input */
    public int line() {
        return line;
    }
}
