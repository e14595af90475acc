package dev.mallard.sdp;

import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;
import org.ejml.data.DMatrixRMaj;

/**
 * One run of the infeasible-start primal-dual interior-point method on an {@link SdpProblem}: the HKM
 * search direction with Mehrotra's predictor-corrector, separate primal and dual step lengths. Holds the
 * iterate and every work array, so that an iteration allocates nothing per block.
 *
 * <p>Notation: x, X = sum A_i x_i - C (the (P) side), Y, w (the (D) side), Z = X^-1. The residuals
 * are {@code Rp = sum A_i x_i - C - X}, {@code rf = f - sum a_i x_i} and
 * {@code d_i = c_i - A_i . Y - a_i'w}. The Newton equations for a complementarity target
 * {@code X dY + dX Y = Rc} reduce, with {@code dY = sym(Z Rc - Z dX Y)} and
 * {@code dX = sum A_j dx_j + Rp}, to {@code B dx - F dw = A(Z Rc - Z Rp Y) - d, F' dx = rf} where B is
 * the Schur complement {@code B_ij = tr(A_i Z A_j Y)}.
 */
final class InteriorPointRun {

    private static final int STALL_LIMIT = 3;
    /** Refinement continues while each step shrinks the residual by at least this factor. */
    private static final double RF_RATIO = 0.9;
    /**
     * The perturbed pass refines while a step shrinks the residual at all, up to {@link #PERTURBED_REFINEMENTS}
     * steps, as CSDP does: it runs only on problems the other passes did not solve, where the Schur complement
     * near the optimum is so ill-conditioned that refinement converges slowly (SDPLIB's hinf8 ends near_optimal
     * with this rule and numerical_error with the other passes' one).
     */
    private static final double PERTURBED_RF_RATIO = 1;
    private static final int PERTURBED_REFINEMENTS = 20;
    /**
     * Steps of {@link MixedPrecisionRefinement} per direction at most: one GMRES solve usually takes the residual
     * from where plain refinement stalled to the threshold, a second finishes what the first left.
     */
    private static final int EXTENDED_REFINEMENTS = 2;
    /**
     * After this many iterations in a row where the direction of {@link #tryExtendedRefinement} was not the
     * better one, the run stops trying it: each try costs about twenty operator products in double-double.
     */
    private static final int EXTENDED_REJECTIONS = 3;
    /**
     * The perturbed pass also tries {@link MixedPrecisionRefinement} where the plain direction's dual step would
     * leave the dual residual within tolerance but more than this factor above the current one, and its term
     * {@code x'd} of the objective gap above the present gap ({@link #objectiveGapAfter}): with a large x a dual
     * residual within tolerance still keeps the objectives apart (digit-changed hinf1 seed 22: |x| 6e5, the plain
     * direction took the relative dual infeasibility from 2.3e-10 to 2.5e-9, a term of 6.8e-4 against a gap of
     * 2.2e-5, and the objectives ended 1.7109 / 1.7071, where CSDP ends at 1.71088 / 1.71083 with 4e-11). Without
     * the second condition it fired on roa's toggle-switch programs (|x| up to 1e23) and cost their exact proof.
     */
    private static final double EXTENDED_LOSS = 10;
    /**
     * Where {@link #EXTENDED_LOSS} alone called for the extended direction, it is kept only if its predicted merit
     * after its steps ({@link #meritAfter}) is at most this factor times the plain direction's: the exact Newton
     * direction of a nearly singular Schur complement can move x by a tenth of its size (seed 22: |dx| 6e4 at
     * |x| 6e5, predicted merit 28 against 9.7), and taking it there cost the iterate its centrality (the dual step
     * then shrank below 1e-3 for good, complementarity stalled at 2.8e-7).
     */
    private static final double EXTENDED_MERIT_RATIO = 2;
    /**
     * The least centring of the corrector: a pure Newton step towards mu = 0 drives iterates of
     * degenerate problems (gpp, no strictly feasible Y) so close to the boundary that the next Newton
     * system loses its accuracy.
     */
    private static final double SIGMA_FLOOR = 0.01;
    /** Refinement steps per direction at most (each costs a solve and two products per block). */
    private static final int MAX_REFINEMENTS = 6;
    /** How often {@link #limitDualStep} shortens the dual step before declaring the run stuck. */
    private static final int DUAL_STEP_CUTS = 15;
    /** Iterations without a better iterate after which the run is declared stalled. */
    private static final int NO_PROGRESS_LIMIT = 5;
    /**
     * {@link #NO_PROGRESS_LIMIT} of the perturbed pass. Near the optimum of the planar quadrotor's shape-search
     * SDPs its merit stands still or rises for 5 to 20 iterations of short steps while the perturbation, scaled
     * by the merit, shrinks and the primal residual it leaves falls, and then reaches the tolerances, as CSDP's
     * iterates do (its steps there are as short): with 5 it ended NEAR_OPTIMAL or NUMERICAL_ERROR on 24 of the
     * 44, with 10 on 11, with 15 on 4 and with 20 on 1 (where CSDP is stuck too). The pass returns its best
     * iterate, so the patience costs iterations, not accuracy.
     */
    private static final int PERTURBED_NO_PROGRESS_LIMIT = 20;
    /**
     * Iterations without a better iterate after which a run whose best iterate is not yet near optimal (not
     * within {@link #NEAR_FACTOR} of every tolerance) is declared stalled. Far from the optimum a run can be
     * drawn towards a wrong point before its steps collapse and it has to climb back (CSDP's iterates on a
     * digit-changed hinf1 head for 2.03, stall, and come back to the optimum 0.875 in 40 more iterations): the
     * merit then rises for tens of iterations before it falls below its old best.
     */
    private static final int ESCAPE_LIMIT = 30;
    /**
     * A run whose best merit stands still still progresses while the primal or dual infeasibility or mu
     * reaches a new low by this factor: on badly posed problems (hinf12, whose optimal objective is 0) the
     * relative complementarity gap, divided by {@code 1 + |c'x| + |F_0 . Y|} which shrinks with the
     * objectives, stays flat for many iterations while the infeasibilities fall.
     */
    private static final double PROGRESS_FACTOR = 0.9;
    /**
     * A first pass whose relative dual infeasibility rises above this factor times its lowest, after a dual
     * step the guard would have shortened and once its complementarity already meets its tolerance, has lost
     * the dual feasibility it reached when only that stood between it and the optimum: on control2 it rises
     * from 1.7e-15 to 1.7e-8 and 4.0e-8 at complementarity 1.6e-9 and 7.2e-11, and the unguarded pass ends
     * near_optimal four iterations later.
     */
    private static final double DUAL_LOSS_FACTOR = 100;
    /**
     * The first pass pauses at its second such loss: SOS programs near their optimum lose their dual
     * feasibility once (Vanderpol's quartic: 1.2e-12 to 4.3e-7 at complementarity 5e-9) and the next full
     * step repairs it, more accurately than the guarded pass would (which certified Vannelli-Vidyasagar's
     * level 1e-5 relative low). Losses at a larger complementarity do not count: gpp's unguarded pass
     * repairs those too.
     */
    private static final int DUAL_LOSSES = 2;
    /**
     * The first pass ends as stalled after this many consecutive iterates, after its checkpoint, that lost the
     * dual feasibility it had reached (above tolerance and above {@link #DUAL_LOSS_FACTOR} times the lowest)
     * without being its best iterate, whatever its complementarity. Such a run did not come back on the corpus:
     * coupled Van der Pol's first pass (re-centring 0.5; measured before the perturbed pass ran first on programs
     * with split free variables) went on to iteration 21 with its dual
     * infeasibility near 6.5e-5 (4e-13 at 13) before its stall was detected; it now ends at 16. Ending at the
     * second such iterate changed no status, objective or returned iterate on the 55 problems of the corpus nor
     * on the 40 digit-changed hinf1 seeds, and saved 1 to 8 iterations on 11 of them (stopping at the third or
     * fifth saved fewer: the corpus's SOS and roa programs took 499 and 509
     * iterations against 493, 520 with no such stop).
     */
    private static final int LOSSES_TO_STALL = 2;
    /**
     * A stalled run whose best iterate is within this factor of every tolerance (and within {@link #NEAR_GAP})
     * is NEAR_OPTIMAL: CSDP's factor for its "partial success" (SDPLIB's hinf3, hinf7 and hinf14 stall between
     * 100 and 1000, where CSDP stops too).
     */
    private static final double NEAR_FACTOR = 1000;
    /**
     * The largest relative objective gap of a NEAR_OPTIMAL iterate: the infeasibilities and the complementarity
     * gap do not bound it when x or Y is large (a SOS program of Genesio and Tesi stalls within 1000 of every
     * tolerance with objectives 0.035 and 0.055), and a reduced-accuracy answer must still be an answer.
     */
    private static final double NEAR_GAP = 1e-3;
    /**
     * CSDP's perturbation of the objective (its {@code perturbobj}, Borchers): the Newton steps aim at
     * {@code X = sum A_i x_i - C + eps I} instead of {@code X = sum A_i x_i - C}, with {@code eps} this
     * factor times {@code ||C|| / sqrt(n)} (so {@code ||eps I|| = 1e-6 ||C||}), scaled by
     * {@code (merit / NEAR_FACTOR)^1.5} once the best merit is below {@link #NEAR_FACTOR}. X then stays
     * about eps away from the singular matrix the optimum has, Z = X^-1 bounded, and the Schur complement
     * accurate enough for the dual residual to keep falling: on the Drake-form SOS programs of the corpus
     * the unperturbed runs lost the dual feasibility they had reached (Vannelli-Vidyasagar from 4e-13 to
     * 1.3e-6 in one step) and Genesio-Tesi stalled, where the perturbed ones end optimal. The residual it
     * leaves, {@code eps sqrt(n) / (1 + ||C||)}, is below 1e-6 relative and falls with the merit (3e-11 at
     * merit 1), so the measures and the stopping test stay those of the unperturbed problem.
     */
    private static final double PERTURBATION = 1e-6;
    /**
     * The perturbed pass that runs after the others on a program with split free variables (after the one that runs
     * first there did not end OPTIMAL, see {@link SdpSolver#solve}) resumes from the first pass's last iterate whose
     * mu is at least this many times the perturbation eps, not from the initial point: until there the two passes
     * compute nearly the same iterates (the perturbation is small against mu). On the corpus's SOS programs that
     * needed the perturbed pass (Brusselator, Genesio-Tesi, Moore-Greitzer, Vannelli-Vidyasagar, coupled Van der
     * Pol) it saved 9 to 12 iterations each (measured before the perturbed pass ran first on them); 1e3 and 1e4
     * saved more on some but turned the quadrotor shape search's SDP NUMERICAL_ERROR, 1e6 NEAR_OPTIMAL (measured
     * with the handover on every program). Programs without split pairs (SDPLIB's hinf, whose resumed perturbed pass
     * ended worse than the restarted one) keep the restart.
     */
    private static final double HANDOVER_MU = 1e5;
    /**
     * A first pass that has not taken one full primal step by the time its mu falls below this many times the
     * perturbation eps (or by its {@link #checkpoint()}, if that comes first) pauses there, so that the perturbed pass
     * can try first from its {@link #switchPoint()}: every primal step so far was cut short by the cone's boundary,
     * as on programs with no strictly feasible X, where the plain pass ends without reaching the tolerances (Drake's
     * SOS programs, roa's shape-search SDPs of the planar quadrotor: on all 47 of one search it ended NUMERICAL_ERROR
     * or NEAR_OPTIMAL after 17 to 27 iterations, and no full primal step was taken in any before its 16th). Every
     * SDPLIB problem of the corpus took its first full primal step before mu fell below 1e5 eps (hinf5 at the same
     * iterate, hinf3, hinf7, hinf8 and hinf9 one or two iterates before), so none of them pauses; 1e6 would pause
     * hinf2, hinf5, hinf7, hinf8 and hinf9.
     */
    private static final double SWITCH_MU = 1e5;
    /**
     * Where the perturbed pass starts after such a pause: the first pass's last iterate with mu at least this many
     * times eps (its 4th to 17th on the quadrotor's 47 shape-search SDPs). On those 47 the perturbed pass from there
     * ended OPTIMAL on 44 (from the start: 45; from 1e7: 46; from {@link #HANDOVER_MU}: 34, the later the iterate
     * the further the unperturbed path has drifted towards the face the perturbation keeps it from), and the solves
     * took 3133 iterations (1e7: 3195; before the switch: 3719), the power system's 142 degree-4 SDPs 3487 (1e7:
     * 3663; before: 4641), with 45 OPTIMAL on the 47 (1e7: 46; before: 44) and all 142 OPTIMAL.
     */
    private static final double SWITCH_POINT_MU = 1e6;
    /**
     * CSDP's step fraction (Borchers: its {@code minstepfrac} and {@code maxstepfrac}, 0.90 and 0.97): a run with
     * {@link #csdpSteps} goes {@code 0.90 + 0.07 min(a_p, a_d)} of the way to the boundary of the cone, a_p and a_d
     * the steps that led to the current iterate (0 at the initial point), instead of the other passes'
     * {@code max(stepFraction, 0.90 + 0.09 min(a_p, a_d))}. After a short step it stays a tenth of the way from the
     * boundary, not a twentieth, which gives back the centrality the short step lacked; after full steps it goes to
     * 0.97, not 0.99. See {@link SdpSolver#solve} for where it applies.
     */
    private static final double CSDP_LEAST_FRACTION = 0.90;
    /** The range of CSDP's step fraction above {@link #CSDP_LEAST_FRACTION}, see there. */
    private static final double CSDP_FRACTION_RANGE = 0.07;

