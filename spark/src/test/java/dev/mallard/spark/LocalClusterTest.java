package dev.mallard.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.List;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A real cluster on this machine, from Maven's jars alone: Spark's {@code local-cluster[2,1,512]} master starts
 * a standalone master and two workers in this JVM, and each worker launches an executor in a JVM of its own,
 * with this JVM's class path. Without a Spark distribution the workers' command builder needs
 * {@code SPARK_TESTING=1} and the Scala version in the executors' environment. Starting two JVMs takes 10 to
 * 50 seconds on a loaded 2-core machine, so the test is tagged {@code cluster} and left out of the normal
 * build: {@code mvn -pl spark -am verify -Dtest=LocalClusterTest -Dspark.test.excludedGroups=none
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("cluster")
class LocalClusterTest {

    private static final double FINAL_TIME = 1.2;
    private static final int SAMPLES = 120;
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        SparkSessions.stopShared();
        spark = SparkSessions.builder().master("local-cluster[2,1,512]")
                .config("spark.executor.memory", "512m")
                .config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
                .config("spark.executor.extraJavaOptions", System.getProperty("mallard.spark.jvm.flags", ""))
                .config("spark.executorEnv.SPARK_TESTING", "1")
                .config("spark.executorEnv.SPARK_SCALA_VERSION", "2.13")
                .getOrCreate();
        // the first job would otherwise run on whichever executor registers first
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (spark.sparkContext().getExecutorMemoryStatus().size() < 3 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void twoExecutorJvmsComputeWhatOneProcessComputes() {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<String> executors = jsc.parallelize(List.of(1, 2, 3, 4, 5, 6, 7, 8), 8)
                .map(i -> SparkEnv.get().executorId()).distinct().collect();
        assertEquals(2, executors.size(), executors.toString());
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, true);
        assertEquals(SparkMonteCarlo.runInProcess(study, SAMPLES, 21, RandomnessMode.INDEXED),
                SparkMonteCarlo.collect(SparkMonteCarlo.run(spark, study, SAMPLES, 21, RandomnessMode.INDEXED, 5)));
        assertEquals(MonteCarlo.monteCarloSimulation(study.makeSimulator(), study.output(), FINAL_TIME, SAMPLES,
                new ReplayableRandom(21), Parallelism.none()).stream().map(SampleResult::of).toList(),
                SparkMonteCarlo.collect(SparkMonteCarlo.run(spark, study, SAMPLES, 21, RandomnessMode.SEQUENTIAL, 4)));
    }
}
