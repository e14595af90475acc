package dev.mallard.systems.symbolic;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Operator;
import dev.mallard.symbolic.Variable;
import dev.mallard.symbolic.compile.CompiledFunction;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A list of expressions in a fixed list of input variables, evaluated with any number type: doubles by the
 * compiled function (no boxing, no allocation), AutoDiff by the compiled function with its compiled
 * Jacobian (value, then {@code grad out_i = sum_j J_ij grad in_j}), Expression by substitution, and any other
 * number type by walking the graph with that type's arithmetic. Compilation happens on first numeric use.
 */
final class ExpressionBlock {

    private final List<Expression> outputs;
    private final List<Variable> inputs;
    private final boolean[] usedPorts;
    /** The indices of the ports {@link #usesPort} is true for, ascending: the double path reads only these. */
    private final int[] usedPortIndices;
    private volatile CompiledFunction values;
    private volatile CompiledFunction valuesAndJacobian;
    private final ThreadLocal<Workspace> workspace;
    /** Per output, the indices of the inputs it contains (the only possibly nonzero Jacobian entries of its row). */
    private final int[][] usedInputs;

    /**
     * @param outputs the expressions
     * @param inputs every variable they may use, in input order
     * @param ports the variables of each input port of the owning system (among {@code inputs}): a port none of
     *     whose variables occurs need not be evaluated, which keeps feedback loops through outputs that do not
     *     use the inputs from recursing
     */
    ExpressionBlock(List<Expression> outputs, List<Variable> inputs, List<List<Variable>> ports) {
        this.outputs = List.copyOf(outputs);
        this.inputs = List.copyOf(inputs);
        java.util.Set<Variable> used = new java.util.HashSet<>();
        this.outputs.forEach(e -> used.addAll(e.getVariables()));
        int n = this.inputs.size();
        int m = this.outputs.size();
        this.workspace = ThreadLocal.withInitial(() -> new Workspace(new double[n], new double[m], new double[m * n]));
        this.usedInputs = new int[m][];
        for (int i = 0; i < m; i++) {
            java.util.Set<Variable> own = this.outputs.get(i).getVariables();
            usedInputs[i] = java.util.stream.IntStream.range(0, n).filter(j -> own.contains(this.inputs.get(j)))
                    .toArray();
        }
        this.usedPorts = new boolean[ports.size()];
        for (int p = 0; p < usedPorts.length; p++) {
            for (Variable v : ports.get(p)) {
                usedPorts[p] |= used.contains(v);
            }
        }
        this.usedPortIndices = java.util.stream.IntStream.range(0, usedPorts.length).filter(p -> usedPorts[p]).toArray();
    }

    /**
     * @param port an input port index of the owning system
     * @return whether some expression uses a variable of that port
     */
    boolean usesPort(int port) {
        return usedPorts[port];
    }

    /**
     * @return the indices of the input ports some expression uses, ascending (the caller must not modify it)
     */
    int[] usedPorts() {
        return usedPortIndices;
    }

    List<Expression> outputs() {
        return outputs;
    }

    int size() {
        return outputs.size();
    }

    /** Compiles now (both variants), so that the first simulation step does not pay for it. */
    void compileAll() {
        compiled();
        compiledWithJacobian();
    }

    private CompiledFunction compiled() {
        CompiledFunction f = values;
        return f != null ? f : compileValues();
    }

    /** The first use: out of line, so that the inlined {@link #compiled()} of every later call stays small. */
    private synchronized CompiledFunction compileValues() {
        if (values == null) {
            values = CompiledFunction.compile(outputs, inputs);
        }
        return values;
    }

    private CompiledFunction compiledWithJacobian() {
        CompiledFunction f = valuesAndJacobian;
        if (f == null) {
            synchronized (this) {
                if (valuesAndJacobian == null) {
                    valuesAndJacobian = CompiledFunction.compileWithJacobian(outputs, inputs);
                }
                f = valuesAndJacobian;
            }
        }
        return f;
    }

    /**
     * The double path.
     *
     * @param in input values, one per input variable; not modified
     * @param out receives the outputs; modified
     */
    void evaluate(double[] in, double[] out) {
        compiled().evaluate(in, out);
    }

