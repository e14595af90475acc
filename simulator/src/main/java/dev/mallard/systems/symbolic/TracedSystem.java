package dev.mallard.systems.symbolic;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.TangentEvaluator;
import dev.mallard.systems.TangentTimeDerivatives;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A leaf system whose time derivatives and vector outputs are expressions traced from another system, with
 * that system's continuous-state split (q, v, z), its default state, its input and output ports (names and
 * sizes) and its numeric parameter groups (all leaves' groups, in leaf order). The expressions are in the
 * variables {@code (t, x, u of every port, p of every group)} and run compiled for doubles and AutoDiff.
 * Made by {@link CompiledSystems#compile}.
 *
 * @param <T> the number type
 */
final class TracedSystem<T> extends LeafSystem<T> implements TangentTimeDerivatives<T> {

    /**
     * Everything independent of the number type, shared by conversions. The blocks read only the input ports
     * their expressions use (see {@link ExpressionBlock#usesPort}).
     */
    record Shape(String name, int numQ, int numV, int numZ, double[] defaultState, List<String> inputNames,
            int[] inputSizes, List<String> outputNames, List<double[]> parameterDefaults, List<Variable> variables,
            ExpressionBlock derivatives, List<ExpressionBlock> outputs, List<Feedthrough> feedthrough) {

        static Shape of(String name, SystemSymbolicInspector in, double[] defaultState, int numQ, int numV,
                List<String> inputNames, List<String> outputNames, List<double[]> parameterDefaults) {
            List<Variable> vars = new ArrayList<>();
            vars.add(in.getTimeVariable());
            vars.addAll(in.getContinuousStateVariables());
            vars.addAll(in.getInputVariables());
            vars.addAll(in.getParameterVariables());
            int[] sizes = new int[inputNames.size()];
            for (int p = 0; p < sizes.length; p++) {
                sizes[p] = in.getInputVariables(p).size();
            }
            List<List<Variable>> ports = new ArrayList<>();
            for (int p = 0; p < sizes.length; p++) {
                ports.add(in.getInputVariables(p));
            }
            List<ExpressionBlock> outputs = new ArrayList<>();
            List<Feedthrough> feedthrough = new ArrayList<>();
            for (int k = 0; k < outputNames.size(); k++) {
                List<Expression> y = in.getOutput(k);
                outputs.add(new ExpressionBlock(y, vars, ports));
                feedthrough.add(feedthroughOf(in, y, sizes.length));
            }
            int n = defaultState.length;
            return new Shape(name, numQ, numV, n - numQ - numV, defaultState, List.copyOf(inputNames), sizes,
                    List.copyOf(outputNames), List.copyOf(parameterDefaults), List.copyOf(vars),
                    new ExpressionBlock(in.getTimeDerivatives(), vars, ports), List.copyOf(outputs), List.copyOf(feedthrough));
        }

        private static Feedthrough feedthroughOf(SystemSymbolicInspector in, List<Expression> y, int ports) {
            Set<Variable> used = new HashSet<>();
            y.forEach(e -> used.addAll(e.getVariables()));
            List<Integer> direct = new ArrayList<>();
            for (int p = 0; p < ports; p++) {
                for (Variable u : in.getInputVariables(p)) {
                    if (used.contains(u)) {
                        direct.add(p);
                        break;
                    }
                }
            }
            return Feedthrough.inputs(direct.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    private final Shape shape;
    private final ThreadLocal<Workspace> workspaces;
    /**
     * The workspace last used, so that a thread evaluating again (every stage of every step) skips the
     * thread-local lookup. Another thread may see a stale or another thread's workspace here; it checks
     * the owner and then takes its own from {@link #workspaces}.
     */
    private Workspace lastWorkspace;
    /** Where each input port's values start among the block inputs. */
    private final int[] inputOffsets;
    /** Where each numeric parameter group's values start among the block inputs. */
    private final int[] parameterOffsets;

    /** One thread's arrays for the double path. */
    private final class Workspace {
        final Thread owner;
        /** The block inputs: time, state, inputs, parameters. */
        final double[] in;
        /** One result array per block: index 0 the derivatives, {@code k + 1} output port {@code k}. */
        final double[][] out;
        /** The evaluator {@link #calcTimeDerivativesTangents} last used (null: none yet). */
        Evaluator tangents;
        /** The context and stamp {@link #width} was found for ({@link #tangentWidth}), null for none. */
        Object widthContext;
        long widthStamp;
        int width;
        /**
         * The context and {@linkplain Context#getParameterChangeCount parameter change count} the parameter
         * entries of {@link #in} were gathered for: they are copied again only when either differs.
         */
        Object parametersContext;
        long parametersStamp;

        Workspace(Shape shape) {
            owner = Thread.currentThread();
            in = new double[shape.variables().size()];
            out = new double[1 + shape.outputs().size()][];
            out[0] = new double[shape.derivatives().size()];
            for (int k = 0; k < shape.outputs().size(); k++) {
                out[k + 1] = new double[shape.outputs().get(k).size()];
            }
        }
    }

    TracedSystem(Scalar<T> scalar, Shape shape) {
        super(scalar, shape.name());
        this.shape = shape;
        this.workspaces = ThreadLocal.withInitial(() -> new Workspace(shape));
        // the block inputs are (t, x, u of every port, p of every group), see Shape.of
        int at = 1 + shape.defaultState().length;
        this.inputOffsets = new int[shape.inputSizes().length];
        for (int p = 0; p < inputOffsets.length; p++) {
            inputOffsets[p] = at;
            at += shape.inputSizes()[p];
        }
        this.parameterOffsets = new int[shape.parameterDefaults().size()];
        for (int g = 0; g < parameterOffsets.length; g++) {
            parameterOffsets[g] = at;
            at += shape.parameterDefaults().get(g).length;
        }
        declareContinuousState(shape.numQ(), shape.numV(), shape.numZ());
        setDefaultContinuousState(shape.defaultState());
        for (double[] p : shape.parameterDefaults()) {
            declareNumericParameter(p);
        }
        for (int p = 0; p < shape.inputNames().size(); p++) {
            declareVectorInputPort(shape.inputNames().get(p), shape.inputSizes()[p]);
        }
        for (int k = 0; k < shape.outputNames().size(); k++) {
            int slot = k + 1;
            ExpressionBlock block = shape.outputs().get(k);
            declareVectorOutputPort(shape.outputNames().get(k), block.size(),
                    (c, y) -> evaluateInto(block, slot, c, y), shape.feedthrough().get(k));
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new TracedSystem<>(target, shape);
    }

    /** @return the traced time derivatives */
    List<Expression> derivatives() {
        return shape.derivatives().outputs();
    }

    /** @return how many tangent kernels the derivatives have generated so far (for tests) */
    int generatedTangentKernels() {
        return shape.derivatives().generatedTangentKernels();
    }

    /** Compiles everything now. */
    void precompile() {
        shape.derivatives().compileAll();
        shape.outputs().forEach(ExpressionBlock::compileAll);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        evaluateInto(shape.derivatives(), 0, context, derivatives);
    }

    private void evaluateInto(ExpressionBlock block, int slot, Context<T> context, ScalarVector<T> target) {
        if (scalar() == Scalar.DOUBLE) {
            evaluateValues(block, slot, context, target);
        } else {
            evaluateGeneric(block, context, target);
        }
    }

    /**
     * The double path, kept small: the integrators inline it once per stage, and a large body stops the JIT
     * from inlining the later stages.
     */
    private void evaluateValues(ExpressionBlock block, int slot, Context<T> context, ScalarVector<T> target) {
        Workspace w = workspace();
        double[] values = w.in;
        gatherValues(context, block, w);
        double[] result = w.out[slot];
        block.evaluate(values, result);
        target.setValuesFrom(result, 0);
    }

    private void evaluateGeneric(ExpressionBlock block, Context<T> context, ScalarVector<T> target) {
        int m = block.size();
        T[] result = scalar().newArray(m);
        block.evaluate(scalar(), gather(context, block), result);
        for (int i = 0; i < m; i++) {
            target.set(i, result[i]);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Runs code generated for this width (the derivatives with the symbolic Jacobian's products with the
     * tangents, compiled together; see {@link ExpressionBlock#evaluateTangents}), through this thread's {@link
     * #tangentEvaluator} for the context and width.
     */
    @Override
    public void calcTimeDerivativesTangents(Context<T> context, double t, double[] x, double[] tangents, int width,
            double[] xdot, double[] xdotTangents) {
        checkOwnContext(context);
        int n = shape.defaultState().length;
        checkLength(x, n, "x");
        checkLength(tangents, (n + 1) * width, "tangents");
        Workspace w = workspace();
        Evaluator e = w.tangents;
        if (e == null || e.context != context || e.width != width) {
            e = new Evaluator(context, width);
            w.tangents = e;
        }
        double[] in = e.in;
        in[0] = t;
        System.arraycopy(x, 0, in, 1, n);
        // block input 0 is time (the caller's last row), then the states (the caller's first n rows)
        System.arraycopy(tangents, n * width, in, e.timeTangentsAt(), width);
        System.arraycopy(tangents, 0, in, e.stateTangentsAt(), n * width);
        e.evaluate(xdot, xdotTangents);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The evaluator's input array is the generated code's own (block inputs: time, state, inputs, parameters,
     * then their tangent rows): the caller's time, state and tangents are evaluated where it wrote them. The
     * inputs and parameters are gathered into it once per change ({@linkplain #inputsAndParametersStamp}), not
     * at every evaluation.
     */
    @Override
    public TangentEvaluator tangentEvaluator(Context<T> context, int width) {
        checkOwnContext(context);
        if (width < 0) {
            throw new IllegalArgumentException("width must be >= 0, got " + width);
        }
        return new Evaluator(context, width);
    }

    /** The tangent evaluation in place, for one context and width (see {@link #tangentEvaluator}). */
    private final class Evaluator implements TangentEvaluator {
        final Context<T> context;
        final int width;
        /** The block inputs' values, then their tangent rows, row {@code j} at {@code rows + j * width}. */
        final double[] in;
        private final int rows;
        private final ExpressionBlock.TangentScratch scratch = ExpressionBlock.TangentScratch.of(shape.derivatives());
        /** The stamp the inputs and parameters were gathered at; valid only if {@link #gathered}. */
        private long gatheredStamp;
        private boolean gathered;

        Evaluator(Context<T> context, int width) {
            this.context = context;
            this.width = width;
            this.rows = shape.variables().size();
            this.in = new double[rows * (1 + width)];
        }

        @Override
        public double[] input() {
            return in;
        }

        @Override
        public int timeAt() {
            return 0;
        }

        @Override
        public int stateAt() {
            return 1;
        }

        @Override
        public int timeTangentsAt() {
            return rows;
        }

        @Override
        public int stateTangentsAt() {
            return rows + width;
        }

        @Override
        public void evaluate(double[] xdot, double[] xdotTangents) {
            // time's row is mostly zero (nonzero only when the final time is a variable); the state rows are full
            scratch.findNonzeroColumns(0, in, rows, width);
            evaluateInPattern(xdot, xdotTangents);
        }

        /** {@inheritDoc} The time row's pattern is then the zero row's, with no entry read. */
        @Override
        public void evaluateAtConstantTime(double[] xdot, double[] xdotTangents) {
            // what findNonzeroColumns records for a zero row: the kernel last chosen stays chosen
            scratch.setNonzeroColumns(0, width, width);
            evaluateInPattern(xdot, xdotTangents);
        }

        /** The evaluation with the time row's nonzero columns recorded in the scratch. */
        private void evaluateInPattern(double[] xdot, double[] xdotTangents) {
            int n = shape.defaultState().length;
            checkLength(xdot, n, "xdot");
            checkLength(xdotTangents, n * width, "xdotTangents");
            long stamp = inputsAndParametersStamp(context);
            if (!gathered || gatheredStamp != stamp) {
                // marked stale first: a failure below (a gradient size) must not leave a half-gathered cache valid
                gathered = false;
                gatherInputsAndParameters(context, width, in, scratch);
                gatheredStamp = stamp;
                gathered = true;
            }
            shape.derivatives().evaluateTangents(in, width, scratch, xdot, xdotTangents);
        }
    }

    /** The values and tangent rows of the block inputs after time and state, from the context. */
    private void gatherInputsAndParameters(Context<T> context, int width, double[] in,
            ExpressionBlock.TangentScratch scratch) {
        ExpressionBlock block = shape.derivatives();
        for (int p = 0; p < numInputPorts(); p++) {
            ScalarVector<T> u = block.usesPort(p) ? getInputPort(p).eval(context) : null;
            for (int i = 0; i < shape.inputSizes()[p]; i++) {
                gatherTangent(u != null ? u.get(i) : null, inputOffsets[p] + i, width, in, scratch);
            }
        }
        for (int g = 0; g < parameterOffsets.length; g++) {
            ScalarVector<T> p = context.getNumericParameter(g);
            for (int i = 0; i < p.size(); i++) {
                gatherTangent(p.get(i), parameterOffsets[g] + i, width, in, scratch);
            }
        }
    }

    /**
     * A count that changes whenever the derivatives' inputs and parameters may have: the context's {@linkplain
     * Context#getParameterChangeCount parameter change count} when the derivatives read no input port (then
     * they read nothing else from the context: every step of a simulation keeps the parameters it gathered),
     * otherwise its {@linkplain Context#getChangeCount change count} (an input may depend on time and state).
     */
    private long inputsAndParametersStamp(Context<T> context) {
        return shape.derivatives().usedPorts().length == 0 ? context.getParameterChangeCount()
                : context.getChangeCount();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Found again only when {@linkplain #inputsAndParametersStamp the inputs and parameters may have changed}.
     */
    @Override
    public int tangentWidth(Context<T> context) {
        checkOwnContext(context);
        Workspace w = workspace();
        long stamp = inputsAndParametersStamp(context);
        if (w.widthContext == context && w.widthStamp == stamp) {
            return w.width;
        }
        int width = findTangentWidth(context);
        w.width = width;
        w.widthStamp = stamp;
        w.widthContext = context;
        return width;
    }

    private int findTangentWidth(Context<T> context) {
        int width = 0;
        ExpressionBlock block = shape.derivatives();
        for (int p = 0; p < numInputPorts(); p++) {
            if (block.usesPort(p)) {
                width = widthOf(getInputPort(p).eval(context), width);
            }
        }
        for (int g = 0; g < parameterOffsets.length; g++) {
            width = widthOf(context.getNumericParameter(g), width);
        }
        return width;
    }

    /** The common gradient size of {@code width} (0: none yet) and the entries of {@code v}. */
    private int widthOf(ScalarVector<T> v, int width) {
        for (int i = 0; i < v.size(); i++) {
            if (v.get(i) instanceof AutoDiff a && !a.isConstant()) {
                if (width != 0 && a.gradientSize() != width) {
                    throw new IllegalArgumentException("the inputs and parameters of " + getName()
                            + " have gradients of sizes " + width + " and " + a.gradientSize());
                }
                width = a.gradientSize();
            }
        }
        return width;
    }

    private void checkOwnContext(Context<T> context) {
        if (context == null || context.getSystem() != this) {
            throw new IllegalArgumentException("the context given to " + getName() + " must be one of its own");
        }
    }

    /**
     * Puts one input or parameter entry's value into the tangent path's block inputs at {@code at} and its
     * tangent (its gradient for AutoDiff, zero otherwise) into row {@code at}; a null entry (an input port the
     * derivatives do not use) is zero.
     */
    private void gatherTangent(T entry, int at, int width, double[] in, ExpressionBlock.TangentScratch scratch) {
        if (entry instanceof AutoDiff a && !a.isConstant() && a.gradientSize() != width) {
            throw new IllegalArgumentException("cannot combine AutoDiff values with gradient sizes " + width
                    + " and " + a.gradientSize() + " (" + shape.variables().get(at) + " of " + getName() + ")");
        }
        int row = shape.variables().size() + at * width;
        if (entry instanceof AutoDiff a) {
            in[at] = a.value();
            a.copyGradientTo(in, row, width);
            // a seeded parameter has one nonzero entry: the chain rule then skips the rest of its row
            scratch.findNonzeroColumns(at, in, row, width);
            return;
        }
        in[at] = entry == null ? 0.0 : scalar().value(entry);
        java.util.Arrays.fill(in, row, row + width, 0.0);
        scratch.setNonzeroColumns(at, 0, 0);
    }

    private static void checkLength(double[] a, int needed, String name) {
        if (a == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (a.length < needed) {
            throw new IllegalArgumentException(name + " has " + a.length + " entries, needs " + needed);
        }
    }

    private Workspace workspace() {
        Workspace w = lastWorkspace;
        if (w == null || w.owner != Thread.currentThread()) {
            w = workspaces.get();
            lastWorkspace = w;
        }
        return w;
    }

    /**
     * The block inputs into {@code w.in}; an input port the block does not use is neither evaluated nor copied,
     * and the parameters are copied only after they changed (gathering the acrobot's 11 one-entry groups at every
     * call measured half the cost of its compiled derivatives).
     */
    private void gatherValues(Context<T> context, ExpressionBlock block, Workspace w) {
        double[] values = w.in;
        values[0] = context.getTimeValue();
        context.getContinuousState().copyValuesTo(values, 1);
        for (int p : block.usedPorts()) {
            getInputPort(p).eval(context).copyValuesTo(values, inputOffsets[p]);
        }
        long stamp = context.getParameterChangeCount();
        if (w.parametersContext != context || w.parametersStamp != stamp) {
            for (int g = 0; g < parameterOffsets.length; g++) {
                context.getNumericParameter(g).copyValuesTo(values, parameterOffsets[g]);
            }
            w.parametersContext = context;
            w.parametersStamp = stamp;
        }
    }

    private T[] gather(Context<T> context, ExpressionBlock block) {
        T[] values = scalar().newArray(shape.variables().size());
        values[0] = context.getTime();
        int at = 1;
        ContinuousState<T> x = context.getContinuousState();
        for (int i = 0; i < x.size(); i++) {
            values[at++] = x.get(i);
        }
        for (int p = 0; p < numInputPorts(); p++) {
            ScalarVector<T> u = block.usesPort(p) ? getInputPort(p).eval(context) : null;
            for (int i = 0; i < shape.inputSizes()[p]; i++) {
                values[at++] = u != null ? u.get(i) : scalar().zero();
            }
        }
        for (int g = 0; g < context.getNumNumericParameterGroups(); g++) {
            ScalarVector<T> p = context.getNumericParameter(g);
            for (int i = 0; i < p.size(); i++) {
                values[at++] = p.get(i);
            }
        }
        return values;
    }
}
