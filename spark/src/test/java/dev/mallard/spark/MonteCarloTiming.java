package dev.mallard.spark;

import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.spark.sql.SparkSession;

/**
 * The timing behind docs/PERFORMANCE.md's Spark section (run by {@code spark/timing.sh}, never by the build):
 * a bouncing-ball study with random drop height and restitution. For each parallelism P in {1, 2}, a Spark
 * session {@code local[P]} is started and three peers are timed in interleaved rounds (rotating their order,
 * so that adjacent runs see the same load): in-process {@code MonteCarlo} with P threads,
 * {@code SparkMonteCarlo} in both randomness modes with the rows collected to the driver, the indexed mode
 * collected as blocks ({@code runAndCollect}), and the sequential mode's serial pass alone. Each peer runs once to
 * warm up; the fastest and the median of the rounds are printed, wall clock.
 */
public final class MonteCarloTiming {

    private static final double FINAL_TIME = 1.2;

    private MonteCarloTiming() {
    }

    /**
     * @param args the number of samples (default 100000), the number of rounds (default 7) and the integrator's
     *     target accuracy (default: the simulator's)
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        double accuracy = args.length > 2 ? Double.parseDouble(args[2]) : Double.NaN;
        MonteCarloStudy<Double> study = BouncingBallStudy.of(FINAL_TIME, false, accuracy);
        System.out.printf(Locale.ROOT, "%d samples, final time %.1f s, accuracy %s, %d rounds, nproc %d%n", n,
                FINAL_TIME, Double.isNaN(accuracy) ? "default" : Double.toString(accuracy), rounds,
                Runtime.getRuntime().availableProcessors());
        for (int threads : new int[] {1, 2}) {
            SparkSession spark = SparkSession.builder().master("local[" + threads + "]").appName("timing")
                    .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
            Map<String, LongSupplier> peers = new LinkedHashMap<>();
            peers.put("in-process MonteCarlo, " + threads + " thread(s)", () -> MonteCarlo.monteCarloSimulation(
                    study.makeSimulator(), study.output(), FINAL_TIME, n, new ReplayableRandom(1),
                    Parallelism.of(threads)).size());
            for (RandomnessMode mode : RandomnessMode.values()) {
                peers.put("Spark local[" + threads + "], " + mode.name().toLowerCase(Locale.ROOT), () -> SparkMonteCarlo
                        .collect(SparkMonteCarlo.run(spark, study, n, 1, mode)).size());
            }
            peers.put("Spark local[" + threads + "], indexed, runAndCollect", () -> SparkMonteCarlo.runAndCollect(
                    spark, study, n, 1, RandomnessMode.INDEXED, 4 * threads).size());
            peers.put("sequential mode's serial pass (makeSimulator only)", () -> {
                ReplayableRandom gen = new ReplayableRandom(1);
                for (int i = 0; i < n; i++) {
                    study.makeSimulator().apply(gen);
                }
                return n;
            });
            interleave(peers, rounds);
            spark.stop();
        }
    }

    private static void interleave(Map<String, LongSupplier> peers, int rounds) {
        List<String> names = new ArrayList<>(peers.keySet());
        Map<String, List<Long>> times = new LinkedHashMap<>();
        for (String name : names) {
            timeOnce(peers.get(name));
            times.put(name, new ArrayList<>());
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < names.size(); k++) {
                String name = names.get((k + r) % names.size());
                times.get(name).add(timeOnce(peers.get(name)));
            }
        }
        for (String name : names) {
            List<Long> t = times.get(name);
            t.sort(null);
            System.out.printf(Locale.ROOT, "%-52s %8.3f s fastest, %8.3f s median%n", name, t.get(0) / 1e9,
                    t.get(t.size() / 2) / 1e9);
        }
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
