/**
 * Forward-mode automatic differentiation. {@link dev.mallard.autodiff.AutoDiff} is an immutable value
 * with its gradient (a constant stores no gradient); {@link dev.mallard.autodiff.AutoDiff#SCALAR}, an
 * {@link dev.mallard.autodiff.AutoDiffScalar}, runs any code written against
 * {@code Scalar<T>} with derivatives, computing values bit-identical to {@code Scalar.DOUBLE}; {@link
 * dev.mallard.autodiff.AutoDiffs} makes variables from a point and extracts values, gradient matrices
 * and Jacobians.
 */
package dev.mallard.autodiff;
