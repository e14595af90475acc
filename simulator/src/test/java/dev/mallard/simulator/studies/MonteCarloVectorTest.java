package dev.mallard.simulator.studies;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.primitives.LinearSystem;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleBiFunction;
import org.junit.jupiter.api.Test;

/**
 * Vector outputs of Monte Carlo studies: on {@code x' = -a x} in two states with a random rate {@code a} and a
 * random start, each sample's final state is {@code exp(-a T) x0}; the vector study agrees with the scalar
 * studies of each entry bit for bit, with itself under the same seed, and with its parallel run.
 */
class MonteCarloVectorTest {

    private static final double FINAL_TIME = 1.5;

    /** Draws a in [0.5, 2), then x0 with Gaussian entries; a negative first entry below -2 fails the sample. */
    private static Simulator<Double> randomDecay(ReplayableRandom gen) {
        double a = 0.5 + 1.5 * gen.nextDouble();
        double[] x0 = {gen.nextGaussian(), gen.nextGaussian()};
        if (x0[0] < -2) {
            throw new IllegalArgumentException("start " + x0[0] + " out of range");
        }
        LinearSystem<Double> decay = new LinearSystem<>(Scalar.DOUBLE, "decay", new double[][] {{-a, 0}, {0, -a}},
                new double[2][0], new double[][] {{1, 0}, {0, 1}}, new double[2][0]);
        Simulator<Double> sim = new Simulator<>(decay);
        sim.getIntegrator().setTargetAccuracy(1e-9);
        sim.getMutableContext().setContinuousStateValues(x0);
        return sim;
    }

    private static final Function<ReplayableRandom, Simulator<Double>> MAKE = MonteCarloVectorTest::randomDecay;
    private static final VectorSystemFunction<Double> FINAL_STATE =
            (s, c) -> c.getContinuousState().toValueArray();

    private static ToDoubleBiFunction<DynamicalSystem<Double>, Context<Double>> entry(int k) {
        return (s, c) -> c.getContinuousState().getValue(k);
    }

