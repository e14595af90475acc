package dev.mallard.roa;

import dev.mallard.simulator.ContextValues;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

import java.util.List;

/**
 * The time derivatives of a system as expressions in given state expressions: the system is converted to
 * {@link Expression}, a context of the converted system receives the time, parameters and fixed inputs of
 * the given context and the state expressions, and {@code calcTimeDerivatives} is evaluated. Kept in one
 * place so that it can be replaced by the simulator's symbolic inspector.
 */
final class SymbolicDynamics {

    private SymbolicDynamics() {
    }

    /**
     * @param system a continuous-time system over doubles
     * @param context a context of it holding parameters and fixed inputs; not modified
     * @param state one expression per continuous state entry
     * @return the time derivatives, one expression per state entry
     * @throws IllegalArgumentException if the system cannot be converted to Expression, or its derivatives
     *     depend on time (the analysis is for time-invariant systems)
     */
    static Expression[] timeDerivatives(DynamicalSystem<Double> system, Context<Double> context, List<Expression> state) {
        return timeDerivatives(system, context, state, c -> { });
    }

    /**
     * @param system a continuous-time system over doubles
     * @param context a context of it holding parameters and fixed inputs; not modified
     * @param state one expression per continuous state entry
     * @param adjust changes the symbolic context after the copy (say, parameters made symbols)
     * @return the time derivatives, one expression per state entry
     * @throws IllegalArgumentException as {@link #timeDerivatives(DynamicalSystem, Context, List)}
     */
    static Expression[] timeDerivatives(DynamicalSystem<Double> system, Context<Double> context, List<Expression> state,
            java.util.function.Consumer<Context<Expression>> adjust) {
        DynamicalSystem<Expression> symbolic;
        try {
            symbolic = system.toScalar(Expression.SCALAR);
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("system " + system.getName()
                    + " cannot be converted to Expression, which region-of-attraction analysis needs: "
                    + e.getMessage(), e);
        }
        Context<Expression> c = symbolic.createDefaultContext();
        ContextValues.copy(context, c);
        adjust.accept(c);
        // Time as a symbol: a derivative that mentions it belongs to a time-varying system.
        Variable time = new Variable("t");
        c.setTime(time.toExpression());
        ContinuousState<Expression> x = c.getMutableContinuousState();
        for (int i = 0; i < state.size(); i++) {
            x.set(i, state.get(i));
        }
        c.noteStateChanged();
        ContinuousState<Expression> derivatives = symbolic.allocateTimeDerivatives();
        symbolic.calcTimeDerivatives(c, derivatives);
        Expression[] out = new Expression[state.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = derivatives.get(i);
            if (out[i].getVariables().contains(time)) {
                throw new IllegalArgumentException("system " + system.getName() + " is not time-invariant: xdot[" + i
                        + "] = " + out[i] + " depends on the time t; region-of-attraction analysis needs "
                        + "time-invariant dynamics");
            }
        }
        return out;
    }
}
