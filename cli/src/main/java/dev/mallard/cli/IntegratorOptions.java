package dev.mallard.cli;

import dev.mallard.simulator.IntegratorBase;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfigFunctions;
import picocli.CommandLine.Option;

/** The integrator options of simulate and gradient, and their application to a simulator. */
final class IntegratorOptions {

    @Option(names = "--integrator", paramLabel = "NAME", defaultValue = "runge_kutta3",
            description = "Integration scheme (default ${DEFAULT-VALUE}): explicit_euler, semi_explicit_euler, "
                    + "runge_kutta2, runge_kutta3, bogacki_shampine3, runge_kutta5, implicit_euler, radau1, radau3, "
                    + "velocity_implicit_euler.")
    String scheme;

    @Option(names = "--accuracy", paramLabel = "A", defaultValue = "1e-4",
            description = "Target accuracy of error control (default ${DEFAULT-VALUE}).")
    double accuracy;

    @Option(names = "--max-step", paramLabel = "H", defaultValue = "0.1",
            description = "Maximum step size in seconds; the step size with --fixed-step (default ${DEFAULT-VALUE}).")
    double maxStep;

    @Option(names = "--fixed-step", description = "Take fixed steps of --max-step, without error control.")
    boolean fixedStep;

    /** Replaces the simulator's integrator as the options say. */
    <T> void apply(Simulator<T> simulator) {
        if (!(accuracy > 0) || !Double.isFinite(accuracy)) {
            throw new BadInputException("--accuracy must be finite and > 0, got " + accuracy);
        }
        if (!(maxStep > 0) || !Double.isFinite(maxStep)) {
            throw new BadInputException("--max-step must be finite and > 0, got " + maxStep);
        }
        IntegratorBase<T> integrator;
        try {
            integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(simulator, scheme, maxStep);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--integrator: " + e.getMessage());
        }
        integrator.setTargetAccuracy(accuracy);
        if (fixedStep) {
            integrator.setFixedStepMode(true);
        } else if (!integrator.supportsErrorEstimation()) {
            throw new BadInputException("--integrator " + scheme + " has no error estimate: add --fixed-step");
        }
    }

    String describe() {
        return scheme + (fixedStep ? ", fixed step " + maxStep + " s" : ", accuracy " + accuracy + ", max step " + maxStep + " s");
    }
}
