/**
 * Symbolic computation: {@link dev.mallard.symbolic.Variable}s, Mallard's own immutable expression graph
 * {@link dev.mallard.symbolic.Expression} and its {@code Scalar} ({@link dev.mallard.symbolic.Expression#SCALAR}),
 * evaluation, differentiation, Jacobians, expansion, {@link dev.mallard.symbolic.Polynomial}s over
 * {@link dev.mallard.symbolic.Monomial}s, printing (infix and LaTeX) and the
 * {@link dev.mallard.symbolic.Formula} parser. Nothing here needs Symja: the Symja bridge is the separate module
 * {@code mallard-symja} (package {@code dev.mallard.symja}), and compiled evaluation is in the {@code compile}
 * sub-package.
 */
package dev.mallard.symbolic;
