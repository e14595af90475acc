package dev.mallard.simulator.studies;

import dev.mallard.scalar.Checks;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.function.ToDoubleBiFunction;

/**
 * Monte Carlo studies of stochastic simulations (Drake's RandomSimulation and MonteCarloSimulation).
 * The random variable is one number, as in Drake ({@link #randomSimulation}, {@link #monteCarloSimulation}), or
 * a vector such as the final state ({@link #randomVectorSimulation}, {@link #monteCarloVectorSimulation}: a
 * Mallard addition with the same draws, replay, order and parallelism, so that a vector study's entry
 * {@code k} equals the scalar study of the entry {@code k} sample by sample). A stochastic simulation is a {@code makeSimulator} function that draws all its randomness (random
 * parameters, initial states, even the system's structure) from the generator it is given, and returns a
 * ready simulator; the generator must not be used afterwards (not from inside the simulation). Then:
 * <ul>
 *   <li>sample {@code i} starts from the generator as sample {@code i-1} left it, and its result keeps a
 *       snapshot of that state, which replays the sample exactly;</li>
 *   <li>with parallelism, {@code makeSimulator} still runs on the calling thread, in sample order, and
 *       only the simulation and the output run on worker threads: the results are identical to the serial
 *       run's. {@code output}, and anything the simulators share, must then be safe for concurrent use;</li>
 *   <li>a sample that throws is reported in its own result (output NaN, no vector), and the others still
 *       run. This differs from Drake's MonteCarloSimulation, which throws the failing sample's exception and
 *       returns nothing: a long study keeps its other results, and the failed one carries its exception and
 *       the generator snapshot that replays it ({@link RandomSimulationResult#getFailure},
 *       {@link RandomSimulationResult#succeeded}), so read the failures before the outputs;</li>
 *   <li>a progress callback that throws stops the whole study with its exception (see {@link Progress}).</li>
 * </ul>
 */
public final class MonteCarlo {

    /** Receives progress of a long study. */
    @FunctionalInterface
    public interface Progress {
        /**
         * Called once per finished sample, with strictly increasing {@code completed}; calls are serialised
         * (from worker threads when parallel). Must return quickly. Throwing a {@code RuntimeException}
         * stops the study (a way to cancel it): no further sample is started, the samples already running
         * finish without further reports, and the study throws that same exception, serial or parallel.
         *
         * @param completed samples finished so far, in [1, total]
         * @param total the number of samples
         */
        void onSampleFinished(int completed, int total);
    }

    private MonteCarlo() {
    }

    /**
     * One stochastic simulation: {@code sim = makeSimulator(generator)}, advance it to {@code finalTime}, and
     * evaluate {@code output(system, context)}.
     *
     * @param makeSimulator draws everything random from the generator and returns a simulator, not null
     * @param output the scalar random variable, a function of the system and its context at the final time
     * @param finalTime seconds, the time each simulation advances to
     * @param generator the source of randomness, advanced by {@code makeSimulator}
     * @param <T> the number type
     * @return the output
     * @throws RuntimeException whatever making, simulating or the output throws
     */
    public static <T> double randomSimulation(Function<ReplayableRandom, Simulator<T>> makeSimulator,
            ToDoubleBiFunction<DynamicalSystem<T>, Context<T>> output, double finalTime, ReplayableRandom generator) {
        Checks.notNull(makeSimulator, "makeSimulator");
        Checks.notNull(output, "output");
        Checks.notNull(generator, "generator");
        Simulator<T> sim = make(makeSimulator, generator);
        return finish(sim, scalar(output), finalTime)[0];
    }

    /**
     * {@link #randomSimulation} with a vector-valued output: {@code sim = makeSimulator(generator)}, advance it
     * to {@code finalTime}, and evaluate {@code output(system, context)}.
     *
     * @param makeSimulator draws everything random from the generator and returns a simulator, not null
     * @param output the vector random variable at the final time, not null
     * @param finalTime seconds, the time each simulation advances to
     * @param generator the source of randomness, advanced by {@code makeSimulator}
     * @param <T> the number type
     * @return a copy of the output vector
     * @throws IllegalStateException if the output returns null
     * @throws RuntimeException whatever making, simulating or the output throws
     */
    public static <T> double[] randomVectorSimulation(Function<ReplayableRandom, Simulator<T>> makeSimulator,
            VectorSystemFunction<T> output, double finalTime, ReplayableRandom generator) {
        Checks.notNull(makeSimulator, "makeSimulator");
        Checks.notNull(output, "output");
        Checks.notNull(generator, "generator");
        return finish(make(makeSimulator, generator), output, finalTime);
    }

    /**
     * {@link #monteCarloSimulation(Function, ToDoubleBiFunction, double, int, ReplayableRandom, Parallelism,
     * Progress)} without progress reports.
     *
     * @param makeSimulator see there
     * @param output see there
     * @param finalTime see there
     * @param numSamples see there
     * @param generator see there
     * @param parallelism see there
     * @param <T> the number type
     * @return the results in sample order
     */
    public static <T> List<RandomSimulationResult> monteCarloSimulation(
            Function<ReplayableRandom, Simulator<T>> makeSimulator, ToDoubleBiFunction<DynamicalSystem<T>, Context<T>> output,
            double finalTime, int numSamples, ReplayableRandom generator, Parallelism parallelism) {
        return monteCarloSimulation(makeSimulator, output, finalTime, numSamples, generator, parallelism, null);
    }

