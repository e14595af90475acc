package dev.mallard.systems;

/**
 * A system's {@linkplain TangentTimeDerivatives tangent evaluation} bound to one context and one width, for
 * the many evaluations of a simulation: the caller writes time, state and their tangents straight into the
 * evaluator's own input array, at the offsets it gives, and evaluates; nothing is checked or copied per call
 * that can be settled once. Each evaluation reads the context's inputs and numeric parameters as they are
 * then (with their gradients). An evaluator is for the thread that made it.
 *
 * <p>Layout of {@link #input()}: the time at {@link #timeAt()}, the {@code n} state values from {@link
 * #stateAt()}, the time's tangent row ({@code width} entries) at {@link #timeTangentsAt()}, and the states'
 * tangents, {@code n} rows of {@code width} entries, row {@code i} at {@code stateTangentsAt() + i * width}.
 * Other entries belong to the evaluator.
 */
public interface TangentEvaluator {

    /** @return the array time, state and tangents are written into (always the same array) */
    double[] input();

    /** @return where the time goes in {@link #input()} */
    int timeAt();

    /** @return where the first of the {@code n} state values goes in {@link #input()} */
    int stateAt();

    /** @return where the time's tangent row ({@code width} entries) goes in {@link #input()} */
    int timeTangentsAt();

    /** @return where the states' tangent rows ({@code n * width} entries, row-major) go in {@link #input()} */
    int stateTangentsAt();

    /**
     * Evaluates the time derivatives and their tangents at the time, state and tangents in {@link #input()}
     * (not modified there), as {@link TangentTimeDerivatives#calcTimeDerivativesTangents} would.
     *
     * @param xdot receives the derivatives' values, {@code n} entries
     * @param xdotTangents receives their tangents, {@code n * width} entries, row {@code i} at {@code i * width}
     * @throws IllegalArgumentException if an array is shorter than that (naming it), or an input or parameter
     *     has a gradient whose size is neither 0 nor the width (naming both sizes)
     */
    void evaluate(double[] xdot, double[] xdotTangents);
    /**
     * {@link #evaluate}, when the time's tangent row in {@link #input()} is all {@code +0.0} (time and step
     * size without gradients, as on every step but one to a final time that is a variable). The caller
     * guarantees it; an implementation may then skip reading that row (the compiled system's skips finding
     * which of its generated kernels fits the row's zero columns). The default evaluates as {@link #evaluate}.
     *
     * @param xdot receives the derivatives' values, {@code n} entries
     * @param xdotTangents receives their tangents, {@code n * width} entries, row {@code i} at {@code i * width}
     * @throws IllegalArgumentException as {@link #evaluate}
     */
    default void evaluateAtConstantTime(double[] xdot, double[] xdotTangents) {
        evaluate(xdot, xdotTangents);
    }
}
