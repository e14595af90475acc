package dev.mallard.simulator.integrators;

import dev.mallard.scalar.Checks;
import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.List;

/**
 * The integration schemes by name (the names of {@code SimulatorConfig.integrationScheme} and
 * {@code resetIntegratorFromFlags}), and a factory building an integrator from a name.
 */
public final class IntegrationSchemes {

    private static final List<String> SCHEMES = List.of("bogacki_shampine3", "explicit_euler", "implicit_euler",
            "radau1", "radau3", "runge_kutta2", "runge_kutta3", "runge_kutta5", "semi_explicit_euler",
            "velocity_implicit_euler");

    private IntegrationSchemes() {
    }

    /**
     * @return the valid scheme names, sorted, unmodifiable
     */
    public static List<String> getIntegrationSchemes() {
        return SCHEMES;
    }

    /**
     * Builds the integrator of a scheme with the given maximum step size (the fixed step of schemes without
     * error estimate; error-controlled schemes start with error control on).
     *
     * @param scheme one of {@link #getIntegrationSchemes()}, not null
     * @param system the system, not null
     * @param maxStepSize the maximum step size, seconds, {@code > 0}
     * @param context the system's root context, or null
     * @param <T> the number type
     * @return the new integrator (not initialized)
     * @throws IllegalArgumentException "Unknown integration scheme: NAME" for an unknown name, or for a bad step
     */
    public static <T> IntegratorBase<T> create(String scheme, DynamicalSystem<T> system, double maxStepSize,
            Context<T> context) {
        Checks.notNull(scheme, "scheme");
        Checks.notNull(system, "system");
        IntegratorBase<T> integrator = switch (scheme) {
            case "explicit_euler" -> new ExplicitEulerIntegrator<>(system, maxStepSize, context);
            case "semi_explicit_euler" -> new SemiExplicitEulerIntegrator<>(system, maxStepSize, context);
            case "runge_kutta2" -> new RungeKutta2Integrator<>(system, maxStepSize, context);
            case "runge_kutta3" -> new RungeKutta3Integrator<>(system, context);
            case "bogacki_shampine3" -> new BogackiShampine3Integrator<>(system, context);
            case "runge_kutta5" -> new RungeKutta5Integrator<>(system, context);
            case "implicit_euler" -> new ImplicitEulerIntegrator<>(system, context);
            case "radau1" -> new RadauIntegrator<>(system, context, 1);
            case "radau3" -> new RadauIntegrator<>(system, context, 2);
            case "velocity_implicit_euler" -> new VelocityImplicitEulerIntegrator<>(system, context);
            default -> throw new IllegalArgumentException("Unknown integration scheme: " + scheme);
        };
        integrator.setMaximumStepSize(maxStepSize);
        return integrator;
    }
}