    /**
     * Runs {@code numSamples} random simulations (see the class comment for the order of draws, replay and
     * failures).
     *
     * @param makeSimulator draws everything random from the generator and returns a simulator, not null
     * @param output the scalar random variable at the final time, not null
     * @param finalTime seconds, finite
     * @param numSamples the number of simulations, {@code >= 0}
     * @param generator the source of randomness, advanced past all samples (reuse it for further independent
     *     samples); null for a fresh {@code new ReplayableRandom(DEFAULT_SEED)} (so repeated calls agree)
     * @param parallelism the number of worker threads, not null ({@link Parallelism#none()} for serial)
     * @param progress told about each finished sample, or null
     * @param <T> the number type
     * @return the results in sample order
     * @throws IllegalArgumentException for a negative count or a non-finite final time
     * @throws RuntimeException whatever {@code progress} throws, unchanged, after which the study stops
     */
    public static <T> List<RandomSimulationResult> monteCarloSimulation(
            Function<ReplayableRandom, Simulator<T>> makeSimulator, ToDoubleBiFunction<DynamicalSystem<T>, Context<T>> output,
            double finalTime, int numSamples, ReplayableRandom generator, Parallelism parallelism,
            Progress progress) {
        Checks.notNull(output, "output");
        return study(makeSimulator, scalar(output), false, finalTime, numSamples, generator, parallelism, progress);
    }

    /**
     * {@link #monteCarloVectorSimulation(Function, VectorSystemFunction, double, int, ReplayableRandom,
     * Parallelism, Progress)} without progress reports.
     *
     * @param makeSimulator see there
     * @param output see there
     * @param finalTime see there
     * @param numSamples see there
     * @param generator see there
     * @param parallelism see there
     * @param <T> the number type
     * @return the results in sample order
     */
    public static <T> List<RandomSimulationResult> monteCarloVectorSimulation(
            Function<ReplayableRandom, Simulator<T>> makeSimulator, VectorSystemFunction<T> output,
            double finalTime, int numSamples, ReplayableRandom generator, Parallelism parallelism) {
        return monteCarloVectorSimulation(makeSimulator, output, finalTime, numSamples, generator, parallelism, null);
    }

    /**
     * {@link #monteCarloSimulation(Function, ToDoubleBiFunction, double, int, ReplayableRandom, Parallelism,
     * Progress)} with a vector-valued output: the same draws, order, replay, failures and parallelism; each
     * result holds its vector ({@link RandomSimulationResult#getOutputVector}). A sample whose output returns
     * null fails with an {@link IllegalStateException}; the vectors' lengths may differ between samples.
     *
     * @param makeSimulator draws everything random from the generator and returns a simulator, not null
     * @param output the vector random variable at the final time, not null
     * @param finalTime seconds, finite
     * @param numSamples the number of simulations, {@code >= 0}
     * @param generator the source of randomness, advanced past all samples; null for a fresh
     *     {@code new ReplayableRandom(DEFAULT_SEED)}
     * @param parallelism the number of worker threads, not null ({@link Parallelism#none()} for serial)
     * @param progress told about each finished sample, or null
     * @param <T> the number type
     * @return the results in sample order
     * @throws IllegalArgumentException for a negative count or a non-finite final time
     * @throws RuntimeException whatever {@code progress} throws, unchanged, after which the study stops
     */
    public static <T> List<RandomSimulationResult> monteCarloVectorSimulation(
            Function<ReplayableRandom, Simulator<T>> makeSimulator, VectorSystemFunction<T> output,
            double finalTime, int numSamples, ReplayableRandom generator, Parallelism parallelism,
            Progress progress) {
        Checks.notNull(output, "output");
        return study(makeSimulator, output, true, finalTime, numSamples, generator, parallelism, progress);
    }

    private static <T> List<RandomSimulationResult> study(Function<ReplayableRandom, Simulator<T>> makeSimulator,
            VectorSystemFunction<T> output, boolean vector, double finalTime, int numSamples,
            ReplayableRandom generator, Parallelism parallelism, Progress progress) {
        Checks.notNull(makeSimulator, "makeSimulator");
        Checks.finite(finalTime, "finalTime");
        Checks.nonNegative(numSamples, "numSamples");
        Checks.notNull(parallelism, "parallelism");
        ReplayableRandom gen = generator != null ? generator : new ReplayableRandom(ReplayableRandom.DEFAULT_SEED);
        Progress report = progress != null ? progress : (done, total) -> { };
        int threads = Math.min(parallelism.numThreads(), Math.max(1, numSamples));
        Study<T> s = new Study<>(makeSimulator, output, vector, finalTime);
        return threads == 1 ? serial(s, numSamples, gen, report) : parallel(s, numSamples, gen, report, threads);
    }

