package dev.mallard.examples.programs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class SampledStepTimingTest {

    /**
     * The log at a sample time t_k holds the value before t_k's update, i.e. the sample latched at t_(k-1): the
     * step at 0 (a sample time) is latched at 0.1 and so logged from 0.2; a step before 0 is latched at 0.
     */
    @Test
    void aStepAtASampleTimeIsLatchedOnePeriodLate() {
        assertArrayEquals(new double[] {0, 0.1, 0.2, 0.30000000000000004},
                SampledStepTiming.simulate(0.0).sampleTimes());
        assertArrayEquals(new double[] {0, 0, 1, 1}, SampledStepTiming.simulate(0.0).data()[0]);
        assertArrayEquals(new double[] {0, 0, 1, 1}, SampledStepTiming.simulate(0.05).data()[0]);
        assertArrayEquals(new double[] {0, 1, 1, 1}, SampledStepTiming.simulate(-1.0).data()[0]);
    }
}
