package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Drake's PleiadesTest (explicit_error_controlled_integrator_test.h), run for the schemes Drake runs it for
 * (runge_kutta3, runge_kutta5 and bogacki_shampine3 tests): variable steps of at most 0.1 at accuracy 1e-7
 * reach every position at t = 3 within 100 times that accuracy.
 */
class PleiadesDrakeTest {

    @ParameterizedTest
    @ValueSource(strings = {"runge_kutta3", "runge_kutta5", "bogacki_shampine3"})
    void thePleiadesPositionsAtTimeThreeAreWithinDrakesTolerance(String scheme) {
        Pleiades<Double> sys = new Pleiades<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = IntegrationSchemes.create(scheme, sys, 0.1, c);
        in.setMaximumStepSize(0.1);
        in.setFixedStepMode(false);
        double accuracy = 1e-7;
        in.setTargetAccuracy(accuracy);
        in.initialize();
        in.integrateWithMultipleStepsToTime(Pleiades.END_TIME);
        for (int i = 0; i < Pleiades.SOLUTION.length; i++) {
            assertEquals(Pleiades.SOLUTION[i], c.getContinuousState().getValue(i), 100 * accuracy, "q" + i);
        }
    }
}
