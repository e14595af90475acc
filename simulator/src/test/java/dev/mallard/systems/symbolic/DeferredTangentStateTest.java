package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.TangentTimeDerivatives;
import dev.mallard.systems.WitnessDirection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On the tangent path a quiet simulation (nothing observes it between steps) keeps its state on the steps'
 * arrays and makes AutoDiff objects only when something reads them. What reads them must see the values the
 * AutoDiff-object path computes: the context after every advance (and the next advance going on from it), a
 * monitor set between advances, the interpolant, outputs; and events and witness functions (closed forms).
 * The reference is the same compiled system inside a one-system diagram, which the integrators run through
 * AutoDiff objects (as in {@link TangentPathTest}).
 */
class DeferredTangentStateTest {

    private static DynamicalSystem<Double> compiledPendulum() {
        CompiledSystems.Compilation<Double> c = CompiledSystems.compile(new TorquePendulum<>(Scalar.DOUBLE));
        assertTrue(c.compiled(), c.reason());
        return c.system();
    }

    private static DynamicalSystem<Double> inDiagram(DynamicalSystem<Double> leaf) {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        DynamicalSystem<Double> s = b.addSystem(leaf);
        b.exportInput(s.getInputPort(0), "torque");
        b.exportOutput(s.getOutputPort(0), "position");
        return b.build("wrapped");
    }

