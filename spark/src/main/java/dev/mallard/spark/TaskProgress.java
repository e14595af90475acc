package dev.mallard.spark;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.Set;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Progress of the first Spark job started while it listens (the one that simulates the samples; later jobs
 * read them from the cache) on one console line, {@code "montecarlo: 12/40 tasks"}, updated as tasks finish.
 * Spark calls it from its listener thread.
 */
final class TaskProgress extends SparkListener {

    private final PrintWriter err;
    private final String label;
    private final Set<Integer> stages = new HashSet<>();
    private boolean started;
    private int total;
    private int finished;

    TaskProgress(PrintWriter err, String label) {
        this.err = err;
        this.label = label;
    }

    @Override
    public synchronized void onJobStart(SparkListenerJobStart jobStart) {
        if (started) {
            return;
        }
        started = true;
        for (StageInfo stage : scala.jdk.javaapi.CollectionConverters.asJava(jobStart.stageInfos())) {
            stages.add(stage.stageId());
            total += stage.numTasks();
        }
        show();
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        if (stages.contains(taskEnd.stageId())) {
            finished++;
            show();
        }
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
