/**
 * Systems and analyses that connect the systems framework with symbolic expressions:
 * {@link dev.mallard.systems.symbolic.SymbolicVectorSystem} (a leaf system defined by expressions, running
 * with every number type), {@link dev.mallard.systems.symbolic.SystemSymbolicInspector} (a system's equations
 * as expressions in named variables, and their structure) and
 * {@link dev.mallard.systems.symbolic.CompiledSystems} (tracing a system into compiled code).
 */
package dev.mallard.systems.symbolic;
