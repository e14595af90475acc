package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.ContextValues;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.internal.EventSet;
import dev.mallard.simulator.internal.EventTimeSensitivity;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;
import java.util.List;

/**
 * Replays, by forward-mode AutoDiff on the system's AutoDiff copy, the two parts of a hybrid run that are not
 * plain integration steps, and returns their Jacobians for {@link AdjointGradient} to transpose:
 * <ul>
 *   <li>a set of updates at a time {@code t}: {@code z+ = U(z, p, t)} with {@code z} the continuous and
 *       discrete state ({@link AdjointState}), dispatched by the simulator's update dispatch exactly as a step
 *       dispatches them;</li>
 *   <li>a step that an event ended: the scheme's step from {@code (t0, x0)} of size {@code h} (one step of the
 *       same integrator class in fixed-step mode), cut short on its interpolant where the double run cut it,
 *       and moved by {@link EventTimeSensitivity#add} as the forward path moves it, so that the
 *       end state and time carry the event time's implicit-function-theorem sensitivity.</li>
 * </ul>
 * These are exactly the operations {@link GradientSimulation} performs on the same values, so the transposed
 * Jacobians are the adjoint of what forward mode computes. Their cost is one AutoDiff evaluation of width
 * {@code n + nd + np + 2} per event, not per step. Not thread-safe.
 */
final class EventReplay {

    /** Gauss-Legendre nodes on [0, 1] and their weights (exact for polynomials of degree 5). */
    private static final double[] NODES = {0.5 - Math.sqrt(15) / 10, 0.5, 0.5 + Math.sqrt(15) / 10};
    private static final double[] WEIGHTS = {5.0 / 18, 8.0 / 18, 5.0 / 18};

    private final Simulator<AutoDiff> simulator;
    private final Context<AutoDiff> context;
    private final List<LeafSystem<AutoDiff>> leaves;
    private final List<Context<AutoDiff>> leafContexts;
    private final IntegratorBase<AutoDiff> stepper;
    private final AdjointState layout;
    private final double[] p;
    private final int np;
    private final CostFunction running;
    private final double[] x;
    private final double[] gx;
    private final double[] gp;

    /**
     * @param source the double system
     * @param sourceContext its root context with the parameters and fixed inputs; not modified
     * @param layout the state layout
     * @param p the numeric parameters, flattened; not modified
     * @param integrator the double run's integrator, whose scheme and accuracy the replayed steps use
     * @param running the running cost, integrated over the steps events end
     */
    EventReplay(DynamicalSystem<Double> source, Context<Double> sourceContext, AdjointState layout, double[] p,
            IntegratorBase<Double> integrator, CostFunction running) {
        DynamicalSystem<AutoDiff> system = source.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> c = system.createDefaultContext();
        ContextValues.copy(sourceContext, c);
        this.simulator = new Simulator<>(system, c);
        this.context = simulator.getMutableContext();
        this.leaves = system.getLeafSystems();
        this.leafContexts = context.getLeafContexts();
        this.layout = layout;
        this.p = p.clone();
        this.np = p.length;
        this.running = running;
        this.x = new double[layout.continuous()];
        this.gx = new double[layout.continuous()];
        this.gp = new double[np];
        this.stepper = IntegrationSchemes.create(integrator.getSchemeName(), system, 1.0, context);
        if (integrator.supportsErrorEstimation()) {
            stepper.setFixedStepMode(true);
            // an implicit scheme's Newton iterations stop at the run's tolerance, not at the default accuracy's
            if (!Double.isNaN(integrator.getAccuracyInUse())) {
                stepper.setTargetAccuracy(integrator.getAccuracyInUse());
            }
        }
    }

    /** @return the Jacobian width of {@link #updates}: {@code n + nd + np + 1} (state, parameters, time) */
    int updateWidth() {
        return layout.size() + np + 1;
    }

    /** @return the Jacobian width of {@link #eventStep}: {@code n + nd + np + 2} (state, parameters, t0, h) */
    int stepWidth() {
        return layout.size() + np + 2;
    }

    /**
     * Dispatches a recorded set of updates at time t from state z.
     *
     * @param t the time, seconds
     * @param z the state before; not modified
     * @param events the updates, as recorded
     * @param zOut receives the state after, length {@code n + nd}
     * @param jacobian receives {@code d zOut / d(z, p, t)}, {@code n + nd} rows of {@link #updateWidth()}
     */
    void updates(double t, double[] z, List<StepRecorder.EventRef> events, double[] zOut, double[][] jacobian) {
        int width = updateWidth();
        seed(z, width);
        context.setTime(AutoDiff.variable(t, width, width - 1));
        EventSet<AutoDiff> set = new EventSet<>(leaves.size());
        for (StepRecorder.EventRef ref : events) {
            set.add(ref.leaf(), event(ref));
        }
        PackageAccess.simulator().applyUpdates(simulator, set);
        layout.read(context, zOut, jacobian, width);
    }

