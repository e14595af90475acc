package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Design principle 3: on the double path the simulator, its event machinery and the integrators allocate
 * nothing per step. The system below is written without boxing (getValue / setValue), so any allocation
 * measured comes from the framework.
 */
class DoublePathAllocationTest {

    /** An oscillator with a periodic discrete update, a per-step publish and a witness, all boxing-free. */
    private static final class Busy extends LeafSystem<Double> {
        private static final Double TWO = 2.0;
        long publishes;

        Busy() {
            super(Scalar.DOUBLE, "busy");
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1, 0);
            declareDiscreteState(0.0);
            declarePeriodicDiscreteUpdateEvent(0.01, 0, (c, xd) -> {
                xd.get().setValue(0, c.getDiscreteState(0).getValue(0) + 1);
                return EventStatus.succeeded();
            });
            declarePerStepPublishEvent(c -> {
                publishes++;
                return EventStatus.succeeded();
            });
            declareWitnessFunction("never", WitnessDirection.CROSSES_ZERO, c -> TWO, null);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> d) {
            ContinuousState<Double> x = context.getContinuousState();
            d.setValue(0, x.getValue(1));
            d.setValue(1, -x.getValue(0));
        }
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void steppingTheDoublePathAllocatesNothingPerStep() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        Busy busy = new Busy();
        Simulator<Double> simulator = new Simulator<>(busy);
        simulator.advanceTo(5.0); // warm up
        long steps0 = simulator.getNumStepsTaken();
        long before = allocatedBytes();
        simulator.advanceTo(25.0);
        long after = allocatedBytes();
        long steps = simulator.getNumStepsTaken() - steps0;
        assertTrue(steps >= 2000, "steps " + steps);
        // Any object allocated per step would cost at least 16 bytes per step; a few kilobytes in total are
        // the measurement's own and the JIT's.
        double perStep = (double) (after - before) / steps;
        assertTrue(perStep < 4, perStep + " bytes per step");
    }
}
