package dev.mallard.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The tests' Spark session: one {@code local[2]} session shared by every test class of the JVM (a JVM has
 * at most one Spark context, and starting one costs seconds), no UI, bound to the loopback interface. Spark
 * stops it when the JVM exits.
 */
final class SparkSessions {

    private static SparkSession shared;

    private SparkSessions() {
    }

    static synchronized SparkSession shared() {
        if (shared == null || shared.sparkContext().isStopped()) {
            shared = builder().master("local[2]").getOrCreate();
        }
        return shared;
    }

    /** Stops the shared session, for a test that needs a context of its own. */
    static synchronized void stopShared() {
        if (shared != null) {
            shared.stop();
            shared = null;
        }
    }

    static SparkSession.Builder builder() {
        return SparkSession.builder().appName("mallard-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1");
    }
}
