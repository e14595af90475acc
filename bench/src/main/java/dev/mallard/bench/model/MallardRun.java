package dev.mallard.bench.model;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.autodiff.AutoDiffs;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

/**
 * One reusable Mallard simulation of a model under a {@link Setup}: each {@code run} puts the context back to
 * time 0 with the given initial state and parameters, initializes and advances to {@link Setup#FINAL_TIME}.
 * Reusing the simulator is what a user running many simulations does; the work measured is the simulation.
 *
 * @param <T> the number type
 */
public final class MallardRun<T> {

    private final Simulator<T> simulator;
    private final Context<T> context;
    private final IntegratorBase<T> integrator;

    /**
     * @param system the system to simulate
     * @param setup the integrator configuration
     */
    public MallardRun(DynamicalSystem<T> system, Setup setup) {
        this.simulator = new Simulator<>(system);
        this.context = simulator.getMutableContext();
        this.integrator = setup.configure(simulator);
    }

    /** @return the simulator (for statistics) */
    public Simulator<T> simulator() {
        return simulator;
    }

    /** @return the integrator (for statistics) */
    public IntegratorBase<T> integrator() {
        return integrator;
    }

    /**
     * Simulates from the given values (constants of T).
     *
     * @param x0 the initial state
     * @param p the parameters (first numeric parameter group)
     * @return the final continuous state (the context's own vector: read it before the next run)
     */
    public ScalarVector<T> run(double[] x0, double[] p) {
        context.setTime(0.0);
        context.setContinuousStateValues(x0);
        ScalarVector<T> params = context.getMutableNumericParameter(0);
        for (int j = 0; j < p.length; j++) {
            params.setValue(j, p[j]);
        }
        return advance();
    }

    /**
     * Simulates from given T values.
     *
     * @param x0 the initial state
     * @param p the parameters
     * @return the final continuous state (the context's own vector)
     */
    public ScalarVector<T> run(T[] x0, T[] p) {
        context.setTime(0.0);
        ScalarVector<T> x = context.getMutableContinuousState();
        for (int i = 0; i < x0.length; i++) {
            x.set(i, x0[i]);
        }
        ScalarVector<T> params = context.getMutableNumericParameter(0);
        for (int j = 0; j < p.length; j++) {
            params.set(j, p[j]);
        }
        context.noteStateChanged();
        return advance();
    }

    private ScalarVector<T> advance() {
        simulator.initialize();
        simulator.advanceTo(Setup.FINAL_TIME);
        return context.getContinuousState();
    }

    /**
     * The Jacobian of x(T) with respect to (x0, p) by one AutoDiff simulation.
     *
     * @param run an AutoDiff run of the model
     * @param model the model
     * @return the Jacobian, rows = states, columns = [states, parameters]
     */
    public static double[][] jacobian(MallardRun<AutoDiff> run, Model model) {
        int n = model.numVariables();
        double[] x0 = model.initialState();
        AutoDiff[] xs = AutoDiffs.variables(x0, n, 0);
        AutoDiff[] ps = AutoDiffs.variables(model.parameters(), n, x0.length);
        return AutoDiffs.gradients(run.run(xs, ps), n);
    }
}