    /**
     * Any number type other than double (whose callers use {@link #evaluate(double[], double[])}).
     *
     * @param scalar the number type
     * @param in the inputs, one per input variable; not modified
     * @param out receives the outputs; modified
     */
    @SuppressWarnings("unchecked")
    <T> void evaluate(Scalar<T> scalar, T[] in, T[] out) {
        if (scalar == AutoDiff.SCALAR) {
            evaluateAutoDiff((AutoDiff[]) in, (AutoDiff[]) out);
        } else if (scalar == Expression.SCALAR) {
            Map<Variable, Expression> replacements = new HashMap<>();
            for (int j = 0; j < in.length; j++) {
                replacements.put(inputs.get(j), (Expression) in[j]);
            }
            for (int i = 0; i < out.length; i++) {
                out[i] = (T) outputs.get(i).substitute(replacements);
            }
        } else {
            Map<Expression, T> memo = new IdentityHashMap<>();
            Map<Variable, T> env = new HashMap<>();
            for (int j = 0; j < in.length; j++) {
                env.put(inputs.get(j), in[j]);
            }
            for (int i = 0; i < out.length; i++) {
                out[i] = walk(scalar, outputs.get(i), env, memo);
            }
        }
    }

    /**
     * Values and Jacobian by the compiled function into this thread's workspace, then each output's gradient
     * by the chain rule from the gradients of the inputs it uses: one gradient array per output, nothing else
     * allocated.
     */
    private void evaluateAutoDiff(AutoDiff[] in, AutoDiff[] out) {
        int n = inputs.size();
        int m = outputs.size();
        Workspace w = workspace.get();
        int gradientSize = 0;
        for (int j = 0; j < n; j++) {
            w.in[j] = in[j].value();
            // checked here for every input, since each output's chain rule sees only the inputs it uses
            int size = in[j].gradientSize();
            if (size != 0 && gradientSize != 0 && size != gradientSize) {
                throw new IllegalArgumentException("cannot combine AutoDiff values with gradient sizes "
                        + gradientSize + " and " + size + " (input " + inputs.get(j) + ")");
            }
            gradientSize = Math.max(gradientSize, size);
        }
        compiledWithJacobian().evaluate(w.in, w.out, w.jacobian);
        for (int i = 0; i < m; i++) {
            out[i] = AutoDiff.chainRule(w.out[i], w.jacobian, i * n, in, usedInputs[i]);
        }
    }

    /**
     * From this many directions on, {@link #evaluateTangents} adds one input's row at a time to an output's
     * (a loop the JIT vectorises); below it, it sums each entry over the inputs (each is as rounded).
     */
    private static final int ROW_PASSES_FROM = 8;

    /**
     * Values and tangents on primitive arrays, by the compiled function with its Jacobian: {@code out = f(in)}
     * and, for each output {@code i}, {@code outTangents[i * width + c] = sum_j J_ij inTangents[j * width + c]}
     * over the inputs it uses with a nonzero partial, in input order, from zero: the same sums as the AutoDiff
     * path's chain rule (which skips constants and zero partials, so that a zero partial never meets an
     * infinite tangent).
     *
     * @param in input values, one per input variable; not modified
     * @param inTangents the inputs' tangents, row {@code j} at {@code j * width}; not modified
     * @param width the number of directions
     * @param scratch the caller's workspace: {@code jacobian} of {@code size() * inputs} entries, {@code
     *     partials} and {@code offsets} of {@code inputs}; overwritten
     * @param out receives the outputs
     * @param outTangents receives the outputs' tangents, {@code size() * width} entries
     */
    void evaluateTangents(double[] in, double[] inTangents, int width, TangentScratch scratch, double[] out,
            double[] outTangents) {
        int n = inputs.size();
        double[] jacobian = scratch.jacobian();
        double[] partials = scratch.partials();
        int[] offsets = scratch.offsets();
        compiledWithJacobian().evaluate(in, out, jacobian);
        for (int i = 0; i < outputs.size(); i++) {
            int terms = 0;
            boolean finite = true;
            for (int j : usedInputs[i]) {
                double d = jacobian[i * n + j];
                if (d != 0.0) {
                    partials[terms] = d;
                    offsets[terms++] = j * width;
                    finite &= Double.isFinite(d);
                }
            }
            int to = i * width;
            if (finite && width >= ROW_PASSES_FROM) {
                java.util.Arrays.fill(outTangents, to, to + width, 0.0);
                for (int q = 0; q < terms; q++) {
                    double d = partials[q];
                    int from = offsets[q];
                    for (int c = 0; c < width; c++) {
                        outTangents[to + c] += d * inTangents[from + c];
                    }
                }
            } else if (finite) {
                for (int c = 0; c < width; c++) {
                    double g = 0.0;
                    for (int q = 0; q < terms; q++) {
                        g += partials[q] * inTangents[offsets[q] + c];
                    }
                    outTangents[to + c] = g;
                }
            } else {
                for (int c = 0; c < width; c++) {
                    double g = 0.0;
                    for (int q = 0; q < terms; q++) {
                        double t = inTangents[offsets[q] + c];
                        g += t == 0.0 ? 0.0 : partials[q] * t;
                    }
                    outTangents[to + c] = g;
                }
            }
        }
    }

