package dev.mallard.simulator.integrators;

import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One integration step taken with symbolic numbers: the discrete-time map {@code x1 = Phi_h(t0, x0, u, p)} of a
 * fixed-step scheme as expressions in an inspector's variables (states, inputs, parameters).
 *
 * <p>The explicit schemes run over {@link Expression} unchanged: {@code explicit_euler},
 * {@code semi_explicit_euler}, {@code runge_kutta2}, and in fixed-step mode {@code runge_kutta3},
 * {@code bogacki_shampine3}, {@code runge_kutta5}. Error control (comparing error estimates), implicit schemes
 * (Newton iterations test convergence on values) and witness isolation (sign changes of values) need numeric
 * values and refuse symbolic ones with an {@link IllegalStateException} saying so.
 */
public final class SymbolicStepping {

    private SymbolicStepping() {
    }

    /**
     * The continuous state after one step of size {@code h} from time {@code t0}, starting from the
     * inspector's state variables (the discrete state stays at its variables, as during any step).
     *
     * @param inspector the system and its variables
     * @param scheme an integration scheme name (see {@link IntegrationSchemes#getIntegrationSchemes()})
     * @param t0 the start time, seconds, finite
     * @param h the step, seconds, finite and {@code > 0}
     * @return one expression per continuous state
     * @throws IllegalArgumentException for an unknown scheme or a bad time or step
     * @throws IllegalStateException if the scheme is implicit (it needs numeric values)
     */
    public static List<Expression> oneStepMap(SystemSymbolicInspector inspector, String scheme, double t0, double h) {
        Objects.requireNonNull(inspector, "inspector must not be null");
        if (!(h > 0) || !Double.isFinite(h)) {
            throw new IllegalArgumentException("h must be finite and > 0, got " + h);
        }
        DynamicalSystem<Expression> system = inspector.getSymbolicSystem();
        Context<Expression> context = inspector.createSymbolicContext();
        context.setTime(t0);
        IntegratorBase<Expression> integrator = IntegrationSchemes.create(scheme, system, h, context);
        integrator.setFixedStepMode(true);
        integrator.initialize();
        integrator.integrateWithSingleFixedStepToTime(t0 + h);
        ContinuousState<Expression> x = context.getContinuousState();
        List<Expression> out = new ArrayList<>();
        for (int i = 0; i < x.size(); i++) {
            out.add(x.get(i));
        }
        return List.copyOf(out);
    }
}
