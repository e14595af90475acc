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

    /**
     * The first use of each variant: out of line, so that the inlined {@link #compiled()} and {@link
     * #compiledWithJacobian()} of every later call stay small.
     */
    private synchronized CompiledFunction compileValues() {
        if (values == null) {
            values = CompiledFunction.compile(outputs, inputs);
        }
        return values;
    }

    private CompiledFunction compiledWithJacobian() {
        CompiledFunction f = valuesAndJacobian;
        return f != null ? f : compileValuesAndJacobian();
    }

    private synchronized CompiledFunction compileValuesAndJacobian() {
        if (valuesAndJacobian == null) {
            valuesAndJacobian = CompiledFunction.compileWithJacobian(outputs, inputs);
        }
        return valuesAndJacobian;
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
     * From this many directions on, the loops of {@link #evaluateTangentsByLoops} add one input's row at a time
     * to an output's (a loop the JIT vectorises); below it, they sum each entry over the inputs.
     */
    private static final int ROW_PASSES_FROM = 8;
    /** Generated tangent kernels kept per block (one per width and pattern of zero tangent columns). */
    private static final int MAX_TANGENT_KERNELS = 8;
    /**
     * Products {@code J_ij dx_j} above which no tangent kernel is generated: its tape would exceed what {@link
     * CompiledFunction} turns into bytecode and be interpreted, slower than the loops.
     */
    private static final int MAX_TANGENT_TERMS = 6000;

    /** The generated tangent kernels, by width and pattern; empty when none is generated for that key. */
    private final Map<TangentKey, java.util.Optional<CompiledFunction>> tangentKernels =
            new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Expression[][] symbolicJacobian;

    /**
     * A tangent kernel's width and, per block input, the columns {@code [first, end)} its tangent row may be
     * nonzero in (the kernel reads no others).
     */
    private record TangentKey(int width, List<Integer> ranges) {
    }

    /**
     * Values and tangents on primitive arrays: {@code out = f(in)} and, for each output {@code i},
     * {@code outTangents[i * width + c] = sum_j J_ij dIn[j * width + c]} over the inputs it uses, in input order.
     *
     * <p>Normally by a kernel generated for this width and the tangent rows' pattern of nonzero columns (the
     * {@linkplain TangentScratch#setNonzeroColumns ranges in the scratch}): the symbolic Jacobian's products
     * with the tangents, as straight-line code compiled together with {@code f} (common subexpressions shared),
     * with no term for a structurally zero partial or a zero tangent column. A seeded parameter's row has one
     * nonzero entry, so its term costs one multiply-add. The sums are added in the same order as the AutoDiff
     * path's chain rule, so the results are the same up to the sign of zero entries. The kernel also returns the
     * sum of the partials it used: when that is not finite (an infinite or NaN partial, which may meet a zero
     * tangent) and for arrays longer than needed, the general loops compute instead, skipping zero partials and
     * zero tangents as the chain rule does.
     *
     * @param in the input values ({@code inputs} entries) followed by their tangents, row {@code j} at
     *     {@code inputs + j * width}; not modified
     * @param width the number of directions
     * @param scratch the caller's workspace, holding each input row's nonzero columns (not modified); its
     *     other arrays are overwritten
     * @param out receives the outputs
     * @param outTangents receives the outputs' tangents, {@code size() * width} entries
     */
    void evaluateTangents(double[] in, int width, TangentScratch scratch, double[] out, double[] outTangents) {
        int size = outputs.size() * width;
        CompiledFunction kernel = scratch.kernel(this, width);
        int m = outputs.size();
        if (kernel != null && out.length == m && outTangents.length == size && in.length == kernel.inputSize()) {
            double[] values = scratch.kernelValues;
            kernel.evaluate(in, values, outTangents);
            if (Double.isFinite(values[m])) {
                System.arraycopy(values, 0, out, 0, m);
                return;
            }
        }
        evaluateTangentsByLoops(in, width, scratch, out, outTangents);
    }

    /** @return how many tangent kernels have been generated (widths and patterns with one) */
    int generatedTangentKernels() {
        return (int) tangentKernels.values().stream().filter(java.util.Optional::isPresent).count();
    }

    /** The generated kernel for a width and pattern, compiled on first use; null when there is none. */
    private CompiledFunction tangentKernel(int width, int[] first, int[] end) {
        List<Integer> ranges = new java.util.ArrayList<>();
        for (int j = 0; j < first.length; j++) {
            ranges.add(Math.min(first[j], width));
            ranges.add(Math.min(end[j], width));
        }
        TangentKey key = new TangentKey(width, ranges);
        java.util.Optional<CompiledFunction> known = tangentKernels.get(key);
        if (known == null) {
            known = tangentKernels.size() < MAX_TANGENT_KERNELS
                    ? java.util.Optional.ofNullable(compileTangentKernel(width, first, end))
                    : java.util.Optional.empty();
            tangentKernels.putIfAbsent(key, known);
        }
        return known.orElse(null);
    }

    /**
     * The kernel's function: inputs the block inputs and one variable per tangent entry, first outputs the
     * values and the sum of the partials used, second outputs the tangents; null above {@link
     * #MAX_TANGENT_TERMS} products.
     */
    private CompiledFunction compileTangentKernel(int width, int[] first, int[] end) {
        Expression[][] jacobian = symbolicJacobian();
        int n = inputs.size();
        int terms = 0;
        for (int i = 0; i < outputs.size(); i++) {
            for (int j : usedInputs[i]) {
                terms += isZero(jacobian[i][j]) ? 0 : Math.max(0, Math.min(end[j], width) - first[j]);
            }
        }
        if (terms > MAX_TANGENT_TERMS) {
            return null;
        }
        List<Variable> all = new java.util.ArrayList<>(inputs);
        Expression[] tangent = new Expression[n * width];
        for (int j = 0; j < n; j++) {
            for (int c = 0; c < width; c++) {
                Variable v = new Variable("d" + inputs.get(j).name() + "_" + c);
                all.add(v);
                tangent[j * width + c] = Expression.of(v);
            }
        }
        List<Expression> tangents = new java.util.ArrayList<>(outputs.size() * width);
        Expression partialSum = Expression.ZERO;
        for (int i = 0; i < outputs.size(); i++) {
            for (int j : usedInputs[i]) {
                if (!isZero(jacobian[i][j]) && first[j] < Math.min(end[j], width)) {
                    partialSum = Expression.add(partialSum, jacobian[i][j]);
                }
            }
            for (int c = 0; c < width; c++) {
                Expression sum = null;
                for (int j : usedInputs[i]) {
                    if (isZero(jacobian[i][j]) || c < first[j] || c >= end[j]) {
                        continue;
                    }
                    Expression term = Expression.mul(jacobian[i][j], tangent[j * width + c]);
                    sum = sum == null ? term : Expression.add(sum, term);
                }
                tangents.add(sum == null ? Expression.ZERO : sum);
            }
        }
        List<Expression> values = new java.util.ArrayList<>(outputs);
        values.add(partialSum);
        return CompiledFunction.compileTwoArrays(values, tangents, all);
    }

    private static boolean isZero(Expression e) {
        return e.isConstant() && e.constantValue() == 0.0;
    }

    private Expression[][] symbolicJacobian() {
        Expression[][] j = symbolicJacobian;
        if (j == null) {
            j = Expression.jacobian(outputs, inputs);
            symbolicJacobian = j;
        }
        return j;
    }

    /**
     * {@link #evaluateTangents} by the compiled Jacobian and loops: for each output, the terms of the inputs it
     * uses with a nonzero partial, in input order (the AutoDiff path's chain rule, which skips constants and
     * zero partials, so that a zero partial never meets an infinite tangent). Entries of an input row outside
     * its nonzero columns are taken as zero and skipped.
     */
    private void evaluateTangentsByLoops(double[] in, int width, TangentScratch scratch, double[] out,
            double[] outTangents) {
        int n = inputs.size();
        double[] jacobian = scratch.jacobian;
        double[] partials = scratch.partials;
        int[] rows = scratch.rows;
        System.arraycopy(in, 0, scratch.values, 0, n);
        compiledWithJacobian().evaluate(scratch.values, out, jacobian);
        for (int i = 0; i < outputs.size(); i++) {
            int terms = 0;
            boolean finite = true;
            for (int j : usedInputs[i]) {
                double d = jacobian[i * n + j];
                if (d != 0.0) {
                    partials[terms] = d;
                    rows[terms++] = j;
                    finite &= Double.isFinite(d);
                }
            }
            int to = i * width;
            if (finite && width >= ROW_PASSES_FROM) {
                addRows(in, n, width, scratch, terms, outTangents, to);
            } else {
                sumEntries(in, n, width, partials, rows, terms, finite, outTangents, to);
            }
        }
    }

    /**
     * Output row {@code to} as passes over the input rows (row {@code j} at {@code base + j * width}), each term
     * added in input order; two consecutive full rows share a pass (the same additions, one load and store of
     * the output fewer).
     */
    private static void addRows(double[] inTangents, int base, int width, TangentScratch scratch, int terms,
            double[] outTangents, int to) {
        double[] partials = scratch.partials;
        int[] rows = scratch.rows;
        java.util.Arrays.fill(outTangents, to, to + width, 0.0);
        int q = 0;
        while (q < terms) {
            int a = rows[q];
            int fromA = base + a * width;
            double da = partials[q];
            if (q + 1 < terms && scratch.isFull(a, width) && scratch.isFull(rows[q + 1], width)) {
                int fromB = base + rows[q + 1] * width;
                double db = partials[q + 1];
                for (int c = 0; c < width; c++) {
                    double g = outTangents[to + c] + da * inTangents[fromA + c];
                    outTangents[to + c] = g + db * inTangents[fromB + c];
                }
                q += 2;
            } else {
                int end = Math.min(scratch.endNonzero[a], width);
                for (int c = scratch.firstNonzero[a]; c < end; c++) {
                    outTangents[to + c] += da * inTangents[fromA + c];
                }
                q++;
            }
        }
    }

    /** Output row {@code to} entry by entry, each a sum over the terms (for a few directions). */
    private static void sumEntries(double[] inTangents, int base, int width, double[] partials, int[] rows,
            int terms, boolean finite, double[] outTangents, int to) {
        for (int c = 0; c < width; c++) {
            double g = 0.0;
            for (int q = 0; q < terms; q++) {
                double t = inTangents[base + rows[q] * width + c];
                // a zero tangent adds nothing, not 0 * inf = NaN
                g += finite || t != 0.0 ? partials[q] * t : 0.0;
            }
            outTangents[to + c] = g;
        }
    }

    /**
     * The arrays {@link #evaluateTangents} works in, owned by one thread of the caller, with the columns in
     * which each input row may be nonzero (all, until {@link #setNonzeroColumns} says otherwise) and the
     * generated kernel last used.
     */
    static final class TangentScratch {
        private final double[] values;
        /** The kernel's first outputs: the block's values, then the sum of the partials. */
        private final double[] kernelValues;
        private final double[] jacobian;
        private final double[] partials;
        private final int[] rows;
        private final int[] firstNonzero;
        private final int[] endNonzero;
        /** The kernel last used and the width and ranges it was made for (null: none yet). */
        private CompiledFunction kernel;
        private int kernelWidth = -1;
        /** Whether a range changed since {@link #kernel} was chosen. */
        private boolean rangesChanged = true;

        private TangentScratch(int inputs, int outputs) {
            values = new double[inputs];
            kernelValues = new double[outputs + 1];
            jacobian = new double[outputs * inputs];
            partials = new double[inputs];
            rows = new int[inputs];
            firstNonzero = new int[inputs];
            endNonzero = new int[inputs];
            java.util.Arrays.fill(endNonzero, Integer.MAX_VALUE);
        }

        /**
         * Scratch arrays for tangent evaluations of a block.
         *
         * @param block the block
         * @return arrays sized for it, every row taken as full
         */
        static TangentScratch of(ExpressionBlock block) {
            return new TangentScratch(block.inputs.size(), block.size());
        }

        /**
         * Records the columns of input row {@code j} that may be nonzero: {@code [first, end)}; the caller
         * guarantees the others are zero. {@code first = end} says the row is zero.
         *
         * @param j the block input
         * @param first the first column that may be nonzero
         * @param end one past the last, at most the width the tangents are evaluated with
         */
        void setNonzeroColumns(int j, int first, int end) {
            rangesChanged |= firstNonzero[j] != first || endNonzero[j] != end;
            firstNonzero[j] = first;
            endNonzero[j] = end;
        }

        /**
         * Records the nonzero columns of input row {@code j} from its entries.
         *
         * @param j the block input
         * @param tangents the array holding the row; not modified
         * @param from where the row starts in it
         * @param width the number of directions
         */
        void findNonzeroColumns(int j, double[] tangents, int from, int width) {
            int first = 0;
            while (first < width && tangents[from + first] == 0.0) {
                first++;
            }
            int end = width;
            while (end > first && tangents[from + end - 1] == 0.0) {
                end--;
            }
            setNonzeroColumns(j, first, end);
        }

        private boolean isFull(int j, int width) {
            return firstNonzero[j] == 0 && endNonzero[j] >= width;
        }

        /** The block's kernel for this width and the present ranges: the last one if they are unchanged. */
        private CompiledFunction kernel(ExpressionBlock block, int width) {
            if (kernelWidth != width || rangesChanged) {
                kernel = block.tangentKernel(width, firstNonzero, endNonzero);
                kernelWidth = width;
                rangesChanged = false;
            }
            return kernel;
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
