/**
 * Symbolic computation: variables, Mallard's own immutable expression graph and its {@code Scalar},
 * polynomials, and compiled evaluation; Symja is the algebra engine at the edges (parsing, simplification).
 */
package dev.mallard.symbolic;
