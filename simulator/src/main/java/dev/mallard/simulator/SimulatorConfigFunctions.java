package dev.mallard.simulator;

import dev.mallard.scalar.Checks;
import dev.mallard.simulator.integrators.ImplicitIntegrator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Applying a {@link SimulatorConfig} to a {@link Simulator}, reading one back, replacing the integrator by
 * scheme name, and printing a simulator's statistics.
 */
public final class SimulatorConfigFunctions {

    /** The statistics line under a total that gives the implicit error estimator's part of it. */
    private static final String ESTIMATOR_PART = "  of which by the error estimator";

    private SimulatorConfigFunctions() {
    }

    /**
     * @return the valid scheme names (see {@link IntegrationSchemes#getIntegrationSchemes()})
     */
    public static List<String> getIntegrationSchemes() {
        return IntegrationSchemes.getIntegrationSchemes();
    }

    /**
     * Replaces the simulator's integrator with a new one of the named scheme and maximum step size (error
     * control on for schemes that have it, at their default accuracy). The simulator must be initialized
     * again; do not keep references to the old integrator.
     *
     * @param simulator the simulator, modified
     * @param scheme a name from {@link #getIntegrationSchemes()}
     * @param maxStepSize seconds, {@code > 0}
     * @param <T> the number type
     * @return the new integrator, owned by the simulator
     * @throws IllegalArgumentException "Unknown integration scheme: NAME", or for a bad step size; the
     *     simulator is then unchanged
     */
    public static <T> IntegratorBase<T> resetIntegratorFromFlags(Simulator<T> simulator, String scheme,
            double maxStepSize) {
        Checks.notNull(simulator, "simulator");
        IntegratorBase<T> made = IntegrationSchemes.create(scheme, simulator.getSystem(), maxStepSize, null);
        return simulator.resetIntegrator((s, c) -> made);
    }

    /**
     * Configures the simulator: a new integrator of the config's scheme and maximum step; for schemes with an
     * error estimate, fixed-step mode is {@code !useErrorControl} and the target accuracy is the config's;
     * the target realtime rate; forced publishes at initialization and every step if
     * {@code publishEveryTimeStep} (both simulator flags set to it); and the context's time is set to the
     * start time.
     *
     * @param config the configuration, not modified
     * @param simulator the simulator, modified (it must be initialized again)
     * @param <T> the number type
     */
    public static <T> void applySimulatorConfig(SimulatorConfig config, Simulator<T> simulator) {
        Checks.notNull(config, "config");
        IntegratorBase<T> integrator = resetIntegratorFromFlags(simulator, config.getIntegrationScheme(),
                config.getMaxStepSize());
        if (integrator.supportsErrorEstimation()) {
            integrator.setFixedStepMode(!config.isUseErrorControl());
            integrator.setTargetAccuracy(config.getAccuracy());
        }
        simulator.setTargetRealtimeRate(config.getTargetRealtimeRate());
        simulator.setPublishEveryTimeStep(config.isPublishEveryTimeStep());
        simulator.setPublishAtInitialization(config.isPublishEveryTimeStep());
        if (simulator.hasContext()) {
            simulator.getMutableContext().setTime(config.getStartTime());
        }
    }

    /**
     * Reports the simulator's current configuration. The accuracy is the integrator's target accuracy, or
     * the default 1e-4 when it has none (schemes without error estimate); the start time is the context's
     * current time (0 without a context); publish-every-time-step is the simulator's
     * {@link Simulator#getPublishEveryTimeStep()}; gradients of a non-double time are dropped.
     *
     * @param simulator the simulator, not modified
     * @param <T> the number type
     * @return a new config; for a just-constructed simulator, equal to {@code new SimulatorConfig()}
     */
    public static <T> SimulatorConfig extractSimulatorConfig(Simulator<T> simulator) {
        Checks.notNull(simulator, "simulator");
        IntegratorBase<T> integrator = simulator.getIntegrator();
        double accuracy = integrator.getTargetAccuracy();
        return new SimulatorConfig().setIntegrationScheme(integrator.getSchemeName())
                .setMaxStepSize(integrator.getMaximumStepSize())
                .setAccuracy(Double.isNaN(accuracy) ? IntegratorBase.DEFAULT_ACCURACY : accuracy)
                .setUseErrorControl(!integrator.getFixedStepMode())
                .setStartTime(simulator.hasContext() ? simulator.getContext().getTimeValue() : 0)
                .setTargetRealtimeRate(simulator.getTargetRealtimeRate())
                .setPublishEveryTimeStep(simulator.getPublishEveryTimeStep());
    }

