/**
 * Symbolic computation: {@link dev.mallard.symbolic.Variable}s, Mallard's own immutable expression graph
 * {@link dev.mallard.symbolic.Expression} and its {@code Scalar} ({@link dev.mallard.symbolic.Expression#SCALAR}),
 * evaluation, differentiation, Jacobians, expansion, {@link dev.mallard.symbolic.Polynomial}s over
 * {@link dev.mallard.symbolic.Monomial}s, printing (infix and LaTeX) and the
 * {@link dev.mallard.symbolic.Formula} parser. Nothing here starts Symja; Symja is in the {@code symja}
 * sub-package and compiled evaluation in the {@code compile} sub-package.
 */
package dev.mallard.symbolic;
