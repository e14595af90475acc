/**
 * Not API: the simulator's own pieces that more than one of its packages use (the per-leaf event sets, the
 * event observer, the event-time sensitivity, tableau rows, a small dense LU) and the bridges to
 * package-private members ({@link dev.mallard.simulator.internal.PackageAccess}). Nothing in the public
 * packages' signatures mentions these types; they may change in any release and are left out of the API
 * documentation.
 */
package dev.mallard.simulator.internal;

