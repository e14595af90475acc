package dev.mallard.cli;

/**
 * The computation failed or gave no meaningful answer (a non-finite result, a failed simulation, an output
 * that cannot be written): the command exits with code 1 and this message on one line.
 */
class ComputationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, in the user's names and options
     */
    ComputationException(String message) {
        super(message);
    }
}
