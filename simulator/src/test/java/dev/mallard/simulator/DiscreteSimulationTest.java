package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiscreteSimulationTest {

    @Test
    void seedExampleLogsZeroTenTwentyThirtyAtTheSampleTimes() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        ExampleDiscreteSystem<Double> example = builder.addSystem(new ExampleDiscreteSystem<>(Scalar.DOUBLE));
        SampleLogger<Double> logger = builder.addSystem(new SampleLogger<>(Scalar.DOUBLE, 1,
                ExampleDiscreteSystem.PERIOD));
        builder.connect(example.getOutputPort("Sn"), logger.getInputPort("u"));
        Diagram<Double> diagram = builder.build();

        Simulator<Double> simulator = new Simulator<>(diagram);
        simulator.advanceTo(3 * ExampleDiscreteSystem.PERIOD);

        assertEquals(List.of(0.0, 0.02, 0.04, 0.06), logger.times);
        double[] logged = logger.values.stream().mapToDouble(v -> v[0]).toArray();
        assertArrayEquals(new double[] {0, 10, 20, 30}, logged, 0.0);
    }

    @Test
    void advancePendingEventsPerformsTheUpdateDueAtTheCurrentTime() {
        ExampleDiscreteSystem<Double> example = new ExampleDiscreteSystem<>(Scalar.DOUBLE);
        Simulator<Double> simulator = new Simulator<>(example);
        simulator.advanceTo(0.06);
        Context<Double> c = simulator.getContext();
        // x⁻(0.06) = x_3 = 3: updates ran at 0, 0.02 and 0.04; the one at 0.06 is pending.
        assertEquals(3.0, c.getDiscreteState(0).getValue(0), 0.0);
        SimulatorStatus status = simulator.advancePendingEvents();
        assertTrue(status.succeeded());
        assertEquals(0.06, status.boundaryTime(), 0.0);
        assertEquals(0.06, c.getTimeValue(), 0.0);
        assertEquals(4.0, c.getDiscreteState(0).getValue(0), 0.0);
        assertEquals(4, simulator.getNumDiscreteUpdates());
    }

    @Test
    void periodicPublishLandsExactlyOnItsPeriod() {
        // A continuous plant (integrated with error control) with a 0.5 s logger and a 0.1 s logger.
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        Oscillator<Double> plant = builder.addSystem(new Oscillator<>(Scalar.DOUBLE));
        SampleLogger<Double> logger = builder.addSystem(new SampleLogger<>(Scalar.DOUBLE, 1, 0.5));
        builder.connect(plant.getOutputPort("q"), logger.getInputPort("u"));
        Simulator<Double> simulator = new Simulator<>(builder.build());
        simulator.advanceTo(3.0);
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0), logger.times);

        DiagramBuilder<Double> b2 = new DiagramBuilder<>(Scalar.DOUBLE);
        Oscillator<Double> plant2 = b2.addSystem(new Oscillator<>(Scalar.DOUBLE));
        SampleLogger<Double> tenth = b2.addSystem(new SampleLogger<>(Scalar.DOUBLE, 1, 0.1));
        b2.connect(plant2.getOutputPort("q"), tenth.getInputPort("u"));
        new Simulator<>(b2.build()).advanceTo(2.0);
        assertEquals(21, tenth.times.size());
        for (int k = 0; k < tenth.times.size(); k++) {
            assertEquals(k * 0.1, tenth.times.get(k), 0.0, "sample " + k + " is k * 0.1, not a sum of periods");
            assertEquals(Math.cos(k * 0.1), tenth.values.get(k)[0], 1e-3);
        }
    }
}
