/**
 * The benchmarked models in every form a peer needs (Mallard generic and double-specialised leaf systems,
 * primitive arrays, Hipparchus fields), the hand-written Runge-Kutta loops that take exactly Mallard's steps,
 * and the integrator configurations compared.
 */
package dev.mallard.bench.model;