    private final SdpProblem problem;
    private final SdpOptions options;
    private final boolean robust;
    private final int firstIteration;
    /** The step number of the first iterate (the checkpoint's, when the robust pass resumes from one). */
    private final int startStep;
    /** In the first pass, set at the first dual step the guard would have shortened. */
    private Checkpoint checkpoint;
    /** In the first pass of a program with split free variables: where a perturbed pass resumes. */
    private Checkpoint handover;
    /** Whether this is the first pass (neither robust nor perturbed). */
    private final boolean firstPass;
    /** Whether the step fraction is CSDP's ({@link #CSDP_LEAST_FRACTION}) rather than SDPT3's. */
    private final boolean csdpSteps;
    /** The perturbed pass's eps before its scaling by the merit. */
    private final double perturbationEps;
    /** The first pass's last iterate with mu at least {@link #SWITCH_POINT_MU} times eps, while it may switch. */
    private Checkpoint switchPoint;
    /** Whether {@link #run} returned null to let the perturbed pass try first ({@link #SWITCH_MU}). */
    private boolean switched;
    /** Whether this run may still pause for the perturbed pass (a first pass, once, without split pairs). */
    private boolean maySwitch;
    /** The outcome of {@link #lostForGood} at the step where the run paused for the perturbed pass. */
    private boolean pendingLostForGood;
    /** Whether the run would have paused for the robust pass at the step where it paused for the perturbed one. */
    private boolean pendingLostDual;
    /** The steps that led to the current iterate, kept while the next ones are computed (for the checkpoint). */
    private double previousStepP;
    private double previousStepD;
    private final int m;
    private final int nf;
    private final int blocks;
    private final int[] size;
    private final boolean[] diagonal;
    private final int dimension;
    private final double normConstant;
    private final double normCost;
    /** The Frobenius norm of all constraint matrices and free-variable coefficients together. */
    private final double normConstraints;
    /** A constraint i with A_i = 0, a_i = 0 and c_i != 0 (so (D) is plainly infeasible), or -1. */
    private final int emptyConstraint;
    /** The split free variables re-centred after every step, or null (none, or not asked for). */
    private final SplitFreeVariables splitPairs;

    /** eps before its scaling by the merit (0 if C = 0: nothing to perturb; see {@link #PERTURBATION}). */
    private final double perturbationScale;
    private final double[] x;
    private final double[] w;
    private final double[][] bigX;
    private final double[][] bigY;

    private final double[][] lowerX;
    private final double[][] lowerY;
    private final double[][] inverseX;
    private final double[][] rp;
    private final double[][] zRpY;
    /**
     * Dense blocks whose constraint matrices have fewer than n^2 / 2 non-zeros in all: there the
     * right-hand side terms {@code A_i . (Z M)} are summed entry by entry ({@code O(nnz n)}) instead
     * of forming the product {@code Z M} ({@code O(n^3)}).
     */
    private final boolean[] sparseRhs;
    /**
     * Per dense block and constraint, v if the constraint matrix there is v times the all-ones matrix
     * (every upper-triangle entry stored, all equal: gpp's {@code J . X = 0}), else NaN. Such a matrix
     * counts as cheap for {@link #sparseRhs}: {@code v J . (Z M) = v (Z 1)'(M 1)} costs O(n^2).
     */
    private final double[][] uniformValue;
    /** Scratch of length n for the row sums of Z and the row sums of M in {@link #addProductTraces}. */
    private final double[] rowSumsZ;
    private final double[] rowSumsM;
    /** Per constraint, the sparse blocks' {@code A_i . (Z Rp Y)}. */
    private final double[] residualTrace;
    /** Per constraint, the sparse blocks' share of the current right-hand side not in rhsMatrix. */
    private final double[] rhsTrace;
    private final double[][] dXp;
    private final double[][] dYp;
    private final double[][] dX;
    private final double[][] dY;
    private final double[][] rhsMatrix;
    private final double[][] dYCorrection;
    private final double[][] work;
    private final double[][] work2;
    private final double[] rf;
    private final double[] d;
    private final double[] r;
    private final double[] dx;
    private final double[] dw;
    private final double[] dxp;
    private final double[] dwp;
    private final double[] schur;
    private final ConstraintSweeps sweeps;
    private final double[] freeWork;
    private final SchurComplement schurComplement;
    private final NewtonSystem newton;
    private final LanczosStep lanczos;
    /** The perturbed pass's refinement in extended precision, created at its first use (else null). */
    private MixedPrecisionRefinement extended;
    /** The plain direction (dx, dw, dX, dY) while the extended one is tried, and dY before each of its steps. */
    private double[] plainDx;
    private double[] plainDw;
    private double[][] plainDX;
    private double[][] plainDY;
    private double[][] undoDY;
    /** The low parts of the extended refinement's correction of dx (its high parts are in dxp). */
    private double[] correctionLow;
    /** Iterations in a row whose extended direction was not kept. */
    private int extendedRejections;
    /**
     * Whether the primal (X) and dual (Y) halves of the factorisations and step lengths run at the same
     * time, one on the common pool: they read and write disjoint arrays, so the results are the serial
     * ones bit for bit. Worth it from a dense block of {@link DenseKernels#PARALLEL_SIZE} on, where the
     * Cholesky factorisations (serial below {@code BlockedCholesky}'s own threshold) and Lanczos steps of
     * one side outweigh the fork.
     */
    private final boolean concurrentSides;
    /** The dual side's own Lanczos state and scratch (the primal side uses lanczos, work and work2). */
    private final LanczosStep dualLanczos;
    private final double[][] dualWork;
    private final double[][] dualWork2;
    /** The results of {@link #maxSteps}. */
    private double primalLimit;
    private double dualLimit;

    private double primalObjective;
    private double dualObjective;
    private double primalInfeasibility;
    private double dualInfeasibility;
    private double gap;
    private double complementarity;
    private double mu;

    /**
     * Set after the first full primal step: X = sum A_i x_i - C holds exactly (up to the free part), and
     * X is recomputed from x instead of being updated, which saves the products with Rp. Never set while
     * the objective is perturbed ({@link #PERTURBATION}): X then aims at a moving target and is updated.
     */
    private boolean primalFeasible;
    private double stepP;
    private double stepD;
    private double sigma;
    private int tinySteps;
    private int stuckSteps;
    /** Whether the last {@link #limitDualStep} found no step meeting its limit. */
    private boolean stuck;
    /** The absolute dual residual the last {@link #limitDualStep} allowed. */
    private double dualResidualLimit;
    private Snapshot best;
    private double bestMerit = Double.POSITIVE_INFINITY;
    private int sinceBest;
    /** The step number of the current iterate (from {@link #startStep}). */
    private int currentStep;
    /** Whether {@link #run} returned null to let the robust pass try first; {@link #resume} clears it. */
    private boolean paused;
    /** Whether this run has paused (it pauses at most once). */
    private boolean pausedOnce;
    /** The iterates after the checkpoint whose dual infeasibility exceeded DUAL_LOSS_FACTOR times the lowest. */
    private int dualLosses;
    /** The consecutive iterates of the first pass that lost dual feasibility without being its best. */
    private int lossesSinceBest;
    /** The step at which it paused. */
    private int pausedStep;
    /** The lowest primal infeasibility, dual infeasibility and mu so far, as {@link #newLows} keeps them. */
    private final double[] lows = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
    private double bestDualInfeasibility = Double.POSITIVE_INFINITY;

