/**
 * The systems framework after Drake's: constant systems, contexts holding all that changes, ports,
 * events of three kinds, witness functions, and diagrams of connected systems.
 */
package dev.mallard.systems;