    /** What every sample of one study shares: how to make, run and read it. */
    private record Study<T>(Function<ReplayableRandom, Simulator<T>> makeSimulator, VectorSystemFunction<T> output,
            boolean vector, double finalTime) {

        Simulator<T> make(ReplayableRandom gen) {
            return MonteCarlo.make(makeSimulator, gen);
        }

        RandomSimulationResult run(int index, ReplayableRandom snapshot, Simulator<T> sim) {
            return new RandomSimulationResult(index, snapshot, finish(sim, output, finalTime), vector, null);
        }

        RandomSimulationResult failed(int index, ReplayableRandom snapshot, RuntimeException e) {
            return new RandomSimulationResult(index, snapshot, null, vector, e);
        }
    }

    private static <T> List<RandomSimulationResult> serial(Study<T> study, int numSamples, ReplayableRandom gen,
            Progress report) {
        List<RandomSimulationResult> results = new ArrayList<>(numSamples);
        for (int i = 0; i < numSamples; i++) {
            ReplayableRandom snapshot = gen.snapshot();
            RandomSimulationResult r;
            try {
                r = study.run(i, snapshot, study.make(gen));
            } catch (RuntimeException e) {
                r = study.failed(i, snapshot, e);
            }
            results.add(r);
            report.onSampleFinished(i + 1, numSamples);
        }
        return results;
    }

    private static <T> List<RandomSimulationResult> parallel(Study<T> study, int numSamples, ReplayableRandom gen,
            Progress report, int threads) {
        RandomSimulationResult[] results = new RandomSimulationResult[numSamples];
        // bounds the simulators alive at once: made on this thread, run on the workers
        Semaphore inFlight = new Semaphore(2 * threads);
        Reports reports = new Reports(report, numSamples);
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemonThreads());
        List<Future<?>> futures = new ArrayList<>(numSamples);
        try {
            for (int i = 0; i < numSamples && !reports.stopped(); i++) {
                ReplayableRandom snapshot = gen.snapshot();
                Simulator<T> sim;
                try {
                    sim = study.make(gen);
                } catch (RuntimeException e) {
                    results[i] = study.failed(i, snapshot, e);
                    reports.sampleFinished();
                    continue;
                }
                inFlight.acquireUninterruptibly();
                int index = i;
                futures.add(pool.submit(() -> {
                    try {
                        results[index] = study.run(index, snapshot, sim);
                    } catch (RuntimeException e) {
                        results[index] = study.failed(index, snapshot, e);
                    } finally {
                        inFlight.release();
                        reports.sampleFinished();
                    }
                }));
            }
            for (Future<?> f : futures) {
                await(f);
            }
        } finally {
            pool.shutdownNow();
        }
        reports.rethrow();
        return Arrays.asList(results);
    }

    /**
     * The progress reports of a parallel study, serialised; the first exception the callback throws is
     * kept (to be rethrown on the calling thread) and silences the callback from then on.
     */
    private static final class Reports {
        private final Progress progress;
        private final int total;
        private int completed;
        private volatile RuntimeException failure;

        Reports(Progress progress, int total) {
            this.progress = progress;
            this.total = total;
        }

        synchronized void sampleFinished() {
            completed++;
            if (failure == null) {
                try {
                    progress.onSampleFinished(completed, total);
                } catch (RuntimeException e) {
                    failure = e;
                }
            }
        }

        boolean stopped() {
            return failure != null;
        }

        void rethrow() {
            if (failure != null) {
                throw failure;
            }
        }
    }

    private static void await(Future<?> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Monte Carlo samples", e);
        } catch (ExecutionException e) {
            // the task catches RuntimeExceptions itself; an Error is not a sample's failure
            throw new IllegalStateException("a Monte Carlo worker failed: " + e.getCause(), e.getCause());
        }
    }

    private static ThreadFactory daemonThreads() {
        return r -> {
            Thread t = new Thread(r, "mallard-monte-carlo");
            t.setDaemon(true);
            return t;
        };
    }

    private static <T> Simulator<T> make(Function<ReplayableRandom, Simulator<T>> makeSimulator,
            ReplayableRandom generator) {
        Simulator<T> sim = makeSimulator.apply(generator);
        if (sim == null) {
            throw new IllegalStateException("makeSimulator returned null");
        }
        return sim;
    }

    /** The scalar output as a vector of one entry. */
    private static <T> VectorSystemFunction<T> scalar(ToDoubleBiFunction<DynamicalSystem<T>, Context<T>> output) {
        return (system, context) -> new double[] {output.applyAsDouble(system, context)};
    }

    /** Advances to the final time and returns a copy of the output (the function may reuse its array). */
    private static <T> double[] finish(Simulator<T> sim, VectorSystemFunction<T> output, double finalTime) {
        sim.advanceTo(finalTime);
        double[] y = output.evaluate(sim.getSystem(), sim.getContext());
        if (y == null) {
            throw new IllegalStateException("the output function returned null");
        }
        return y.clone();
    }
}
