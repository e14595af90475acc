package dev.mallard.cli;

import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.simulator.integrators.IntegratorBase;
import picocli.CommandLine.Option;

/** The integrator options of simulate and gradient, and their application to a simulator. */
final class IntegratorOptions {

    /** The most steps of --max-step a run may need to reach --t-final. */
    static final double MAX_STEPS = 1e9;

    @Option(names = "--integrator", paramLabel = "NAME", defaultValue = "runge_kutta3",
            description = "Integration scheme (default ${DEFAULT-VALUE}): explicit_euler, semi_explicit_euler, "
                    + "runge_kutta2, runge_kutta3, bogacki_shampine3, runge_kutta5, implicit_euler, radau1, radau3, "
                    + "velocity_implicit_euler.")
    String scheme;

    @Option(names = "--accuracy", paramLabel = "A", defaultValue = "1e-4",
            description = "Target accuracy of error control (default ${DEFAULT-VALUE}).")
    double accuracy;

    @Option(names = "--max-step", paramLabel = "H", defaultValue = "0.1",
            description = "Maximum step size in seconds; the step size with --fixed-step (default ${DEFAULT-VALUE}). "
                    + "At most 1e9 steps of it may reach --t-final.")
    double maxStep;

    @Option(names = "--fixed-step", description = "Take fixed steps of --max-step, without error control.")
    boolean fixedStep;

    /** Replaces the simulator's integrator as the options say. */
    <T> void apply(Simulator<T> simulator) {
        checkValues();
        IntegratorBase<T> integrator;
        try {
            integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(simulator, scheme, maxStep);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--integrator: " + e.getMessage());
        }
        // Schemes without an error estimate refuse a target accuracy; they only run with fixed steps.
        if (integrator.supportsErrorEstimation()) {
            integrator.setTargetAccuracy(accuracy);
        } else if (!fixedStep) {
            throw new BadInputException("--integrator " + scheme + " has no error estimate: add --fixed-step");
        }
        integrator.setFixedStepMode(fixedStep);
    }

    /**
     * Refuses a --max-step too small to reach the final time: one that does not advance time at all, or
     * that would take more than {@link #MAX_STEPS} steps (as it would with error control too, the steps
     * being at most --max-step).
     *
     * @param finalTime the final time in seconds, finite and {@code >= 0}
     * @throws BadInputException naming --max-step and --t-final
     */
    void checkStepCount(double finalTime) {
        checkValues();
        double steps = finalTime / maxStep;
        if (finalTime + maxStep == finalTime || steps > MAX_STEPS) {
            throw new BadInputException("--max-step " + maxStep + " is too small: reaching --t-final " + finalTime
                    + " would take " + String.format(java.util.Locale.ROOT, "%.3g", steps) + " steps (at most "
                    + String.format(java.util.Locale.ROOT, "%.0e", MAX_STEPS) + ")");
        }
    }

    private void checkValues() {
        if (!(accuracy > 0) || !Double.isFinite(accuracy)) {
            throw new BadInputException("--accuracy must be finite and > 0, got " + accuracy);
        }
        if (!(maxStep > 0) || !Double.isFinite(maxStep)) {
            throw new BadInputException("--max-step must be finite and > 0, got " + maxStep);
        }
    }

    String describe() {
        return scheme + (fixedStep ? ", fixed step " + maxStep + " s" : ", accuracy " + accuracy + ", max step " + maxStep + " s");
    }
}