    /**
     * Replays a step that an event ended: the continuous state at its end, the end time and the running cost
     * integrated over the step, as functions of the start state, the parameters, the start time and the (full)
     * step size. The running cost is integrated by three-point Gauss-Legendre quadrature along the step's
     * interpolant from t0 to the end time, whose sensitivity to the event time it carries.
     *
     * @param t0 the start time, seconds
     * @param h the full step's size, seconds
     * @param z the start state (the discrete part is held through the step); not modified
     * @param end how the step ended
     * @param xOut receives the continuous state at the end in its first n entries
     * @param jacobian receives {@code d(xOut, tEnd, Q) / d(z, p, t0, h)}: n + 2 rows of {@link #stepWidth()}
     *     (the last is zero without a running cost)
     * @return Q, the running cost integrated over the step (0 without one)
     */
    double eventStep(double t0, double h, double[] z, StepRecorder.EventStep end, double[] xOut,
            double[][] jacobian) {
        int width = stepWidth();
        seed(z, width);
        AutoDiff start = AutoDiff.variable(t0, width, width - 2);
        AutoDiff size = AutoDiff.variable(h, width, width - 1);
        context.setTime(start);
        stepper.setMaximumStepSize(h);
        stepper.initialize();
        stepper.integrateNoFurtherThanTime(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, start.add(size));
        AutoDiff t1 = context.getTime();
        stepper.prepareInterpolant();
        if (end.truncated()) {
            stepper.truncateLastStep(end.end());
        }
        if (end.witness() != null) {
            StepRecorder.EventRef w = end.witness();
            if (!end.truncated()) {
                stepper.interpolateIntoContext(t1);
            }
            EventTimeSensitivity.add(stepper,
                    leaves.get(w.leaf()).getDeclaredWitnessFunctions().get(w.index()), leafContexts.get(w.leaf()),
                    end.truncated() ? AutoDiff.constant(end.end()) : t1);
        }
        ScalarVector<AutoDiff> state = context.getContinuousState();
        int n = layout.continuous();
        for (int i = 0; i < n; i++) {
            xOut[i] = state.get(i).value();
            state.get(i).copyGradientTo(jacobian[i], 0, width);
        }
        AutoDiff tEnd = context.getTime();
        tEnd.copyGradientTo(jacobian[n], 0, width);
        if (running == CostFunction.zero()) {
            Arrays.fill(jacobian[n + 1], 0);
            return 0;
        }
        AutoDiff q = runningCost(start, tEnd);
        q.copyGradientTo(jacobian[n + 1], 0, width);
        return q.value();
    }

    /** The running cost's integral along the last step's interpolant from start to end; moves the context. */
    private AutoDiff runningCost(AutoDiff start, AutoDiff end) {
        AutoDiff span = end.sub(start);
        AutoDiff sum = AutoDiff.constant(0);
        for (int k = 0; k < NODES.length; k++) {
            AutoDiff tau = start.add(span.mul(NODES[k]));
            stepper.interpolateIntoContext(tau);
            sum = sum.add(costAt(tau, context.getContinuousState()).mul(WEIGHTS[k]));
        }
        return span.mul(sum);
    }

    /** {@code L(tau, x, p)} with its derivatives by the chain rule through tau, x and the seeded parameters. */
    private AutoDiff costAt(AutoDiff tau, ScalarVector<AutoDiff> state) {
        int width = stepWidth();
        for (int i = 0; i < x.length; i++) {
            x[i] = state.get(i).value();
        }
        double value = running.value(tau.value(), x, p);
        double gt = running.gradient(tau.value(), x, p, gx, gp);
        double[] gradient = new double[width];
        for (int j = 0; j < width; j++) {
            double d = gt * tau.derivative(j);
            for (int i = 0; i < x.length; i++) {
                d += gx[i] * state.get(i).derivative(j);
            }
            gradient[j] = d;
        }
        for (int q = 0; q < np; q++) {
            gradient[layout.size() + q] += gp[q];
        }
        return AutoDiff.of(value, gradient);
    }

    /** Seeds the state as columns {@code 0 .. n+nd-1} and the parameters as the next np columns. */
    private void seed(double[] z, int width) {
        layout.seed(context, z, width);
        int k = 0;
        int first = layout.size();
        for (Context<AutoDiff> leaf : leafContexts) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                ScalarVector<AutoDiff> group = leaf.getMutableNumericParameter(g);
                for (int i = 0; i < group.size(); i++) {
                    group.set(i, AutoDiff.variable(p[k], width, first + k));
                    k++;
                }
            }
        }
        context.noteStateChanged();
    }

    private Event<AutoDiff> event(StepRecorder.EventRef ref) {
        LeafSystem<AutoDiff> leaf = leaves.get(ref.leaf());
        return ref.trigger() == Event.Trigger.WITNESS
                ? leaf.getDeclaredWitnessFunctions().get(ref.index()).getEvent()
                : leaf.getEvents(ref.trigger()).get(ref.index());
    }
}
