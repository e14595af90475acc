package dev.mallard.simulator.gradients;

import static dev.mallard.simulator.GradientAssertions.assertAgree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The event time's sensitivity under every integrator, in fixed-step mode (with and without witness isolation)
 * and under error control, in forward mode and in the adjoint, against closed forms:
 * <ul>
 *   <li>the sawtooth {@code x' = 1} reset to 0 when x reaches p: after one reset {@code x(T) = T - (p - x0)}, so
 *       {@code d x(T) / d(x0, p, T) = (1, -1, 1)} whatever the step grid, and every scheme integrates
 *       {@code x' = 1} exactly;</li>
 *   <li>the bouncing ball, whose motion between impacts is a parabola that the schemes of order 2 and more
 *       integrate exactly; its closed form's gradient is computed by AutoDiff on the closed form;</li>
 *   <li>two resets of two states whose crossings fall in one step.</li>
 * </ul>
 * Without isolation a fixed-step run resets at the end of the step that crossed; the gradient still carries the
 * crossing time's sensitivity (the values are those of the cruder run, the derivatives those of the event time).
 */
class EventTimeSensitivityEverySchemeTest {

    /** How the run locates events. */
    enum Mode {
        /** fixed steps, no accuracy in the context: no isolation, events at the end of the step that crossed */
        FIXED,
        /** fixed steps with an accuracy in the context: crossings isolated on the step's interpolant */
        FIXED_ISOLATED,
        /** error control (schemes with an error estimate only) */
        CONTROLLED
    }

    private static final double X0 = 0.27;
    private static final double P = 1.0;
    private static final double T = 1.55;

    /** The sawtooth: {@code x' = 1}, reset to 0 when {@code p - x} reaches 0. */
    private static SymbolicVectorSystem<Double> sawtooth() {
        Variable x = new Variable("x");
        Variable p = new Variable("p");
        return SymbolicVectorSystem.builder().name("sawtooth").state(x).parameter(p, P)
                .dynamics(Expression.ONE)
                .guardAndReset(p.toExpression().minus(x.toExpression()), List.of(Expression.ZERO))
                .initialState(X0).build(Scalar.DOUBLE);
    }

    static Stream<Arguments> schemesAndModes() {
        List<Arguments> out = new ArrayList<>();
        for (String scheme : IntegrationSchemes.getIntegrationSchemes()) {
            boolean controlled = IntegrationSchemes.create(scheme, sawtooth(), 0.1, null).supportsErrorEstimation();
            for (Mode mode : Mode.values()) {
                if (mode != Mode.CONTROLLED || controlled) {
                    out.add(Arguments.of(scheme, mode));
                }
            }
        }
        return out.stream();
    }

    /** Sets up a simulator of either number type: the scheme, its step and accuracy, and fixed steps or not. */
    private static <T> Consumer<Simulator<T>> configure(String scheme, Mode mode, double step) {
        return sim -> {
            IntegratorBase<T> integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(sim, scheme, step);
            if (integrator.supportsErrorEstimation()) {
                integrator.setTargetAccuracy(1e-8);
            }
            integrator.setFixedStepMode(mode != Mode.CONTROLLED);
        };
    }

    private static <T> Context<T> context(SymbolicVectorSystem<T> system, Mode mode) {
        Context<T> c = system.createDefaultContext();
        if (mode != Mode.FIXED) {
            // isolates to 0.01 x 1e-12 x (1 s, or the fixed step): the crossing is found to rounding
            c.setAccuracy(1e-12);
        }
        return c;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemesAndModes")
    void theSawtoothsGradientIsTheClosedFormInForwardModeAndTheAdjoint(String scheme, Mode mode) {
        SymbolicVectorSystem<Double> system = sawtooth();
        Context<Double> context = context(system, mode);
        GradientSimulation.Result forward = GradientSimulation.run(system, context, T, configure(scheme, mode, 0.1));
        double[] expected = {1, -1, 1};
        assertAgree(expected, forward.stateJacobian()[0], 1e-9, "forward mode");
        if (mode != Mode.FIXED) {
            assertEquals(T - (P - X0), forward.finalState()[0], 1e-9, "x(T) with the crossing isolated");
        }
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(system);
        CostFunction xT = CostFunction.of(inspector, inspector.getContinuousStateVariables().get(0).toExpression());
        AdjointGradient.Result adjoint = AdjointGradient.run(system, context, T, xT, CostFunction.zero(), 16,
                configure(scheme, mode, 0.1));
        assertAgree(expected, adjoint.gradient(), 1e-9, "adjoint");
        assertEquals(forward.finalState()[0], adjoint.finalState()[0], 1e-12, "the same run");
    }

    // ---- the bouncing ball ---------------------------------------------------------------------------------

    /**
     * The ball's closed-form state at T from {@code (z0, v0)} with restitution e and gravity g, in AutoDiff so
     * that its gradient with respect to {@code (z0, v0, e, g, T)} comes with it (the impact count by values).
     */
    private static AutoDiff[] ballClosedForm(double z0v, double v0v, double ev, double gv, double tv) {
        AutoDiff z0 = AutoDiff.variable(z0v, 5, 0);
        AutoDiff v0 = AutoDiff.variable(v0v, 5, 1);
        AutoDiff e = AutoDiff.variable(ev, 5, 2);
        AutoDiff g = AutoDiff.variable(gv, 5, 3);
        AutoDiff finalTime = AutoDiff.variable(tv, 5, 4);
        AutoDiff impactSpeed = v0.square().add(g.mul(z0).mul(2)).sqrt();
        AutoDiff t = v0.add(impactSpeed).div(g);
        if (tv <= t.value()) {
            return new AutoDiff[] {z0.add(v0.mul(finalTime)).sub(g.mul(finalTime.square()).mul(0.5)),
                v0.sub(g.mul(finalTime))};
        }
        AutoDiff u = e.mul(impactSpeed);
        while (tv > t.value() + 2 * u.value() / gv) {
            t = t.add(u.mul(2).div(g));
            u = u.mul(e);
        }
        AutoDiff s = finalTime.sub(t);
        return new AutoDiff[] {u.mul(s).sub(g.mul(s.square()).mul(0.5)), u.sub(g.mul(s))};
    }

    static Stream<Arguments> secondOrderSchemes() {
        List<Arguments> out = new ArrayList<>();
        for (String scheme : List.of("runge_kutta2", "runge_kutta3", "bogacki_shampine3", "runge_kutta5", "radau3")) {
            out.add(Arguments.of(scheme, Mode.FIXED_ISOLATED));
            if (!scheme.equals("runge_kutta2")) {
                out.add(Arguments.of(scheme, Mode.CONTROLLED));
            }
        }
        return out.stream();
    }

    /** Three impacts before T; z(T) + 2 v(T) as the adjoint's cost. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("secondOrderSchemes")
    void theBouncingBallsGradientIsTheClosedFormUnderSchemesOfOrderTwoAndMore(String scheme, Mode mode) {
        double z0 = 1.2;
        double v0 = 0.5;
        double finalTime = 2.3;
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> context = ball.createDefaultContext();
        context.setContinuousStateValues(z0, v0);
        context.setAccuracy(1e-12);
        AutoDiff[] closed = ballClosedForm(z0, v0, 0.8, 9.81, finalTime);
        GradientSimulation.Result forward = GradientSimulation.run(ball, context, finalTime,
                configure(scheme, mode, 0.05));
        for (int i = 0; i < 2; i++) {
            assertEquals(closed[i].value(), forward.finalState()[i], 1e-9 * Math.abs(closed[i].value()) + 1e-12);
            assertAgree(closed[i].gradient(), forward.stateJacobian()[i], 1e-9, "forward mode, row " + i);
        }
        CostFunction cost = new CostFunction() {
            @Override
            public double value(double t, double[] x, double[] p) {
                return x[0] + 2 * x[1];
            }

            @Override
            public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
                gx[0] = 1;
                gx[1] = 2;
                Arrays.fill(gp, 0);
                return 0;
            }
        };
        AdjointGradient.Result adjoint = AdjointGradient.run(ball, context, finalTime, cost, CostFunction.zero(), 16,
                configure(scheme, mode, 0.05));
        AutoDiff j = closed[0].add(closed[1].mul(2));
        assertAgree(j.gradient(), adjoint.gradient(), 1e-9, "adjoint");
    }

    // ---- two events in one step ----------------------------------------------------------------------------

    /** x' = y' = 1; x resets to 0 when it reaches p (at 0.73 s), y when it reaches q (at 0.75 s): one 0.1 s step. */
    private static SymbolicVectorSystem<Double> twoSawtooths() {
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Variable p = new Variable("p");
        Variable q = new Variable("q");
        return SymbolicVectorSystem.builder().name("two sawtooths").state(x, y).parameter(p, 1.0).parameter(q, 1.0)
                .dynamics(Expression.ONE, Expression.ONE)
                .guardAndReset(p.toExpression().minus(x.toExpression()), List.of(Expression.ZERO, y.toExpression()))
                .guardAndReset(q.toExpression().minus(y.toExpression()), List.of(x.toExpression(), Expression.ZERO))
                .initialState(0.27, 0.25).build(Scalar.DOUBLE);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemesAndModes")
    void twoCrossingsInOneStepEachCarryTheirOwnTimesSensitivity(String scheme, Mode mode) {
        SymbolicVectorSystem<Double> system = twoSawtooths();
        Context<Double> context = context(system, mode);
        if (mode == Mode.FIXED) {
            // both resets would happen at the step's end, at one time that cannot carry two crossings' sensitivities
            SimulationException refused = assertThrows(SimulationException.class,
                    () -> GradientSimulation.run(system, context, T, configure(scheme, mode, 0.1)));
            assertTrue(refused.getMessage().contains("cannot carry the sensitivities of both"), refused.getMessage());
            assertThrows(SimulationException.class, () -> AdjointGradient.run(system, context, T,
                    CostFunction.zero(), CostFunction.zero(), 16, configure(scheme, mode, 0.1)));
            return;
        }
        GradientSimulation.Result forward = GradientSimulation.run(system, context, T, configure(scheme, mode, 0.1));
        // columns x0, y0, p, q, T
        assertAgree(new double[] {1, 0, -1, 0, 1}, forward.stateJacobian()[0], 1e-9, "d x(T)");
        assertAgree(new double[] {0, 1, 0, -1, 1}, forward.stateJacobian()[1], 1e-9, "d y(T)");
        assertEquals(T - (1.0 - 0.27), forward.finalState()[0], 1e-9);
        assertEquals(T - (1.0 - 0.25), forward.finalState()[1], 1e-9);
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(system);
        List<Variable> xs = inspector.getContinuousStateVariables();
        // J = x(T) + 3 y(T)
        CostFunction cost = CostFunction.of(inspector, xs.get(0).toExpression().plus(
                xs.get(1).toExpression().times(3.0)));
        AdjointGradient.Result adjoint = AdjointGradient.run(system, context, T, cost, CostFunction.zero(), 16,
                configure(scheme, mode, 0.1));
        assertAgree(new double[] {1, 3, -1, -3, 4}, adjoint.gradient(), 1e-9, "adjoint");
    }

    @Test
    void aStepEndOnTheGuardKeepsTheGridsValuesAndGivesTheCrossingsSensitivity() {
        // fixed steps of 0.1 from 0.27 cross p = 1 inside (0.7, 0.8]: the reset happens at 0.8 (Drake's rule
        // without isolation), so x(T) = T - 0.8, while the derivatives are those of the crossing time
        SymbolicVectorSystem<Double> system = sawtooth();
        GradientSimulation.Result r = GradientSimulation.run(system, system.createDefaultContext(), T,
                configure("explicit_euler", Mode.FIXED, 0.1));
        assertEquals(T - 0.8, r.finalState()[0], 1e-12);
        assertAgree(new double[] {1, -1, 1}, r.stateJacobian()[0], 1e-9, "forward mode");
    }

    /**
     * A nonlinear hybrid system under the implicit schemes: a ball with cubic drag, {@code v' = -g - c v^3},
     * bouncing with restitution r. The adjoint replays the steps the impacts cut short by forward mode on the
     * scheme's own Newton iterations, so it agrees with forward mode (which differentiates the run's Newton
     * iterations throughout) to about the Newton tolerance, 0.01 times the accuracy.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"implicit_euler", "radau1", "radau3"})
    void aNonlinearBallsAdjointUnderImplicitSchemesAgreesWithForwardMode(String scheme) {
        Variable z = new Variable("z");
        Variable v = new Variable("v");
        Variable c = new Variable("c");
        Variable r = new Variable("r");
        SymbolicVectorSystem<Double> ball = SymbolicVectorSystem.builder().name("drag ball").state(z, v)
                .parameter(c, 0.05).parameter(r, 0.8)
                .dynamics(v.toExpression(), Expression.constant(-9.81).minus(c.toExpression().times(
                        v.toExpression().times(v.toExpression()).times(v.toExpression()))))
                .guardAndReset(z.toExpression(), List.of(z.toExpression(),
                        r.toExpression().times(v.toExpression()).times(-1.0)))
                .initialState(1.0, 0.0).build(Scalar.DOUBLE);
        Context<Double> context = ball.createDefaultContext();
        double finalTime = 1.3;
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(ball);
        List<Variable> xs = inspector.getContinuousStateVariables();
        CostFunction cost = CostFunction.of(inspector, xs.get(0).toExpression().plus(xs.get(1).toExpression()
                .times(0.5)));
        // the first-order schemes at a coarser accuracy, so that they take a few thousand steps, not millions
        double accuracy = scheme.equals("radau3") ? 1e-8 : 1e-5;
        AdjointGradient.Result adjoint = AdjointGradient.run(ball, context, finalTime, cost, CostFunction.zero(), 8,
                sim -> sim.resetIntegrator((s, ctx) -> IntegrationSchemes.create(scheme, s, 0.05, ctx))
                        .setTargetAccuracy(accuracy));
        GradientSimulation.Result forward = GradientSimulation.run(ball, context, finalTime,
                sim -> sim.resetIntegrator((s, ctx) -> IntegrationSchemes.create(scheme, s, 0.05, ctx))
                        .setTargetAccuracy(accuracy));
        double[][] jacobian = forward.stateJacobian();
        double[] contracted = new double[jacobian[0].length];
        for (int j = 0; j < contracted.length; j++) {
            contracted[j] = jacobian[0][j] + 0.5 * jacobian[1][j];
        }
        assertAgree(contracted, adjoint.gradient(), Math.max(1e-6, 10 * accuracy), "adjoint against forward mode");
        // the ball bounced (it rises at T), and the adjoint's replay, which solves the stage equations to rounding,
        // ends where the run's Newton iterations did, to their tolerance
        assertTrue(forward.finalState()[1] > 0, java.util.Arrays.toString(forward.finalState()));
        assertEquals(forward.finalState()[0], adjoint.finalState()[0], 10 * accuracy);
    }
}
