package com.example;

import dev.mallard.spark.FormulaStudy;
import dev.mallard.spark.FormulaSystem;
import dev.mallard.spark.MonteCarloStudy;
import dev.mallard.spark.RandomnessMode;
import dev.mallard.spark.SampleResult;
import dev.mallard.spark.SparkMonteCarlo;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/** A Monte Carlo study of a falling ball's height on a local Spark session, as a user would write it. */
public final class SparkSnippet {

    private SparkSnippet() {
    }

    /**
     * Runs 8 samples of z(0.5) for z(0) uniform in [1, 2], free fall, and prints the count and the mean.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[1]").appName("mallard-consumer")
                .config("spark.ui.enabled", "false").getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        try {
            MonteCarloStudy<Double> study = FormulaStudy.of(new FormulaSystem("z,v", "v; -9.81", "", null, null),
                    null, "z=uniform(1, 2)", "z", 0.5);
            List<SampleResult> results = SparkMonteCarlo.runAndCollect(spark, study, 8, 7L, RandomnessMode.INDEXED,
                    2);
            double mean = results.stream().mapToDouble(SampleResult::output).average().orElseThrow();
            // z(0.5) = z0 - 9.81 / 8, with z0 in [1, 2]
            System.out.println("samples = " + results.size());
            System.out.println(String.format(Locale.ROOT, "mean in range = %b", mean > 1 - 1.22625 && mean < 2 - 1.22625));
        } finally {
            spark.stop();
        }
    }
}
