package dev.mallard.spark;

import dev.mallard.simulator.MonteCarlo;
import dev.mallard.simulator.Parallelism;
import dev.mallard.simulator.ReplayableRandom;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.apache.spark.sql.SparkSession;

/**
 * The timing behind docs/PERFORMANCE.md's Spark section (run by {@code spark/timing.sh}, never by the build):
 * a bouncing-ball study with random drop height and restitution, in-process {@code MonteCarlo} with 1 and 2
 * threads against {@code SparkMonteCarlo} in {@code local[1]} and {@code local[2]}, both randomness modes.
 * Each configuration is warmed up once and then timed {@code REPEATS} times; the fastest and the median run
 * are printed, wall clock, results collected to the driver.
 */
public final class MonteCarloTiming {

    private static final int REPEATS = 5;
    private static final double FINAL_TIME = 1.2;

    private MonteCarloTiming() {
    }

    /**
     * @param args the number of samples (default 100000)
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, false);
        System.out.printf(Locale.ROOT, "%d samples, final time %.1f s, %d repeats, nproc %d%n", n, FINAL_TIME,
                REPEATS, Runtime.getRuntime().availableProcessors());
        for (int threads : new int[] {1, 2}) {
            time("in-process MonteCarlo, " + threads + " thread(s)", () -> MonteCarlo.monteCarloSimulation(
                    study.makeSimulator(), study.output(), FINAL_TIME, n, new ReplayableRandom(1),
                    Parallelism.of(threads)).size());
        }
        long driverOnly = timeOnce(() -> {
            ReplayableRandom gen = new ReplayableRandom(1);
            for (int i = 0; i < n; i++) {
                study.makeSimulator().apply(gen);
            }
            return n;
        });
        System.out.printf(Locale.ROOT, "%-52s %8.3f s%n", "sequential mode's serial pass (makeSimulator only)",
                driverOnly / 1e9);
        for (int threads : new int[] {1, 2}) {
            SparkSession spark = SparkSession.builder().master("local[" + threads + "]").appName("timing")
                    .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
            for (RandomnessMode mode : RandomnessMode.values()) {
                time("Spark local[" + threads + "], " + mode.name().toLowerCase(Locale.ROOT), () -> SparkMonteCarlo
                        .collect(SparkMonteCarlo.run(spark, study, n, 1, mode)).size());
            }
            // the same simulations without bringing the rows to the driver: the cost of collecting
            time("Spark local[" + threads + "], indexed, count only", () -> SparkMonteCarlo.run(spark, study, n, 1,
                    RandomnessMode.INDEXED).count());
            spark.stop();
        }
    }

    private static void time(String label, LongSupplier run) {
        run.getAsLong();
        long[] nanos = new long[REPEATS];
        for (int r = 0; r < REPEATS; r++) {
            nanos[r] = timeOnce(run);
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "%-52s %8.3f s fastest, %8.3f s median%n", label, nanos[0] / 1e9,
                nanos[REPEATS / 2] / 1e9);
    }

    private static long timeOnce(LongSupplier run) {
        long start = System.nanoTime();
        long size = run.getAsLong();
        long elapsed = System.nanoTime() - start;
        if (size <= 0) {
            throw new IllegalStateException("no samples ran");
        }
        return elapsed;
    }
}
