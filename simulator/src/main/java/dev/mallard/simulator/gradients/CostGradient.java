package dev.mallard.simulator.gradients;

import dev.mallard.scalar.Format;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The gradient of {@code J = phi(T, x(T), p) + integral of L + sum_k l_k(t_k, x(t_k), p)} with respect to the
 * initial continuous state and the numeric parameters, by forward mode or by the adjoint, whichever the problem's
 * size favours: forward mode ({@link GradientSimulation#sample}, one AutoDiff run whose width is the number of
 * independent variables) when there are at most {@link #FORWARD_MODE_LIMIT} of them under an explicit scheme, or
 * {@link #IMPLICIT_FORWARD_MODE_LIMIT} under an implicit one, and no running cost (forward mode integrates none),
 * the adjoint ({@link AdjointGradient}) otherwise. Both differentiate the same steps, so they agree to rounding
 * under explicit schemes (to about the Newton tolerance under implicit ones).
 *
 * <p>The limits are measured (docs/PERFORMANCE.md, "Forward mode or the adjoint" and "Forward or adjoint (issue
 * 31)"). On AdjointBenchmark's chain under runge_kutta3, the adjoint takes 1.0 to 1.4 times forward mode's time
 * with 4 independent variables and 0.9 to 1.1 times with 8, but 0.56 to 0.68 times with 12 and 0.44 to 0.55 with
 * 20. Under an implicit scheme the adjoint costs more per step (it re-solves every step's stage equations by
 * Newton's method to rounding and solves a transposed system of the stage size), so forward mode stays ahead
 * longer: on BrusselatorBenchmark's grid under radau3 the adjoint took 0.8 to 1.5 times forward mode's time with
 * 24 independent variables, and 0.2 to 0.3 times with 54 and 96 (short runs on a loaded machine).
 *
 * <p>Unlike {@link AdjointGradient.Result}, the gradient has no column for the final time (forward mode's sampled
 * Jacobians have none).
 */
public final class CostGradient {

    /** The largest number of independent variables (initial states plus parameters) differentiated forwards. */
    public static final int FORWARD_MODE_LIMIT = 8;

    /**
     * The largest number of independent variables differentiated forwards under an implicit scheme
     * ({@link #isImplicit}): between the measured 24, where forward mode is about as fast, and 54, where the
     * adjoint is faster (under radau3; implicit Euler and radau1 share its step adjoint, and velocity-implicit
     * Euler's adjoint replays each step by forward mode, so the same limit is applied to them unmeasured).
     */
    public static final int IMPLICIT_FORWARD_MODE_LIMIT = 40;

    /** How a gradient was computed. */
    public enum Mode {
        /** Forward-mode AutoDiff through one run ({@link GradientSimulation#sample}). */
        FORWARD,
        /** The discrete adjoint ({@link AdjointGradient}). */
        ADJOINT
    }

    /**
     * The cost and its gradient. Immutable: the constructor and the accessor copy the array.
     *
     * @param cost J
     * @param gradient dJ / d(x(0), p), {@code n + np} entries in {@link GradientSimulation}'s column order
     * @param columnNames the entries' names ({@link GradientSimulation#columnNames} without the final time)
     * @param mode how it was computed
     */
    public record Result(double cost, double[] gradient, List<String> columnNames, Mode mode) {

        /**
         * Copies the array and the names.
         *
         * @param cost J
         * @param gradient dJ / d(x(0), p); copied
         * @param columnNames the names; copied
         * @param mode how it was computed
         * @throws NullPointerException naming the argument if one is null
         */
        public Result {
            gradient = Objects.requireNonNull(gradient, "gradient must not be null").clone();
            columnNames = List.copyOf(Objects.requireNonNull(columnNames, "columnNames must not be null"));
            Objects.requireNonNull(mode, "mode must not be null");
        }

        /** @return dJ / d(x(0), p), a fresh copy */
        @Override
        public double[] gradient() {
            return gradient.clone();
        }

        /**
         * @param o another object
         * @return whether it is a Result with the same cost, gradient (entry by entry), names and mode
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && Double.compare(cost, r.cost) == 0 && Arrays.equals(gradient, r.gradient)
                    && columnNames.equals(r.columnNames) && mode == r.mode;
        }

        /** @return a hash consistent with {@link #equals} */
        @Override
        public int hashCode() {
            return Objects.hash(cost, Arrays.hashCode(gradient), columnNames, mode);
        }

        /** @return the cost, the gradient with its names, and the mode */
        @Override
        public String toString() {
            return "Result[cost=" + cost + ", gradient=" + Format.vector(gradient) + ", columns=" + columnNames
                    + ", mode=" + mode + "]";
        }
    }

    private CostGradient() {
    }

    /**
     * @param numStates the number of continuous states
     * @param numParameters the number of numeric parameters
     * @param running the running cost
     * @param scheme the integration scheme's name ({@link SimulatorConfig#getIntegrationScheme()})
     * @return the mode {@link #compute} uses for a problem of this size under this scheme
     * @throws NullPointerException naming the argument if running or scheme is null
     */
    public static Mode choose(int numStates, int numParameters, CostFunction running, String scheme) {
        Objects.requireNonNull(running, "running must not be null");
        int limit = isImplicit(scheme) ? IMPLICIT_FORWARD_MODE_LIMIT : FORWARD_MODE_LIMIT;
        return running == CostFunction.zero() && numStates + numParameters <= limit ? Mode.FORWARD : Mode.ADJOINT;
    }

    /**
     * @param scheme an integration scheme's name
     * @return whether it solves an implicit stage system each step (implicit_euler, velocity_implicit_euler,
     *     radau1, radau3), which makes the adjoint's steps dearer
     * @throws NullPointerException naming the argument if scheme is null
     */
    public static boolean isImplicit(String scheme) {
        Objects.requireNonNull(scheme, "scheme must not be null");
        return switch (scheme) {
            case "implicit_euler", "velocity_implicit_euler", "radau1", "radau3" -> true;
            default -> false;
        };
    }

    /**
     * Simulates from the context to {@code finalTime} and returns J and its gradient, by the mode
     * {@link #choose} picks.
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context of it with the initial condition, parameters and input values; not modified
     * @param finalTime T, seconds, not before the context's time
     * @param terminal {@code phi(t, x, p)} at T ({@link CostFunction#zero()} for none)
     * @param running {@code L(t, x, p)} ({@link CostFunction#zero()} for none)
     * @param samples the losses at sample times between the context's time and T, or null for none
     * @param config the integrator, its accuracy and maximum step (its start time is not used: the run starts at
     *     the context's time)
     * @return the cost, its gradient and the mode used
     * @throws IllegalArgumentException as {@link AdjointGradient#run(DynamicalSystem, Context, double,
     *     CostFunction, CostFunction, SampleLoss, int, Consumer)}
     * @throws UnsupportedOperationException as that method
     * @throws dev.mallard.simulator.SimulationException if the simulation fails or stops early
     */
    public static Result compute(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            CostFunction terminal, CostFunction running, SampleLoss samples, SimulatorConfig config) {
        Objects.requireNonNull(context, "context must not be null");
        Objects.requireNonNull(running, "running must not be null");
        Objects.requireNonNull(config, "config must not be null");
        Mode mode = choose(context.getNumContinuousStates(), GradientSimulation.countParameters(context), running,
                config.getIntegrationScheme());
        return compute(system, context, finalTime, terminal, running, samples, config, mode);
    }

    /**
     * As {@link #compute(DynamicalSystem, Context, double, CostFunction, CostFunction, SampleLoss,
     * SimulatorConfig)}, by the given mode rather than the one {@link #choose} picks (to compare the two, or
     * where the caller knows better).
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context of it; not modified
     * @param finalTime T, seconds, not before the context's time
     * @param terminal {@code phi(t, x, p)} at T
     * @param running {@code L(t, x, p)}; must be {@link CostFunction#zero()} under {@link Mode#FORWARD}
     * @param samples the losses at sample times, or null for none
     * @param config the integrator, its accuracy and maximum step
     * @param mode the mode to use
     * @return the cost, its gradient and the mode used
     * @throws IllegalArgumentException naming the running cost if forward mode is asked for with one, else as
     *     the other overload
     * @throws UnsupportedOperationException as the other overload
     * @throws dev.mallard.simulator.SimulationException if the simulation fails or stops early
     */
    public static Result compute(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            CostFunction terminal, CostFunction running, SampleLoss samples, SimulatorConfig config, Mode mode) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        Objects.requireNonNull(terminal, "terminal must not be null");
        Objects.requireNonNull(running, "running must not be null");
        Objects.requireNonNull(config, "config must not be null");
        Objects.requireNonNull(mode, "mode must not be null");
        if (mode == Mode.FORWARD && running != CostFunction.zero()) {
            throw new IllegalArgumentException("running cost " + running
                    + " cannot be differentiated in forward mode (it integrates none): use Mode.ADJOINT");
        }
        int n = context.getNumContinuousStates();
        int np = GradientSimulation.countParameters(context);
        List<String> names = GradientSimulation.columnNames(context).subList(0, n + np);
        if (mode == Mode.ADJOINT) {
            AdjointGradient.Result r = AdjointGradient.run(system, context, finalTime, terminal, running, samples,
                    AdjointGradient.DEFAULT_CHECKPOINT_INTERVAL, configure(config));
            return new Result(r.cost(), Arrays.copyOf(r.gradient(), n + np), names, Mode.ADJOINT);
        }
        // the adjoint's checks, so that both modes refuse the same arguments
        if (!(finalTime >= context.getTimeValue())) {
            throw new IllegalArgumentException("finalTime " + finalTime + " is before the context's time "
                    + context.getTimeValue());
        }
        int count = samples == null ? 0 : samples.size();
        double[] times = Arrays.copyOf(samples == null ? new double[0] : samples.times(), count + 1);
        times[count] = finalTime;
        for (int k = 0; k < count; k++) {
            if (times[k] < context.getTimeValue() || times[k] > finalTime) {
                throw new IllegalArgumentException("sample time " + k + " = " + times[k] + " is outside the run from "
                        + context.getTimeValue() + " to T = " + finalTime);
            }
        }
        GradientSimulation.Samples s = GradientSimulation.sample(system, context, times, configure(config));
        double[] p = AdjointGradient.parameterValues(context);
        double cost = 0;
        double[] gradient = new double[n + np];
        double[] gx = new double[n];
        double[] gp = new double[np];
        for (int k = 0; k <= count; k++) {
            CostFunction f = k < count ? samples.loss(k) : terminal;
            double[] x = s.state(k);
            cost += f.value(times[k], x, p);
            f.gradient(times[k], x, p, gx, gp);
            double[][] jacobian = s.jacobian(k);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n + np; j++) {
                    gradient[j] += gx[i] * jacobian[i][j];
                }
            }
            for (int q = 0; q < np; q++) {
                gradient[n + q] += gp[q];
            }
        }
        return new Result(cost, gradient, names, Mode.FORWARD);
    }

    /** Applies the config to a simulator of either number type, keeping the context's start time. */
    private static <T> Consumer<Simulator<T>> configure(SimulatorConfig config) {
        return sim -> {
            double start = sim.getContext().getTimeValue();
            SimulatorConfigFunctions.applySimulatorConfig(config, sim);
            sim.getMutableContext().setTime(start);
        };
    }
}
