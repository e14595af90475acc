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

    /**
     * The relative objective gap, in units of the gap tolerance, above which an {@link SdpStatus#OPTIMAL} result
     * of the first two passes is tried again by the perturbed pass: a dual residual within tolerance times a
     * large x can leave the objectives apart although the complementarity gap is within its tolerance
     * (Moore-Greitzer's SOS program: 1.3e-6, its dual objective 2.6e-5 from CSDP's).
     */
    private static final double OBJECTIVE_GAP = 100;

    /**
     * How far, in units of their tolerances, the measures of a perturbed pass's {@link SdpStatus#NEAR_OPTIMAL} best
     * iterate may be for the pass to go on unperturbed ({@link #solve}). On the planar quadrotor's shape-search SDP
     * {@code roa/quadrotor-shape-29} the perturbed pass's best iterate has complementarity 1.03 times its tolerance,
     * its infeasibilities within theirs, and its steps then fall to 0.03 to 0.5 for 20 iterations while the
     * complementarity rises to 3.6 times the tolerance and the infeasibilities fall. The unperturbed pass from there
     * takes the same short steps (the perturbation, scaled down by the merit, is not what holds it back), but as a
     * robust pass it counts the new lows of the infeasibilities as progress and reaches the tolerances 28 iterations
     * later, OPTIMAL where the passes otherwise end NEAR_OPTIMAL. Its result is kept only with objectives at most
     * {@link #OBJECTIVE_GAP} times the gap tolerance apart: on two of the 40 digit-changed hinf1 seeds (19 and 6) it
     * ended OPTIMAL with them 1.1e-5 and 4.2e-5 apart, further than the NEAR_OPTIMAL results it would replace (2.5e-5
     * and 1.2e-5) and, on seed 6, 1e-4 from CSDP's.
     */
    private static final double CONTINUE_FACTOR = 10;

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
     * Solves a problem. The interior-point method runs once; if that run ends {@link SdpStatus#NEAR_OPTIMAL},
     * {@link SdpStatus#INACCURATE} or {@link SdpStatus#NUMERICAL_ERROR} (it stalled), it runs again in a robust mode, from the first iterate where the
     * two modes part (else from the start), and the better
     * of the two outcomes is returned (the first on a tie) with the time of both. If the first run, after that
     * iterate and with its relative complementarity gap already within tolerance, twice loses the dual
     * feasibility it had reached (its relative dual infeasibility rising above 100 times its lowest), it
     * pauses there and the robust pass runs at once; the first run goes on only if the robust pass does not
     * end {@link SdpStatus#OPTIMAL}. If the first run, after that iterate, twice in a row loses the dual
     * feasibility it had reached without reaching a better iterate, it ends there as stalled. The robust pass
     * numbers its iterations on from the first's, for the listener and {@link SdpResult#iterations}. The robust
     * pass shortens a dual step that would lose the dual feasibility already reached, as CSDP does (problems
     * whose (D) has no strictly feasible Y, such as SDPLIB's gpp, need it to reach 1e-8), and counts a run
     * as progressing while its infeasibilities or mu reach new lows (badly posed problems such as hinf12
     * converge slowly). It is not the default because it costs accuracy where a single inaccurate
     * direction would be repaired by the next full step (SOS programs near their optimum).
     *
     * <p>If the outcome is then still a stalled one, or
     * {@link SdpStatus#OPTIMAL} with objectives more than 100 times the gap tolerance apart (relative), a third,
     * perturbed pass runs: the first pass's rules on the problem with C replaced by
     * {@code C - eps I}, as CSDP does by default ({@code perturbobj}), eps a millionth of {@code ||C|| / sqrt(n)}
     * that shrinks as the iterates near the tolerances, which keeps X away from the singular matrix an optimum has and
     * the Schur complement accurate. It runs from the start, or, on a program with free variables split into
     * pairs of LP entries, from the first pass's last iterate whose mu is far (1e5 times) above eps, where the two
     * passes have computed nearly the same iterates; if that resumed pass does not end {@link SdpStatus#OPTIMAL},
     * the perturbed pass runs again from the start. Its result replaces the earlier one if it is optimal and that
     * is not, if it is near optimal where that failed and its objectives are no further apart, or if both are
     * optimal and its objectives are closer; the residuals, objectives and tests are always those of the problem
     * itself. It is not the first pass in general because it costs some problems the accuracy they reach without
     * it (gpp124-1 and hinf12 of SDPLIB end near_optimal and numerical_error with it alone); see below for the
     * programs where it is. A perturbed pass (any of those here) that ends {@link SdpStatus#NEAR_OPTIMAL} with every
     * measure within 10 times its tolerance goes on as a robust pass on the problem itself from its best iterate, and
     * that pass's result takes its place if it ends {@link SdpStatus#OPTIMAL} with objectives at most 100 times the gap
     * tolerance apart (relative). Where iterative refinement of a direction stalls
     * in this pass (the Schur complement too ill-conditioned for double precision, as near the optimum of SDPLIB's
     * hinf5), the direction is refined further by GMRES with the residuals and operator products in double-double
     * arithmetic, and whichever direction leaves the smaller dual residual after its step is taken (this is also
     * tried where the plain direction's step would raise the dual residual tenfold, though within its tolerance, and
     * its term x'd of the objective gap above the present gap; the refined direction is then taken only if the measures
     * it is predicted to leave are at most twice the plain one's, since it can move x so far that the iterate loses
     * its centrality). The iteration limit applies to each pass, and the perturbed pass numbers its iterations on
     * from the earlier passes'.
     *
     * <p>If the first pass has taken no full primal step by the time its mu falls below 1e5 times that eps (or by
     * the iterate where the robust pass would part from it, if that comes first), it pauses and the perturbed pass
     * runs from its last iterate with mu at least 1e6 times eps (on programs without split free variables; those ran
     * the perturbed pass first, below), its steps going CSDP's fraction {@code 0.90 + 0.07 min(a_p, a_d)} of the way
     * to the boundary of the cone (a_p, a_d the steps that led to the iterate) instead of the other passes' {@code
     * max(0.95, 0.90 + 0.09 min(a_p, a_d))}. If that ends {@link SdpStatus#OPTIMAL} with objectives at most 100 times
     * the gap tolerance apart (relative), that is the outcome; if it ends OPTIMAL with them further apart, the
     * perturbed pass runs again from the start, with CSDP's step fraction too, and the result with the closer
     * objectives is the outcome; else the perturbed pass runs once more from the same iterate with the other passes'
     * step fraction, its result taken as above (its restart with that fraction too), and if neither ends OPTIMAL
     * the first pass runs on as if it had not paused, the passes after it as above, and the better early result
     * replaces theirs if it is better by the rule of the perturbed pass. Such a first pass has not reached the affine
     * set of x on the cone: on Drake's SOS programs and the planar quadrotor's shape-search SDPs (no strictly feasible
     * X) the plain pass then ends NUMERICAL_ERROR or NEAR_OPTIMAL, after 17 to 27 iterations on the latter, where the
     * perturbed pass ends OPTIMAL;
     * every SDPLIB problem of the corpus takes a full primal step before, so its passes are as before. CSDP's step
     * fraction, which after a short step stays a tenth of the way from the boundary instead of a twentieth, gives back
     * the centrality such a step lacked: on 47 of the quadrotor's SDPs that pass's end-game of short steps took 2503
     * iterations in all instead of 3109 (CSDP: 2292), all 47 OPTIMAL. Where it does not end OPTIMAL the pass with the
     * other fraction may: of the 80 SDPs of another run of that search, the solve ends OPTIMAL on 75 with both passes,
     * on 73 with CSDP's fraction alone and on 74 before (CSDP: Partial Success on every one of the rest). It is not
     * used in the other perturbed passes: there it cost SDPLIB's truss6, truss7 and hinf2, which reach the perturbed
     * pass after the plain ones stalled, their OPTIMAL status.
     *
     * <p>On a program with free variables split into pairs of LP entries (as SDPA files from modelling tools write
     * free variables; recognised unless {@link SdpOptions#splitFreeVariables()} is off) the perturbed pass runs
     * first, from the start. If it ends {@link SdpStatus#OPTIMAL} with objectives at most 100 times the gap
     * tolerance apart (relative), that is the outcome; else the passes above run, numbering their iterations on
     * from it. Such programs (region-of-attraction SOS programs in Drake's form) have no interior on the primal
     * side, lose dual feasibility near their optimum without the perturbation, and on the 16 of the SDP corpus the
     * perturbed pass first ends OPTIMAL on all 15 bounded ones in 14 to 25 iterations (CSDP: 15 to 93).
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
        int before = 0;
        if (options.splitFreeVariables() && SplitFreeVariables.find(problem) != null) {
            Pass pass = runPerturbed(problem, 0, null, start);
            SdpResult perturbed = pass.result();
            if (perturbed.status() == SdpStatus.OPTIMAL
                    && perturbed.relativeGap() <= OBJECTIVE_GAP * options.gapTolerance()) {
                return perturbed;
            }
            before = pass.iterations();
        }
        InteriorPointRun first = new InteriorPointRun(problem, options, DenseKernels.PARALLEL, null, before);
        SdpResult result = first.run(start);
        SdpResult early = null;
        if (first.switched()) {
            int made = before + first.iterationsMade();
            // CSDP's step fraction first, then, if that pass does not end OPTIMAL, the other passes' one.
            for (boolean csdpSteps : new boolean[] {true, false}) {
                Pass switchedPass = runPerturbed(problem, made, first.switchPoint(), start, csdpSteps);
                SdpResult r = switchedPass.result();
                made += switchedPass.iterations();
                before += switchedPass.iterations();
                if (r.status() == SdpStatus.OPTIMAL) {
                    if (r.relativeGap() <= OBJECTIVE_GAP * options.gapTolerance()) {
                        return r;
                    }
                    // Optimal already, so only the objectives can improve: the perturbed pass from the start, as
                    // the last pass would run on an optimal result whose objectives are far apart.
                    SdpResult restart = runPerturbed(problem, made, null, start, csdpSteps).result();
                    return (better(restart, r) ? restart : r).withNanos(System.nanoTime() - start);
                }
                early = early == null || better(r, early) ? r : early;
            }
            // Not the outcome for certain: the first pass runs on as if it had not paused, the passes after it as
            // before, and the better early result is kept if it is better than theirs.
            result = first.resume(start);
        }
        InteriorPointRun robust = null;
        SdpResult robustResult = null;
        if (first.paused()) {
            robust = robustPass(problem, first, before);
            robustResult = robust.run(start);
            if (robustResult.status() == SdpStatus.OPTIMAL) {
                int made = before + first.iterationsMade() + robust.iterationsMade();
                return betterOf(early, perturbedIfBetter(problem, first, robustResult, made, start));
            }
            result = first.resume(start);
        }
        if (stalled(result.status())) {
            if (robust == null) {
                robust = robustPass(problem, first, before);
                robustResult = robust.run(start);
            }
            result = rank(robustResult.status()) > rank(result.status()) ? robustResult : result;
        }
        int made = before + first.iterationsMade() + (robust == null ? 0 : robust.iterationsMade());
        return betterOf(early, perturbedIfBetter(problem, first, result, made, start))
                .withNanos(System.nanoTime() - start);
    }

    /**
     * The robust pass from the first pass's checkpoint, numbering its iterations on from the first's (and from the
     * {@code before} iterations of a perturbed pass that ran first).
     */
    private InteriorPointRun robustPass(SdpProblem problem, InteriorPointRun first, int before) {
        return new InteriorPointRun(problem, options, DenseKernels.PARALLEL, first.checkpoint(),
                before + first.iterationsMade());
    }

    /**
     * Runs the perturbed pass (from the first pass's handover iterate if it has one, see {@link #solve}) if the
     * result {@linkplain #stalled stalled}, or is {@link SdpStatus#OPTIMAL} but with a relative objective gap above
     * {@link #OBJECTIVE_GAP} times the gap tolerance; returns its result if it is optimal and the given one is not,
     * or if it ranks above the given one (near optimal where that is inaccurate or failed, inaccurate where that
     * failed) and its objectives are no further apart (a
     * failed run's objectives can be the more accurate: 2.2e-6 apart against 7.9e-4 on one of roa's level-set
     * programs), or if both are optimal and its objectives are closer; else the given one.
     */
    private SdpResult perturbedIfBetter(SdpProblem problem, InteriorPointRun first, SdpResult result, int made,
            long start) {
        boolean optimal = result.status() == SdpStatus.OPTIMAL;
        if (optimal ? result.relativeGap() <= OBJECTIVE_GAP * options.gapTolerance()
                : !stalled(result.status())) {
            return result;
        }
        InteriorPointRun.Checkpoint handover = first.handover();
        Pass resumedPass = runPerturbed(problem, made, handover, start);
        SdpResult perturbed = resumedPass.result();
        // A resumed pass that fails is not the last word: the restart from the initial point is what it replaced.
        if (handover != null && perturbed.status() != SdpStatus.OPTIMAL) {
            perturbed = runPerturbed(problem, made + resumedPass.iterations(), null, start).result();
        }
        return better(perturbed, result) ? perturbed : result;
    }

    /** A pass's outcome and the iterations it made, a continuation's included. */
    private record Pass(SdpResult result, int iterations) {
    }

    /**
     * Runs a perturbed pass from {@code from} (null: the initial point), its iterations numbered on from {@code
     * made}. If it ends {@link
     * SdpStatus#NEAR_OPTIMAL} with its infeasibilities and relative complementarity gap all within {@link
     * #CONTINUE_FACTOR} times their tolerances, it goes on unperturbed, as a robust pass from its best iterate (see
     * {@link #solve}), numbering its iterations on from it; that pass's result replaces it only if it is {@link
     * SdpStatus#OPTIMAL} with objectives at most {@link #OBJECTIVE_GAP} times the gap tolerance apart (relative). The
     * iterations counted are both passes', so that later passes number theirs on from them.
     */
    private Pass runPerturbed(SdpProblem problem, int made, InteriorPointRun.Checkpoint from, long start) {
        return runPerturbed(problem, made, from, start, false);
    }

    /**
     * {@link #runPerturbed(SdpProblem, int, InteriorPointRun.Checkpoint, long)} with CSDP's step fraction in the
     * perturbed pass if {@code csdpSteps} (see {@link #solve}); a continuation has the robust pass's own.
     */
    private Pass runPerturbed(SdpProblem problem, int made, InteriorPointRun.Checkpoint from, long start,
            boolean csdpSteps) {
        InteriorPointRun run = InteriorPointRun.perturbed(problem, options, made, from, csdpSteps);
        SdpResult result = run.run(start);
        if (result.status() != SdpStatus.NEAR_OPTIMAL
                || result.primalInfeasibility() > CONTINUE_FACTOR * options.primalTolerance()
                || result.dualInfeasibility() > CONTINUE_FACTOR * options.dualTolerance()
                || result.relativeComplementarity() > CONTINUE_FACTOR * options.gapTolerance()) {
            return new Pass(result, run.iterationsMade());
        }
        InteriorPointRun plain = new InteriorPointRun(problem, options, DenseKernels.PARALLEL, run.bestPoint(),
                made + run.iterationsMade());
        SdpResult continued = plain.run(start);
        boolean kept = continued.status() == SdpStatus.OPTIMAL
                && continued.relativeGap() <= OBJECTIVE_GAP * options.gapTolerance();
        return new Pass(kept ? continued : result, run.iterationsMade() + plain.iterationsMade());
    }

    /** The early perturbed pass's result (null if none ran) if it is {@link #better} than the passes' result. */
    private static SdpResult betterOf(SdpResult early, SdpResult result) {
        return early != null && better(early, result) ? early : result;
    }

    /**
     * Whether a perturbed pass's result replaces another: it is optimal and the other is not, or it ranks above the
     * other and its objectives are no further apart, or both are optimal and its objectives are closer.
     */
    private static boolean better(SdpResult perturbed, SdpResult result) {
        return result.status() == SdpStatus.OPTIMAL
                ? perturbed.status() == SdpStatus.OPTIMAL && perturbed.relativeGap() < result.relativeGap()
                : rank(perturbed.status()) > rank(result.status())
                        && (perturbed.status() == SdpStatus.OPTIMAL || perturbed.relativeGap() <= result.relativeGap());
    }

    /**
     * Whether a pass stalled: {@link SdpStatus#NEAR_OPTIMAL}, {@link SdpStatus#INACCURATE} or {@link
     * SdpStatus#NUMERICAL_ERROR}, the outcomes another pass may improve.
     */
    private static boolean stalled(SdpStatus status) {
        return status == SdpStatus.NEAR_OPTIMAL || status == SdpStatus.INACCURATE
                || status == SdpStatus.NUMERICAL_ERROR;
    }

    /**
     * Orders outcomes: a solution, then a certificate of infeasibility, then a reduced-accuracy one, then an
     * inaccurate one, then the rest.
     */
    private static int rank(SdpStatus status) {
        return switch (status) {
            case OPTIMAL -> 4;
            case PRIMAL_INFEASIBLE, DUAL_INFEASIBLE -> 3;
            case NEAR_OPTIMAL -> 2;
            case INACCURATE -> 1;
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
