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
 * <p>Stops when the relative infeasibilities and the relative complementarity gap
 * {@code X . Y / (1 + |c'x| + |C . Y + f'w|)} reach the tolerances of {@link SdpOptions} (as in CSDP;
 * the objective gap is reported but not tested), or when a Farkas ray proves one side infeasible (the result then carries the
 * normalised ray). Instances are immutable and thread-safe; each {@link #solve} call has its own state.
 */
public final class SdpSolver {

    /** The largest dense block a solve can hold: its n * n entries are one Java array. */
    public static final int MAX_DENSE_BLOCK = 46_340;

    /** Block-diagonal work matrices of a solve (iterates, directions, residuals, factors, scratch). */
    private static final int BLOCK_MATRICES = 20;

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
     * Solves a problem. The interior-point method runs once; if that run ends {@link SdpStatus#NEAR_OPTIMAL}
     * or {@link SdpStatus#NUMERICAL_ERROR}, it runs again in a robust mode, from the first iterate where the
     * two modes part (else from the start), and the better
     * of the two outcomes is returned (the first on a tie) with the time of both. If the first run, after that
     * iterate and with its relative complementarity gap already within tolerance, twice loses the dual
     * feasibility it had reached (its relative dual infeasibility rising above 100 times its lowest), it
     * pauses there and the robust pass runs at once; the first run goes on only if the robust pass does not
     * end {@link SdpStatus#OPTIMAL}. The robust pass numbers its
     * iterations on from the first's, for the listener and {@link SdpResult#iterations}. The robust
     * pass shortens a dual step that would lose the dual feasibility already reached, as CSDP does (problems
     * whose (D) has no strictly feasible Y, such as SDPLIB's gpp, need it to reach 1e-8), and counts a run
     * as progressing while its infeasibilities or mu reach new lows (badly posed problems such as hinf12
     * converge slowly). It is not the default because it costs accuracy where a single inaccurate
     * direction would be repaired by the next full step (SOS programs near their optimum). The iteration
     * limit applies to each pass.
     *
     * @param problem the problem; not modified
     * @return the outcome; never null (failures are reported by its status, not thrown)
     * @throws IllegalArgumentException if a dense block is larger than {@link #MAX_DENSE_BLOCK}
     */
    public SdpResult solve(SdpProblem problem) {
        Checks.notNull(problem, "problem");
        for (int b = 0; b < problem.blockCount(); b++) {
            if (!problem.isDiagonal(b) && problem.blockSize(b) > MAX_DENSE_BLOCK) {
                throw new IllegalArgumentException("block " + (b + 1) + " has size " + problem.blockSize(b)
                        + ", above the largest dense block " + MAX_DENSE_BLOCK);
            }
        }
        long start = System.nanoTime();
        InteriorPointRun first = new InteriorPointRun(problem, options);
        SdpResult result = first.run(start);
        SdpResult robust = null;
        if (first.paused()) {
            robust = robustPass(problem, first, start);
            if (robust.status() == SdpStatus.OPTIMAL) {
                return robust;
            }
            result = first.resume(start);
        }
        if (result.status() != SdpStatus.NEAR_OPTIMAL && result.status() != SdpStatus.NUMERICAL_ERROR) {
            return robust == null ? result : result.withNanos(System.nanoTime() - start);
        }
        if (robust == null) {
            robust = robustPass(problem, first, start);
        }
        return rank(robust.status()) > rank(result.status()) ? robust : result.withNanos(System.nanoTime() - start);
    }

    /** The robust pass from the first pass's checkpoint, numbering its iterations on from the first's. */
    private SdpResult robustPass(SdpProblem problem, InteriorPointRun first, long start) {
        return new InteriorPointRun(problem, options, DenseKernels.PARALLEL, first.checkpoint(), first.iterationsMade())
                .run(start);
    }

    /** Orders outcomes: a solution, then a certificate of infeasibility, then a reduced-accuracy one, then the rest. */
    private static int rank(SdpStatus status) {
        return switch (status) {
            case OPTIMAL -> 3;
            case PRIMAL_INFEASIBLE, DUAL_INFEASIBLE -> 2;
            case NEAR_OPTIMAL -> 1;
            default -> 0;
        };
    }

    /**
     * An estimate of the memory a solve allocates, to compare with the heap before solving: about twenty
     * block-diagonal matrices of the problem's block structure (8 bytes an entry, n * n for a dense block of
     * size n, n for a diagonal one) and two m * m matrices (the Schur complement and its factor). The
     * problem itself, already in memory, is not counted. The estimate is within a factor of about two.
     *
     * @param problem the problem; not modified
     * @return the estimate in bytes, saturating at {@link Long#MAX_VALUE}
     */
    public static long estimatedMemoryBytes(SdpProblem problem) {
        Checks.notNull(problem, "problem");
        double entries = 0;
        for (int b = 0; b < problem.blockCount(); b++) {
            double n = problem.blockSize(b);
            entries += problem.isDiagonal(b) ? n : n * n;
        }
        double m = problem.constraintCount();
        double bytes = 8 * (BLOCK_MATRICES * entries + 2 * m * m);
        return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
    }
}
