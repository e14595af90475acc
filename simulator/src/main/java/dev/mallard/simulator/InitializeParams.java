package dev.mallard.simulator;

/**
 * Options of {@link Simulator#initialize(InitializeParams)}.
 *
 * @param suppressInitializationEvents whether to skip the initialization events (when reusing a simulator
 *     whose context already holds the desired initial state)
 */
public record InitializeParams(boolean suppressInitializationEvents) {

    /** Initialization events run. */
    public static final InitializeParams DEFAULT = new InitializeParams(false);
}
