package dev.mallard.systems.symbolic;

import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.Event;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Compiles a system into boxing-free code: its time derivatives and vector outputs are traced symbolically
 * ({@link SystemSymbolicInspector}, parameters kept symbolic) and the expressions compiled
 * ({@link dev.mallard.symbolic.compile.CompiledFunction}) into one leaf system with the same continuous-state
 * split, default state, ports and numeric parameter groups (for a diagram, all leaves' groups in leaf order). Its
 * double path runs the compiled code without boxing or allocation; its AutoDiff conversion runs the compiled
 * Jacobian (chain rule), so gradients with respect to states and parameters keep working, and it implements
 * {@link dev.mallard.systems.TangentTimeDerivatives}, so a {@code Simulator<AutoDiff>} on it with an explicit
 * Runge-Kutta scheme integrates the gradients on primitive arrays (the same results as AutoDiff objects).
 *
 * <p>A system is left as it is (the {@linkplain Compilation#system() result} is the system itself, results
 * unchanged) when it cannot be traced: it does not convert to {@link Expression}, it branches on or compares
 * values of its state, inputs or parameters, it has events, witness functions, discrete or abstract state,
 * abstract ports, or a velocity-to-qdot map other than {@code qdot = v}. The {@linkplain Compilation#reason()
 * reason} says which.
 */
public final class CompiledSystems {

    private CompiledSystems() {
    }

    /**
     * The outcome of {@link #compile}.
     *
     * @param system the compiled system, or the original one if it was not compiled
     * @param compiled whether {@code system} is compiled code
     * @param reason why it was not compiled, or a summary of what was compiled
     * @param <T> the number type
     */
    public record Compilation<T>(DynamicalSystem<T> system, boolean compiled, String reason) {
    }

    /**
     * Traces and compiles a system (the compilation itself happens here, not at the first step).
     *
     * @param system the system, not null
     * @param <T> its number type
     * @return the compiled system, or the original one with the reason it was not compiled
     */
    public static <T> Compilation<T> compile(DynamicalSystem<T> system) {
        Objects.requireNonNull(system, "system must not be null");
        String refusal = structuralRefusal(system);
        if (refusal != null) {
            return notCompiled(system, refusal);
        }
        SystemSymbolicInspector in;
        try {
            in = SystemSymbolicInspector.of(system);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return notCompiled(system, e.getMessage());
        }
        if (!isIdentityKinematics(in, system.getNumQ(), system.getNumV())) {
            return notCompiled(system, "its velocity-to-qdot map is not qdot = v");
        }
        Context<T> defaults = system.createDefaultContext();
        List<double[]> parameters = new ArrayList<>();
        for (Context<T> leaf : defaults.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                parameters.add(leaf.getNumericParameter(g).toValueArray());
            }
        }
        List<String> inputs = new ArrayList<>();
        for (int p = 0; p < system.numInputPorts(); p++) {
            inputs.add(system.getInputPort(p).getName());
        }
        List<String> outputs = new ArrayList<>();
        for (int p = 0; p < system.numOutputPorts(); p++) {
            outputs.add(system.getOutputPort(p).getName());
        }
        TracedSystem.Shape shape = TracedSystem.Shape.of(system.getName(), in,
                defaults.getContinuousState().toValueArray(), system.getNumQ(), system.getNumV(), inputs, outputs,
                parameters);
        TracedSystem<T> traced = new TracedSystem<>(system.scalar(), shape);
        traced.precompile();
        return new Compilation<>(traced, true, "compiled " + shape.derivatives().size() + " time derivatives and "
                + outputs.size() + " output ports");
    }

    private static <T> Compilation<T> notCompiled(DynamicalSystem<T> system, String why) {
        return new Compilation<>(system, false, system.getName() + " is not compiled: " + why);
    }

    /** What the traced leaf cannot represent; null if nothing. */
    private static <T> String structuralRefusal(DynamicalSystem<T> system) {
        Context<T> c = system.createDefaultContext();
        List<LeafSystem<T>> leaves = system.getLeafSystems();
        List<Context<T>> contexts = c.getLeafContexts();
        for (int k = 0; k < leaves.size(); k++) {
            LeafSystem<T> leaf = leaves.get(k);
            for (Event.Trigger trigger : Event.Trigger.values()) {
                if (trigger != Event.Trigger.WITNESS && !leaf.getEvents(trigger).isEmpty()) {
                    return leaf.getName() + " declares " + trigger.name().toLowerCase() + " events";
                }
            }
            if (leaf.hasWitnessFunctions()) {
                return leaf.getName() + " declares witness functions";
            }
            if (contexts.get(k).getNumDiscreteStateGroups() > 0 || contexts.get(k).getNumAbstractStates() > 0) {
                return leaf.getName() + " has discrete or abstract state";
            }
        }
        for (int p = 0; p < system.numInputPorts(); p++) {
            if (system.getInputPort(p).isAbstract()) {
                return "input port '" + system.getInputPort(p).getName() + "' is abstract-valued";
            }
        }
        for (int p = 0; p < system.numOutputPorts(); p++) {
            if (system.getOutputPort(p).isAbstract()) {
                return "output port '" + system.getOutputPort(p).getName() + "' is abstract-valued";
            }
        }
        return null;
    }

    private static boolean isIdentityKinematics(SystemSymbolicInspector in, int numQ, int numV) {
        if (numQ == 0) {
            return true;
        }
        if (numQ != numV) {
            return false;
        }
        DynamicalSystem<Expression> s = in.getSymbolicSystem();
        Context<Expression> c = in.createSymbolicContext();
        ScalarVector<Expression> v = Expression.SCALAR.newVector(numV);
        for (int i = 0; i < numV; i++) {
            v.set(i, Expression.of(in.getContinuousStateVariables().get(numQ + i)));
        }
        ScalarVector<Expression> qdot = Expression.SCALAR.newVector(numQ);
        s.mapVelocityToQDot(c, v, qdot);
        for (int i = 0; i < numQ; i++) {
            if (!qdot.get(i).equals(v.get(i))) {
                return false;
            }
        }
        return true;
    }
}
