package dev.mallard.bench;

import dev.mallard.bench.model.EventScenario;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 3, event-heavy simulation: the same run with its events ({@code withEvents}) and without
 * ({@code withoutEvents}, the baseline). Derivative evaluations of both are printed by {@link RunStatistics}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EventBenchmark {

    /** The scenario. */
    @Param({"BOUNCING_BALL", "PERIODIC_1KHZ"})
    public EventScenario scenario;

    private EventScenario.Run with;
    private EventScenario.Run without;

    /** Builds both runs once per trial. */
    @Setup
    public void prepare() {
        with = scenario.run(true);
        without = scenario.run(false);
    }

    /** @return the final first state entry with events */
    @Benchmark
    public double withEvents() {
        return with.simulate();
    }

    /** @return the final first state entry without events */
    @Benchmark
    public double withoutEvents() {
        return without.simulate();
    }
}
