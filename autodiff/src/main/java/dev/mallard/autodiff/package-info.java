/**
 * Forward-mode automatic differentiation: {@code AutoDiff}, an immutable value with its gradient, and its
 * {@code Scalar<AutoDiff>}, so that any system written against {@code Scalar<T>} yields derivatives.
 */
package dev.mallard.autodiff;
