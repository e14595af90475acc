package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import org.junit.jupiter.api.Test;

/** Error control near a finite-time blow-up: it must stop at the working minimum step, never below it. */
class MinimumStepTest {

    /** x' = x^2 from x(0) = 1: x = 1 / (1 - t), which blows up at t = 1. */
    private static final class BlowUp<T> extends LeafSystem<T> {
        BlowUp(Scalar<T> scalar) {
            super(scalar, "blow-up");
            declareContinuousState(1);
            setDefaultContinuousState(1.0);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            derivatives.set(0, scalar().square(context.getContinuousState().get(0)));
        }
    }

    @Test
    void errorControlThrowsAtTheMinimumStepBeforeTheBlowUp() {
        Simulator<Double> simulator = new Simulator<>(new BlowUp<>(Scalar.DOUBLE));
        simulator.initialize();
        simulator.getMutableIntegrator().startDenseIntegration();
        SimulationException e = assertThrows(SimulationException.class, () -> simulator.advanceTo(2.0));
        assertTrue(e.getMessage().contains("below the minimum"), e.getMessage());
        double t = simulator.getContext().getTimeValue();
        // The numerical solution blows up within about the accuracy (1e-4) of the exact time 1.
        assertTrue(t > 0.999 && t < 1.001, "stopped at t = " + t);
        // Every committed step advanced time: the dense output's breaks are strictly increasing.
        double[] breaks = simulator.getIntegrator().getDenseOutput().getBreaks();
        for (int k = 1; k < breaks.length; k++) {
            assertTrue(breaks[k] > breaks[k - 1], "break " + k + " does not advance: " + breaks[k]);
        }
    }

    @Test
    void withoutThrowingItTakesMinimumStepsUntilTheStateIsNoLongerFinite() {
        Simulator<Double> simulator = new Simulator<>(new BlowUp<>(Scalar.DOUBLE));
        simulator.getMutableIntegrator().setThrowOnMinimumStepSizeViolation(false);
        simulator.initialize();
        simulator.getMutableIntegrator().startDenseIntegration();
        SimulationException e = assertThrows(SimulationException.class, () -> simulator.advanceTo(2.0));
        assertTrue(e.getMessage().contains("index 0"), e.getMessage());
        double[] breaks = simulator.getIntegrator().getDenseOutput().getBreaks();
        for (int k = 1; k < breaks.length; k++) {
            assertTrue(breaks[k] > breaks[k - 1], "break " + k + " does not advance: " + breaks[k]);
        }
        assertTrue(breaks[breaks.length - 1] < 1.001, "passed the blow-up: " + breaks[breaks.length - 1]);
    }
}
