/**
 * The number-type abstraction every Mallard system is written against: {@link dev.mallard.scalar.Scalar}
 * (the type class of a number type), {@link dev.mallard.scalar.Scalar#DOUBLE}, and vectors and matrices
 * over any number type with primitive {@code double[]} specialisations ({@link
 * dev.mallard.scalar.DoubleVector}, {@link dev.mallard.scalar.DoubleMatrix}) so double code never boxes
 * its state. Linear algebra on doubles is EJML's ({@link dev.mallard.scalar.MatrixOps}).
 */
package dev.mallard.scalar;
