/**
 * Advancing a system's context in time: the Simulator with Drake's hybrid-system semantics, the
 * integrators, simulator configuration, Monte Carlo and batch evaluation.
 */
package dev.mallard.simulator;