    /** The pendulum from (1, 0) with the state and the damping parameter seeded (3 variables), initialized. */
    private static Simulator<AutoDiff> seeded(DynamicalSystem<Double> system, String scheme) {
        Simulator<AutoDiff> sim = new Simulator<>(system.toScalar(AutoDiff.SCALAR));
        Context<AutoDiff> root = sim.getMutableContext();
        root.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 3, 0));
        root.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 3, 1));
        root.fixInputPort(0, ScalarVector.ofValues(AutoDiff.SCALAR, 0.3));
        root.getLeafContexts().get(0).getMutableNumericParameter(0).set(1, AutoDiff.variable(0.5, 3, 2));
        sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 0.01, ctx));
        if (scheme.equals("runge_kutta3")) {
            sim.getMutableIntegrator().setTargetAccuracy(1e-7);
        } else {
            sim.getMutableIntegrator().setFixedStepMode(true);
        }
        sim.initialize();
        return sim;
    }

    private static void assertSameState(Simulator<AutoDiff> reference, Simulator<AutoDiff> fast, String what) {
        assertEquals(reference.getContext().getTimeValue(), fast.getContext().getTimeValue(), what);
        for (int i = 0; i < 2; i++) {
            AutoDiff a = reference.getContext().getContinuousState().get(i);
            AutoDiff b = fast.getContext().getContinuousState().get(i);
            assertEquals(a, b, what + ", state " + i);
            assertEquals(3, b.gradientSize(), what);
        }
    }

    @Test
    void theContextHoldsTheStateAfterEveryAdvanceAndTheNextGoesOnFromIt() {
        for (String scheme : List.of("runge_kutta3", "runge_kutta5", "bogacki_shampine3")) {
            Simulator<AutoDiff> fast = seeded(compiledPendulum(), scheme);
            Simulator<AutoDiff> reference = seeded(inDiagram(compiledPendulum()), scheme);
            for (double t = 0.25; t <= 1.0; t += 0.25) {
                fast.advanceTo(t);
                reference.advanceTo(t);
                assertSameState(reference, fast, scheme + " at " + t);
                // an output reads the context's state: sin(q) with its gradient
                AutoDiff y = fast.getSystem().getOutputPort(0).eval(fast.getContext()).get(0);
                assertEquals(reference.getSystem().getOutputPort(0).eval(reference.getContext()).get(0), y,
                        scheme + " output at " + t);
            }
            assertEquals(reference.getIntegrator().getNumStepsTaken(), fast.getIntegrator().getNumStepsTaken());
        }
    }

    @Test
    void aMonitorSetBetweenAdvancesSeesEveryStepAsTheObjectPathDoes() {
        for (String scheme : List.of("runge_kutta3", "runge_kutta5")) {
            List<List<AutoDiff>> seen = new ArrayList<>();
            for (DynamicalSystem<Double> s : List.of(compiledPendulum(), inDiagram(compiledPendulum()))) {
                Simulator<AutoDiff> sim = seeded(s, scheme);
                sim.advanceTo(0.5);
                List<AutoDiff> steps = new ArrayList<>();
                sim.setMonitor(c -> {
                    steps.add(c.getTime());
                    steps.add(c.getContinuousState().get(0));
                    steps.add(c.getContinuousState().get(1));
                    return EventStatus.didNothing();
                });
                sim.advanceTo(1.0);
                // and quiet again to the end
                sim.clearMonitor();
                sim.advanceTo(1.5);
                steps.add(sim.getContext().getContinuousState().get(0));
                steps.add(sim.getContext().getContinuousState().get(1));
                seen.add(steps);
            }
            assertTrue(seen.get(0).size() > 20, scheme);
            assertEquals(seen.get(1), seen.get(0), scheme);
        }
    }

    @Test
    void aRejectedStepIsRetriedFromItsStartAsOnTheObjectPath() {
        // A step as long as the whole run, then error control: the first attempts are rejected and retried from
        // their start, which the tangent path keeps on its arrays between the attempt and the retry.
        for (String scheme : List.of("runge_kutta3", "bogacki_shampine3", "runge_kutta5")) {
            Simulator<AutoDiff> fast = seeded(compiledPendulum(), scheme);
            Simulator<AutoDiff> reference = seeded(inDiagram(compiledPendulum()), scheme);
            for (Simulator<AutoDiff> sim : List.of(fast, reference)) {
                sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 2.0, ctx));
                sim.getMutableIntegrator().setTargetAccuracy(1e-9);
                sim.getMutableIntegrator().requestInitialStepSizeTarget(2.0);
                sim.initialize();
                sim.advanceTo(2.0);
            }
            long rejected = fast.getIntegrator().getNumStepShrinkagesFromErrorControl();
            assertTrue(rejected >= 3, scheme + ": " + rejected + " rejected steps");
            assertEquals(reference.getIntegrator().getNumStepShrinkagesFromErrorControl(), rejected, scheme);
            assertEquals(reference.getIntegrator().getNumStepsTaken(), fast.getIntegrator().getNumStepsTaken(),
                    scheme);
            assertSameState(reference, fast, scheme + " at 2 s");
        }
    }

    @Test
    void theInterpolantOfTheLastStepIsTheObjectPaths() {
        for (String scheme : List.of("runge_kutta3", "runge_kutta5")) {
            Simulator<AutoDiff> fast = seeded(compiledPendulum(), scheme);
            Simulator<AutoDiff> reference = seeded(inDiagram(compiledPendulum()), scheme);
            fast.advanceTo(0.8);
            reference.advanceTo(0.8);
            for (Simulator<AutoDiff> sim : List.of(fast, reference)) {
                IntegratorBase<AutoDiff> integrator = sim.getMutableIntegrator();
                integrator.prepareInterpolant();
                double t0 = integrator.getLastStepStartTime();
                integrator.interpolateIntoContext(t0 + 0.4 * (integrator.getLastStepEndTime() - t0));
            }
            assertSameState(reference, fast, scheme + " interpolated");
        }
    }

    /**
     * {@code x' = -p x} from {@code x0 = 2}, its tangent written by hand; a witness function publishes at {@code
     * x = 1} and a periodic event every 0.25 s, each recording the time and the state.
     */
    static final class RecordingDecay extends LeafSystem<AutoDiff> implements TangentTimeDerivatives<AutoDiff> {
        final List<AutoDiff> times = new ArrayList<>();
        final List<AutoDiff> states = new ArrayList<>();
        int witnessed;

        RecordingDecay() {
            super(AutoDiff.SCALAR, "decay");
            declareContinuousState(1);
            declareNumericParameter(0.7);
            declareWitnessFunction("x - 1", WitnessDirection.CROSSES_ZERO,
                    c -> c.getContinuousState().get(0).add(-1.0), c -> {
                        witnessed++;
                        return record(c);
                    });
            declarePeriodicPublishEvent(0.25, 0.25, this::record);
        }

        private EventStatus record(Context<AutoDiff> c) {
            times.add(c.getTime());
            states.add(c.getContinuousState().get(0));
            return EventStatus.succeeded();
        }

        @Override
        protected void doCalcTimeDerivatives(Context<AutoDiff> context, ContinuousState<AutoDiff> derivatives) {
            AutoDiff p = context.getNumericParameter(0).get(0);
            derivatives.set(0, p.mul(context.getContinuousState().get(0)).neg());
        }

        @Override
        public int tangentWidth(Context<AutoDiff> context) {
            return context.getNumericParameter(0).get(0).gradientSize();
        }

        @Override
        public void calcTimeDerivativesTangents(Context<AutoDiff> context, double t, double[] x, double[] tangents,
                int width, double[] xdot, double[] xdotTangents) {
            AutoDiff pv = context.getNumericParameter(0).get(0);
            double p = pv.value();
            xdot[0] = -p * x[0];
            for (int c = 0; c < width; c++) {
                xdotTangents[c] = -(p * tangents[c] + pv.derivative(c) * x[0]);
            }
        }
    }

    @Test
    void eventsAndWitnessFunctionsSeeTheStateAndItsGradientOnTheTangentPath() {
        for (String scheme : List.of("runge_kutta3", "runge_kutta5")) {
            RecordingDecay system = new RecordingDecay();
            Simulator<AutoDiff> sim = new Simulator<>(system);
            Context<AutoDiff> c = sim.getMutableContext();
            c.getMutableContinuousState().set(0, AutoDiff.variable(2.0, 2, 0));
            c.getMutableNumericParameter(0).set(0, AutoDiff.variable(0.7, 2, 1));
            sim.resetIntegrator((sys, ctx) -> IntegrationSchemes.create(scheme, sys, 0.01, ctx));
            sim.getMutableIntegrator().setTargetAccuracy(1e-10);
            sim.advanceTo(1.6);
            assertEquals(1, system.witnessed, scheme);
            // 6 periodic publishes (0.25 to 1.5) and the crossing at t = ln 2 / 0.7 = 0.990
            assertEquals(7, system.times.size(), scheme);
            boolean crossingSeen = false;
            for (int k = 0; k < system.times.size(); k++) {
                AutoDiff time = system.times.get(k);
                double t = time.value();
                AutoDiff x = system.states.get(k);
                if (Math.abs(t - Math.log(2) / 0.7) < 1e-6) {
                    // at the crossing t* = ln(x0) / p, so dt*/dx0 = 1 / (p x0), dt*/dp = -ln(x0) / p^2, and the
                    // state there is 1 whatever x0 and p: its gradient is zero
                    crossingSeen = true;
                    assertEquals(1 / (0.7 * 2), time.derivative(0), 1e-6, scheme);
                    assertEquals(-Math.log(2) / (0.7 * 0.7), time.derivative(1), 1e-6, scheme);
                    assertEquals(1.0, x.value(), 1e-8, scheme);
                    assertEquals(0.0, x.derivative(0), 1e-8, scheme);
                    assertEquals(0.0, x.derivative(1), 1e-8, scheme);
                    continue;
                }
                double e = Math.exp(-0.7 * t);
                assertTrue(time.isConstant(), scheme + " publish time");
                assertEquals(2 * e, x.value(), 1e-8, scheme + " at " + t);
                assertEquals(e, x.derivative(0), 1e-8, scheme + " d/dx0 at " + t);
                assertEquals(-2 * t * e, x.derivative(1), 1e-8, scheme + " d/dp at " + t);
            }
            assertTrue(crossingSeen, scheme);
            assertFalse(system.states.get(6).isConstant(), scheme);
        }
    }
}
