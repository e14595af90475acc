package dev.mallard.bench.model;

import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import org.hipparchus.CalculusFieldElement;
import org.hipparchus.Field;
import org.hipparchus.ode.nonstiff.DormandPrince54FieldIntegrator;
import org.hipparchus.ode.nonstiff.DormandPrince54Integrator;

/**
 * The integrator configurations compared. Each configures Mallard, builds the matching hand-written loop and
 * (where Hipparchus has the scheme) the Hipparchus integrator. The maximum step (0.1 s) and first trial step
 * (1e-4 s) are the Simulator's defaults.
 */
public enum Setup {
    /** runge_kutta3 with error control, accuracy 1e-6. */
    RK3_1E6(false, 1e-6, 0),
    /** runge_kutta5 (Dormand-Prince) with error control, accuracy 1e-10. */
    RK5_1E10(true, 1e-10, 0),
    /** runge_kutta5 (Dormand-Prince) in fixed-step mode, h = 0.01 s: the same steps for every peer. */
    RK5_FIXED(true, Double.NaN, 0.01);

    /** Simulated time, seconds. */
    public static final double FINAL_TIME = 20.0;
    /** The Simulator's default maximum step, seconds. */
    public static final double MAX_STEP = 0.1;
    /** The Simulator's default first trial step, seconds. */
    public static final double INITIAL_STEP = 1e-4;
    /** Tolerance that never rejects a step: makes Hipparchus's adaptive Dormand-Prince take fixed steps. */
    private static final double HUGE_TOLERANCE = 1e30;

    private final boolean fifthOrder;
    private final double accuracy;
    private final double fixedStep;

    Setup(boolean fifthOrder, double accuracy, double fixedStep) {
        this.fifthOrder = fifthOrder;
        this.accuracy = accuracy;
        this.fixedStep = fixedStep;
    }

    /** @return whether this is a fixed-step configuration */
    public boolean isFixed() {
        return fixedStep > 0;
    }

    /**
     * Gives the simulator this configuration's integrator.
     *
     * @param <T> the number type
     * @param simulator the simulator
     * @return the integrator
     */
    public <T> IntegratorBase<T> configure(Simulator<T> simulator) {
        IntegratorBase<T> integrator = fifthOrder ? simulator.resetIntegrator(RungeKutta5Integrator::new)
                : simulator.resetIntegrator(RungeKutta3Integrator::new);
        if (isFixed()) {
            integrator.setFixedStepMode(true);
            integrator.setMaximumStepSize(fixedStep);
        } else {
            integrator.setMaximumStepSize(MAX_STEP);
            integrator.requestInitialStepSizeTarget(INITIAL_STEP);
            integrator.setTargetAccuracy(accuracy);
        }
        return integrator;
    }

    /**
     * @param ode the dynamics
     * @return the hand-written loop of this scheme
     */
    public HandWrittenRungeKutta handWritten(PrimitiveOde ode) {
        return fifthOrder ? new HandWrittenDormandPrince5(ode) : new HandWrittenRk3(ode);
    }

    /**
     * Runs the hand-written loop from x to {@link #FINAL_TIME}.
     *
     * @param loop a loop from {@link #handWritten}
     * @param x the initial state, overwritten with the final one
     * @return x
     */
    public double[] run(HandWrittenRungeKutta loop, double[] x) {
        return isFixed() ? loop.integrateFixed(x, FINAL_TIME, fixedStep)
                : loop.integrateControlled(x, FINAL_TIME, accuracy, INITIAL_STEP, MAX_STEP);
    }

    /**
     * Hipparchus's Dormand-Prince 5(4): for the fixed configuration, forced to the same fixed steps (minimum =
     * maximum step, tolerances that never reject); otherwise with absolute and relative tolerance equal to the
     * accuracy and the same maximum and initial steps (its error norm and controller differ from Mallard's,
     * so its steps differ: compare evaluations too). Hipparchus 3.0 has no embedded third-order pair, so for
     * {@link #RK3_1E6} this is Dormand-Prince asked for the same accuracy: what a Hipparchus user would get.
     *
     * @return the integrator
     */
    public DormandPrince54Integrator hipparchus() {
        DormandPrince54Integrator integrator = isFixed()
                ? new DormandPrince54Integrator(fixedStep, fixedStep, HUGE_TOLERANCE, HUGE_TOLERANCE)
                : new DormandPrince54Integrator(1e-12, MAX_STEP, accuracy, accuracy);
        integrator.setInitialStepSize(isFixed() ? fixedStep : INITIAL_STEP);
        return integrator;
    }

    /**
     * Hipparchus's Dormand-Prince 5(4) over a field, configured as {@link #hipparchus()}.
     *
     * @param <T> the field element type
     * @param field the field
     * @return the integrator
     */
    public <T extends CalculusFieldElement<T>> DormandPrince54FieldIntegrator<T> hipparchus(Field<T> field) {
        DormandPrince54FieldIntegrator<T> integrator = isFixed()
                ? new DormandPrince54FieldIntegrator<>(field, fixedStep, fixedStep, HUGE_TOLERANCE, HUGE_TOLERANCE)
                : new DormandPrince54FieldIntegrator<>(field, 1e-12, MAX_STEP, accuracy, accuracy);
        integrator.setInitialStepSize(isFixed() ? fixedStep : INITIAL_STEP);
        return integrator;
    }
}
