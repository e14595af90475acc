package dev.mallard.simulator.gradients;

/**
 * One integration step of a scheme, replayed forwards on doubles (to recompute the states between
 * checkpoints) and backwards (its discrete adjoint), for {@link AdjointGradient}. The step maps
 * {@code (t0, h, x0, xd, p)} to {@code x1}; the running cost is integrated alongside as an extra state.
 * Implementations reuse workspaces and are not thread-safe.
 */
interface StepAdjoint {

    /**
     * Sets the discrete state the following steps are taken with (it is constant during a step).
     *
     * @param z a state of the run's {@link AdjointState} layout (only its discrete part is read); not modified
     */
    void setDiscreteState(double[] z);

    /**
     * The step on doubles.
     *
     * @param slot where the step may keep what its reversal can reuse ({@code 0 <= slot}, the step's index within
     *     the checkpoint segment, reversed with the same slot before the segment's next recomputation), or -1 to
     *     keep nothing
     * @param t0 the step's start time, seconds
     * @param h the step size, seconds
     * @param x0 the start state (its first n entries; longer arrays are allowed); not modified
     * @param x1 receives the end state, length n
     */
    void step(int slot, double t0, double h, double[] x0, double[] x1);

    /**
     * The step's discrete adjoint: with {@code lambda = dJ/dx1} on entry, leaves {@code dJ/dx0} in it, adds
     * the step's contributions to the parameters' and the discrete state's adjoints, adds the step's running
     * cost to {@link #runningCostIntegral()}, and returns {@code dJ/dh} at fixed start time;
     * {@link #startTimeAdjoint()} then gives {@code dJ/dt0} at fixed h (through the stages' times only).
     *
     * @param slot the slot the step was recomputed with, or -1 if it was not (then nothing kept is used)
     * @param t0 the step's start time, seconds
     * @param h the step size, seconds
     * @param x0 the start state (its first n entries); not modified
     * @param lambda the adjoint of the end state in its first n entries, replaced by that of the start state
     * @param barXd the adjoint of the discrete state, added to (length nd)
     * @param gradP the parameter gradient, added to
     * @return the derivative of J with respect to this step's size
     */
    double reverse(int slot, double t0, double h, double[] x0, double[] lambda, double[] barXd, double[] gradP);

    /** @return the derivative of J with respect to the start time of the step last reversed, at fixed h */
    double startTimeAdjoint();

    /** @return the running cost integrated over the steps reversed so far */
    double runningCostIntegral();
}
