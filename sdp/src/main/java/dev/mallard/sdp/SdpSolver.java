package dev.mallard.sdp;

import dev.mallard.scalar.Checks;

/**
 * A primal-dual interior-point solver for block-diagonal semidefinite programs in the SDPA convention
 * (see {@link SdpProblem}).
 *
 * <p>The method: infeasible start from scaled identities (as in CSDP), the HKM search direction
 * (Helmberg-Rendl-Vanderbei-Wolkowicz, Kojima-Shindoh-Hara, Monteiro) with Mehrotra's
 * predictor-corrector, the Schur complement assembled from the sparse constraint matrices block by
 * block ({@link SchurComplement}), dense Cholesky factorisation through EJML, and separate primal and
 * dual step lengths to a fraction of the distance to the boundary of the cone (computed from the
 * smallest eigenvalue of {@code L^-1 dX L^-T}). Free variables are kept in a regularised saddle-point
 * system, not split.
 *
 * <p>Stops when the relative infeasibilities and the relative gap reach the tolerances of
 * {@link SdpOptions}, or when a Farkas ray proves one side infeasible (the result then carries the
 * normalised ray). Instances are immutable and thread-safe; each {@link #solve} call has its own state.
 */
public final class SdpSolver {

    private final SdpOptions options;

    /** A solver with {@link SdpOptions#defaults()}. */
    public SdpSolver() {
        this(SdpOptions.defaults());
    }

    /**
     * @param options the settings
     */
    public SdpSolver(SdpOptions options) {
        this.options = Checks.notNull(options, "options");
    }

    /** @return the settings */
    public SdpOptions options() {
        return options;
    }

    /**
     * Solves a problem.
     *
     * @param problem the problem; not modified
     * @return the outcome; never null (failures are reported by its status, not thrown)
     */
    public SdpResult solve(SdpProblem problem) {
        Checks.notNull(problem, "problem");
        return new InteriorPointRun(problem, options).run();
    }
}
