/**
 * Compiled evaluation of expressions: a list of expressions over input variables becomes a
 * {@link dev.mallard.symbolic.compile.CompiledFunction} that fills {@code double[]} outputs (and, on
 * request, the Jacobian or a second list of expressions, such as directional derivatives, computed with
 * the first) from a {@code double[]} input without walking the expression graph: the graph
 * is flattened once into a tape with common subexpressions shared, and the tape is translated into JVM
 * bytecode (ASM) or, for tapes of over a million nodes, interpreted.
 */
package dev.mallard.symbolic.compile;
