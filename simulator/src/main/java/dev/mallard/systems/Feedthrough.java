package dev.mallard.systems;

import java.util.Arrays;

/**
 * Which input ports an output port of a leaf system depends on directly (without passing through state).
 * Diagrams use it to refuse algebraic loops. Declare {@link #none()} for an output computed from state,
 * parameters and time only (a plant's measured output): without it an output is assumed to depend on
 * every input, as a conservative default.
 */
public final class Feedthrough {

    private static final Feedthrough ALL = new Feedthrough(null);
    private static final Feedthrough NONE = new Feedthrough(new int[0]);

    private final int[] inputs;

    private Feedthrough(int[] inputs) {
        this.inputs = inputs;
    }

    /** @return the output depends on every input port (the default) */
    public static Feedthrough all() {
        return ALL;
    }

    /** @return the output depends on no input port */
    public static Feedthrough none() {
        return NONE;
    }

    /**
     * @param inputPortIndices the input ports the output depends on directly
     * @return the dependence on exactly those ports
     */
    public static Feedthrough inputs(int... inputPortIndices) {
        return new Feedthrough(inputPortIndices.clone());
    }

    /**
     * @param inputPortIndex an input port index
     * @return whether the output depends directly on that input
     */
    public boolean dependsOn(int inputPortIndex) {
        return inputs == null || Arrays.stream(inputs).anyMatch(i -> i == inputPortIndex);
    }

    @Override
    public String toString() {
        return inputs == null ? "all inputs" : "inputs " + Arrays.toString(inputs);
    }
}
