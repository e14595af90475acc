package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RadauIntegrator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SimulatorConfigTest {

    private static SimulatorConfig custom() {
        return new SimulatorConfig().setIntegrationScheme("radau3").setMaxStepSize(0.02).setAccuracy(1e-6)
                .setUseErrorControl(false).setStartTime(1.5).setTargetRealtimeRate(2.0).setPublishEveryTimeStep(true);
    }

    @Test
    void aDefaultSimulatorExtractsToTheDefaultConfig() {
        Simulator<Double> sim = new Simulator<>(new Oscillator<>(Scalar.DOUBLE));
        SimulatorConfig defaults = new SimulatorConfig();
        assertEquals(defaults, SimulatorConfigFunctions.extractSimulatorConfig(sim));
        assertEquals("runge_kutta3", defaults.getIntegrationScheme());
        assertEquals(0.1, defaults.getMaxStepSize());
        assertEquals(1e-4, defaults.getAccuracy());
        assertTrue(defaults.isUseErrorControl());
        assertEquals(0.0, defaults.getStartTime());
        assertEquals(0.0, defaults.getTargetRealtimeRate());
        assertFalse(defaults.isPublishEveryTimeStep());
        assertFalse(sim.getPublishEveryTimeStep());
    }

    @Test
    void appliedConfigIsExtractedUnchanged() {
        Simulator<Double> sim = new Simulator<>(new Oscillator<>(Scalar.DOUBLE));
        IntegratorBase<Double> old = sim.getIntegrator();
        SimulatorConfigFunctions.applySimulatorConfig(custom(), sim);
        assertNotSame(old, sim.getIntegrator());
        assertInstanceOf(RadauIntegrator.class, sim.getIntegrator());
        assertTrue(sim.getIntegrator().getFixedStepMode());
        assertEquals(1.5, sim.getContext().getTimeValue());
        assertTrue(sim.getPublishEveryTimeStep());
        assertTrue(sim.getPublishAtInitialization(), "publish_every_time_step also sets publish at initialization");
        assertEquals(custom(), SimulatorConfigFunctions.extractSimulatorConfig(sim));
        SimulatorConfigFunctions.applySimulatorConfig(custom().setPublishEveryTimeStep(false), sim);
        assertFalse(sim.getPublishEveryTimeStep());
        assertFalse(sim.getPublishAtInitialization());
        assertFalse(SimulatorConfigFunctions.extractSimulatorConfig(sim).isPublishEveryTimeStep());
    }

    @Test
    void appliedConfigDrivesTheSimulation() {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Simulator<Double> sim = new Simulator<>(sys);
        SimulatorConfigFunctions.applySimulatorConfig(new SimulatorConfig().setIntegrationScheme("runge_kutta5")
                .setAccuracy(1e-9), sim);
        sim.advanceTo(2.0);
        assertEquals(Math.cos(2.0), sim.getContext().getContinuousState().getValue(0), 1e-7);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} finds the bouncing ball's impacts")
    @org.junit.jupiter.params.provider.MethodSource("schemes")
    void everySchemeDrivesTheSimulatorThroughWitnessEvents(String scheme) {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8);
        Simulator<Double> sim = new Simulator<>(ball);
        boolean fixed = scheme.equals("explicit_euler") || scheme.equals("semi_explicit_euler")
                || scheme.equals("runge_kutta2");
        SimulatorConfigFunctions.applySimulatorConfig(new SimulatorConfig().setIntegrationScheme(scheme)
                .setMaxStepSize(fixed ? 1e-3 : 0.05).setAccuracy(1e-7), sim);
        sim.advanceTo(1.5);
        assertEquals(2, ball.impactTimes.size(), ball.impactTimes.toString());
        // free fall is quadratic in time: error-controlled schemes of order >= 2 follow it exactly and isolate
        // the crossing; fixed-step schemes find it only to within a step (no isolation without error control)
        boolean firstOrder = scheme.contains("euler") || scheme.equals("radau1");
        double tol = firstOrder ? 5e-3 : fixed ? 1.5e-3 : 1e-6;
        for (int k = 0; k < 2; k++) {
            assertEquals(BouncingBall.impactTime(k, 1.0, 0.8), ball.impactTimes.get(k), tol, scheme + " impact " + k);
        }
    }

    static java.util.List<String> schemes() {
        return SimulatorConfigFunctions.getIntegrationSchemes();
    }

    @Test
    void resetIntegratorFromFlagsBuildsTheNamedSchemeOrRefusesWithTheName() {
        Simulator<Double> sim = new Simulator<>(new Oscillator<>(Scalar.DOUBLE));
        IntegratorBase<Double> in = SimulatorConfigFunctions.resetIntegratorFromFlags(sim, "runge_kutta2", 0.01);
        assertSame(in, sim.getIntegrator());
        assertEquals("runge_kutta2", in.getSchemeName());
        assertEquals(0.01, in.getMaximumStepSize());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SimulatorConfigFunctions.resetIntegratorFromFlags(sim, "euler", 0.01));
        assertEquals("Unknown integration scheme: euler", e.getMessage());
        assertSame(in, sim.getIntegrator(), "a refused scheme leaves the simulator unchanged");
    }

    @Test
    void yamlAndJsonRoundTripUnchanged() {
        SimulatorConfig c = custom();
        String yaml = c.toYaml();
        assertEquals("integration_scheme: radau3\nmax_step_size: 0.02\naccuracy: 1.0E-6\nuse_error_control: false\n"
                + "start_time: 1.5\ntarget_realtime_rate: 2.0\npublish_every_time_step: true\n", yaml);
        assertEquals(c, SimulatorConfig.fromYaml(yaml));
        assertEquals(yaml, SimulatorConfig.fromYaml(yaml).toYaml());
        String json = c.toJson();
        assertTrue(json.contains("\"integration_scheme\" : \"radau3\""), json);
        assertTrue(json.contains("\"publish_every_time_step\" : true"), json);
        assertEquals(c, SimulatorConfig.fromJson(json));
        assertEquals(json, SimulatorConfig.fromJson(json).toJson());
        assertEquals(new SimulatorConfig(), SimulatorConfig.fromYaml(new SimulatorConfig().toYaml()));
    }

    @Test
    void missingKeysKeepTheirDefaults() {
        SimulatorConfig c = SimulatorConfig.fromYaml("max_step_size: 0.5\n");
        assertEquals(new SimulatorConfig().setMaxStepSize(0.5), c);
        assertEquals(new SimulatorConfig().setAccuracy(1e-3), SimulatorConfig.fromJson("{\"accuracy\": 1e-3}"));
        assertEquals(new SimulatorConfig().setPublishEveryTimeStep(true),
                SimulatorConfig.fromYaml("publish_every_time_step: true\n"));
    }

    @Test
    void unknownFieldsAreRefusedWithTheirName() {
        IllegalArgumentException y = assertThrows(IllegalArgumentException.class,
                () -> SimulatorConfig.fromYaml("max_step: 0.5\n"));
        assertTrue(y.getMessage().startsWith("unknown field 'max_step'"), y.getMessage());
        IllegalArgumentException j = assertThrows(IllegalArgumentException.class,
                () -> SimulatorConfig.fromJson("{\"publish_every\": true}"));
        assertTrue(j.getMessage().startsWith("unknown field 'publish_every'"), j.getMessage());
    }

    @Test
    void badValuesInTextAreRefusedWithTheirMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SimulatorConfig.fromYaml("integration_scheme: rk4\n"));
        assertEquals("Unknown integration scheme: rk4", e.getMessage());
        IllegalArgumentException s = assertThrows(IllegalArgumentException.class,
                () -> SimulatorConfig.fromJson("{\"max_step_size\": -1}"));
        assertEquals("max_step_size must be finite and > 0, got -1.0", s.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SimulatorConfig.fromJson("{\"accuracy\": "));
    }

    @Test
    void statisticsNameTheSchemeAndCountTheWork() {
        Simulator<Double> sim = new Simulator<>(new StiffPair<>(Scalar.DOUBLE));
        SimulatorConfigFunctions.resetIntegratorFromFlags(sim, "radau3", 0.5);
        sim.advanceTo(1.0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SimulatorConfigFunctions.printSimulatorStatistics(sim, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Integrator radau3 (error control"), text);
        RadauIntegrator<Double> in = (RadauIntegrator<Double>) sim.getIntegrator();
        assertTrue(text.contains(String.format("%-40s %d", "Newton-Raphson iterations",
                in.getNumNewtonRaphsonIterations())), text);
        assertTrue(text.contains(String.format("%-40s %d", "steps taken (integrator)", in.getNumStepsTaken())), text);
        // each implicit total is followed by the error estimator's part of it
        assertTrue(in.getNumErrorEstimatorNewtonRaphsonIterations() > 0);
        assertTrue(text.contains(String.format("%-40s %d%n  %-40s %d", "Newton-Raphson iterations",
                in.getNumNewtonRaphsonIterations(), "  of which by the error estimator",
                in.getNumErrorEstimatorNewtonRaphsonIterations())), text);
        assertTrue(text.contains(String.format("%-40s %d%n  %-40s %d", "derivative evaluations",
                in.getNumDerivativeEvaluations(), "  of which by the error estimator",
                in.getNumErrorEstimatorDerivativeEvaluations())), text);
        assertFalse(SimulatorConfigFunctions.formatSimulatorStatistics(new Simulator<>(new Oscillator<>(Scalar.DOUBLE)))
                .contains("Newton"));
    }
}
