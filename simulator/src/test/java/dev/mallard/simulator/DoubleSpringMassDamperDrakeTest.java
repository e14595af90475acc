package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.ImplicitIntegrator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.systems.Context;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Drake's DoubleSpringMassDamperTest (implicit_integrator_test.h), for the implicit schemes Drake runs it for:
 * error control at accuracy 1e-5 with maximum and initial step 0.1, with and without Jacobian reuse; at
 * t = 1 positions within 2e-2 and velocities within 1.2e-1 of the rigidly-joined solution (about 0.4351,
 * 1.4351 and -4.772).
 */
class DoubleSpringMassDamperDrakeTest {

    @ParameterizedTest
    @CsvSource({"implicit_euler, false", "implicit_euler, true", "radau1, false", "radau1, true",
        "radau3, false", "radau3, true", "velocity_implicit_euler, false", "velocity_implicit_euler, true"})
    void theStiffPairMovesAsOneMassWithinDrakesTolerances(String scheme, boolean reuse) {
        StiffDoubleMassSpring<Double> sys = new StiffDoubleMassSpring<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        ImplicitIntegrator<Double> in = (ImplicitIntegrator<Double>) IntegrationSchemes.create(scheme, sys, 0.1, c);
        in.setMaximumStepSize(0.1);
        in.requestInitialStepSizeTarget(0.1);
        in.setTargetAccuracy(1e-5);
        in.setReuseJacobian(reuse);
        double[] expected = StiffDoubleMassSpring.solution(0.5, 0, 1.0);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        assertEquals(expected[0], c.getContinuousState().getValue(0), 2e-2, "x1");
        assertEquals(expected[1], c.getContinuousState().getValue(1), 2e-2, "x2");
        assertEquals(expected[2], c.getContinuousState().getValue(2), 1.2e-1, "v1");
        assertEquals(expected[3], c.getContinuousState().getValue(3), 1.2e-1, "v2");
    }
}
