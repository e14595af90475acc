package dev.mallard.sdp;

/**
 * The state of an {@link SdpSolver} run after one interior-point iteration, as given to an
 * {@link IterationListener}.
 *
 * @param iteration the iteration number, 0 for the starting point
 * @param primalObjective c'x
 * @param dualObjective C . Y + f'w
 * @param primalInfeasibility relative infeasibility of (P): the norm of (sum A_i x_i - C - X, sum a_i x_i - f)
 *     over 1 + the norm of (C, f)
 * @param dualInfeasibility relative infeasibility of (D): the norm of (c_i - A_i . Y - a_i'w)_i over
 *     1 + the norm of c
 * @param relativeGap the objective gap |c'x - C . Y - f'w| / (1 + |c'x| + |C . Y + f'w|)
 * @param relativeComplementarity the complementarity gap X . Y / (1 + |c'x| + |C . Y + f'w|); it equals
 *     the objective gap at feasible points and, as in CSDP, is the gap the stopping test uses (on
 *     problems whose optimal x is unbounded, such as qap6, the objective gap keeps a term
 *     x'(c - A(Y)) that no iterate can remove)
 * @param mu the complementarity X . Y divided by the total block dimension
 * @param primalStep the step length taken in (x, X) to reach this iterate, in [0, 1] (0 at iteration 0)
 * @param dualStep the step length taken in (Y, w), in [0, 1]
 * @param sigma the centring parameter of the corrector step
 */
public record IterationInfo(int iteration, double primalObjective, double dualObjective,
        double primalInfeasibility, double dualInfeasibility, double relativeGap, double relativeComplementarity, double mu,
        double primalStep, double dualStep, double sigma) {
}
