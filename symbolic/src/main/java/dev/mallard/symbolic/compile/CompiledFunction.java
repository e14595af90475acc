package dev.mallard.symbolic.compile;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A list of expressions compiled into a function {@code double[] -> double[]}, optionally with its
 * Jacobian. Compilation flattens the expressions (and the symbolic Jacobian, if requested) into one tape
 * sharing common subexpressions, then generates JVM bytecode for it; a call runs straight-line code with
 * no graph walk, no boxing and no allocation.
 *
 * <p>Values agree with {@link Expression#evaluate} (same {@link Math} functions, same integer-power rule),
 * normally bit for bit.
 *
 * <p>Thread-safe: the generated code keeps its intermediate values in local variables; a large function
 * (whose code is split into several methods and classes, or which above a million nodes is interpreted)
 * keeps values passed between the parts in a per-thread workspace. Compilation itself takes time proportional to the
 * expressions' size (plus class definition, a fraction of a millisecond): compile once, call often.
 */
public final class CompiledFunction {

    /**
     * Tapes above this many nodes are interpreted rather than turned into classes: generated code runs about
     * three times faster per node (a 21 606-node stage product: 2 ns against 8 ns a node), but its classes and
     * their compiled code take metaspace and code cache in proportion to the tape, which the bound keeps finite.
     */
    static final int MAX_GENERATED_NODES = 1_000_000;

    private final List<Expression> outputs;
    private final List<Variable> inputs;
    private final boolean withJacobian;
    // the sizes as fields: every call checks its arrays against them, and a field read is cheaper than List.size()
    private final int inputSize;
    private final int outputSize;
    /** The length of the second output array (the Jacobian's {@code outputSize * inputSize}); -1 if none. */
    private final int secondSize;
    private final Part values;
    private final Part valuesAndJacobian;

    private CompiledFunction(List<Expression> outputs, List<Variable> inputs, boolean withJacobian, boolean interpret) {
        this(outputs, withJacobian ? flatten(Expression.jacobian(outputs, inputs)) : null, inputs, withJacobian,
                interpret);
    }

    private CompiledFunction(List<Expression> outputs, List<Expression> second, List<Variable> inputs,
            boolean withJacobian, boolean interpret) {
        this.outputs = List.copyOf(outputs);
        this.inputs = List.copyOf(inputs);
        this.withJacobian = withJacobian;
        this.inputSize = this.inputs.size();
        this.outputSize = this.outputs.size();
        checkInputs(this.outputs, this.inputs);
        this.values = new Part(Tape.build(this.outputs, null, this.inputs), interpret);
        if (second == null) {
            this.secondSize = -1;
            this.valuesAndJacobian = null;
        } else {
            checkInputs(second, this.inputs);
            this.secondSize = second.size();
            this.valuesAndJacobian = new Part(Tape.build(this.outputs, second, this.inputs), interpret);
        }
    }

    private static List<Expression> flatten(Expression[][] matrix) {
        List<Expression> entries = new java.util.ArrayList<>();
        for (Expression[] row : matrix) {
            entries.addAll(java.util.Arrays.asList(row));
        }
        return entries;
    }

    /**
     * Compiles expressions into a function of the given inputs.
     *
     * @param outputs the expressions, output {@code i} is {@code outputs.get(i)}; not null
     * @param inputs the input variables, input {@code j} is {@code inputs.get(j)}; distinct, not null
     * @return the compiled function
     * @throws IllegalArgumentException naming the output and variable if an output depends on a
     *     variable that is not an input, or naming a variable listed twice
     */
    public static CompiledFunction compile(List<Expression> outputs, List<Variable> inputs) {
        return new CompiledFunction(outputs, inputs, false, false);
    }

    /**
     * As {@link #compile}, and also compiles the Jacobian {@code d outputs_i / d inputs_j} (symbolic
     * derivatives, sharing subexpressions with the values) for {@link #evaluate(double[], double[],
     * double[])}.
     *
     * @param outputs the expressions
     * @param inputs the input variables, distinct
     * @return the compiled function with Jacobian
     * @throws IllegalArgumentException as {@link #compile}
     */
    public static CompiledFunction compileWithJacobian(List<Expression> outputs, List<Variable> inputs) {
        return new CompiledFunction(outputs, inputs, true, false);
    }

    /**
     * Compiles two lists of expressions into one function with two output arrays, sharing common
     * subexpressions between them (for example values and their directional derivatives), for {@link
     * #evaluate(double[], double[], double[])}; {@link #evaluate(double[], double[])} computes the first list
     * alone. {@link #hasJacobian()} is false.
     *
     * @param first the expressions written to the first array, in order; not null
     * @param second the expressions written to the second array, in order; not null
     * @param inputs the input variables, distinct
     * @return the compiled function
     * @throws IllegalArgumentException as {@link #compile}, for an expression of either list
     */
    public static CompiledFunction compileTwoArrays(List<Expression> first, List<Expression> second,
            List<Variable> inputs) {
        return new CompiledFunction(first, java.util.Objects.requireNonNull(second, "second"), inputs, false, false);
    }

    /** The tape interpreter instead of generated code: for tests of the fallback. */
    static CompiledFunction interpreted(List<Expression> outputs, List<Variable> inputs, boolean withJacobian) {
        return new CompiledFunction(outputs, inputs, withJacobian, true);
    }

    /** One compiled tape and, if its code needs one, its per-thread workspace. */
    private static final class Part {
        private final Kernel kernel;
        private final ThreadLocal<double[]> workspace;

        Part(Tape tape, boolean interpret) {
            boolean needsWorkspace;
            if (interpret || tape.size() > MAX_GENERATED_NODES) {
                kernel = new TapeInterpreter(tape);
                needsWorkspace = true;
            } else {
                BytecodeGenerator generator = new BytecodeGenerator(tape);
                kernel = generator.define();
                needsWorkspace = generator.needsWorkspace();
            }
            int size = tape.size();
            workspace = needsWorkspace ? ThreadLocal.withInitial(() -> new double[size]) : null;
        }

        void run(double[] in, double[] out, double[] jac) {
            kernel.run(in, out, jac, workspace == null ? null : workspace.get());
        }
    }

    private static void checkInputs(List<Expression> outputs, List<Variable> inputs) {
        Map<Variable, Boolean> known = new IdentityHashMap<>();
        for (Variable v : inputs) {
            if (known.put(Objects.requireNonNull(v, "input variable"), true) != null) {
                throw new IllegalArgumentException("input variable '" + v + "' is listed twice in " + inputs);
            }
        }
        for (int i = 0; i < outputs.size(); i++) {
            for (Variable v : outputs.get(i).getVariables()) {
                if (!known.containsKey(v)) {
                    throw new IllegalArgumentException("output " + i + " (" + outputs.get(i) + ") depends on variable '"
                            + v + "', which is not among the inputs " + inputs);
                }
            }
        }
    }

    /**
     * @return the number of inputs
     */
    public int inputSize() {
        return inputSize;
    }

    /**
     * @return the number of outputs
     */
    public int outputSize() {
        return outputSize;
    }

    /**
     * @return the input variables, in input order (unmodifiable)
     */
    public List<Variable> inputs() {
        return inputs;
    }

    /**
     * @return the output expressions, in output order (unmodifiable)
     */
    public List<Expression> outputs() {
        return outputs;
    }

    /**
     * @return whether {@link #evaluate(double[], double[], double[])} is available
     */
    public boolean hasJacobian() {
        return withJacobian;
    }

    /**
     * Computes the outputs.
     *
     * @param in the inputs, length {@link #inputSize()}; not modified
     * @param out receives the outputs, length {@link #outputSize()}; modified
     * @throws IllegalArgumentException if an array has the wrong length
     */
    public void evaluate(double[] in, double[] out) {
        checkLength(in, inputSize, "in");
        checkLength(out, outputSize, "out");
        values.run(in, out, null);
    }

    /**
     * Computes the outputs into a new array.
     *
     * @param in the inputs, length {@link #inputSize()}; not modified
     * @return the outputs
     * @throws IllegalArgumentException if {@code in} has the wrong length
     */
    public double[] evaluate(double[] in) {
        double[] out = new double[outputSize];
        evaluate(in, out);
        return out;
    }

    /**
     * Computes the outputs and the second array: for a function compiled with its Jacobian,
     * {@code jacobian[i * inputSize() + j] = d out_i / d in_j}; for one from {@link #compileTwoArrays}, the
     * second list's values in order.
     *
     * @param in the inputs, length {@link #inputSize()}; not modified
     * @param out receives the outputs, length {@link #outputSize()}; modified
     * @param jacobian receives the row-major Jacobian, length {@code outputSize() * inputSize()} (or the second
     *     list, its length); modified
     * @throws IllegalStateException if compiled with neither a Jacobian nor a second list (use {@link
     *     #compileWithJacobian})
     * @throws IllegalArgumentException if an array has the wrong length
     */
    public void evaluate(double[] in, double[] out, double[] jacobian) {
        if (valuesAndJacobian == null) {
            throw new IllegalStateException("compiled without Jacobian; use CompiledFunction.compileWithJacobian");
        }
        checkLength(in, inputSize, "in");
        checkLength(out, outputSize, "out");
        checkLength(jacobian, secondSize, "jacobian");
        valuesAndJacobian.run(in, out, jacobian);
    }

    private static void checkLength(double[] a, int expected, String name) {
        if (a.length != expected) {
            throw wrongLength(a, expected, name);
        }
    }

    /** Out of line, so that the inlined check stays a compare and a branch. */
    private static IllegalArgumentException wrongLength(double[] a, int expected, String name) {
        return new IllegalArgumentException(name + " must have length " + expected + ", got " + a.length);
    }

    @Override
    public String toString() {
        return "CompiledFunction" + inputs + " -> " + outputs.size() + " outputs" + (withJacobian ? " with Jacobian" : "");
    }
}
