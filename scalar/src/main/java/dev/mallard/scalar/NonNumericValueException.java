package dev.mallard.scalar;

/**
 * Thrown when a numeric value is asked of a value that has none, such as a symbolic expression with
 * free variables. The message names the value and the operation that needed it.
 */
public class NonNumericValueException extends ArithmeticException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what had no value and what needed it
     */
    public NonNumericValueException(String message) {
        super(message);
    }
}
