package dev.mallard.systems;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * A system made of subsystems whose output ports feed other subsystems' input ports. Built by a
 * {@link DiagramBuilder}. Its continuous state is the concatenation of its subsystems' states, laid out as
 * {@code [q of each, v of each, z of each]}; its context holds one subcontext per subsystem
 * ({@link DynamicalSystem#getMyContextFromRoot}).
 *
 * <p><b>Threads.</b> A diagram's subsystems and connections never change once it is built, so it is safe
 * to share between threads, each with its own context, exactly when its subsystems are (every system of
 * this library is).
 *
 * @param <T> the number type
 */
public final class Diagram<T> extends DynamicalSystem<T> {

    private final List<DynamicalSystem<T>> subsystems;
    /** Per subsystem, per input port: the subsystem feeding it, or -1. */
    private final int[][] sourceChild;
    /** Per subsystem, per input port: the output port feeding it. */
    private final int[][] sourcePort;
    /** Per subsystem, per input port: the diagram input port it is exported as, or -1. */
    private final int[][] exportedFrom;
    private final int numQ;
    private final int numV;
    private final int numZ;

    Diagram(Scalar<T> scalar, String name, List<DynamicalSystem<T>> subsystems, int[][] sourceChild, int[][] sourcePort,
            int[][] exportedFrom, List<String> inputNames, List<Integer> inputSizes, List<Boolean> inputAbstract,
            List<String> outputNames, List<int[]> outputSources) {
        super(scalar, name);
        this.subsystems = List.copyOf(subsystems);
        this.sourceChild = sourceChild;
        this.sourcePort = sourcePort;
        this.exportedFrom = exportedFrom;
        int q = 0;
        int v = 0;
        int z = 0;
        for (int i = 0; i < subsystems.size(); i++) {
            DynamicalSystem<T> s = subsystems.get(i);
            s.setParent(this, i);
            q += s.getNumQ();
            v += s.getNumV();
            z += s.getNumZ();
        }
        numQ = q;
        numV = v;
        numZ = z;
        for (int i = 0; i < inputNames.size(); i++) {
            addInputPort(inputNames.get(i), inputSizes.get(i), inputAbstract.get(i));
        }
        for (int i = 0; i < outputNames.size(); i++) {
            int[] src = outputSources.get(i);
            addOutputPort(OutputPort.exported(this, i, outputNames.get(i),
                    subsystems.get(src[0]).getOutputPort(src[1]), src[0]));
        }
    }

    /** @return the subsystems in the order they were added, unmodifiable */
    public List<DynamicalSystem<T>> getSubsystems() {
        return subsystems;
    }

    /**
     * @param name a subsystem name
     * @return the subsystem of that name
     * @throws IllegalArgumentException if there is none
     */
    public DynamicalSystem<T> getSubsystemByName(String name) {
        for (DynamicalSystem<T> s : subsystems) {
            if (s.getName().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException(getName() + " has no subsystem named '" + name + "'");
    }

    @Override
    public int getNumQ() {
        return numQ;
    }

    @Override
    public int getNumV() {
        return numV;
    }

    @Override
    public int getNumZ() {
        return numZ;
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        List<Context<T>> contexts = context.children();
        List<ContinuousState<T>> parts = derivatives.children();
        for (int i = 0; i < subsystems.size(); i++) {
            DynamicalSystem<T> s = subsystems.get(i);
            if (s.getNumContinuousStates() > 0) {
                s.calcTimeDerivatives(contexts.get(i), parts.get(i));
            }
        }
    }

    @Override
    protected void doMapVelocityToQDot(Context<T> context, ScalarVector<T> v, ScalarVector<T> qdot) {
        List<VectorSlice<T>> views = context.kinematicViews();
        if (views == null) {
            views = newKinematicViews();
            context.setKinematicViews(views);
        }
        List<Context<T>> contexts = context.children();
        for (int i = 0; i < subsystems.size(); i++) {
            DynamicalSystem<T> s = subsystems.get(i);
            if (s.getNumQ() + s.getNumV() > 0) {
                s.mapVelocityToQDot(contexts.get(i), views.get(2 * i).over(v), views.get(2 * i + 1).over(qdot));
            }
        }
    }

    /** Per subsystem, views of its segments of v and of qdot (in that order), made once per context. */
    private List<VectorSlice<T>> newKinematicViews() {
        List<VectorSlice<T>> views = new ArrayList<>(2 * subsystems.size());
        int vOffset = 0;
        int qOffset = 0;
        for (DynamicalSystem<T> s : subsystems) {
            views.add(new VectorSlice<>(null, vOffset, s.getNumV()));
            views.add(new VectorSlice<>(null, qOffset, s.getNumQ()));
            vOffset += s.getNumV();
            qOffset += s.getNumQ();
        }
        return views;
    }

    @Override
    ContinuousState<T> buildContinuousView(ScalarVector<T> backing, int qStart, int vStart, int zStart) {
        List<ContinuousState<T>> parts = new ArrayList<>();
        int q = qStart;
        int v = vStart;
        int z = zStart;
        for (DynamicalSystem<T> s : subsystems) {
            parts.add(s.buildContinuousView(backing, q, v, z));
            q += s.getNumQ();
            v += s.getNumV();
            z += s.getNumZ();
        }
        return new ContinuousState<>(backing, numQ, numV, numZ, qStart, vStart, zStart, parts);
    }

    @Override
    Context<T> buildContext(Context<T> parentContext, ContinuousState<T> view) {
        List<Context<T>> children = new ArrayList<>();
        Context<T> context = new Context<>(this, parentContext, view, java.util.Collections.unmodifiableList(children),
                List.of(), new Object[0], List.of());
        for (int i = 0; i < subsystems.size(); i++) {
            children.add(subsystems.get(i).buildContext(context, view.children().get(i)));
        }
        return context;
    }

    @Override
    void collectLeaves(List<LeafSystem<T>> out) {
        for (DynamicalSystem<T> s : subsystems) {
            s.collectLeaves(out);
        }
    }

    Object evalSubsystemInput(Context<T> diagramContext, Context<T> childContext, int port) {
        int child = childContext.getSystem().indexInParent();
        int src = sourceChild[child][port];
        if (src >= 0) {
            Context<T> srcContext = diagramContext.children().get(src);
            return subsystems.get(src).getOutputPort(sourcePort[child][port]).evalObject(srcContext);
        }
        int exported = exportedFrom[child][port];
        if (exported >= 0) {
            return getInputPort(exported).evalObject(diagramContext);
        }
        InputPort<T> p = subsystems.get(child).getInputPort(port);
        throw new IllegalStateException("input port '" + p.getName() + "' of " + p.getSystem().getPathName()
                + " is neither connected nor exported nor fixed");
    }

    boolean inputHasSource(Context<T> diagramContext, Context<T> childContext, int port) {
        int child = childContext.getSystem().indexInParent();
        if (sourceChild[child][port] >= 0) {
            return true;
        }
        int exported = exportedFrom[child][port];
        return exported >= 0 && getInputPort(exported).hasValue(diagramContext);
    }

    @Override
    public boolean hasDirectFeedthrough(int inputPort, int outputPort) {
        getInputPort(inputPort);
        OutputPort<T> out = getOutputPort(outputPort);
        // Breadth-first search from the subsystem inputs fed by the diagram input to the exported output.
        Deque<int[]> frontier = new ArrayDeque<>();
        boolean[][] seen = new boolean[subsystems.size()][];
        for (int c = 0; c < subsystems.size(); c++) {
            seen[c] = new boolean[subsystems.get(c).numInputPorts()];
            for (int p = 0; p < seen[c].length; p++) {
                if (exportedFrom[c][p] == inputPort) {
                    seen[c][p] = true;
                    frontier.add(new int[] {c, p});
                }
            }
        }
        while (!frontier.isEmpty()) {
            int[] in = frontier.poll();
            DynamicalSystem<T> s = subsystems.get(in[0]);
            for (int o = 0; o < s.numOutputPorts(); o++) {
                if (!s.hasDirectFeedthrough(in[1], o)) {
                    continue;
                }
                if (out.sourceChild() == in[0] && out.sourcePort() == o) {
                    return true;
                }
                for (int c = 0; c < subsystems.size(); c++) {
                    for (int p = 0; p < seen[c].length; p++) {
                        if (!seen[c][p] && sourceChild[c][p] == in[0] && sourcePort[c][p] == o) {
                            seen[c][p] = true;
                            frontier.add(new int[] {c, p});
                        }
                    }
                }
            }
        }
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <U> DynamicalSystem<U> toScalar(Scalar<U> target) {
        Objects.requireNonNull(target, "target must not be null");
        if (target.equals(scalar())) {
            return (DynamicalSystem<U>) this;
        }
        DiagramBuilder<U> builder = new DiagramBuilder<>(target);
        List<DynamicalSystem<U>> converted = new ArrayList<>();
        for (DynamicalSystem<T> s : subsystems) {
            try {
                converted.add(builder.addSystem(s.toScalar(target)));
            } catch (UnsupportedOperationException e) {
                throw new UnsupportedOperationException("diagram " + getName() + " cannot be converted to "
                        + target.name() + ": " + e.getMessage(), e);
            }
        }
        for (int c = 0; c < subsystems.size(); c++) {
            for (int p = 0; p < sourceChild[c].length; p++) {
                if (sourceChild[c][p] >= 0) {
                    builder.connect(converted.get(sourceChild[c][p]).getOutputPort(sourcePort[c][p]),
                            converted.get(c).getInputPort(p));
                }
            }
        }
        for (int i = 0; i < numInputPorts(); i++) {
            boolean first = true;
            for (int c = 0; c < subsystems.size(); c++) {
                for (int p = 0; p < exportedFrom[c].length; p++) {
                    if (exportedFrom[c][p] != i) {
                        continue;
                    }
                    if (first) {
                        builder.exportInput(converted.get(c).getInputPort(p), getInputPort(i).getName());
                        first = false;
                    } else {
                        builder.connectInput(i, converted.get(c).getInputPort(p));
                    }
                }
            }
        }
        for (int i = 0; i < numOutputPorts(); i++) {
            OutputPort<T> o = getOutputPort(i);
            builder.exportOutput(converted.get(o.sourceChild()).getOutputPort(o.sourcePort()), o.getName());
        }
        return builder.build(getName());
    }
}
