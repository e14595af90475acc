package dev.mallard.cli;

/**
 * Bad input on the command line (a wrong number of values, an unreadable file, an option that does not
 * fit the others): the command exits with code 2 and this message on one line.
 */
public class BadInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and where, naming the option and the value
     */
    public BadInputException(String message) {
        super(message);
    }
}
