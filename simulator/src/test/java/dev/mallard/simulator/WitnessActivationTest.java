package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import dev.mallard.systems.WitnessFunction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Witnesses activated by mode: the tracker must follow the active set as it changes from step to step. */
class WitnessActivationTest {

    /**
     * x' = 1 from x = 0. In mode 0 only "x - 1" is active, and its crossing switches to mode 1; in mode 1
     * only "x - 0.5" and "x - 2" are active. "x - 0.5" never triggers in mode 1 (x is already past it), and
     * "x - 1", though still declared, must not trigger again. "x - 2" publishes.
     */
    private static final class Switcher extends LeafSystem<Double> {
        final List<Double> publishes = new ArrayList<>();
        private final WitnessFunction<Double> first;
        private final WitnessFunction<Double> early;
        private final WitnessFunction<Double> second;

        Switcher() {
            super(Scalar.DOUBLE, "switcher");
            declareContinuousState(1);
            declareDiscreteState(0.0);
            first = declareWitnessFunctionWithDiscreteUpdate("x - 1", WitnessDirection.CROSSES_ZERO,
                    c -> c.getContinuousState().get(0) - 1, (c, xd) -> {
                        xd.get().set(0, 1.0);
                        return EventStatus.succeeded();
                    });
            early = declareWitnessFunction("x - 0.5", WitnessDirection.CROSSES_ZERO,
                    c -> c.getContinuousState().get(0) - 0.5, c -> {
                        publishes.add(-c.getTimeValue());
                        return EventStatus.succeeded();
                    });
            second = declareWitnessFunction("x - 2", WitnessDirection.CROSSES_ZERO,
                    c -> c.getContinuousState().get(0) - 2, c -> {
                        publishes.add(c.getTimeValue());
                        return EventStatus.succeeded();
                    });
        }

        @Override
        public void getWitnessFunctions(Context<Double> context, List<WitnessFunction<Double>> out) {
            if (context.getDiscreteState(0).getValue(0) == 0) {
                out.add(first);
            } else {
                out.add(early);
                out.add(second);
            }
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            throw new UnsupportedOperationException("double only");
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, 1.0);
        }
    }

    @Test
    void theActiveSetFollowsTheModeFromStepToStep() {
        Switcher system = new Switcher();
        Simulator<Double> simulator = new Simulator<>(system);
        simulator.initialize();
        double window = simulator.getCurrentWitnessTimeIsolation().getAsDouble();
        simulator.advanceTo(3.0);
        assertEquals(1.0, simulator.getContext().getDiscreteState(0).getValue(0), 0.0, "switched to mode 1");
        assertEquals(1, system.publishes.size(), "only x - 2 publishes: " + system.publishes);
        double t = system.publishes.get(0);
        assertTrue(t >= 2.0 && t <= 2.0 + window, "x = t crosses 2 at t = 2, published at " + t);
    }
}
