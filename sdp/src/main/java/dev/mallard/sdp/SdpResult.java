package dev.mallard.sdp;

/**
 * The outcome of {@link SdpSolver#solve}: status, the returned iterate (x, X, Y, w), objectives,
 * residuals, iteration count and time. For {@link SdpStatus#PRIMAL_INFEASIBLE} Y and w hold the
 * normalised Farkas ray, for {@link SdpStatus#DUAL_INFEASIBLE} x does (see {@link SdpStatus}).
 *
 * <p>Immutable, so safe to share between threads: the arrays are returned as fresh copies and the
 * matrices are immutable.
 */
public final class SdpResult {

    private final SdpStatus status;
    private final double[] x;
    private final BlockDiagonalMatrix slack;
    private final BlockDiagonalMatrix dual;
    private final double[] free;
    private final IterationInfo last;
    private final double certificateResidual;
    private final long nanos;
    private final int splitPairs;

    SdpResult(SdpStatus status, double[] x, BlockDiagonalMatrix slack, BlockDiagonalMatrix dual, double[] free,
            IterationInfo last, double certificateResidual, long nanos, int splitPairs) {
        this.splitPairs = splitPairs;
        this.status = status;
        this.x = x;
        this.slack = slack;
        this.dual = dual;
        this.free = free;
        this.last = last;
        this.certificateResidual = certificateResidual;
        this.nanos = nanos;
    }

    /** @return this outcome with its solve time replaced (nanoseconds, {@code >= 0}) */
    SdpResult withNanos(long solveNanos) {
        return new SdpResult(status, x, slack, dual, free, last, certificateResidual, solveNanos, splitPairs);
    }

    /** @return how the run ended */
    public SdpStatus status() {
        return status;
    }

    /** @return c'x of the returned iterate */
    public double primalObjective() {
        return last.primalObjective();
    }

    /** @return C . Y + f'w of the returned iterate */
    public double dualObjective() {
        return last.dualObjective();
    }

    /** @return x, the (P) variables (or the Farkas ray if dual infeasible); a fresh copy */
    public double[] x() {
        return x.clone();
    }

    /** @return X = sum A_i x_i - C at the returned iterate (up to the primal residual) */
    public BlockDiagonalMatrix primalSlack() {
        return slack;
    }

    /** @return Y, the (D) matrix (or the Farkas ray if primal infeasible) */
    public BlockDiagonalMatrix dualMatrix() {
        return dual;
    }

    /** @return w, the free variables of (D); a fresh copy (empty without free variables) */
    public double[] freeVariables() {
        return free.clone();
    }

    /** @return the number of iterations taken */
    public int iterations() {
        return last.iteration();
    }

    /** @return the relative (P) infeasibility of the returned iterate */
    public double primalInfeasibility() {
        return last.primalInfeasibility();
    }

    /** @return the relative (D) infeasibility of the returned iterate */
    public double dualInfeasibility() {
        return last.dualInfeasibility();
    }

    /**
     * @return the relative objective gap |c'x - C . Y - f'w| / (1 + |c'x| + |C . Y + f'w|) of the returned
     *     iterate; not one of the stopping measures (see {@link #relativeComplementarity()})
     */
    public double relativeGap() {
        return last.relativeGap();
    }

    /**
     * @return the relative complementarity gap X . Y / (1 + |c'x| + |C . Y + f'w|) of the returned iterate:
     *     with the two relative infeasibilities, the measure the stopping test compares with
     *     {@link SdpOptions#gapTolerance()}
     */
    public double relativeComplementarity() {
        return last.relativeComplementarity();
    }

    /**
     * @return for an infeasibility status, the residual of the normalised Farkas ray (the norm of
     *     {@code A(Y) + a'w} for PRIMAL_INFEASIBLE, the distance of {@code sum A_i x_i} from PSD plus
     *     the norm of {@code sum a_i x_i} for DUAL_INFEASIBLE); NaN otherwise
     */
    public double certificateResidual() {
        return certificateResidual;
    }

    /** @return the summary of the returned iterate */
    public IterationInfo lastIteration() {
        return last;
    }

    /** @return the wall-clock solve time in nanoseconds */
    long solveNanos() {
        return nanos;
    }

    /**
     * @return how many free variables written as split pairs the solver recognised and re-centred (pairs of
     *     diagonal entries of Y whose constraint and objective coefficients are exact opposites, see
     *     {@link SdpOptions#withSplitFreeVariables}); 0 if none or not asked for. The pairs stay in Y: a
     *     pair's free value is {@code y+ - y-}, and its two entries of X, {@code +-(sum_i A_i[j+] x_i - C[j+])}
     *     up to the primal residual, are zero at a solution
     */
    public int splitFreeVariables() {
        return splitPairs;
    }

    /** @return the wall-clock solve time in seconds */
    public double solveSeconds() {
        return nanos * 1e-9;
    }

    @Override
    public String toString() {
        return "SdpResult[" + status + ", p=" + primalObjective() + ", d=" + dualObjective() + ", iterations="
                + iterations() + ", time=" + solveSeconds() + " s]";
    }
}
