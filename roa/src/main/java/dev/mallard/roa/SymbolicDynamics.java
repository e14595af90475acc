package dev.mallard.roa;

import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.ContextValues;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;

/**
 * The time derivatives of a system as expressions in given state expressions: the system is converted to
 * {@link Expression}, a context of the converted system receives the time, parameters and fixed inputs of
 * the given context and the state expressions, and {@code calcTimeDerivatives} is evaluated (for a system in
 * mass-matrix form, also its implicit residual). Kept in one place so that it can be replaced by the simulator's
 * symbolic inspector.
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
        Variable time = new Variable("t");
        DynamicalSystem<Expression> symbolic = toExpression(system);
        Context<Expression> c = symbolicContext(symbolic, context, state, adjust, time);
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

    /**
     * The residual {@code M(x) xdot - f(x)} of a system declared in mass-matrix form, as expressions in given
     * state and derivative expressions (with the time, parameters and fixed inputs of the context).
     *
     * @param system a continuous-time system over doubles
     * @param context a context of it holding parameters and fixed inputs; not modified
     * @param state one expression per continuous state entry
     * @param derivatives one expression per continuous state entry, standing for xdot
     * @return the residual, one expression per state entry; null if the system is not a
     *     {@link SymbolicVectorSystem} with a mass matrix
     * @throws IllegalArgumentException if the residual depends on time
     */
    static Expression[] massMatrixResidual(DynamicalSystem<Double> system, Context<Double> context,
            List<Expression> state, List<Expression> derivatives) {
        if (!(system instanceof SymbolicVectorSystem<Double> s) || s.getMassMatrix().isEmpty()) {
            return null;
        }
        Variable time = new Variable("t");
        SymbolicVectorSystem<Expression> symbolic = (SymbolicVectorSystem<Expression>) toExpression(system);
        Context<Expression> c = symbolicContext(symbolic, context, state, x -> { }, time);
        ScalarVector<Expression> residual = Expression.SCALAR.newVector(state.size());
        symbolic.calcImplicitTimeDerivativesResidual(c, ScalarVector.of(Expression.SCALAR,
                derivatives.toArray(Expression[]::new)), residual);
        Expression[] out = new Expression[state.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = residual.get(i);
            if (out[i].getVariables().contains(time)) {
                throw new IllegalArgumentException("system " + system.getName() + " is not time-invariant: its "
                        + "mass-matrix residual " + i + " = " + out[i] + " depends on the time t; region-of-attraction "
                        + "analysis needs time-invariant dynamics");
            }
        }
        return out;
    }

    private static DynamicalSystem<Expression> toExpression(DynamicalSystem<Double> system) {
        try {
            return system.toScalar(Expression.SCALAR);
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("system " + system.getName()
                    + " cannot be converted to Expression, which region-of-attraction analysis needs: "
                    + e.getMessage(), e);
        }
    }

    /** A context of the symbolic system with the given one's values, the state expressions and time a symbol. */
    private static Context<Expression> symbolicContext(DynamicalSystem<Expression> symbolic, Context<Double> context,
            List<Expression> state, java.util.function.Consumer<Context<Expression>> adjust, Variable time) {
        Context<Expression> c = symbolic.createDefaultContext();
        ContextValues.copy(context, c);
        adjust.accept(c);
        // Time as a symbol: a derivative that mentions it belongs to a time-varying system.
        c.setTime(time.toExpression());
        ContinuousState<Expression> x = c.getMutableContinuousState();
        for (int i = 0; i < state.size(); i++) {
            x.set(i, state.get(i));
        }
        c.noteStateChanged();
        return c;
    }
}
