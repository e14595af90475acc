package dev.mallard.bench.model;

/**
 * The gradient benchmark's limit: the hand-written Runge-Kutta loop integrating the model together with its
 * variational equations ({@link Model#variational}), with step control on the states only, so that it takes
 * the steps of the double run. It computes the Jacobian of x(T) with respect to the initial state and the
 * parameters as Mallard's AutoDiff run does (forward mode through the same steps), with nothing but the
 * arithmetic: no objects, no framework. One instance is reused across runs; it is not thread-safe.
 */
public final class HandWrittenVariationalRun {

    private final Model model;
    private final Setup setup;
    private final HandWrittenRungeKutta loop;
    private final int states;
    private final int width;

    /**
     * @param model the model, with its default parameters
     * @param setup the integrator configuration
     */
    public HandWrittenVariationalRun(Model model, Setup setup) {
        this.model = model;
        this.setup = setup;
        this.loop = setup.handWritten(model.variational(model.parameters()));
        this.states = model.initialState().length;
        this.width = model.numVariables();
    }

    /** @return the loop, for its step and evaluation counts after a run */
    public HandWrittenRungeKutta loop() {
        return loop;
    }

    /**
     * Integrates from the initial state with sensitivities {@code [I | 0]}.
     *
     * @return the Jacobian of x(T), rows = states, columns = [initial states, parameters]
     */
    public double[][] jacobian() {
        double[] y = new double[states * (1 + width)];
        System.arraycopy(model.initialState(), 0, y, 0, states);
        for (int i = 0; i < states; i++) {
            y[states + i * width + i] = 1;
        }
        setup.run(loop, y);
        double[][] jacobian = new double[states][width];
        for (int i = 0; i < states; i++) {
            System.arraycopy(y, states + i * width, jacobian[i], 0, width);
        }
        return jacobian;
    }
}