    /**
     * The arrays {@link #evaluateTangents} works in, owned by one thread of the caller.
     *
     * @param jacobian {@code size() * inputs} entries
     * @param partials {@code inputs} entries
     * @param offsets {@code inputs} entries
     */
    record TangentScratch(double[] jacobian, double[] partials, int[] offsets) {

        /** @param block the block @return arrays sized for it */
        static TangentScratch of(ExpressionBlock block) {
            int n = block.inputs.size();
            return new TangentScratch(new double[block.size() * n], new double[n], new int[n]);
        }
    }

    /** Per-thread arrays for {@link #evaluateAutoDiff}: the block is shared by conversions and threads. */
    private record Workspace(double[] in, double[] out, double[] jacobian) {
    }

    private static <T> T walk(Scalar<T> s, Expression e, Map<Variable, T> env, Map<Expression, T> memo) {
        switch (e.operator()) {
            case CONSTANT: return s.of(e.constantValue());
            case VARIABLE: return env.get(e.variable());
            default: break;
        }
        T known = memo.get(e);
        if (known != null) {
            return known;
        }
        T a = walk(s, e.argument(0), env, memo);
        T b = e.operator().arity() == 2 ? walk(s, e.argument(1), env, memo) : null;
        T r = apply(s, e, a, b);
        memo.put(e, r);
        return r;
    }

    private static <T> T apply(Scalar<T> s, Expression e, T a, T b) {
        Operator op = e.operator();
        return switch (op) {
            case ADD -> s.add(a, b);
            case SUB -> s.sub(a, b);
            case MUL -> s.mul(a, b);
            case DIV -> s.div(a, b);
            case NEG -> s.neg(a);
            case POW -> powOf(s, e, a, b);
            case SIN -> s.sin(a);
            case COS -> s.cos(a);
            case TAN -> s.tan(a);
            case ASIN -> s.asin(a);
            case ACOS -> s.acos(a);
            case ATAN -> s.atan(a);
            case ATAN2 -> s.atan2(a, b);
            case SINH -> s.sinh(a);
            case COSH -> s.cosh(a);
            case TANH -> s.tanh(a);
            case EXP -> s.exp(a);
            case EXPM1 -> s.expm1(a);
            case LOG -> s.log(a);
            case LOG1P -> s.log1p(a);
            case SQRT -> s.sqrt(a);
            case CBRT -> s.cbrt(a);
            case ABS -> s.abs(a);
            case SIGN -> s.sign(a);
            case MIN -> s.min(a, b);
            case MAX -> s.max(a, b);
            case HYPOT -> s.hypot(a, b);
            default -> throw new IllegalStateException("unexpected operator " + op);
        };
    }

    /** Integer exponents by the scalar's integer power (as the compiled code and Expression.evaluate do). */
    private static <T> T powOf(Scalar<T> s, Expression e, T a, T b) {
        if (e.argument(1).isConstant()) {
            double p = e.argument(1).constantValue();
            return p == Math.rint(p) && Math.abs(p) <= Integer.MAX_VALUE ? s.pow(a, (int) p) : s.pow(a, p);
        }
        return s.pow(a, b);
    }
}
