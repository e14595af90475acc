package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.RandomSimulationResult;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleBiFunction;
import org.junit.jupiter.api.Test;

class MonteCarloTest {

    private static final double FINAL_TIME = 1.0;

    /** An oscillator with a random frequency in [1, 2) and a Gaussian start; draws that are too large fail. */
    private static Simulator<Double> randomOscillator(ReplayableRandom gen) {
        double omega = 1 + gen.nextDouble();
        double q0 = gen.nextGaussian();
        if (q0 > 1.5) {
            throw new IllegalArgumentException("start " + q0 + " out of range");
        }
        // a start below -1.5 gets an infinite frequency: the simulation itself fails on a non-finite state
        Simulator<Double> sim = new Simulator<>(new Oscillator<>(Scalar.DOUBLE,
                q0 < -1.5 ? Double.POSITIVE_INFINITY : omega));
        sim.getMutableContext().setContinuousStateValues(q0, 0);
        return sim;
    }

    private static final Function<ReplayableRandom, Simulator<Double>> MAKE = MonteCarloTest::randomOscillator;
    private static final ToDoubleBiFunction<DynamicalSystem<Double>, Context<Double>> POSITION =
            (s, c) -> c.getContinuousState().getValue(0);

    @Test
    void parallelResultsAreIdenticalToSerialResults() {
        List<RandomSimulationResult> serial = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 40,
                new ReplayableRandom(42), Parallelism.none());
        List<RandomSimulationResult> parallel = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 40,
                new ReplayableRandom(42), Parallelism.of(3));
        assertEquals(40, parallel.size());
        for (int i = 0; i < 40; i++) {
            assertEquals(i, parallel.get(i).getSampleIndex());
            assertEquals(Double.doubleToRawLongBits(serial.get(i).getOutput()),
                    Double.doubleToRawLongBits(parallel.get(i).getOutput()), "sample " + i);
            assertArrayEquals(serial.get(i).getGeneratorSnapshot().getState(),
                    parallel.get(i).getGeneratorSnapshot().getState());
            assertEquals(serial.get(i).succeeded(), parallel.get(i).succeeded());
        }
    }

    @Test
    void eachSampleFollowsItsDrawnClosedForm() {
        List<RandomSimulationResult> results = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 20,
                new ReplayableRandom(7), Parallelism.none());
        for (RandomSimulationResult r : results) {
            ReplayableRandom g = r.getGeneratorSnapshot();
            double omega = 1 + g.nextDouble();
            double q0 = g.nextGaussian();
            if (r.succeeded()) {
                assertEquals(q0 * Math.cos(omega * FINAL_TIME), r.getOutput(), 1e-3, r.toString());
            }
        }
    }

    @Test
    void aSnapshotReplaysItsSampleExactly() {
        List<RandomSimulationResult> results = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 12,
                new ReplayableRandom(3), Parallelism.of(2));
        for (int i : new int[] {0, 5, 11}) {
            RandomSimulationResult r = results.get(i);
            if (r.succeeded()) {
                double replay = MonteCarlo.randomSimulation(MAKE, POSITION, FINAL_TIME, r.getGeneratorSnapshot());
                assertEquals(Double.doubleToRawLongBits(r.getOutput()), Double.doubleToRawLongBits(replay));
            }
        }
        // the snapshot of sample i+1 is where sample i left the generator
        ReplayableRandom g = results.get(4).getGeneratorSnapshot();
        g.nextDouble();
        g.nextGaussian();
        assertEquals(results.get(5).getGeneratorSnapshot(), g);
    }

    /** Kept difference: Drake's MonteCarloSimulationExceptionTest expects the study to throw, serial or parallel. */
    @Test
    void throwingSamplesAreReportedInTheirOwnResultsWithoutLosingTheOthers() {
        for (Parallelism p : List.of(Parallelism.none(), Parallelism.of(4))) {
            List<RandomSimulationResult> results = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 200,
                    new ReplayableRandom(11), p);
            int inMake = 0;
            int inSimulation = 0;
            for (RandomSimulationResult r : results) {
                ReplayableRandom g = r.getGeneratorSnapshot();
                g.nextDouble();
                double q0 = g.nextGaussian();
                if (q0 > 1.5) {
                    inMake++;
                    assertInstanceOf(IllegalArgumentException.class, r.getFailure().orElseThrow());
                    assertTrue(Double.isNaN(r.getOutput()));
                } else if (q0 < -1.5) {
                    inSimulation++;
                    assertInstanceOf(SimulationException.class, r.getFailure().orElseThrow());
                } else {
                    assertTrue(r.succeeded(), r.toString());
                }
            }
            // P(|N(0,1)| > 1.5) = 13%: with 200 samples both kinds occur
            assertTrue(inMake > 0 && inSimulation > 0, inMake + " " + inSimulation);
        }
    }

    @Test
    void progressIsReportedOncePerSampleInOrder() {
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 15, new ReplayableRandom(5), Parallelism.of(3),
                (done, total) -> {
                    assertEquals(15, total);
                    seen.add(done);
                });
        List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= 15; i++) {
            expected.add(i);
        }
        assertEquals(expected, seen);
    }

    @Test
    void aMissingGeneratorMeansTheSameDefaultEveryTime() {
        List<RandomSimulationResult> a = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 3, null,
                Parallelism.none());
        List<RandomSimulationResult> b = MonteCarlo.monteCarloSimulation(MAKE, POSITION, FINAL_TIME, 3, null,
                Parallelism.none());
        assertEquals(new ReplayableRandom(ReplayableRandom.DEFAULT_SEED), a.get(0).getGeneratorSnapshot());
        for (int i = 0; i < 3; i++) {
            assertEquals(a.get(i).getOutput(), b.get(i).getOutput());
        }
    }

    @Test
    void generatorMatchesThePublishedXoshiro256StarStarSequence() {
        // reference outputs of the authors' xoshiro256** from the state {1, 2, 3, 4}
        ReplayableRandom g = ReplayableRandom.fromState(new long[] {1, 2, 3, 4});
        assertEquals(11520L, g.nextLong());
        assertEquals(0L, g.nextLong());
        assertEquals(1509978240L, g.nextLong());
        assertEquals(1215971899390074240L, g.nextLong());
    }

    @Test
    void generatorStateRoundTripsAndRejectsTheZeroState() {
        ReplayableRandom g = new ReplayableRandom(1);
        g.nextLong();
        ReplayableRandom copy = ReplayableRandom.fromState(g.getState());
        assertEquals(g.nextLong(), copy.nextLong());
        assertThrows(IllegalArgumentException.class, () -> ReplayableRandom.fromState(new long[4]));
        assertThrows(IllegalArgumentException.class, () -> Parallelism.of(0));
        assertThrows(IllegalArgumentException.class, () -> MonteCarlo.monteCarloSimulation(MAKE, POSITION,
                FINAL_TIME, -1, null, Parallelism.none()));
    }
}
