package dev.mallard.spark;

import java.io.PrintWriter;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Progress of Spark's tasks on one console line ({@code "montecarlo: 12/40 tasks"}), updated as tasks finish.
 * Spark calls it from its listener thread.
 */
final class TaskProgress extends SparkListener {

    private final PrintWriter err;
    private final String label;
    private int total;
    private int finished;

    TaskProgress(PrintWriter err, String label) {
        this.err = err;
        this.label = label;
    }

    @Override
    public synchronized void onJobStart(SparkListenerJobStart jobStart) {
        for (StageInfo stage : scala.jdk.javaapi.CollectionConverters.asJava(jobStart.stageInfos())) {
            total += stage.numTasks();
        }
        show();
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        finished++;
        show();
    }

    private void show() {
        err.print('\r' + label + ": " + finished + "/" + total + " tasks");
        err.flush();
    }

    /** Ends the progress line. */
    synchronized void done() {
        err.println();
        err.flush();
    }
}
