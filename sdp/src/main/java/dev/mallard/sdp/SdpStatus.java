package dev.mallard.sdp;

/** How an {@link SdpSolver} run ended. */
public enum SdpStatus {
    /**
     * Relative primal and dual infeasibility and the relative complementarity gap are within tolerance
     * (see {@link IterationInfo#relativeComplementarity()}).
     */
    OPTIMAL,
    /**
     * Progress stalled (rounding errors in the Newton system dominate, as happens on ill-posed
     * problems) after reaching an iterate within a factor 1000 of every tolerance whose primal and dual
     * objectives agree to 1e-3 relative; that iterate is returned. CSDP calls this "solved to reduced
     * accuracy" (with the same factor, and no test of the objectives).
     */
    NEAR_OPTIMAL,
    /**
     * Progress stalled after reaching an iterate within a factor 1000 of every tolerance, as for {@link
     * #NEAR_OPTIMAL}, but whose primal and dual objectives differ by more than 1e-3 relative; that iterate is
     * returned. It is nearly feasible on both sides, but the optimal value is known only to within its objective
     * gap ({@link SdpResult#relativeGap()}), so it is not a solution: code that needs an optimum treats it as a
     * failure (roa does, and {@code mallard sdp} exits 1). CSDP reports such an iterate as "partial success"
     * (its rule tests the infeasibilities and the complementarity gap, not the objectives); SDPLIB's hinf13 and
     * hinf15 end here in both solvers, with objectives 4e-3 and 1e-2 apart.
     */
    INACCURATE,
    /**
     * (P) has no feasible x: the result's Y (and free w) is a Farkas ray, normalised so that
     * {@code C . Y + f'w = 1} with {@code A_i . Y + a_i'w ~ 0} and Y PSD. (D) is then unbounded or infeasible.
     */
    PRIMAL_INFEASIBLE,
    /**
     * (D) has no feasible Y: the result's x is a Farkas ray, normalised so that {@code c'x = -1} with
     * {@code sum_i A_i x_i ~ PSD} and {@code sum_i a_i x_i ~ 0}. (P) is then unbounded or infeasible.
     */
    DUAL_INFEASIBLE,
    /** The iteration limit was reached before the tolerances were met; the last iterate is returned. */
    ITERATION_LIMIT,
    /**
     * The Newton system could not be solved or the iterates stopped improving (typically a problem
     * without a strictly feasible point, or tolerances below what double precision allows); the best
     * iterate found is returned.
     */
    NUMERICAL_ERROR
}
