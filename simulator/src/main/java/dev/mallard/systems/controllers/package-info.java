/**
 * Controllers designed from a system, as Drake's {@code systems/controllers}:
 * {@link dev.mallard.systems.controllers.LinearQuadraticRegulator} for continuous and discrete time, from
 * matrices or from a system linearised at an equilibrium, with the controller as an
 * {@link dev.mallard.systems.AffineSystem} to wire into a Diagram.
 */
package dev.mallard.systems.controllers;