    /** A copy of an iterate. */
    private record Snapshot(double[] x, double[] w, double[][] bigX, double[][] bigY, boolean primalFeasible,
            IterationInfo info) {
    }

    InteriorPointRun(SdpProblem problem, SdpOptions options) {
        this(problem, options, DenseKernels.PARALLEL);
    }

    InteriorPointRun(SdpProblem problem, SdpOptions options, boolean shareSides) {
        this(problem, options, shareSides, null, 0);
    }

    /**
     * @param problem the problem; not modified
     * @param options the tolerances and limits
     * @param shareSides whether the primal and dual sides may run concurrently (they then do from a
     *     dense block of {@link DenseKernels#PARALLEL_SIZE} on); false runs everything on the caller
     * @param resume null for the first pass from the initial point; for the robust pass (dual steps
     *     guarded by {@link #limitDualStep}, progress counted also by new lows of the infeasibilities and
     *     mu, {@link #newLows}) the first pass's {@link #checkpoint()}, or {@link Checkpoint#START}
     * @param firstIteration the number given to the first iterate (after an earlier pass, the iterations
     *     it made), for the listener and the result; the iteration limit applies to this run alone
     */
    InteriorPointRun(SdpProblem problem, SdpOptions options, boolean shareSides, Checkpoint resume,
            int firstIteration) {
        this(problem, options, shareSides, resume, firstIteration, false, false);
    }

    /**
     * The perturbed pass: with the first pass's rules (no guard, no pause) on the problem whose objective is
     * perturbed as {@link #PERTURBATION} says, and the first pass's step fraction.
     *
     * @param problem the problem; not modified
     * @param options the tolerances and limits
     * @param firstIteration the number given to the first iterate, as for the robust pass
     * @param from the first pass's {@link #handover()} to resume from, or null for the initial point
     * @return the run, not started
     */
    static InteriorPointRun perturbed(SdpProblem problem, SdpOptions options, int firstIteration, Checkpoint from) {
        return perturbed(problem, options, firstIteration, from, false);
    }

    /**
     * The perturbed pass as {@link #perturbed(SdpProblem, SdpOptions, int, Checkpoint)} says, with CSDP's step
     * fraction ({@link #CSDP_LEAST_FRACTION}) if {@code csdpSteps}.
     *
     * @param problem the problem; not modified
     * @param options the tolerances and limits (its step fraction is not used if {@code csdpSteps})
     * @param firstIteration the number given to the first iterate, as for the robust pass
     * @param from an iterate of the first pass to resume from ({@link #handover()}, {@link #switchPoint()}), or
     *     null for the initial point
     * @param csdpSteps whether the steps go CSDP's fraction of the way to the boundary
     * @return the run, not started
     */
    static InteriorPointRun perturbed(SdpProblem problem, SdpOptions options, int firstIteration, Checkpoint from,
            boolean csdpSteps) {
        return new InteriorPointRun(problem, options, DenseKernels.PARALLEL, from, firstIteration, true, csdpSteps);
    }

    /**
     * @return where a perturbed pass resumes ({@link #HANDOVER_MU}): the first pass's last iterate after the
     *     initial point with mu at least that many times eps, if the program has split free variables; else null
     */
    Checkpoint handover() {
        return handover;
    }

    /**
     * @return whether the last {@link #run} or {@link #resume} returned null because the first pass took no full
     *     primal step before mu fell below {@link #SWITCH_MU} times eps (see there); the perturbed pass may then try
     *     from {@link #switchPoint()} before {@link #resume} runs on
     */
    boolean switched() {
        return switched;
    }

    /** @return where the perturbed pass starts after {@link #switched()}: see {@link #SWITCH_POINT_MU} */
    Checkpoint switchPoint() {
        return switchPoint == null ? Checkpoint.START : switchPoint;
    }

    private InteriorPointRun(SdpProblem problem, SdpOptions options, boolean shareSides, Checkpoint resume,
            int firstIteration, boolean perturbed, boolean csdpSteps) {
        this.problem = problem;
        this.csdpSteps = csdpSteps;
        this.options = options;
        this.robust = resume != null && !perturbed;
        this.firstPass = resume == null && !perturbed;
        this.firstIteration = firstIteration;
        m = problem.constraintCount();
        nf = problem.freeCount();
        blocks = problem.blockCount();
        size = new int[blocks];
        diagonal = new boolean[blocks];
        int dim = 0;
        int maxDense = 1;
        for (int b = 0; b < blocks; b++) {
            size[b] = problem.blockSize(b);
            diagonal[b] = problem.isDiagonal(b);
            dim += size[b];
            if (!diagonal[b]) {
                maxDense = Math.max(maxDense, size[b]);
            }
        }
        dimension = dim;
        x = new double[m];
        w = new double[nf];
        bigX = blockArrays();
        bigY = blockArrays();
        lowerX = blockArrays();
        lowerY = blockArrays();
        inverseX = blockArrays();
        rp = blockArrays();
        zRpY = blockArrays();
        uniformValue = uniformValues();
        rowSumsZ = new double[maxDense];
        rowSumsM = new double[maxDense];
        sparseRhs = sparseBlocks();
        residualTrace = new double[m];
        rhsTrace = new double[m];
        dXp = blockArrays();
        dYp = blockArrays();
        dX = blockArrays();
        dY = blockArrays();
        rhsMatrix = blockArrays();
        dYCorrection = blockArrays();
        work = blockArrays();
        work2 = blockArrays();
        rf = new double[nf];
        d = new double[m];
        r = new double[m];
        dx = new double[m];
        dw = new double[nf];
        dxp = new double[m];
        dwp = new double[nf];
        schur = new double[m * m];
        freeWork = new double[nf];
        schurComplement = new SchurComplement(problem);
        sweeps = new ConstraintSweeps(problem);
        newton = new NewtonSystem(m, freeMatrix());
        lanczos = new LanczosStep(maxDense);
        concurrentSides = shareSides && maxDense >= DenseKernels.PARALLEL_SIZE;
        dualLanczos = concurrentSides ? new LanczosStep(maxDense) : lanczos;
        dualWork = concurrentSides ? blockArrays() : work;
        dualWork2 = concurrentSides ? blockArrays() : work2;
        normConstant = Math.sqrt(normSquared(problem.entries, 0) + normSquared(problem.free[0]));
        double c2 = 0;
        for (int i = 0; i < m; i++) {
            c2 += problem.cost(i) * problem.cost(i);
        }
        normCost = Math.sqrt(c2);
        double a2 = 0;
        for (int i = 0; i < m; i++) {
            a2 += normSquared(problem.entries, i + 1) + normSquared(problem.free[i + 1]);
        }
        normConstraints = Math.sqrt(a2);
        emptyConstraint = firstEmptyConstraint();
        splitPairs = options.splitFreeVariables() ? SplitFreeVariables.find(problem) : null;
        double scale = PERTURBATION * Math.sqrt(normSquared(problem.entries, 0) / dimension);
        perturbationScale = perturbed ? scale : 0;
        perturbationEps = scale;
        maySwitch = firstPass && (splitPairs == null || splitPairs.count() == 0);
        pausedOnce = perturbed;
        initialPoint();
        if (resume != null && resume.x() != null) {
            restore(resume);
        }
        startStep = resume == null ? 0 : resume.step();
    }

    /**
     * Where the first pass and the robust pass part: the iterate at which the first pass took a dual step
     * that {@link #limitDualStep} would have shortened. Until then the two passes compute the same
     * iterates, so the robust pass resumes from here instead of starting again.
     *
     * @param x the iterate's x; the arrays are copies, not modified after
     * @param w its free variables
     * @param bigX its X per block
     * @param bigY its Y per block
     * @param primalFeasible whether X was already defined by x
     * @param step the iterate's step number in the first pass
     * @param bestDualInfeasibility the lowest relative dual infeasibility up to it
     * @param stepP the primal step that led to it
     * @param stepD the dual step that led to it
     */
    record Checkpoint(double[] x, double[] w, double[][] bigX, double[][] bigY, boolean primalFeasible, int step,
            double bestDualInfeasibility, double stepP, double stepD) {
        /** The robust pass from the initial point (the first pass never took such a step). */
        static final Checkpoint START = new Checkpoint(null, null, null, null, false, 0, Double.POSITIVE_INFINITY, 0, 0);
    }

    /** @return the first pass's checkpoint, or {@link Checkpoint#START} if its dual steps never needed the guard */
    Checkpoint checkpoint() {
        return checkpoint == null ? Checkpoint.START : checkpoint;
    }

    /**
     * The best iterate of this run as a place to resume from: the robust pass then starts where the first
     * pass came closest to the tolerances, not where the two passes part.
     */
    Checkpoint bestPoint() {
        return new Checkpoint(best.x(), best.w(), best.bigX(), best.bigY(), best.primalFeasible(),
                best.info().iteration() - firstIteration + startStep, bestDualInfeasibility, best.info().primalStep(),
                best.info().dualStep());
    }

    /**
     * The current iterate as a place to resume from: copies of x, w, X and Y, numbered {@code step}, with the
     * steps that led to it.
     */
    private Checkpoint currentPoint(int step, double stepP, double stepD) {
        return new Checkpoint(x.clone(), w.clone(), deepCopy(bigX), deepCopy(bigY), primalFeasible, step,
                bestDualInfeasibility, stepP, stepD);
    }

