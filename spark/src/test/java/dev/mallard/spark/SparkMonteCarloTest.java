package dev.mallard.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.RandomSimulationResult;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SparkMonteCarloTest {

    private static final double FINAL_TIME = 1.2;
    private static final int SAMPLES = 200;
    /** The simulator's default accuracy leaves errors of about 1e-4 m against the closed form. */
    private static final double TOLERANCE = 1e-3;
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSessions.shared();
    }

    @Test
    void sequentialModeEqualsSerialMonteCarloBitForBit() {
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, true);
        List<RandomSimulationResult> serial = MonteCarlo.monteCarloSimulation(study.makeSimulator(), study.output(),
                FINAL_TIME, SAMPLES, new ReplayableRandom(11), Parallelism.none());
        for (int tasks : new int[] {1, 3, 8}) {
            List<SampleResult> distributed = SparkMonteCarlo.collect(
                    SparkMonteCarlo.run(spark, study, SAMPLES, 11, RandomnessMode.SEQUENTIAL, tasks));
            assertEquals(serial.stream().map(SampleResult::of).toList(), distributed, tasks + " tasks");
            assertEquals(distributed, SparkMonteCarlo.runAndCollect(spark, study, SAMPLES, 11,
                    RandomnessMode.SEQUENTIAL, tasks), tasks + " tasks, collected as blocks");
        }
    }

    @Test
    void aVectorStudyEqualsItsInProcessRunsAndTheScalarStudyEntryByEntry() {
        MonteCarloStudy<Double> vector = BouncingBallStudy.vector(FINAL_TIME, true);
        MonteCarloStudy<Double> heights = BouncingBallStudy.of(FINAL_TIME, true);
        for (RandomnessMode mode : RandomnessMode.values()) {
            Dataset<Row> rows = SparkMonteCarlo.run(spark, vector, SAMPLES, 11, mode, 3);
            assertEquals(List.of(SparkMonteCarlo.VECTOR_SCHEMA.fieldNames()), List.of(rows.columns()));
            List<SampleResult> distributed = SparkMonteCarlo.collect(rows);
            assertEquals(SparkMonteCarlo.runInProcess(vector, SAMPLES, 11, mode), distributed, mode.toString());
            assertEquals(distributed, SparkMonteCarlo.runAndCollect(spark, vector, SAMPLES, 11, mode, 3),
                    mode + ", collected as blocks");
            List<SampleResult> scalar = SparkMonteCarlo.runInProcess(heights, SAMPLES, 11, mode);
            int succeeded = 0;
            for (int i = 0; i < SAMPLES; i++) {
                SampleResult v = distributed.get(i);
                assertTrue(v.isVector());
                assertEquals(scalar.get(i).failure(), v.failure(), v.toString());
                if (v.failure() == null) {
                    succeeded++;
                    assertEquals(Double.doubleToRawLongBits(scalar.get(i).output()),
                            Double.doubleToRawLongBits(v.outputs()[0]), v.toString());
                    ReplayableRandom g = v.generator();
                    double h = 1 + g.nextDouble();
                    double e = 0.5 + 0.4 * g.nextDouble();
                    assertEquals(BouncingBallStudy.closedFormVelocity(h, e, FINAL_TIME), v.outputs()[1], TOLERANCE,
                            v.toString());
                } else {
                    assertNull(v.outputs());
                }
            }
            assertTrue(succeeded > SAMPLES / 2, succeeded + " samples succeeded");
        }
        List<SampleResult> sequential = SparkMonteCarlo.runInProcess(vector, SAMPLES, 11, RandomnessMode.SEQUENTIAL);
        assertEquals(MonteCarlo.monteCarloVectorSimulation(vector.makeSimulator(), vector.vectorOutput(), FINAL_TIME,
                SAMPLES, new ReplayableRandom(11), Parallelism.of(2)).stream().map(SampleResult::of).toList(),
                sequential);
        assertThrows(IllegalStateException.class, vector::output);
        assertThrows(IllegalStateException.class, heights::vectorOutput);
        assertThrows(IllegalStateException.class, () -> sequential.get(0).output());
    }

    @Test
    void failuresStayInTheirRowsWithTheSerialMessages() {
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, true);
        Dataset<Row> rows = SparkMonteCarlo.run(spark, study, SAMPLES, 11, RandomnessMode.SEQUENTIAL, 4);
        assertEquals(SAMPLES, rows.count());
        List<SampleResult> results = SparkMonteCarlo.collect(rows);
        long refused = 0;
        long tooLow = 0;
        for (SampleResult r : results) {
            ReplayableRandom g = r.generator();
            double h = 1 + g.nextDouble();
            double e = 0.5 + 0.4 * g.nextDouble();
            double z = BouncingBallStudy.closedFormHeight(h, e, FINAL_TIME);
            if (h > 1.9) {
                refused++;
                assertEquals("java.lang.IllegalArgumentException: drop height " + h
                        + " is above the 1.9 m the rig allows", r.failure());
                assertTrue(Double.isNaN(r.output()));
            } else if (z < 0.05 - TOLERANCE) {
                tooLow++;
                assertTrue(r.failure().startsWith("java.lang.IllegalStateException: the ball is too low"), r.failure());
            } else if (z > 0.05 + TOLERANCE) {
                assertNull(r.failure(), r.toString());
                assertEquals(z, r.output(), TOLERANCE, r.toString());
            }
        }
        // both kinds of failure occur (with these draws: about 10% and 20% of the samples)
        assertTrue(refused > 5 && tooLow > 5, refused + " refused, " + tooLow + " too low");
        assertEquals(SAMPLES, results.stream().mapToLong(SampleResult::sample).distinct().count());
    }

    @Test
    void indexedModeDoesNotDependOnThePartitioning() {
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, true);
        List<SampleResult> reference = SparkMonteCarlo.runInProcess(study, SAMPLES, 5, RandomnessMode.INDEXED);
        for (int tasks : new int[] {1, 2, 7}) {
            Dataset<Row> rows = SparkMonteCarlo.run(spark, study, SAMPLES, 5, RandomnessMode.INDEXED, tasks);
            assertEquals(reference, SparkMonteCarlo.collect(rows), tasks + " tasks");
            assertEquals(reference, SparkMonteCarlo.collect(rows.repartition(3)), tasks + " tasks, repartitioned");
            assertEquals(reference, SparkMonteCarlo.runAndCollect(spark, study, SAMPLES, 5, RandomnessMode.INDEXED,
                    tasks), tasks + " tasks, collected as blocks");
        }
        // sample i's generator is the indexed stream's, not the sequential one
        assertEquals(IndexedStreams.generator(5, 17), reference.get(17).generator());
        assertNotEquals(SparkMonteCarlo.runInProcess(study, SAMPLES, 5, RandomnessMode.SEQUENTIAL), reference);
    }

    @Test
    void aRowsGeneratorReplaysItsSample() {
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, false);
        List<SampleResult> results = SparkMonteCarlo.collect(
                SparkMonteCarlo.run(spark, study, 30, 3, RandomnessMode.INDEXED, 2));
        for (SampleResult r : results) {
            double replay = MonteCarlo.randomSimulation(study.makeSimulator(), study.output(), FINAL_TIME,
                    r.generator());
            assertEquals(Double.doubleToRawLongBits(r.output()), Double.doubleToRawLongBits(replay), r.toString());
        }
    }

    @Test
    void aStudyCapturingABuiltSystemIsRefusedOnTheDriver() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1, 0.5, 9.81);
        StochasticSimulation<Double> capturesTheSystem = gen -> new Simulator<>(ball);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MonteCarloStudy.of(capturesTheSystem, (s, c) -> 0.0, 1.0));
        assertTrue(e.getMessage().startsWith("the stochastic simulation (makeSimulator) cannot be shipped to Spark "
                + "executors: it is or captures an instance of dev.mallard.examples.BouncingBall"), e.getMessage());
    }

    @Test
    void badCountsAreRefused() {
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, false);
        assertEquals("numSamples must be >= 0, got -1", assertThrows(IllegalArgumentException.class,
                () -> SparkMonteCarlo.run(spark, study, -1, 0, RandomnessMode.INDEXED, 2)).getMessage());
        assertEquals("numTasks must be >= 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> SparkMonteCarlo.run(spark, study, 10, 0, RandomnessMode.INDEXED, 0)).getMessage());
        assertEquals(0, SparkMonteCarlo.run(spark, study, 0, 0, RandomnessMode.SEQUENTIAL).count());
    }
}
