package dev.mallard.simulator;

import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.DynamicalSystem;
import java.util.List;

/**
 * Copies the values held in a context into a context of the same system converted to another number type
 * (obtained with {@link DynamicalSystem#toScalar}): time, continuous state, discrete state, numeric parameters,
 * abstract state (shared, not copied: the target is only read) and fixed input values, wherever in the tree
 * they are fixed (leaves, the root, and the contexts of nested diagrams). Number values travel as doubles (the
 * value part: gradients or symbolic structure are dropped).
 */
public final class ContextValues {

    private ContextValues() {
    }

    /**
     * @param from the source root context, not modified
     * @param to a root context of {@code from}'s system converted to another number type; modified
     * @param <T> the source number type
     * @param <U> the target number type
     * @throws IllegalArgumentException if the two context trees do not have the same shape
     */
    public static <T, U> void copy(Context<T> from, Context<U> to) {
        to.setTime(from.getTimeValue());
        ScalarVector<T> x = from.getContinuousState().backingVector();
        ScalarVector<U> y = to.getContinuousState().backingVector();
        checkSize(x.size(), y.size(), "continuous states");
        for (int i = 0; i < x.size(); i++) {
            y.setValue(i, x.getValue(i));
        }
        List<Context<T>> fromLeaves = from.getLeafContexts();
        List<Context<U>> toLeaves = to.getLeafContexts();
        checkSize(fromLeaves.size(), toLeaves.size(), "leaf systems");
        for (int k = 0; k < fromLeaves.size(); k++) {
            copyLeaf(fromLeaves.get(k), toLeaves.get(k));
        }
        copyFixedInputs(from, to);
        to.noteStateChanged();
    }

    /**
     * Copies the fixed input values of every context in the tree: the root's, each nested diagram's and each
     * leaf's (a port fixed on an inner diagram's context feeds that diagram's subsystems).
     *
     * @param from the source root context, not modified
     * @param to a root context of {@code from}'s system converted to another number type; modified
     * @param <T> the source number type
     * @param <U> the target number type
     * @throws IllegalArgumentException if the two system trees do not have the same shape
     */
    public static <T, U> void copyFixedInputs(Context<T> from, Context<U> to) {
        copyFixedInputsBelow(from.getSystem(), from, to.getSystem(), to);
    }

    @SuppressWarnings("unchecked")
    private static <T, U> void copyFixedInputsBelow(DynamicalSystem<T> fromSystem, Context<T> fromRoot, DynamicalSystem<U> toSystem,
            Context<U> toRoot) {
        copyPortValues(fromSystem.getMyContextFromRoot(fromRoot), toSystem.getMyContextFromRoot(toRoot));
        if (fromSystem instanceof Diagram<T> diagram) {
            if (!(toSystem instanceof Diagram<?>)) {
                throw new IllegalArgumentException("the converted system " + toSystem.getName()
                        + " is not a diagram like " + fromSystem.getName());
            }
            List<DynamicalSystem<T>> a = diagram.getSubsystems();
            List<DynamicalSystem<U>> b = ((Diagram<U>) toSystem).getSubsystems();
            checkSize(a.size(), b.size(), "subsystems in " + fromSystem.getName());
            for (int i = 0; i < a.size(); i++) {
                copyFixedInputsBelow(a.get(i), fromRoot, b.get(i), toRoot);
            }
        }
    }

    private static <T, U> void copyLeaf(Context<T> from, Context<U> to) {
        for (int g = 0; g < from.getNumDiscreteStateGroups(); g++) {
            copyVector(from.getDiscreteState(g), to.getMutableDiscreteState(g));
        }
        for (int g = 0; g < from.getNumNumericParameterGroups(); g++) {
            copyVector(from.getNumericParameter(g), to.getMutableNumericParameter(g));
        }
        for (int i = 0; i < from.getNumAbstractStates(); i++) {
            to.setAbstractState(i, from.getAbstractState(i, Object.class));
        }
    }

    private static <T, U> void copyPortValues(Context<T> from, Context<U> to) {
        DynamicalSystem<T> sys = from.getSystem();
        for (int p = 0; p < sys.numInputPorts(); p++) {
            if (!from.hasFixedInputValue(p)) {
                continue;
            }
            InputPort<T> port = sys.getInputPort(p);
            InputPort<U> target = to.getSystem().getInputPort(p);
            if (port.isAbstract()) {
                target.fixAbstractValue(to, port.evalAbstract(from, Object.class));
            } else {
                target.fixValue(to, port.eval(from).toValueArray());
            }
        }
    }

    private static <T, U> void copyVector(ScalarVector<T> from, ScalarVector<U> to) {
        checkSize(from.size(), to.size(), "vector entries");
        for (int i = 0; i < from.size(); i++) {
            to.setValue(i, from.getValue(i));
        }
    }

    private static void checkSize(int a, int b, String what) {
        if (a != b) {
            throw new IllegalArgumentException("the converted context has " + b + " " + what + ", the source "
                    + a);
        }
    }
}
