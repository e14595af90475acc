/**
 * A pure-Java primal-dual interior-point solver for block-diagonal semidefinite and linear programs,
 * with SDPA file input and output.
 */
package dev.mallard.roa.sdp;
