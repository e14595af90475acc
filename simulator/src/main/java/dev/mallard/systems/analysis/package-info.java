/**
 * Linear analysis of {@code xdot = Ax + Bu, y = Cx} (and its discrete-time counterpart), on {@code double[][]}
 * matrices, as Drake's {@code math} and {@code linear_system} helpers:
 * <ul>
 *   <li>{@link dev.mallard.systems.analysis.RealSchur}: the real Schur form with eigenvalue reordering;</li>
 *   <li>{@link dev.mallard.systems.analysis.LyapunovEquation}: continuous and discrete Lyapunov equations;</li>
 *   <li>{@link dev.mallard.systems.analysis.ContinuousAlgebraicRiccatiEquation} and
 *       {@link dev.mallard.systems.analysis.DiscreteAlgebraicRiccatiEquation}: the stabilising solutions of the
 *       algebraic Riccati equations, with an optional cross term;</li>
 *   <li>{@link dev.mallard.systems.analysis.Controllability} and
 *       {@link dev.mallard.systems.analysis.Observability}: Kalman rank and PBH tests.</li>
 * </ul>
 * Everything is double precision, built on EJML and Mallard's own Schur code.
 */
package dev.mallard.systems.analysis;