    @Test
    void eachSampleEndsAtItsDrawnClosedForm() {
        List<RandomSimulationResult> results = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME,
                30, new ReplayableRandom(11), Parallelism.none());
        int succeeded = 0;
        for (RandomSimulationResult r : results) {
            ReplayableRandom g = r.getGeneratorSnapshot();
            double a = 0.5 + 1.5 * g.nextDouble();
            double[] x0 = {g.nextGaussian(), g.nextGaussian()};
            if (x0[0] < -2) {
                assertFalse(r.succeeded(), r.toString());
                continue;
            }
            succeeded++;
            double decay = Math.exp(-a * FINAL_TIME);
            assertTrue(r.isVector());
            assertArrayEquals(new double[] {decay * x0[0], decay * x0[1]}, r.getOutputVector(), 1e-7, r.toString());
        }
        assertTrue(succeeded >= 25, succeeded + " samples succeeded");
    }

    @Test
    void theVectorEqualsTheScalarStudiesEntryByEntry() {
        List<RandomSimulationResult> vector = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME,
                25, new ReplayableRandom(5), Parallelism.none());
        for (int k = 0; k < 2; k++) {
            List<RandomSimulationResult> scalar = MonteCarlo.monteCarloSimulation(MAKE, entry(k), FINAL_TIME, 25,
                    new ReplayableRandom(5), Parallelism.none());
            for (int i = 0; i < 25; i++) {
                assertEquals(scalar.get(i).succeeded(), vector.get(i).succeeded());
                assertFalse(scalar.get(i).isVector());
                if (scalar.get(i).succeeded()) {
                    assertEquals(scalar.get(i).getOutput(), vector.get(i).getOutputVector()[k], 0.0,
                            "sample " + i + " entry " + k);
                    assertArrayEquals(new double[] {scalar.get(i).getOutput()}, scalar.get(i).getOutputVector());
                } else {
                    assertTrue(Double.isNaN(scalar.get(i).getOutput()));
                }
            }
        }
        ReplayableRandom gen = new ReplayableRandom(5);
        double single = MonteCarlo.randomSimulation(MAKE, entry(1), FINAL_TIME, gen.snapshot());
        assertEquals(single, MonteCarlo.randomVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME, gen)[1], 0.0);
    }

    @Test
    void theSameSeedGivesTheSameVectorsAndParallelEqualsSerial() {
        List<RandomSimulationResult> serial = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME, 30,
                new ReplayableRandom(9), Parallelism.none());
        List<RandomSimulationResult> again = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME, 30,
                new ReplayableRandom(9), Parallelism.none());
        List<RandomSimulationResult> parallel = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME,
                30, new ReplayableRandom(9), Parallelism.of(3));
        for (int i = 0; i < 30; i++) {
            assertEquals(serial.get(i).succeeded(), again.get(i).succeeded());
            assertEquals(serial.get(i).succeeded(), parallel.get(i).succeeded());
            assertEquals(i, parallel.get(i).getSampleIndex());
            assertArrayEquals(serial.get(i).getGeneratorSnapshot().getState(),
                    parallel.get(i).getGeneratorSnapshot().getState());
            if (serial.get(i).succeeded()) {
                assertArrayEquals(serial.get(i).getOutputVector(), again.get(i).getOutputVector(), 0.0);
                assertArrayEquals(serial.get(i).getOutputVector(), parallel.get(i).getOutputVector(), 0.0);
            }
        }
        // a snapshot replays its sample
        RandomSimulationResult r = serial.get(serial.get(7).succeeded() ? 7 : 8);
        assertArrayEquals(r.getOutputVector(),
                MonteCarlo.randomVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME, r.getGeneratorSnapshot()), 0.0);
    }

    @Test
    void theResultKeepsItsOwnCopyOfTheVector() {
        double[] buffer = new double[2];
        VectorSystemFunction<Double> reused = (s, c) -> {
            buffer[0] = c.getContinuousState().getValue(0);
            buffer[1] = c.getContinuousState().getValue(1);
            return buffer;
        };
        List<RandomSimulationResult> results = MonteCarlo.monteCarloVectorSimulation(MAKE, reused, FINAL_TIME, 6,
                new ReplayableRandom(2), Parallelism.none());
        List<RandomSimulationResult> fresh = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME, 6,
                new ReplayableRandom(2), Parallelism.none());
        for (int i = 0; i < 6; i++) {
            if (fresh.get(i).succeeded()) {
                assertArrayEquals(fresh.get(i).getOutputVector(), results.get(i).getOutputVector(), 0.0);
            }
        }
        RandomSimulationResult first = fresh.stream().filter(RandomSimulationResult::succeeded).findFirst().get();
        double[] out = first.getOutputVector();
        out[0] = 1e9;
        assertFalse(first.getOutputVector()[0] == 1e9, "the getter gives a copy");
    }

    @Test
    void failuresAndMisuseAreReported() {
        List<RandomSimulationResult> nulls = MonteCarlo.monteCarloVectorSimulation(MAKE, (s, c) -> null, FINAL_TIME,
                3, new ReplayableRandom(1), Parallelism.none());
        for (RandomSimulationResult r : nulls) {
            assertFalse(r.succeeded());
            assertTrue(Double.isNaN(r.getOutput()));
            IllegalStateException e = assertThrows(IllegalStateException.class, r::getOutputVector);
            assertTrue(e.getMessage().startsWith("sample " + r.getSampleIndex() + " failed and has no output"),
                    e.getMessage());
            assertInstanceOf(IllegalStateException.class, r.getFailure().get());
            assertEquals("the output function returned null", r.getFailure().get().getMessage());
        }
        RandomSimulationResult two = MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE, FINAL_TIME, 1,
                new ReplayableRandom(1), Parallelism.none()).get(0);
        assertTrue(two.succeeded());
        IllegalStateException e = assertThrows(IllegalStateException.class, two::getOutput);
        assertEquals("sample 0 has an output vector of 2 entries, not one number: use getOutputVector()",
                e.getMessage());
        assertThrows(NullPointerException.class, () -> MonteCarlo.monteCarloVectorSimulation(MAKE, null, FINAL_TIME,
                1, null, Parallelism.none()));
        assertThrows(IllegalArgumentException.class, () -> MonteCarlo.monteCarloVectorSimulation(MAKE, FINAL_STATE,
                FINAL_TIME, -1, null, Parallelism.none()));
    }
}
