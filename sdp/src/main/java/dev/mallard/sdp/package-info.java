/**
 * A pure-Java primal-dual interior-point solver for block-diagonal semidefinite and linear programs,
 * with SDPA file input and output and a small modelling layer.
 *
 * <ul>
 *   <li>{@link dev.mallard.sdp.SdpProblem}: the problem in the SDPA convention (dense PSD blocks,
 *       diagonal LP blocks, free variables), built with its {@code Builder};</li>
 *   <li>{@link dev.mallard.sdp.SdpSolver} with {@link dev.mallard.sdp.SdpOptions}: the HKM
 *       predictor-corrector method; {@link dev.mallard.sdp.SdpResult} and
 *       {@link dev.mallard.sdp.SdpStatus} report the outcome, with Farkas rays for infeasible
 *       problems; free variables written as pairs of LP entries with opposite coefficients (as
 *       SDPA files from Drake, SOSTOOLS or YALMIP hold them) are recognised and re-centred;
 *       {@link dev.mallard.sdp.IterationListener} receives a per-iteration log;</li>
 *   <li>{@link dev.mallard.sdp.SdpaFormat}: {@code .dat-s} and {@code .dat} files;</li>
 *   <li>{@link dev.mallard.sdp.SdpModel}: scalar and PSD matrix variables, linear expressions and
 *       constraints, compiled to an {@code SdpProblem}; solved into a
 *       {@link dev.mallard.sdp.ModelSolution}.</li>
 * </ul>
 */
package dev.mallard.sdp;
