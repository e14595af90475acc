package dev.mallard.systems;

/**
 * A system that evaluates its time derivatives together with their tangents (forward-mode directional
 * derivatives) on primitive arrays, at a time and continuous state given as values with their tangents:
 * {@code xdot = f(t, x, u, p)} and {@code dxdot = f_t dt + f_x dx + f_u du + f_p dp} for {@code width}
 * directions at once. The context supplies the inputs and numeric parameters; for an {@code AutoDiff}
 * context their gradients are their tangents ({@code du}, {@code dp}), for any other number type they are
 * constants.
 *
 * <p>The explicit Runge-Kutta integrators of a {@code Simulator<AutoDiff>} use it, when the simulated system
 * implements it, to integrate the state's gradients as the variational equations on primitive arrays instead
 * of through one {@code AutoDiff} object per operation: with step sizes chosen from values only, as they are,
 * that is the chain rule through the same stage sums, so the result is the same up to rounding (the compiled
 * systems of {@code CompiledSystems} give the same bits). The integrator's context may hold an earlier state
 * during the stages (it is brought up to date before the simulator hands the context out); the system must not
 * read the context's time or continuous state, only the values passed in.
 *
 * <p>Layout: the tangents of state and time are one row-major array of {@code n + 1} rows of {@code width}
 * entries, row {@code i} state {@code i}'s (at {@code i * width}) and row {@code n} the time's; the
 * derivatives' tangents are {@code n} rows of {@code width}, row {@code i} at {@code i * width}.
 *
 * @param <T> the system's number type
 */
public interface TangentTimeDerivatives<T> {

    /**
     * The gradient size of the inputs and numeric parameters that the derivatives read from the context: the
     * tangent width they need (the integrator takes the largest of this and its state's).
     *
     * @param context a root context of this system; not modified (output caches may be filled)
     * @return 0 if all of them are constants (or the number type has no gradients), otherwise their common
     *     gradient size
     * @throws IllegalArgumentException if the context is not a context of this system, or two of them have
     *     gradients of different sizes (naming both)
     */
    int tangentWidth(Context<T> context);

    /**
     * Computes the time derivatives and their tangents.
     *
     * @param context a root context of this system: its inputs and numeric parameters are read (with their
     *     gradients, for AutoDiff), its time and continuous state are not; not modified (output caches may be
     *     filled)
     * @param t time, seconds
     * @param x the continuous state values, length n; not modified
     * @param tangents the tangents of state and time, {@code (n + 1) * width} entries laid out as above; not
     *     modified
     * @param width the number of directions, {@code >= 0}
     * @param xdot receives the derivatives' values, length n
     * @param xdotTangents receives their tangents, {@code n * width} entries, every one written
     * @throws IllegalArgumentException if the context is not a context of this system, an array is shorter than
     *     its layout needs (naming it), or an input or parameter has a gradient whose size is neither 0 nor
     *     {@code width} (naming both sizes)
     */
    void calcTimeDerivativesTangents(Context<T> context, double t, double[] x, double[] tangents, int width,
            double[] xdot, double[] xdotTangents);

    /**
     * An evaluator of {@link #calcTimeDerivativesTangents} bound to a context and a width, for repeated
     * evaluations (every stage of every integration step). The default lays out its input array as time,
     * state, the time's tangent row and the states' rows, and calls {@link #calcTimeDerivativesTangents}; a
     * system may return one that evaluates in place.
     *
     * @param context a root context of this system; kept by the evaluator, which reads its inputs and
     *     parameters at every evaluation (never its time or continuous state)
     * @param width the number of directions, {@code >= 0}
     * @return a new evaluator, for the calling thread
     * @throws IllegalArgumentException if the context is not a context of this system, or the width is negative
     */
    default TangentEvaluator tangentEvaluator(Context<T> context, int width) {
        return new CopyingTangentEvaluator<>(this, context, width);
    }
}