    /**
     * Writes the simulator's and its integrator's statistics to standard output.
     *
     * @param simulator the simulator, not modified
     */
    public static void printSimulatorStatistics(Simulator<?> simulator) {
        printSimulatorStatistics(simulator, System.out);
    }

    /**
     * Writes the simulator's and its integrator's statistics.
     *
     * @param simulator the simulator, not modified
     * @param out where to write, not closed
     */
    public static void printSimulatorStatistics(Simulator<?> simulator, PrintStream out) {
        out.print(formatSimulatorStatistics(simulator));
        out.flush();
    }

    /**
     * The text {@link #printSimulatorStatistics} writes: simulator counts (steps, publishes, discrete and
     * unrestricted updates), the integrator's scheme, step sizes and evaluations, error-control and
     * sub-step-failure shrinkages, and, for implicit integrators, Jacobians, factorisations and Newton
     * iterations, each total followed by the error estimator's part of it (as Drake's statistics summary).
     *
     * @param simulator the simulator, not modified
     * @return the statistics, one per line
     */
    public static String formatSimulatorStatistics(Simulator<?> simulator) {
        Checks.notNull(simulator, "simulator");
        IntegratorBase<?> in = simulator.getIntegrator();
        StringBuilder sb = new StringBuilder();
        sb.append("Simulator statistics for ").append(simulator.getSystem().getName()).append('\n');
        line(sb, "steps taken (simulator)", simulator.getNumStepsTaken());
        line(sb, "publishes", simulator.getNumPublishes());
        line(sb, "discrete updates", simulator.getNumDiscreteUpdates());
        line(sb, "unrestricted updates", simulator.getNumUnrestrictedUpdates());
        sb.append("Integrator ").append(in.getSchemeName())
                .append(in.getFixedStepMode() ? " (fixed step)" : " (error control, accuracy "
                        + in.getAccuracyInUse() + ")").append('\n');
        line(sb, "steps taken (integrator)", in.getNumStepsTaken());
        line(sb, "derivative evaluations", in.getNumDerivativeEvaluations());
        if (in instanceof ImplicitIntegrator<?> implicit) {
            line(sb, ESTIMATOR_PART, implicit.getNumErrorEstimatorDerivativeEvaluations());
        }
        line(sb, "initial step taken [s]", in.getActualInitialStepSizeTaken());
        line(sb, "largest step taken [s]", in.getLargestStepSizeTaken());
        line(sb, "smallest adapted step [s]", in.getSmallestAdaptedStepSizeTaken());
        line(sb, "step shrinkages from error control", in.getNumStepShrinkagesFromErrorControl());
        line(sb, "step shrinkages from sub-step failures", in.getNumStepShrinkagesFromSubstepFailures());
        if (in instanceof ImplicitIntegrator<?> implicit) {
            line(sb, "Jacobian evaluations", implicit.getNumJacobianEvaluations());
            line(sb, ESTIMATOR_PART, implicit.getNumErrorEstimatorJacobianEvaluations());
            line(sb, "derivative evaluations for Jacobians", implicit.getNumDerivativeEvaluationsForJacobian());
            line(sb, ESTIMATOR_PART, implicit.getNumErrorEstimatorDerivativeEvaluationsForJacobian());
            line(sb, "iteration matrix factorizations", implicit.getNumIterationMatrixFactorizations());
            line(sb, ESTIMATOR_PART, implicit.getNumErrorEstimatorIterationMatrixFactorizations());
            line(sb, "Newton-Raphson iterations", implicit.getNumNewtonRaphsonIterations());
            line(sb, ESTIMATOR_PART, implicit.getNumErrorEstimatorNewtonRaphsonIterations());
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String what, long value) {
        sb.append(String.format(Locale.ROOT, "  %-40s %d%n", what, value));
    }

    private static void line(StringBuilder sb, String what, double value) {
        sb.append(String.format(Locale.ROOT, "  %-40s %s%n", what, Double.isNaN(value) ? "-" : Double.toString(value)));
    }
}
