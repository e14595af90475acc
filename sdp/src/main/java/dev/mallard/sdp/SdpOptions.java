package dev.mallard.sdp;

import dev.mallard.scalar.Checks;

/**
 * Immutable settings of an {@link SdpSolver}. Start from {@link #defaults()} and change what is needed
 * with the {@code with*} methods, each of which returns a new object.
 */
public final class SdpOptions {

    private final double primalTolerance;
    private final double dualTolerance;
    private final double gapTolerance;
    private final double infeasibilityTolerance;
    private final int maxIterations;
    private final double stepFraction;
    private final IterationListener listener;
    private final boolean splitFreeVariables;

    private SdpOptions(double primalTolerance, double dualTolerance, double gapTolerance,
            double infeasibilityTolerance, int maxIterations, double stepFraction, IterationListener listener,
            boolean splitFreeVariables) {
        this.splitFreeVariables = splitFreeVariables;
        this.primalTolerance = primalTolerance;
        this.dualTolerance = dualTolerance;
        this.gapTolerance = gapTolerance;
        this.infeasibilityTolerance = infeasibilityTolerance;
        this.maxIterations = maxIterations;
        this.stepFraction = stepFraction;
        this.listener = listener;
    }

    /**
     * @return tolerances 1e-8 (relative primal and dual infeasibility, relative complementarity gap, Farkas ray
     *     residual), at most 100 iterations, step fraction 0.95, no listener, split free variables recognised
     */
    public static SdpOptions defaults() {
        return new SdpOptions(1e-8, 1e-8, 1e-8, 1e-8, 100, 0.95, null, true);
    }

    /**
     * @param tolerance the relative (P) infeasibility accepted at an optimum, finite and {@code > 0}
     * @return a copy with it set
     */
    public SdpOptions withPrimalTolerance(double tolerance) {
        return new SdpOptions(Checks.positive(tolerance, "primalTolerance"), dualTolerance, gapTolerance,
                infeasibilityTolerance, maxIterations, stepFraction, listener, splitFreeVariables);
    }

    /**
     * @param tolerance the relative (D) infeasibility accepted at an optimum, finite and {@code > 0}
     * @return a copy with it set
     */
    public SdpOptions withDualTolerance(double tolerance) {
        return new SdpOptions(primalTolerance, Checks.positive(tolerance, "dualTolerance"), gapTolerance,
                infeasibilityTolerance, maxIterations, stepFraction, listener, splitFreeVariables);
    }

    /**
     * @param tolerance the relative complementarity gap {@code X . Y / (1 + |c'x| + |C . Y + f'w|)} accepted
     *     at an optimum, finite and {@code > 0}
     * @return a copy with it set
     */
    public SdpOptions withGapTolerance(double tolerance) {
        return new SdpOptions(primalTolerance, dualTolerance, Checks.positive(tolerance, "gapTolerance"),
                infeasibilityTolerance, maxIterations, stepFraction, listener, splitFreeVariables);
    }

    /**
     * @param tolerance the residual a normalised Farkas ray must reach to declare infeasibility, finite
     *     and {@code > 0}
     * @return a copy with it set
     */
    public SdpOptions withInfeasibilityTolerance(double tolerance) {
        return new SdpOptions(primalTolerance, dualTolerance, gapTolerance,
                Checks.positive(tolerance, "infeasibilityTolerance"), maxIterations, stepFraction, listener,
                splitFreeVariables);
    }

    /**
     * @param iterations the iteration limit, {@code >= 1}
     * @return a copy with it set
     */
    public SdpOptions withMaxIterations(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, got " + iterations);
        }
        return new SdpOptions(primalTolerance, dualTolerance, gapTolerance, infeasibilityTolerance, iterations,
                stepFraction, listener, splitFreeVariables);
    }

    /**
     * @param fraction the least fraction of the step to the boundary of the cone that is taken, in
     *     (0, 1); after long steps the solver goes up to 0.99 of the way (SDPT3's rule). Not used by the
     *     perturbed pass that follows a first pass without a full primal step, which goes CSDP's 0.90 to 0.97 of
     *     the way (see {@link SdpSolver#solve})
     * @return a copy with it set
     */
    public SdpOptions withStepFraction(double fraction) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException("stepFraction must be in (0, 1), got " + fraction);
        }
        return new SdpOptions(primalTolerance, dualTolerance, gapTolerance, infeasibilityTolerance,
                maxIterations, fraction, listener, splitFreeVariables);
    }

    /**
     * @param iterationListener called after every iteration, or null for none
     * @return a copy with it set
     */
    public SdpOptions withListener(IterationListener iterationListener) {
        return new SdpOptions(primalTolerance, dualTolerance, gapTolerance, infeasibilityTolerance,
                maxIterations, stepFraction, iterationListener, splitFreeVariables);
    }

    /**
     * @param recognise whether the solver recognises free variables of (D) written as differences of two
     *     non-negative LP entries ({@code w = y+ - y-}: two diagonal entries of Y whose coefficients in every
     *     constraint and in the objective are exact opposites, as SDPA files written by Drake, SOSTOOLS or
     *     YALMIP hold them) and re-centres each pair after every step (both entries lowered by the same
     *     amount, which changes neither residuals nor objectives but keeps the pair bounded; without it such
     *     programs end NUMERICAL_ERROR far more often). The result is in the problem's own variables
     *     ({@link SdpResult#splitFreeVariables()}). On by default
     * @return a copy with it set
     */
    public SdpOptions withSplitFreeVariables(boolean recognise) {
        return new SdpOptions(primalTolerance, dualTolerance, gapTolerance, infeasibilityTolerance, maxIterations,
                stepFraction, listener, recognise);
    }

    /** @return whether split free variables are recognised ({@link #withSplitFreeVariables}) */
    public boolean splitFreeVariables() {
        return splitFreeVariables;
    }

    /** @return the relative (P) infeasibility tolerance */
    public double primalTolerance() {
        return primalTolerance;
    }

    /** @return the relative (D) infeasibility tolerance */
    public double dualTolerance() {
        return dualTolerance;
    }

    /** @return the tolerance on the relative complementarity gap */
    public double gapTolerance() {
        return gapTolerance;
    }

    /** @return the Farkas ray residual tolerance */
    public double infeasibilityTolerance() {
        return infeasibilityTolerance;
    }

    /** @return the iteration limit */
    public int maxIterations() {
        return maxIterations;
    }

    /**
     * @return the least fraction of the step to the cone boundary taken (except where {@link #withStepFraction}
     *     says)
     */
    public double stepFraction() {
        return stepFraction;
    }

    /** @return the listener, or null */
    public IterationListener listener() {
        return listener;
    }

    /**
     * @return every setting, as {@code SdpOptions[primalTolerance=1.0E-8, dualTolerance=1.0E-8,
     *     gapTolerance=1.0E-8, infeasibilityTolerance=1.0E-8, maxIterations=100, stepFraction=0.95,
     *     no listener]}, with {@code ", split free variables kept as LP pairs"} before the bracket if
     *     {@link #withSplitFreeVariables} turned their recognition off
     */
    @Override
    public String toString() {
        return "SdpOptions[primalTolerance=" + primalTolerance + ", dualTolerance=" + dualTolerance
                + ", gapTolerance=" + gapTolerance + ", infeasibilityTolerance=" + infeasibilityTolerance
                + ", maxIterations=" + maxIterations + ", stepFraction=" + stepFraction
                + (listener == null ? ", no listener" : ", with a listener")
                + (splitFreeVariables ? "" : ", split free variables kept as LP pairs") + "]";
    }
}
