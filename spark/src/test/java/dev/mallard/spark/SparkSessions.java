package dev.mallard.spark;

import org.apache.spark.sql.SparkSession;

/** The tests' Spark sessions: local, no UI, few shuffle partitions, so that a session starts in seconds. */
final class SparkSessions {

    private SparkSessions() {
    }

    static SparkSession local(int threads) {
        return SparkSession.builder().master("local[" + threads + "]").appName("mallard-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }
}
