package dev.mallard.systems.symbolic;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
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
final class TracedSystem<T> extends LeafSystem<T> {

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
    private static final class Workspace {
        final Thread owner;
        /** The block inputs: time, state, inputs, parameters. */
        final double[] in;
        /** One result array per block: index 0 the derivatives, {@code k + 1} output port {@code k}. */
        final double[][] out;

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
        gatherValues(context, block, values);
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

    private Workspace workspace() {
        Workspace w = lastWorkspace;
        if (w == null || w.owner != Thread.currentThread()) {
            w = workspaces.get();
            lastWorkspace = w;
        }
        return w;
    }

    /** The block inputs; an input port the block does not use is neither evaluated nor copied. */
    private void gatherValues(Context<T> context, ExpressionBlock block, double[] values) {
        values[0] = context.getTimeValue();
        context.getContinuousState().copyValuesTo(values, 1);
        for (int p : block.usedPorts()) {
            getInputPort(p).eval(context).copyValuesTo(values, inputOffsets[p]);
        }
        for (int g = 0; g < parameterOffsets.length; g++) {
            context.getNumericParameter(g).copyValuesTo(values, parameterOffsets[g]);
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