    private void restore(Checkpoint c) {
        System.arraycopy(c.x(), 0, x, 0, m);
        System.arraycopy(c.w(), 0, w, 0, nf);
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(c.bigX()[b], 0, bigX[b], 0, bigX[b].length);
            System.arraycopy(c.bigY()[b], 0, bigY[b], 0, bigY[b].length);
        }
        primalFeasible = c.primalFeasible();
        bestDualInfeasibility = c.bestDualInfeasibility();
        stepP = c.stepP();
        stepD = c.stepD();
    }

    private double[][] blockArrays() {
        double[][] a = new double[blocks][];
        for (int b = 0; b < blocks; b++) {
            a[b] = new double[diagonal[b] ? size[b] : size[b] * size[b]];
        }
        return a;
    }

    private DMatrixRMaj freeMatrix() {
        DMatrixRMaj f = new DMatrixRMaj(m, nf);
        for (int i = 0; i < m; i++) {
            BlockEntries e = problem.free[i + 1];
            for (int t = 0; t < e.size; t++) {
                f.data[i * nf + e.rows[t]] = e.values[t];
            }
        }
        return f;
    }

    private double normSquared(BlockEntries[][] entries, int k) {
        double s = 0;
        for (int b = 0; b < blocks; b++) {
            s += normSquared(entries[b][k]);
        }
        return s;
    }

    private static double normSquared(BlockEntries e) {
        double s = 0;
        for (int t = 0; t < e.size; t++) {
            double v = e.values[t] * e.values[t];
            s += e.rows[t] == e.cols[t] ? v : 2 * v;
        }
        return s;
    }

    private double[][] uniformValues() {
        double[][] uniform = new double[blocks][m];
        for (int b = 0; b < blocks; b++) {
            long full = (long) size[b] * (size[b] + 1) / 2;
            for (int i = 0; i < m; i++) {
                BlockEntries e = problem.entries[b][i + 1];
                uniform[b][i] = Double.NaN;
                if (!diagonal[b] && e.size == full) {
                    boolean equal = true;
                    for (int t = 1; t < e.size && equal; t++) {
                        equal = e.values[t] == e.values[0];
                    }
                    uniform[b][i] = equal ? e.values[0] : Double.NaN;
                }
            }
        }
        return uniform;
    }

    private boolean[] sparseBlocks() {
        boolean[] sparse = new boolean[blocks];
        for (int b = 0; b < blocks; b++) {
            long count = 0;
            for (int i = 0; i < m; i++) {
                count += Double.isNaN(uniformValue[b][i]) ? problem.entries[b][i + 1].size : size[b];
            }
            sparse[b] = !diagonal[b] && 2 * count < (long) size[b] * size[b];
        }
        return sparse;
    }

    private int firstEmptyConstraint() {
        for (int i = 0; i < m; i++) {
            boolean empty = problem.cost(i) != 0 && problem.free[i + 1].size == 0;
            for (int b = 0; b < blocks && empty; b++) {
                empty = problem.entries[b][i + 1].size == 0;
            }
            if (empty) {
                return i;
            }
        }
        return -1;
    }

    /** X = 10 beta I, Y = 10 alpha I with CSDP's scalings of the data (Borchers 1999). */
    private void initialPoint() {
        double alpha = 0;
        double maxNorm = normConstant;
        for (int i = 0; i < m; i++) {
            double norm = Math.sqrt(normSquared(problem.entries, i + 1) + normSquared(problem.free[i + 1]));
            alpha = Math.max(alpha, (1 + Math.abs(problem.cost(i))) / (1 + norm));
            maxNorm = Math.max(maxNorm, norm);
        }
        alpha *= dimension;
        double beta = (1 + maxNorm) / Math.sqrt(dimension);
        for (int b = 0; b < blocks; b++) {
            setIdentity(bigX[b], b, 10 * beta);
            setIdentity(bigY[b], b, 10 * alpha);
        }
    }

    private void setIdentity(double[] a, int b, double value) {
        Arrays.fill(a, 0);
        if (diagonal[b]) {
            Arrays.fill(a, value);
        } else {
            for (int k = 0; k < size[b]; k++) {
                a[k * size[b] + k] = value;
            }
        }
    }

    SdpResult run() {
        return run(System.nanoTime());
    }

    /** @return the number of iterates this run has computed (the last one's number + 1, before firstIteration) */
    int iterationsMade() {
        return currentStep - startStep + 1;
    }

    /**
     * Runs from the initial point.
     *
     * @param start the {@link System#nanoTime} from which the result's time is counted (an earlier pass's
     *     start, to report the time of both)
     * @return the outcome, or null if the first pass paused ({@link #paused()} or {@link #switched()};
     *     {@link #resume} runs on)
     */
    SdpResult run(long start) {
        return loop(startStep, start);
    }

    /**
     * Continues a first pass that {@link #run} paused (see {@link #paused()} and {@link #switched()}): takes the
     * step it held back and runs on as if it had not paused.
     *
     * @param start as for {@link #run(long)}
     * @return the outcome, or null if it pauses again (for the robust pass, after it paused for the perturbed
     *     one: each pause happens at most once)
     * @throws IllegalStateException if the run is not paused
     */
    SdpResult resume(long start) {
        if (switched) {
            switched = false;
            SdpResult end = endOfStep(pausedStep, pendingLostForGood, pendingLostDual, start);
            return end != null || paused ? end : loop(pausedStep + 1, start);
        }
        if (!paused) {
            throw new IllegalStateException("the run is not paused");
        }
        paused = false;
        if (stalledTooLong() || !iterate()) {
            return stalled(start);
        }
        return loop(pausedStep + 1, start);
    }

    /**
     * @return whether the last {@link #run} returned null because the first pass lost the dual feasibility it
     *     had reached, after a dual step that {@link #limitDualStep} would have shortened
     */
    boolean paused() {
        return paused;
    }

    private SdpResult loop(int firstStep, long start) {
        for (int step = firstStep;; step++) {
            int iteration = firstIteration + step - startStep;
            currentStep = step;
            computeResiduals();
            IterationInfo info = new IterationInfo(iteration, primalObjective, dualObjective, primalInfeasibility,
                    dualInfeasibility, gap, complementarity, mu, stepP, stepD, sigma);
            if (options.listener() != null) {
                options.listener().onIteration(info);
            }
            remember(info);
            if (firstPass && splitPairs != null && splitPairs.count() > 0 && step > 0
                    && mu >= HANDOVER_MU * perturbationEps) {
                handover = currentPoint(step, stepP, stepD);
            }
            if (maySwitch && step > 0 && mu >= SWITCH_POINT_MU * perturbationEps) {
                switchPoint = currentPoint(step, stepP, stepD);
            }
            if (!robust && checkpoint != null && complementarity <= options.gapTolerance()
                    && dualInfeasibility > options.dualTolerance()
                    && dualInfeasibility > DUAL_LOSS_FACTOR * bestDualInfeasibility) {
                dualLosses++;
            }
            boolean lostForGood = lostForGood();
            boolean lostDualFeasibility = !pausedOnce && dualLosses >= DUAL_LOSSES;
            bestDualInfeasibility = Math.min(bestDualInfeasibility, dualInfeasibility);
            if (primalInfeasibility <= options.primalTolerance() && dualInfeasibility <= options.dualTolerance()
                    && complementarity <= options.gapTolerance()) {
                return result(SdpStatus.OPTIMAL, current(info), Double.NaN, start);
            }
            SdpResult infeasible = infeasibility(info, start);
            if (infeasible != null) {
                return infeasible;
            }
            if (step - startStep >= options.maxIterations()) {
                return result(SdpStatus.ITERATION_LIMIT, best, Double.NaN, start);
            }
            if (maySwitch && !primalFeasible && (mu < SWITCH_MU * perturbationEps || checkpoint != null)) {
                maySwitch = false;
                switched = true;
                pausedStep = step;
                pendingLostForGood = lostForGood;
                pendingLostDual = lostDualFeasibility;
                return null;
            }
            maySwitch &= !primalFeasible;
            SdpResult end = endOfStep(step, lostForGood, lostDualFeasibility, start);
            if (end != null || paused) {
                return end;
            }
        }
    }

    /**
     * The rest of an iteration after its tests: pauses for the robust pass, ends as stalled, or takes the step.
     *
     * @return the outcome if the run ends here, else null (it then paused, {@link #paused()}, or took the step)
     */
    private SdpResult endOfStep(int step, boolean lostForGood, boolean lostDualFeasibility, long start) {
        if (lostDualFeasibility) {
            paused = true;
            pausedOnce = true;
            pausedStep = step;
            return null;
        }
        if (lostForGood || stalledTooLong() || !iterate()) {
            return stalled(start);
        }
        return null;
    }

    /** Counts the first pass's iterates that lost dual feasibility without a better merit; see LOSSES_TO_STALL. */
    private boolean lostForGood() {
        boolean lost = firstPass && checkpoint != null && sinceBest > 0
                && dualInfeasibility > options.dualTolerance()
                && dualInfeasibility > DUAL_LOSS_FACTOR * bestDualInfeasibility;
        lossesSinceBest = lost ? lossesSinceBest + 1 : 0;
        return lossesSinceBest >= LOSSES_TO_STALL;
    }

    /**
     * One predictor-corrector iteration from the current iterate.
     *
     * @return false if it could not be taken (factorisation failed, steps vanished)
     */
    private boolean iterate() {
        perturbResidual();
        if (!factorizeIterate()) {
            return false;
        }
        schurComplement.assemble(inverseX, bigY, schur);
        if (!newton.factorize(schur)) {
            return false;
        }
        // Predictor: complementarity target 0.
        prepareResidualProducts();
        predictorRhs();
        solveDirection(dxp, dwp, dXp, dYp, false, 0);
        maxSteps(dXp, dYp, 1, 0);
        double affineP = Math.min(1, primalLimit);
        double affineD = Math.min(1, dualLimit);
        double muAffine = complementarityAfter(affineP, affineD) / dimension;
        double exponent = Math.max(1, 3 * Math.min(affineP, affineD) * Math.min(affineP, affineD));
        sigma = Math.max(SIGMA_FLOOR, Math.min(1, Math.pow(Math.max(muAffine, 0) / mu, exponent)));
        // Corrector: target sigma mu I, with the second-order term dXp dYp.
        correctorRhs(sigma * mu);
        solveDirection(dx, dw, dX, dY, true, sigma * mu);
        boolean refinementStalled = refineDirection();
        double gamma = stepFraction();
        previousStepP = stepP;
        previousStepD = stepD;
        maxSteps(dX, dY, 1 / gamma, gamma);
        if (refinementStalled && perturbationScale > 0 && extendedRejections < EXTENDED_REJECTIONS) {
            tryExtendedRefinement(gamma);
        }
        stepP = Math.min(1, gamma * primalLimit);
        stepD = Math.min(1, gamma * dualLimit);
        if (!(stepP > 0) || !(stepD > 0)) {
            return false;
        }
        stepD = dualStep(stepD);
        if (stuckSteps >= STALL_LIMIT) {
            return false;
        }
        tinySteps = stepP < 1e-6 && stepD < 1e-6 ? tinySteps + 1 : 0;
        if (tinySteps >= STALL_LIMIT) {
            return false;
        }
        takeStep(stepP, stepD);
        return true;
    }

    /**
     * The fraction of the way to the boundary of the cone that the next steps go: CSDP's ({@link
     * #CSDP_LEAST_FRACTION}) in a run with {@link #csdpSteps}; else SDPT3's rule, after long steps closer to the
     * boundary, at least the configured fraction.
     */
    private double stepFraction() {
        double shorter = Math.min(stepP, stepD);
        return csdpSteps ? CSDP_LEAST_FRACTION + CSDP_FRACTION_RANGE * shorter
                : Math.max(options.stepFraction(), 0.9 + 0.09 * shorter);
    }

    /**
     * Adds eps I to Rp ({@link #PERTURBATION}): the Newton step then aims at {@code X = sum A_i x_i - C + eps I}.
     * Rp is recomputed from the data by the next {@link #computeResiduals}, so the measures stay unperturbed.
     */
    private void perturbResidual() {
        if (perturbationScale == 0) {
            return;
        }
        double eps = perturbationScale * Math.min(1, Math.pow(bestMerit / NEAR_FACTOR, 1.5));
        for (int b = 0; b < blocks; b++) {
            int n = size[b];
            for (int k = 0; k < n; k++) {
                rp[b][diagonal[b] ? k : k * n + k] += eps;
            }
        }
    }

    /**
     * CSDP's guard on dual feasibility (Borchers 1999): near the optimum a Newton direction computed from
     * an ill-conditioned Schur complement satisfies {@code A(dY) + F dw = d} only roughly, and a long step
     * along it can undo the dual feasibility already reached. The step is shortened by factors 0.8 (at
     * most {@link #DUAL_STEP_CUTS} times) until the dual residual after it, exactly
     * {@code ||(1 - a) d - a r||} with r the direction's residual, is within {@link #dualResidualLimit}.
     *
     * @return the step, the shortest one tried if none meets the limit (the run is then stuck, as CSDP
     *     says, at the edge of dual feasibility), or {@code step} itself if it meets the limit
     */
    private double limitDualStep(double step) {
        directionResidual();
        dualResidualLimit = (currentStep < 10 || dualInfeasibility > 0.01 ? 1000 * dualInfeasibility
                : Math.max(options.dualTolerance(),
                        Math.min(100 * bestDualInfeasibility, complementarity > 0 ? complementarity : Double.MAX_VALUE)))
                * (1 + normCost);
        double a = step;
        stuck = false;
        for (int k = 0; dualResidualAfter(a) > dualResidualLimit; k++) {
            if (k == DUAL_STEP_CUTS) {
                stuck = true;
                return a;
            }
            a *= 0.8;
        }
        return a;
    }

    /**
     * The dual step length to take: in the robust pass as {@link #limitDualStep} allows; in the first pass
     * as computed, noting the {@link #checkpoint()} at the first step the guard would have shortened.
     */
    private double dualStep(double step) {
        if (!robust) {
            if (checkpoint == null && limitDualStep(step) < step) {
                checkpoint = currentPoint(currentStep, previousStepP, previousStepD);
            }
            return step;
        }
        double guarded = limitDualStep(step);
        stuckSteps = stuck ? stuckSteps + 1 : 0;
        return guarded;
    }

    /**
     * The merit ({@link #remember}'s: the largest of the relative measures over their tolerances) predicted after
     * the steps {@code min(1, gamma * limit)} along the current direction, with primalLimit and dualLimit its own
     * and r as {@link #directionResidual} left it: the primal infeasibility scaled by one minus the primal step,
     * the dual residual {@code ||(1 - a) d - a r||} and the complementarity {@code (X + a_p dX) . (Y + a_d dY)}
     * over the current objectives' {@code 1 + |c'x| + |C . Y + f'w|}.
     */
    private double meritAfter(double gamma) {
        double primal = Math.min(1, gamma * primalLimit);
        double dual = Math.min(1, gamma * dualLimit);
        double xy = 0;
        for (int b = 0; b < blocks; b++) {
            double[] px = bigX[b];
            double[] py = bigY[b];
            for (int t = 0; t < px.length; t++) {
                xy += (px[t] + primal * dX[b][t]) * (py[t] + dual * dY[b][t]);
            }
        }
        double scale = 1 + Math.abs(primalObjective) + Math.abs(dualObjective);
        return Math.max((1 - primal) * primalInfeasibility / options.primalTolerance(),
                Math.max(dualResidualAfter(dual) / (1 + normCost) / options.dualTolerance(),
                        Math.abs(xy) / scale / options.gapTolerance()));
    }

    /**
     * The term of the relative objective gap that the dual residual left by the dual step along the current direction
     * accounts for, {@code |x'((1 - a) d - a r)| / (1 + |c'x| + |C . Y + f'w|)} with a = min(1, gamma * dualLimit)
     * and r as {@link #directionResidual} left it: {@code c'x - C . Y - f'w = X . Y + Rp . Y + (F'x - f)'w + x'd}.
     */
    private double objectiveGapAfter(double gamma) {
        double a = Math.min(1, gamma * dualLimit);
        double s = 0;
        for (int i = 0; i < m; i++) {
            s += x[i] * ((1 - a) * d[i] - a * r[i]);
        }
        return Math.abs(s) / (1 + Math.abs(primalObjective) + Math.abs(dualObjective));
    }

    /** {@code ||(1 - a) d - a r||}, with r as {@link #directionResidual} left it. */
    private double dualResidualAfter(double a) {
        double s = 0;
        for (int i = 0; i < m; i++) {
            double v = (1 - a) * d[i] - a * r[i];
            s += v * v;
        }
        return Math.sqrt(s);
    }

    /** Residuals, objectives, relative measures and mu of the current iterate. */
    private void computeResiduals() {
        for (int b = 0; b < blocks; b++) {
            double[] a = rp[b];
            Arrays.fill(a, 0);
            scatter(problem.entries[b][0], -1, a, b);
            sweeps.addCombination(b, x, a);
            if (primalFeasible) {
                // X is defined by x from now on, so Rp is exactly 0 (no rounding drift to correct).
                System.arraycopy(a, 0, bigX[b], 0, a.length);
                Arrays.fill(a, 0);
            } else {
                for (int t = 0; t < a.length; t++) {
                    a[t] -= bigX[b][t];
                }
            }
        }
        double rf2 = 0;
        for (int k = 0; k < nf; k++) {
            rf[k] = 0;
        }
        scatterFree(problem.free[0], 1, rf);
        for (int i = 0; i < m; i++) {
            scatterFree(problem.free[i + 1], -x[i], rf);
        }
        for (int k = 0; k < nf; k++) {
            rf2 += rf[k] * rf[k];
        }
        double rp2 = 0;
        for (int b = 0; b < blocks; b++) {
            rp2 += DenseKernels.dot(rp[b], rp[b], rp[b].length);
        }
        primalInfeasibility = Math.sqrt(rp2 + rf2) / (1 + normConstant);
        double d2 = 0;
        primalObjective = 0;
        for (int i = 0; i < m; i++) {
            d[i] = problem.cost(i) - innerProduct(i + 1, bigY) - freeDot(problem.free[i + 1], w);
            d2 += d[i] * d[i];
            primalObjective += problem.cost(i) * x[i];
        }
        dualInfeasibility = Math.sqrt(d2) / (1 + normCost);
        dualObjective = innerProduct(0, bigY) + freeDot(problem.free[0], w);
        gap = Math.abs(primalObjective - dualObjective) / (1 + Math.abs(primalObjective) + Math.abs(dualObjective));
        double xy = 0;
        for (int b = 0; b < blocks; b++) {
            xy += DenseKernels.dot(bigX[b], bigY[b], bigX[b].length);
        }
        mu = xy / dimension;
        complementarity = Math.abs(xy) / (1 + Math.abs(primalObjective) + Math.abs(dualObjective));
    }

    /** a += alpha * (matrix k in block b), a stored densely (or as a diagonal). */
    private void scatter(BlockEntries e, double alpha, double[] a, int b) {
        if (alpha == 0) {
            return;
        }
        int n = size[b];
        if (diagonal[b]) {
            for (int t = 0; t < e.size; t++) {
                a[e.rows[t]] += alpha * e.values[t];
            }
            return;
        }
        for (int t = 0; t < e.size; t++) {
            int row = e.rows[t];
            int col = e.cols[t];
            double v = alpha * e.values[t];
            a[row * n + col] += v;
            if (row != col) {
                a[col * n + row] += v;
            }
        }
    }

    /**
     * out = Y S for {@code S = sum_i v_i A_i} in a dense block b with {@link #sparseRhs}, in O(n) per stored
     * entry of the A_i and O(n^2) for all the all-ones ones together, in place of a product: rows of
     * {@code S Y} are sums of rows of Y (an all-ones matrix adds Y's column sums to every row), and
     * {@code Y S = (S Y)'}. Uses scratch (n*n).
     */
    private void productWithCombination(int b, double[] y, double[] v, double[] out, double[] scratch) {
        int n = size[b];
        Arrays.fill(scratch, 0, n * n, 0);
        double uniform = 0;
        for (int i = 0; i < m; i++) {
            if (v[i] == 0) {
                continue;
            }
            if (!Double.isNaN(uniformValue[b][i])) {
                uniform += v[i] * uniformValue[b][i];
                continue;
            }
            BlockEntries e = problem.entries[b][i + 1];
            for (int t = 0; t < e.size; t++) {
                int row = e.rows[t];
                int col = e.cols[t];
                double w = v[i] * e.values[t];
                addScaledRow(y, col, w, scratch, row, n);
                if (row != col) {
                    addScaledRow(y, row, w, scratch, col, n);
                }
            }
        }
        if (uniform != 0) {
            columnSums(y, n, rowSumsM);
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    scratch[r * n + c] += uniform * rowSumsM[c];
                }
            }
        }
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                out[r * n + c] = scratch[c * n + r];
            }
        }
    }

    /** Row {@code to} of out += w times row {@code from} of a (n x n arrays). */
    private static void addScaledRow(double[] a, int from, double w, double[] out, int to, int n) {
        int f = from * n;
        int o = to * n;
        for (int c = 0; c < n; c++) {
            out[o + c] += w * a[f + c];
        }
    }

    private static void scatterFree(BlockEntries e, double alpha, double[] a) {
        for (int t = 0; t < e.size; t++) {
            a[e.rows[t]] += alpha * e.values[t];
        }
    }

    private static double freeDot(BlockEntries e, double[] v) {
        double s = 0;
        for (int t = 0; t < e.size; t++) {
            s += e.values[t] * v[e.rows[t]];
        }
        return s;
    }

    /** (matrix k) . M summed over blocks, for M not necessarily symmetric. */
    private double innerProduct(int k, double[][] matrices) {
        return sweeps.innerProduct(k, matrices);
    }

    private boolean factorizeIterate() {
        for (int b = 0; b < blocks; b++) {
            int n = size[b];
            if (diagonal[b]) {
                for (int k = 0; k < n; k++) {
                    if (!(bigX[b][k] > 0) || !(bigY[b][k] > 0)) {
                        return false;
                    }
                    inverseX[b][k] = 1 / bigX[b][k];
                }
                continue;
            }
            System.arraycopy(bigX[b], 0, lowerX[b], 0, n * n);
            System.arraycopy(bigY[b], 0, lowerY[b], 0, n * n);
            if (!factorBoth(lowerX[b], lowerY[b], n)) {
                return false;
            }
            DenseKernels.inverseFromCholesky(lowerX[b], n, inverseX[b], work[b]);
        }
        return true;
    }

    /** Cholesky factorisations of both n x n arrays in place, concurrently if the sides are shared. */
    private boolean factorBoth(double[] primal, double[] dual, int n) {
        if (!concurrentSides) {
            return BlockedCholesky.factor(primal, n) && BlockedCholesky.factor(dual, n);
        }
        ForkJoinTask<Boolean> primalTask = ForkJoinTask.adapt(() -> BlockedCholesky.factor(primal, n)).fork();
        boolean dualOk = BlockedCholesky.factor(dual, n);
        return primalTask.join() && dualOk;
    }

    /**
     * zRpY = Z Rp Y (zero in sparse blocks) and residualTrace = the sparse blocks' A_i . (Z Rp Y),
     * shared by predictor and corrector.
     */
    private void prepareResidualProducts() {
        Arrays.fill(residualTrace, 0);
        if (primalFeasible) {
            for (int b = 0; b < blocks; b++) {
                Arrays.fill(zRpY[b], 0);
            }
            return;
        }
        for (int b = 0; b < blocks; b++) {
            int n = size[b];
            if (diagonal[b]) {
                for (int k = 0; k < n; k++) {
                    zRpY[b][k] = inverseX[b][k] * rp[b][k] * bigY[b][k];
                }
            } else if (sparseRhs[b]) {
                // work = Y Rp = (Rp Y)', whose rows are the columns of Rp Y.
                DenseKernels.multTransB(bigY[b], rp[b], work[b], n);
                Arrays.fill(zRpY[b], 0);
                addProductTraces(b, inverseX[b], work[b], residualTrace);
            } else {
                // work = Y Rp = (Rp Y)', then Z Rp Y = Z work'.
                DenseKernels.multTransB(bigY[b], rp[b], work[b], n);
                DenseKernels.multTransB(inverseX[b], work[b], zRpY[b], n);
            }
        }
    }

    /**
     * out_i += A_i . (Z M) over the entries of the constraint matrices in dense block b, given
     * {@code mt = M'}: each entry (c, d) needs {@code (Z M)_cd}, row c of Z times row d of M'.
     */
    private void addProductTraces(int b, double[] z, double[] mt, double[] out) {
        int n = size[b];
        boolean sumsReady = false;
        for (int i = 0; i < m; i++) {
            if (!Double.isNaN(uniformValue[b][i])) {
                if (!sumsReady) {
                    rowSums(z, n, rowSumsZ);
                    columnSums(mt, n, rowSumsM);
                    sumsReady = true;
                }
                out[i] += uniformValue[b][i] * DenseKernels.dot(rowSumsZ, rowSumsM, n);
                continue;
            }
            BlockEntries e = problem.entries[b][i + 1];
            double s = 0;
            for (int t = 0; t < e.size; t++) {
                int c = e.rows[t] * n;
                int d = e.cols[t] * n;
                double both = c == d ? rowDot(z, c, mt, d, n) : rowDot(z, c, mt, d, n) + rowDot(z, d, mt, c, n);
                s += e.values[t] * both;
            }
            out[i] += s;
        }
    }

    /** out = a 1 for an n x n array a. */
    private static void rowSums(double[] a, int n, double[] out) {
        for (int r = 0; r < n; r++) {
            double s = 0;
            for (int c = 0; c < n; c++) {
                s += a[r * n + c];
            }
            out[r] = s;
        }
    }

    /** out = a' 1 for an n x n array a (for a = M', the row sums of M). */
    private static void columnSums(double[] a, int n, double[] out) {
        Arrays.fill(out, 0, n, 0);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                out[c] += a[r * n + c];
            }
        }
    }

    /** The dot product of a[aOff..aOff+n) and b[bOff..bOff+n), with four partial sums. */
    private static double rowDot(double[] a, int aOff, double[] b, int bOff, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < n; k += 4) {
            s0 += a[aOff + k] * b[bOff + k];
            s1 += a[aOff + k + 1] * b[bOff + k + 1];
            s2 += a[aOff + k + 2] * b[bOff + k + 2];
            s3 += a[aOff + k + 3] * b[bOff + k + 3];
        }
        for (; k < n; k++) {
            s0 += a[aOff + k] * b[bOff + k];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** Predictor: Rc = -XY, so Z Rc - Z Rp Y = -Y - Z Rp Y. */
    private void predictorRhs() {
        System.arraycopy(residualTrace, 0, rhsTrace, 0, m);
        for (int b = 0; b < blocks; b++) {
            double[] out = rhsMatrix[b];
            for (int t = 0; t < out.length; t++) {
                out[t] = -bigY[b][t] - zRpY[b][t];
            }
        }
    }

    /**
     * Corrector: Z Rc = target Z - Y - Z dXp dYp; the right-hand side adds -Z Rp Y. Leaves
     * {@code (dXp dYp)' = dYp dXp} in work2 for dense blocks.
     */
    private void correctorRhs(double target) {
        System.arraycopy(residualTrace, 0, rhsTrace, 0, m);
        for (int b = 0; b < blocks; b++) {
            int n = size[b];
            double[] out = rhsMatrix[b];
            double[] z = inverseX[b];
            if (diagonal[b]) {
                for (int k = 0; k < n; k++) {
                    out[k] = target * z[k] - bigY[b][k] - z[k] * dXp[b][k] * dYp[b][k] - zRpY[b][k];
                }
                continue;
            }
            DenseKernels.multTransB(dYp[b], dXp[b], work2[b], n);
            if (sparseRhs[b]) {
                addProductTraces(b, z, work2[b], rhsTrace);
                for (int t = 0; t < out.length; t++) {
                    out[t] = target * z[t] - bigY[b][t];
                }
            } else {
                // out = work2 Z = (Z dXp dYp)', as good as Z dXp dYp against the symmetric A_i.
                DenseKernels.multTransB(work2[b], z, out, n);
                for (int t = 0; t < out.length; t++) {
                    out[t] = target * z[t] - bigY[b][t] - out[t] - zRpY[b][t];
                }
            }
        }
    }

    /**
     * Solves for (dx, dw) from rhsMatrix and rhsTrace, then forms dX and dY. For the corrector, the
     * term {@code -Z dXp dYp} (its transpose still in work2 for dense blocks) enters dY.
     */
    private void solveDirection(double[] dxOut, double[] dwOut, double[][] dXOut, double[][] dYOut,
            boolean corrector, double target) {
        for (int i = 0; i < m; i++) {
            r[i] = innerProduct(i + 1, rhsMatrix) - rhsTrace[i] - d[i];
        }
        newton.solve(r, rf, dxOut, dwOut);
        for (int b = 0; b < blocks; b++) {
            int n = size[b];
            double[] dXb = dXOut[b];
            System.arraycopy(rp[b], 0, dXb, 0, dXb.length);
            sweeps.addCombination(b, dxOut, dXb);
            double[] dYb = dYOut[b];
            double[] z = inverseX[b];
            double[] y = bigY[b];
            if (diagonal[b]) {
                for (int k = 0; k < n; k++) {
                    double rc = corrector ? target * z[k] - z[k] * dXp[b][k] * dYp[b][k] : 0;
                    dYb[k] = rc - y[k] - z[k] * dXb[k] * y[k];
                }
                continue;
            }
            // dY = sym(Z Rc - Z dX Y), Z Rc = [target Z - Z dXp dYp] - Y; transposed, as sym allows:
            // (Z (dXp dYp + dX Y))' = (dYp dXp + Y dX) Z.
            if (corrector && sparseRhs[b] && primalFeasible) {
                // dX = sum A_j dx_j (Rp = 0): Y dX without a product.
                productWithCombination(b, y, dxOut, work[b], dYb);
                double[] sum = work2[b];
                for (int t = 0; t < sum.length; t++) {
                    sum[t] += work[b][t];
                }
                DenseKernels.multTransB(sum, z, dYb, n);
                for (int t = 0; t < dYb.length; t++) {
                    dYb[t] = target * z[t] - y[t] - dYb[t];
                }
            } else if (corrector) {
                DenseKernels.multTransBAdd(y, dXb, work2[b], n);
                DenseKernels.multTransB(work2[b], z, dYb, n);
                for (int t = 0; t < dYb.length; t++) {
                    dYb[t] = target * z[t] - y[t] - dYb[t];
                }
            } else {
                if (sparseRhs[b] && primalFeasible) {
                    productWithCombination(b, y, dxOut, work[b], dYb);
                } else {
                    DenseKernels.multTransB(y, dXb, work[b], n);
                }
                DenseKernels.multTransB(work[b], z, dYb, n);
                for (int t = 0; t < dYb.length; t++) {
                    dYb[t] = -y[t] - dYb[t];
                }
            }
            DenseKernels.symmetrize(dYb, n);
        }
    }

    /**
     * Iterative refinement against the operator actually applied: the computed (dx, dY) satisfies
     * {@code A(dY) + F dw = d} and {@code F' dx = rf} only up to rounding errors amplified by the
     * conditioning of B, which near an optimum would leave the dual residual stalled. Each step solves
     * {@code B e_x - F e_w = A(dY) + F dw - d, F' e_x = rf - F' dx} and updates
     * {@code dx += e_x, dX += sum A_j e_x_j, dY -= sym(Z (sum A_j e_x_j) Y)}. Refinement stops when the
     * residual is negligible or stops shrinking; a step that made it larger (B too ill-conditioned for
     * the solve to be accurate) is undone, so the direction kept is the most accurate one seen.
     *
     * @return whether the residual is still above {@link #refinementThreshold()}
     */
    private boolean refineDirection() {
        double threshold = refinementThreshold();
        double residual = directionResidual();
        boolean perturbed = perturbationScale > 0;
        int limit = perturbed ? PERTURBED_REFINEMENTS : MAX_REFINEMENTS;
        double ratio = perturbed ? PERTURBED_RF_RATIO : RF_RATIO;
        for (int k = 0; k < limit && residual > threshold; k++) {
            correctDirection(1);
            double next = directionResidual();
            if (!(next < residual)) {
                correctDirection(-1);
                return true;
            }
            boolean slow = !(next < residual * ratio);
            residual = next;
            if (slow) {
                break;
            }
        }
        return residual > threshold;
    }

    /** The direction residual below which refinement stops: a thousandth of the dual tolerance, absolute. */
    private double refinementThreshold() {
        return 1e-3 * options.dualTolerance() * (1 + normCost);
    }

    /**
     * In the perturbed pass, where plain refinement stalled above its threshold and the plain direction's dual
     * step would leave the dual infeasibility above its tolerance, or more than {@link #EXTENDED_LOSS} times above
     * the current one with a term of the objective gap above the present gap: refines the direction further by
     * {@link MixedPrecisionRefinement} and keeps whichever of the two directions leaves the smaller dual residual
     * {@code ||(1 - a) d - a r||} after its own dual step a, in the second case only if its predicted merit is at
     * most {@link #EXTENDED_MERIT_RATIO} times the plain one's. The exact Newton direction of a nearly singular
     * Schur complement can have so large a dY that its step is short: kept always, it cost SDPLIB's truss6 its
     * optimal status, and kept below the tolerance wherever its residual is smaller (where it only takes the dual
     * infeasibility from 1e-9 to 1e-11) one of the forty digit-changed hinf1 files. Leaves primalLimit and
     * dualLimit those of the direction kept; they must be those of the plain direction on entry.
     */
    private void tryExtendedRefinement(double gamma) {
        directionResidual();
        double plainPrimalLimit = primalLimit;
        double plainDualLimit = dualLimit;
        double plainAfter = dualResidualAfter(Math.min(1, gamma * dualLimit));
        boolean withinTolerance = plainAfter <= options.dualTolerance() * (1 + normCost);
        if (withinTolerance && !(plainAfter > EXTENDED_LOSS * Math.sqrt(DenseKernels.dot(d, d, m))
                && objectiveGapAfter(gamma) > gap)) {
            return;
        }
        double plainMerit = withinTolerance ? meritAfter(gamma) : Double.NaN;
        if (extended == null) {
            extended = new MixedPrecisionRefinement(problem, newton);
            plainDx = new double[m];
            plainDw = new double[nf];
            plainDX = blockArrays();
            plainDY = blockArrays();
            undoDY = blockArrays();
            correctionLow = new double[m];
        }
        copyDirection(dx, dw, dX, dY, plainDx, plainDw, plainDX, plainDY);
        refineExtended();
        maxSteps(dX, dY, 1 / gamma, gamma);
        directionResidual();
        if (dualResidualAfter(Math.min(1, gamma * dualLimit)) < plainAfter
                && (!withinTolerance || meritAfter(gamma) <= EXTENDED_MERIT_RATIO * plainMerit)) {
            extendedRejections = 0;
            return;
        }
        extendedRejections++;
        copyDirection(plainDx, plainDw, plainDX, plainDY, dx, dw, dX, dY);
        primalLimit = plainPrimalLimit;
        dualLimit = plainDualLimit;
    }

    /**
     * Up to {@link #EXTENDED_REFINEMENTS} steps of mixed-precision refinement while the residual, measured in
     * double-double, falls; a step that does not lower it is undone.
     */
    private void refineExtended() {
        double threshold = refinementThreshold();
        double residual = extended.residual(dY, dw, dx, d, rf, r, freeWork);
        for (int k = 0; k < EXTENDED_REFINEMENTS && residual > threshold; k++) {
            extended.solve(inverseX, bigY, r, freeWork, 0.5 * threshold, dxp, correctionLow, dwp);
            for (int b = 0; b < blocks; b++) {
                System.arraycopy(dY[b], 0, undoDY[b], 0, dY[b].length);
            }
            extended.subtractProduct(inverseX, bigY, dxp, correctionLow, dY);
            addCorrection(1);
            double next = extended.residual(dY, dw, dx, d, rf, r, freeWork);
            if (!(next < residual)) {
                addCorrection(-1);
                for (int b = 0; b < blocks; b++) {
                    System.arraycopy(undoDY[b], 0, dY[b], 0, dY[b].length);
                }
                return;
            }
            residual = next;
        }
    }

    /**
     * dx += sign dxp, dw += sign dwp, dX += sign sum_j A_j dxp_j (the extended correction but its dY). With
     * {@code sign = -1} the sums of the last call with {@code sign = 1}, still in rhsMatrix, are taken back.
     */
    private void addCorrection(int sign) {
        for (int i = 0; i < m; i++) {
            dx[i] += sign * dxp[i];
        }
        for (int k = 0; k < nf; k++) {
            dw[k] += sign * dwp[k];
        }
        for (int b = 0; b < blocks; b++) {
            double[] change = rhsMatrix[b];
            if (sign > 0) {
                combinationOfCorrection(b, change);
            }
            for (int t = 0; t < change.length; t++) {
                dX[b][t] += sign * change[t];
            }
        }
    }

    private static void copyDirection(double[] fromX, double[] fromW, double[][] fromBigX, double[][] fromBigY,
            double[] toX, double[] toW, double[][] toBigX, double[][] toBigY) {
        System.arraycopy(fromX, 0, toX, 0, fromX.length);
        System.arraycopy(fromW, 0, toW, 0, fromW.length);
        for (int b = 0; b < fromBigX.length; b++) {
            System.arraycopy(fromBigX[b], 0, toBigX[b], 0, fromBigX[b].length);
            System.arraycopy(fromBigY[b], 0, toBigY[b], 0, fromBigY[b].length);
        }
    }

    /**
     * Writes the residuals of the current direction into r (length m) and freeWork (length nf).
     *
     * @return their joint Euclidean norm
     */
    private double directionResidual() {
        double e2 = 0;
        for (int i = 0; i < m; i++) {
            r[i] = innerProduct(i + 1, dY) + freeDot(problem.free[i + 1], dw) - d[i];
            e2 += r[i] * r[i];
        }
        for (int k = 0; k < nf; k++) {
            freeWork[k] = rf[k];
        }
        for (int i = 0; i < m; i++) {
            scatterFree(problem.free[i + 1], -dx[i], freeWork);
        }
        return Math.sqrt(e2 + DenseKernels.dot(freeWork, freeWork, nf));
    }

    /**
     * With {@code sign = 1}: solves for the correction of the residuals in r and freeWork (into dxp,
     * dwp, and per block the change of dX into rhsMatrix and of dY into dYCorrection) and
     * adds it to the direction. With {@code sign = -1}: subtracts the last correction again.
     */
    private void correctDirection(int sign) {
        if (sign > 0) {
            newton.solve(r, freeWork, dxp, dwp);
        }
        for (int i = 0; i < m; i++) {
            dx[i] += sign * dxp[i];
        }
        for (int k = 0; k < nf; k++) {
            dw[k] += sign * dwp[k];
        }
        for (int b = 0; b < blocks; b++) {
            double[] change = rhsMatrix[b];
            double[] changeY = dYCorrection[b];
            if (sign > 0) {
                correctionOfBlock(b, change, changeY);
            }
            for (int t = 0; t < change.length; t++) {
                dX[b][t] += sign * change[t];
                dY[b][t] -= sign * changeY[t];
            }
        }
    }

    /** change = sum A_j dxp_j in block b. */
    private void combinationOfCorrection(int b, double[] change) {
        Arrays.fill(change, 0);
        sweeps.addCombination(b, dxp, change);
    }

    /** change = sum A_j dxp_j in block b, changeY = sym(Z change Y). */
    private void correctionOfBlock(int b, double[] change, double[] changeY) {
        int n = size[b];
        combinationOfCorrection(b, change);
        if (diagonal[b]) {
            for (int k = 0; k < n; k++) {
                changeY[k] = inverseX[b][k] * change[k] * bigY[b][k];
            }
        } else {
            // (Z change Y)' = Y change Z; sym is the same for both.
            if (sparseRhs[b]) {
                productWithCombination(b, bigY[b], dxp, work[b], changeY);
            } else {
                DenseKernels.multTransB(bigY[b], change, work[b], n);
            }
            DenseKernels.multTransB(work[b], inverseX[b], changeY, n);
            DenseKernels.symmetrize(changeY, n);
        }
    }

    /**
     * The largest step keeping {@code point + step * direction} PSD in every block, or any value
     * {@code >= enough} if that is at least {@code enough}: a dense block that stays positive definite
     * at {@code enough} (one Cholesky factorisation) needs no eigenvalue computation. Otherwise a dense
     * block's step is estimated by {@link LanczosStep}; with {@code safety > 0} the estimate is accepted
     * only if the block is positive definite at {@code safety} times it, else it is computed exactly
     * from the eigenvalues. With {@code safety == 0} the estimate is returned unchecked. Writes only
     * estimator's state and the scratch arrays (per block n*n).
     */
    private double maxStep(double[][] point, double[][] lower, double[][] direction, double enough,
            double safety, LanczosStep estimator, double[][] scratch, double[][] scratch2) {
        double step = Double.POSITIVE_INFINITY;
        for (int b = 0; b < blocks; b++) {
            int n = size[b];
            if (diagonal[b]) {
                for (int k = 0; k < n; k++) {
                    if (direction[b][k] < 0) {
                        step = Math.min(step, -point[b][k] / direction[b][k]);
                    }
                }
            } else if (!positiveDefiniteAt(point[b], direction[b], enough, n, scratch[b])) {
                double estimate = estimator.estimate(lower[b], direction[b], n);
                boolean accepted = Double.isFinite(estimate)
                        && (safety == 0 || positiveDefiniteAt(point[b], direction[b], safety * estimate, n, scratch[b]));
                step = Math.min(step, accepted ? estimate
                        : DenseKernels.maxStep(lower[b], direction[b], n, scratch[b], scratch2[b]));
            }
        }
        return step;
    }

    /**
     * {@link #maxStep} of X along directionX into primalLimit and of Y along directionY into dualLimit,
     * the primal side on the common pool while the dual side runs here if the sides are shared.
     */
    private void maxSteps(double[][] directionX, double[][] directionY, double enough, double safety) {
        if (!concurrentSides) {
            primalLimit = maxStep(bigX, lowerX, directionX, enough, safety, lanczos, work, work2);
            dualLimit = maxStep(bigY, lowerY, directionY, enough, safety, lanczos, work, work2);
            return;
        }
        ForkJoinTask<Double> primal = ForkJoinTask
                .adapt(() -> maxStep(bigX, lowerX, directionX, enough, safety, lanczos, work, work2)).fork();
        dualLimit = maxStep(bigY, lowerY, directionY, enough, safety, dualLanczos, dualWork, dualWork2);
        primalLimit = primal.join();
    }

    private static boolean positiveDefiniteAt(double[] point, double[] direction, double step, int n,
            double[] scratch) {
        for (int t = 0; t < n * n; t++) {
            scratch[t] = point[t] + step * direction[t];
        }
        return BlockedCholesky.factor(scratch, n);
    }

    private double complementarityAfter(double stepP, double stepD) {
        double s = 0;
        for (int b = 0; b < blocks; b++) {
            double[] px = bigX[b];
            double[] py = bigY[b];
            double[] ddx = dXp[b];
            double[] ddy = dYp[b];
            for (int t = 0; t < px.length; t++) {
                s += (px[t] + stepP * ddx[t]) * (py[t] + stepD * ddy[t]);
            }
        }
        return s;
    }

    private void takeStep(double stepP, double stepD) {
        primalFeasible |= stepP == 1 && perturbationScale == 0;
        for (int i = 0; i < m; i++) {
            x[i] += stepP * dx[i];
        }
        for (int k = 0; k < nf; k++) {
            w[k] += stepD * dw[k];
        }
        for (int b = 0; b < blocks; b++) {
            double[] px = bigX[b];
            double[] py = bigY[b];
            for (int t = 0; t < px.length; t++) {
                px[t] += stepP * dX[b][t];
                py[t] += stepD * dY[b][t];
            }
            if (!diagonal[b]) {
                DenseKernels.symmetrize(px, size[b]);
            }
        }
        if (splitPairs != null) {
            splitPairs.recentre(bigY);
        }
    }

    /** Keeps a copy of the iterate closest to meeting the tolerances. */
    private void remember(IterationInfo info) {
        double merit = Math.max(primalInfeasibility / options.primalTolerance(),
                Math.max(dualInfeasibility / options.dualTolerance(), complementarity / options.gapTolerance()));
        if (merit < bestMerit || best == null) {
            bestMerit = merit;
            best = current(info);
        }
        if (merit == bestMerit | (robust && newLows())) {
            sinceBest = 0;
        } else {
            sinceBest++;
        }
    }

    /** Records new lows of the primal and dual infeasibility and mu; true if one fell by PROGRESS_FACTOR. */
    private boolean newLows() {
        double[] now = {primalInfeasibility, dualInfeasibility, mu};
        boolean progress = false;
        for (int k = 0; k < now.length; k++) {
            if (now[k] < PROGRESS_FACTOR * lows[k]) {
                lows[k] = now[k];
                progress = true;
            }
        }
        return progress;
    }

    private Snapshot current(IterationInfo info) {
        return new Snapshot(x.clone(), w.clone(), deepCopy(bigX), deepCopy(bigY), primalFeasible, info);
    }

    private static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int k = 0; k < a.length; k++) {
            c[k] = a[k].clone();
        }
        return c;
    }

    /**
     * Farkas tests on the current iterate. (P) infeasible: Y / t with t = C . Y + f'w > 0 nearly
     * satisfies A_i . Y + a_i'w = 0. (D) infeasible: x / s with s = -c'x > 0 makes sum A_i x_i
     * = (X + C + Rp) / s PSD up to |C + Rp| / s, with sum a_i x_i = (f - rf) / s nearly 0.
     */
    private SdpResult infeasibility(IterationInfo info, long start) {
        if (emptyConstraint >= 0) {
            return emptyConstraintRay(info, start);
        }
        double t = dualObjective;
        if (t > 0) {
            double s2 = 0;
            for (int i = 0; i < m; i++) {
                double ai = problem.cost(i) - d[i];
                s2 += ai * ai;
            }
            double residual = Math.sqrt(s2) / t;
            if (residual <= options.infeasibilityTolerance() && nearlyInKernel(Math.sqrt(s2))) {
                Snapshot ray = current(info);
                scale(ray.bigY, 1 / t);
                for (int k = 0; k < nf; k++) {
                    ray.w[k] /= t;
                }
                return result(SdpStatus.PRIMAL_INFEASIBLE, ray, residual, start);
            }
        }
        double s = -primalObjective;
        if (s > 0) {
            double c2 = 0;
            for (int b = 0; b < blocks; b++) {
                double[] a = work[b];
                System.arraycopy(rp[b], 0, a, 0, a.length);
                scatter(problem.entries[b][0], 1, a, b);
                c2 += DenseKernels.dot(a, a, a.length);
            }
            for (int k = 0; k < nf; k++) {
                freeWork[k] = rf[k];
            }
            scatterFree(problem.free[0], 1, freeWork);
            double residual = (Math.sqrt(c2) + Math.sqrt(DenseKernels.dot(freeWork, freeWork, nf))) / s;
            if (residual <= options.infeasibilityTolerance()) {
                Snapshot ray = current(info);
                for (int i = 0; i < m; i++) {
                    ray.x[i] /= s;
                }
                scale(ray.bigX, 1 / s);
                return result(SdpStatus.DUAL_INFEASIBLE, ray, residual, start);
            }
        }
        return null;
    }

    /**
     * Whether {@code ||A(Y) + F'w|| = norm} is small against {@code ||A|| ||(Y, w)||}: a ray must be nearly
     * in the kernel of the constraints on the data's own scale. Normalising by {@code C . Y} alone is not
     * enough: with a large C (an objective of 1e8) the initial point already has a tiny {@code A(Y) / C . Y}.
     */
    private boolean nearlyInKernel(double norm) {
        double y2 = DenseKernels.dot(w, w, nf);
        for (int b = 0; b < blocks; b++) {
            y2 += DenseKernels.dot(bigY[b], bigY[b], bigY[b].length);
        }
        return norm <= options.infeasibilityTolerance() * normConstraints * Math.sqrt(y2);
    }

    /**
     * (D) requires {@code 0 = c_i} for the empty constraint i: DUAL_INFEASIBLE with the exact ray
     * {@code x = -e_i / c_i} (c'x = -1, sum A_j x_j = 0, sum a_j x_j = 0). The Newton system would be
     * singular in that row, so this is decided before any iteration.
     */
    private SdpResult emptyConstraintRay(IterationInfo info, long start) {
        Snapshot ray = current(info);
        Arrays.fill(ray.x, 0);
        ray.x[emptyConstraint] = -1 / problem.cost(emptyConstraint);
        for (double[] block : ray.bigX) {
            Arrays.fill(block, 0);
        }
        return result(SdpStatus.DUAL_INFEASIBLE, ray, 0, start);
    }

    private static void scale(double[][] a, double factor) {
        for (double[] block : a) {
            for (int t = 0; t < block.length; t++) {
                block[t] *= factor;
            }
        }
    }

    /**
     * Whether the run has gone too long without a better iterate: {@link #NO_PROGRESS_LIMIT} iterations once
     * its best iterate is near optimal ({@link #PERTURBED_NO_PROGRESS_LIMIT} in the perturbed pass),
     * {@link #ESCAPE_LIMIT} before.
     */
    private boolean stalledTooLong() {
        if (!nearOptimal()) {
            return sinceBest >= ESCAPE_LIMIT;
        }
        return sinceBest >= (perturbationScale > 0 ? PERTURBED_NO_PROGRESS_LIMIT : NO_PROGRESS_LIMIT);
    }

    /**
     * Whether the best iterate is near optimal: within {@link #NEAR_FACTOR} of every tolerance, its objectives
     * within {@link #NEAR_GAP}.
     */
    private boolean nearOptimal() {
        return bestMerit <= NEAR_FACTOR && best.info().relativeGap() <= NEAR_GAP;
    }

    /**
     * The run cannot progress: the best iterate, NEAR_OPTIMAL if it is close to the tolerances, INACCURATE if
     * only its objectives are not.
     */
    private SdpResult stalled(long start) {
        SdpStatus status = nearOptimal() ? SdpStatus.NEAR_OPTIMAL
                : bestMerit <= NEAR_FACTOR ? SdpStatus.INACCURATE : SdpStatus.NUMERICAL_ERROR;
        return result(status, best, Double.NaN, start);
    }

    private SdpResult result(SdpStatus status, Snapshot snapshot, double certificate, long start) {
        int[] sizes = problem.blockSizes();
        return new SdpResult(status, snapshot.x(), new BlockDiagonalMatrix(sizes, snapshot.bigX()),
                new BlockDiagonalMatrix(sizes, snapshot.bigY()), snapshot.w(), snapshot.info(), certificate,
                System.nanoTime() - start, splitPairs == null ? 0 : splitPairs.count());
    }
}
