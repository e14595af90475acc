package dev.mallard.simulator.estimation;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Format;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Fits initial states and numeric parameters of a system to sampled states by least squares: minimises
 * {@code 1/2 sum_k sum_i (x_i(t_k; theta) - y_ki)^2} over the chosen entries {@code theta}, within bounds, by
 * Levenberg-Marquardt on the forward-mode sensitivities at the sample times
 * ({@link GradientSimulation#sample}, one AutoDiff run per iteration, through events). A trial point whose
 * simulation fails ({@link SimulationException}, or a non-finite state) is a rejected step, not an error.
 *
 * <pre>{@code
 * SampleTable data = SampleTable.read(Path.of("data/fitting/lotka_volterra.csv"));   // t, x, y
 * ParameterEstimation.Result fit = new ParameterEstimation(lv, lv.createDefaultContext())
 *         .estimate("a", 0, 10).estimate("b", 0, 10).estimate("c", 0, 10).estimate("d", 0, 10)
 *         .estimate("x").estimate("y")
 *         .fit(data);
 * }</pre>
 *
 * <p>Names are {@link GradientSimulation.Result}'s column names ({@code "PATH/NAME"}) or their part after the last
 * {@code /} when that is unique. The starting point is the context's values. Data columns are matched to states by
 * name ({@link #fit(SampleTable)}) or given in the order of {@link #observe}. Configure the integrator (scheme,
 * accuracy) with {@link #configure}: the fit is only as accurate as the simulation.
 *
 * <p>The covariance is {@code s^2 (J^T J)^-1} at the estimate with {@code s^2 = |r|^2 / (N - P)} (N residuals, P
 * estimated entries), as is usual for least squares with independent errors of equal variance (scipy's and
 * MINPACK's users compute the same). Not thread-safe: one fit at a time per instance.
 */
public final class ParameterEstimation {

    /** Why the iteration stopped. */
    public enum Termination {
        /** an accepted step was smaller than the step tolerance relative to the estimate: converged */
        STEP_TOLERANCE,
        /** an accepted step lowered the cost, actually and as predicted, by less than the cost tolerance: converged */
        COST_TOLERANCE,
        /** the gradient, projected on the bounds, is zero: converged */
        ZERO_GRADIENT,
        /** the iteration limit was reached before convergence */
        MAX_ITERATIONS,
        /** no lower cost was found however short the step (every trial failed or raised the cost) */
        NO_PROGRESS
    }

    /**
     * A fit's outcome.
     *
     * @param names the estimated entries' names, in the order they were added
     * @param estimate the estimate, one value per name
     * @param standardErrors the square roots of the covariance's diagonal, or null when {@code J^T J} is singular
     * @param covariance {@code s^2 (J^T J)^-1} at the estimate, or null when {@code J^T J} is singular (an entry
     *     the data do not determine)
     * @param residuals model minus data at the estimate, sample by sample ({@code k * observed + i})
     * @param cost {@code 1/2 |residuals|^2}
     * @param iterations Levenberg-Marquardt iterations (trial steps, accepted or not)
     * @param simulations simulations run, the first at the starting point included
     * @param rejectedSteps trial steps rejected, the failed ones included
     * @param failedSimulations trial points whose simulation failed
     * @param termination why the iteration stopped
     */
    public record Result(List<String> names, double[] estimate, double[] standardErrors, double[][] covariance,
            double[] residuals, double cost, int iterations, int simulations, int rejectedSteps,
            int failedSimulations, Termination termination) {

        /**
         * Copies the arrays.
         *
         * @param names the names; copied
         * @param estimate the estimate; copied
         * @param standardErrors the standard errors, or null; copied
         * @param covariance the covariance, or null; copied
         * @param residuals the residuals; copied
         * @param cost the cost
         * @param iterations the iterations
         * @param simulations the simulations
         * @param rejectedSteps the rejected steps
         * @param failedSimulations the failed simulations
         * @param termination why it stopped, not null
         */
        public Result {
            names = List.copyOf(names);
            estimate = estimate.clone();
            standardErrors = standardErrors == null ? null : standardErrors.clone();
            covariance = covariance == null ? null : copy(covariance);
            residuals = residuals.clone();
            Objects.requireNonNull(termination, "termination must not be null");
        }

        /** @return the estimate, a fresh copy */
        @Override
        public double[] estimate() {
            return estimate.clone();
        }

        /** @return the standard errors (a fresh copy), or null when the covariance is undetermined */
        @Override
        public double[] standardErrors() {
            return standardErrors == null ? null : standardErrors.clone();
        }

        /** @return the covariance (a fresh copy), or null when {@code J^T J} is singular */
        @Override
        public double[][] covariance() {
            return covariance == null ? null : copy(covariance);
        }

        /** @return the residuals, a fresh copy */
        @Override
        public double[] residuals() {
            return residuals.clone();
        }

        /** @return whether the iteration converged (stopped by a tolerance or a zero gradient) */
        public boolean converged() {
            return termination != Termination.MAX_ITERATIONS && termination != Termination.NO_PROGRESS;
        }

        /**
         * @param name an estimated entry's name, as given to {@link ParameterEstimation#estimate}
         * @return its estimate
         * @throws IllegalArgumentException if no estimated entry has that name
         */
        public double get(String name) {
            int j = names.indexOf(name);
            if (j < 0) {
                throw new IllegalArgumentException("'" + name + "' is not estimated; the estimates are " + names);
            }
            return estimate[j];
        }

        /**
         * @param o another object
         * @return whether it is a Result with the same numbers, bit for bit, and the same names and counts
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && names.equals(r.names) && Arrays.equals(estimate, r.estimate)
                    && Arrays.equals(standardErrors, r.standardErrors) && Arrays.deepEquals(covariance, r.covariance)
                    && Arrays.equals(residuals, r.residuals) && Double.compare(cost, r.cost) == 0
                    && iterations == r.iterations && simulations == r.simulations
                    && rejectedSteps == r.rejectedSteps && failedSimulations == r.failedSimulations
                    && termination == r.termination;
        }

        /** @return a hash consistent with {@link #equals} */
        @Override
        public int hashCode() {
            return Objects.hash(names, Arrays.hashCode(estimate), Arrays.hashCode(standardErrors),
                    Arrays.deepHashCode(covariance), Arrays.hashCode(residuals), cost, iterations, simulations,
                    rejectedSteps, failedSimulations, termination);
        }

        /** @return the names, the estimate, the standard errors, the cost, the iterations and the termination */
        @Override
        public String toString() {
            return "Result[names=" + names + ", estimate=" + Format.vector(estimate) + ", standardErrors="
                    + (standardErrors == null ? "undetermined" : Format.vector(standardErrors)) + ", cost=" + cost
                    + ", iterations=" + iterations + ", rejectedSteps=" + rejectedSteps + ", termination="
                    + termination + "]";
        }

        private static double[][] copy(double[][] m) {
            double[][] out = new double[m.length][];
            for (int i = 0; i < m.length; i++) {
                out[i] = m[i].clone();
            }
            return out;
        }
    }

    private final DynamicalSystem<Double> system;
    private final Context<Double> context;
    private final List<String> columnNames;
    private final int numStates;
    private final List<String> names = new ArrayList<>();
    private final List<Integer> columns = new ArrayList<>();
    private final List<double[]> bounds = new ArrayList<>();
    private int[] observed;
    private Consumer<Simulator<AutoDiff>> configure;
    private int maxIterations = 100;
    private double stepTolerance = 1e-10;
    private double costTolerance = 1e-14;

    /**
     * Starts a fit of the system from the context's values.
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context of the system with the starting point; copied (later changes to it are not
     *     seen)
     * @throws IllegalArgumentException if the context is not a root context of the system or has no continuous
     *     state
     */
    public ParameterEstimation(DynamicalSystem<Double> system, Context<Double> context) {
        this.system = Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != system || !context.isRootContext()) {
            throw new IllegalArgumentException("the context must be a root context of " + system.getName());
        }
        if (context.getNumContinuousStates() == 0) {
            throw new IllegalArgumentException(system.getName() + " has no continuous state to fit");
        }
        this.context = context.cloneContext();
        this.numStates = context.getNumContinuousStates();
        List<String> all = GradientSimulation.columnNames(context);
        this.columnNames = all.subList(0, all.size() - 1);
    }

    /**
     * Estimates an initial state or a parameter without bounds.
     *
     * @param name the entry's name (see the class comment)
     * @return this
     * @throws IllegalArgumentException if no state or parameter has that name, more than one ends with it, or it
     *     is already estimated
     */
    public ParameterEstimation estimate(String name) {
        return estimate(name, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    /**
     * Estimates an initial state or a parameter within {@code [lower, upper]}.
     *
     * @param name the entry's name (see the class comment)
     * @param lower the lower bound, not NaN, may be {@code -infinity}
     * @param upper the upper bound, not NaN, {@code >= lower}, may be {@code +infinity}
     * @return this
     * @throws IllegalArgumentException if the name is unknown, ambiguous or already estimated, the bounds are
     *     NaN or crossed, or the context's value lies outside them
     */
    public ParameterEstimation estimate(String name, double lower, double upper) {
        Objects.requireNonNull(name, "name must not be null");
        int column = column(name);
        if (columns.contains(column)) {
            throw new IllegalArgumentException(name + " is already estimated");
        }
        if (Double.isNaN(lower) || Double.isNaN(upper) || !(lower <= upper)) {
            throw new IllegalArgumentException("the bounds of " + name + " must be ordered numbers, got [" + lower
                    + ", " + upper + "]");
        }
        double start = value(column);
        if (!(start >= lower && start <= upper)) {
            throw new IllegalArgumentException("the starting value of " + name + ", " + start + ", is outside its "
                    + "bounds [" + lower + ", " + upper + "]");
        }
        names.add(name);
        columns.add(column);
        bounds.add(new double[] {lower, upper});
        return this;
    }

    /**
     * Which states the data columns hold, in order (by default every state, in order, unless
     * {@link #fit(SampleTable)} matches them by name).
     *
     * @param stateNames state names (see the class comment), at least one, distinct
     * @return this
     * @throws IllegalArgumentException if a name is no state's, or repeated
     */
    public ParameterEstimation observe(String... stateNames) {
        observed = observedStates(stateNames);
        return this;
    }

    private int[] observedStates(String... stateNames) {
        int[] chosen = new int[stateNames.length];
        for (int i = 0; i < chosen.length; i++) {
            chosen[i] = column(stateNames[i]);
            if (chosen[i] >= numStates) {
                throw new IllegalArgumentException(stateNames[i] + " is a parameter, not a state: only states are "
                        + "observed");
            }
            for (int k = 0; k < i; k++) {
                if (chosen[k] == chosen[i]) {
                    throw new IllegalArgumentException(stateNames[i] + " is observed twice");
                }
            }
        }
        if (chosen.length == 0) {
            throw new IllegalArgumentException("observe at least one state");
        }
        return chosen;
    }

    /**
     * @param configure sets up each AutoDiff simulator before its run (integrator, accuracy); may be null for the
     *     simulator's defaults
     * @return this
     */
    public ParameterEstimation configure(Consumer<Simulator<AutoDiff>> configure) {
        this.configure = configure;
        return this;
    }

    /**
     * @param iterations the most Levenberg-Marquardt iterations, at least 1 (default 100)
     * @return this
     * @throws IllegalArgumentException if below 1
     */
    public ParameterEstimation maxIterations(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + iterations);
        }
        this.maxIterations = iterations;
        return this;
    }

    /**
     * @param step converged when an accepted step is below {@code step * (|theta| + step)} (default 1e-10), finite
     *     and {@code >= 0}
     * @param cost converged when an accepted step lowers the cost, actually and as predicted, by at most
     *     {@code cost} times the cost (default 1e-14), finite and {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if a tolerance is negative or not finite
     */
    public ParameterEstimation tolerances(double step, double cost) {
        if (!(step >= 0) || !(cost >= 0) || !Double.isFinite(step) || !Double.isFinite(cost)) {
            throw new IllegalArgumentException("tolerances must be finite and >= 0, got " + step + " and " + cost);
        }
        this.stepTolerance = step;
        this.costTolerance = cost;
        return this;
    }

    /**
     * Fits to a table whose value columns are named after states (each column's name is resolved as
     * {@link #estimate} resolves names); ignores {@link #observe}.
     *
     * @param data the samples; not modified
     * @return the fit
     * @throws IllegalArgumentException if a column names no state, or as {@link #fit(double[], double[][])}
     * @throws SimulationException if the simulation fails at the starting point
     */
    public Result fit(SampleTable data) {
        Objects.requireNonNull(data, "data must not be null");
        return fit(data.times(), data.values(), observedStates(data.columns().toArray(String[]::new)));
    }

    /**
     * Fits to samples of the observed states.
     *
     * @param times the sample times, seconds, finite, non-decreasing, not before the context's time; not modified
     * @param data {@code data[k][i]}: observed state i at time k, finite; not modified
     * @return the fit; check {@link Result#converged()}
     * @throws IllegalArgumentException if nothing is estimated, there are no more residuals than estimated
     *     entries, the data's shape does not match the times and observed states, or a value is not finite
     * @throws SimulationException if the simulation fails at the starting point (there is no fit to report)
     */
    public Result fit(double[] times, double[][] data) {
        return fit(times, data, observed != null ? observed : allStates());
    }

    private Result fit(double[] times, double[][] data, int[] obs) {
        Objects.requireNonNull(times, "times must not be null");
        Objects.requireNonNull(data, "data must not be null");
        int p = columns.size();
        int residuals = times.length * obs.length;
        if (p == 0) {
            throw new IllegalArgumentException("nothing to estimate: call estimate(name) first");
        }
        if (data.length != times.length) {
            throw new IllegalArgumentException(times.length + " times but " + data.length + " rows of data");
        }
        for (int k = 0; k < data.length; k++) {
            if (data[k].length != obs.length) {
                throw new IllegalArgumentException("row " + k + " has " + data[k].length + " values for "
                        + obs.length + " observed states");
            }
            for (double v : data[k]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("row " + k + " holds the value " + v);
                }
            }
        }
        if (residuals <= p) {
            throw new IllegalArgumentException(residuals + " residuals cannot determine " + p + " estimates");
        }
        double[] lower = new double[p];
        double[] upper = new double[p];
        double[] start = new double[p];
        int[] wrt = new int[p];
        for (int j = 0; j < p; j++) {
            lower[j] = bounds.get(j)[0];
            upper[j] = bounds.get(j)[1];
            wrt[j] = columns.get(j);
            start[j] = value(wrt[j]);
        }
        double[] t = times.clone();
        double[][] y = new double[data.length][];
        for (int k = 0; k < y.length; k++) {
            y[k] = data[k].clone();
        }
        SimulationException[] first = new SimulationException[1];
        LevenbergMarquardt.Model model = (theta, r, jacobian) -> {
            Context<Double> c = context.cloneContext();
            for (int j = 0; j < p; j++) {
                set(c, wrt[j], theta[j]);
            }
            GradientSimulation.Samples s;
            try {
                s = GradientSimulation.sample(system, c, t, wrt, configure);
            } catch (SimulationException e) {
                if (first[0] == null) {
                    first[0] = e;
                }
                return false;
            }
            for (int k = 0; k < t.length; k++) {
                double[] x = s.state(k);
                double[][] jk = s.jacobian(k);
                for (int i = 0; i < obs.length; i++) {
                    r[k * obs.length + i] = x[obs[i]] - y[k][i];
                    System.arraycopy(jk[obs[i]], 0, jacobian[k * obs.length + i], 0, p);
                }
            }
            return true;
        };
        LevenbergMarquardt lm = new LevenbergMarquardt(model, residuals, lower, upper, stepTolerance, costTolerance,
                maxIterations);
        if (!lm.minimise(start)) {
            if (first[0] != null) {
                throw new SimulationException("the simulation fails at the starting point " + names + " = "
                        + Arrays.toString(start) + ": " + first[0].getMessage(), first[0].getTime(),
                        first[0].getSystemName());
            }
            throw new SimulationException("the model is not finite at the starting point " + names + " = "
                    + Arrays.toString(start), context.getTimeValue(), system.getName());
        }
        double[][] covariance = covariance(lm.jacobian, 2 * lm.cost / (residuals - p), p);
        double[] errors = null;
        if (covariance != null) {
            errors = new double[p];
            for (int j = 0; j < p; j++) {
                errors[j] = Math.sqrt(covariance[j][j]);
            }
        }
        return new Result(names, lm.theta, errors, covariance, lm.r, lm.cost, lm.iterations, lm.evaluations,
                lm.rejected, lm.failed, termination(lm.stop));
    }

    private static Termination termination(LevenbergMarquardt.Stop stop) {
        return switch (stop) {
            case STEP -> Termination.STEP_TOLERANCE;
            case COST -> Termination.COST_TOLERANCE;
            case GRADIENT -> Termination.ZERO_GRADIENT;
            case ITERATIONS -> Termination.MAX_ITERATIONS;
            case NO_PROGRESS -> Termination.NO_PROGRESS;
        };
    }

    /** {@code s2 (J^T J)^-1} by Gauss-Jordan with partial pivoting, or null if {@code J^T J} is singular. */
    private static double[][] covariance(double[][] jacobian, double s2, int p) {
        double[][] a = new double[p][p];
        LevenbergMarquardt.normalEquations(jacobian, new double[jacobian.length], a, new double[p]);
        double[][] inv = new double[p][p];
        for (int i = 0; i < p; i++) {
            inv[i][i] = 1;
        }
        double norm = 0;
        for (double[] row : a) {
            for (double v : row) {
                norm = Math.max(norm, Math.abs(v));
            }
        }
        for (int c = 0; c < p; c++) {
            int pivot = c;
            for (int i = c + 1; i < p; i++) {
                if (Math.abs(a[i][c]) > Math.abs(a[pivot][c])) {
                    pivot = i;
                }
            }
            if (!(Math.abs(a[pivot][c]) > 1e-14 * norm)) {
                return null;
            }
            double[] swap = a[c];
            a[c] = a[pivot];
            a[pivot] = swap;
            swap = inv[c];
            inv[c] = inv[pivot];
            inv[pivot] = swap;
            double d = a[c][c];
            for (int j = 0; j < p; j++) {
                a[c][j] /= d;
                inv[c][j] /= d;
            }
            for (int i = 0; i < p; i++) {
                if (i != c && a[i][c] != 0) {
                    double f = a[i][c];
                    for (int j = 0; j < p; j++) {
                        a[i][j] -= f * a[c][j];
                        inv[i][j] -= f * inv[c][j];
                    }
                }
            }
        }
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                inv[i][j] *= s2;
            }
        }
        return inv;
    }

    private int[] allStates() {
        int[] all = new int[numStates];
        Arrays.setAll(all, i -> i);
        return all;
    }

    /** The column of a name: an exact column name, or the unique column whose part after the last '/' it is. */
    private int column(String name) {
        int exact = columnNames.indexOf(name);
        if (exact >= 0) {
            return exact;
        }
        int found = -1;
        for (int j = 0; j < columnNames.size(); j++) {
            String c = columnNames.get(j);
            if (c.substring(c.lastIndexOf('/') + 1).equals(name)) {
                if (found >= 0) {
                    throw new IllegalArgumentException("'" + name + "' is ambiguous: " + columnNames.get(found)
                            + " or " + c);
                }
                found = j;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("no state or parameter '" + name + "'; the states and parameters "
                    + "are " + columnNames);
        }
        return found;
    }

    /** The context's value of a column: an initial state, or a flattened parameter. */
    private double value(int column) {
        if (column < numStates) {
            return context.getContinuousState().getValue(column);
        }
        int k = column - numStates;
        for (Context<Double> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                int size = leaf.getNumericParameter(g).size();
                if (k < size) {
                    return leaf.getNumericParameter(g).getValue(k);
                }
                k -= size;
            }
        }
        throw new IllegalStateException("column " + column + " out of range");
    }

    /** Sets a column's value in a copy of the context. */
    private void set(Context<Double> c, int column, double v) {
        if (column < numStates) {
            c.getMutableContinuousState().setValue(column, v);
            return;
        }
        int k = column - numStates;
        for (Context<Double> leaf : c.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                int size = leaf.getNumericParameter(g).size();
                if (k < size) {
                    leaf.getMutableNumericParameter(g).setValue(k, v);
                    return;
                }
                k -= size;
            }
        }
        throw new IllegalStateException("column " + column + " out of range");
    }
}
