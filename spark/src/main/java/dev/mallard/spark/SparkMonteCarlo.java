package dev.mallard.spark;

import dev.mallard.scalar.Checks;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.RandomSimulationResult;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code MonteCarlo}'s study executed as Spark tasks. The samples are cut into contiguous slices, one task
 * each; a task makes each of its samples' simulators from the sample's generator, simulates to the final time
 * and evaluates the output, exactly as {@code MonteCarlo.randomSimulation} (or {@code randomVectorSimulation}
 * for a {@linkplain MonteCarloStudy#isVector vector study}) does. The result is a {@link Dataset} with one row
 * per sample ({@link #SCHEMA}, or {@link #VECTOR_SCHEMA} for a vector study): a sample that throws keeps its
 * row, with output NaN (no outputs) and the exception's {@code toString()} in {@code failure}; nothing is
 * dropped.
 *
 * <p>See {@link RandomnessMode} for where each sample's generator comes from. In the
 * {@link RandomnessMode#SEQUENTIAL sequential} mode the collected rows equal
 * {@code MonteCarlo.monteCarloSimulation(..., new ReplayableRandom(seed), ...)} bit for bit; in the
 * {@link RandomnessMode#INDEXED indexed} mode they equal {@link #runInProcess} for that mode, whatever the
 * number of executors and partitions.
 */
public final class SparkMonteCarlo {

    /**
     * The columns of the result: {@code sample} (long, from 0), {@code output} (double, NaN on failure),
     * {@code failure} (string, null on success), {@code gen0 .. gen3} (longs, the generator's state before
     * the sample: {@code ReplayableRandom.fromState} replays it).
     */
    public static final StructType SCHEMA = new StructType()
            .add("sample", DataTypes.LongType, false)
            .add("output", DataTypes.DoubleType, false)
            .add("failure", DataTypes.StringType, true)
            .add("gen0", DataTypes.LongType, false)
            .add("gen1", DataTypes.LongType, false)
            .add("gen2", DataTypes.LongType, false)
            .add("gen3", DataTypes.LongType, false);

    /**
     * The columns of a vector study's result: those of {@link #SCHEMA} with {@code outputs} (an array of
     * doubles, null on failure) in place of {@code output}.
     */
    public static final StructType VECTOR_SCHEMA = new StructType()
            .add("sample", DataTypes.LongType, false)
            .add("outputs", DataTypes.createArrayType(DataTypes.DoubleType, false), true)
            .add("failure", DataTypes.StringType, true)
            .add("gen0", DataTypes.LongType, false)
            .add("gen1", DataTypes.LongType, false)
            .add("gen2", DataTypes.LongType, false)
            .add("gen3", DataTypes.LongType, false);

    /** Slices are at most this long, so that a task's states and rows stay small. */
    private static final int MAX_SLICE = 100_000;

    private SparkMonteCarlo() {
    }

    /**
     * Runs the study with about four tasks per core Spark offers (at most {@value #MAX_SLICE} samples each).
     *
     * @param spark the session, not null
     * @param study the study, not null
     * @param numSamples the number of samples, {@code >= 0}
     * @param seed the seed
     * @param mode where each sample's generator comes from, not null
     * @param <T> the number type
     * @return one row per sample (lazy: the simulations run when an action is called on it)
     */
    public static <T> Dataset<Row> run(SparkSession spark, MonteCarloStudy<T> study, long numSamples, long seed,
            RandomnessMode mode) {
        Checks.notNull(spark, "spark");
        int perRound = 4 * spark.sparkContext().defaultParallelism();
        long slices = Math.max(perRound, (numSamples + MAX_SLICE - 1) / MAX_SLICE);
        return run(spark, study, numSamples, seed, mode, (int) Math.max(1, Math.min(numSamples, slices)));
    }

    /**
     * Runs the study in {@code numTasks} tasks of (nearly) equal numbers of consecutive samples. In the
     * sequential mode this first runs every sample's {@code makeSimulator} on the calling thread, in order.
     *
     * @param spark the session, not null
     * @param study the study, not null
     * @param numSamples the number of samples, {@code >= 0}
     * @param seed the seed ({@code new ReplayableRandom(seed)} in the sequential mode)
     * @param mode where each sample's generator comes from, not null
     * @param numTasks the number of tasks (and partitions of the result), {@code >= 1}
     * @param <T> the number type
     * @return one row per sample in sample order (lazy: the simulations run when an action is called on it)
     * @throws IllegalArgumentException for a negative sample count, a task count below 1, or a slice longer
     *     than {@code Integer.MAX_VALUE} samples
     */
    public static <T> Dataset<Row> run(SparkSession spark, MonteCarloStudy<T> study, long numSamples, long seed,
            RandomnessMode mode, int numTasks) {
        JavaRDD<Row> rows = slices(spark, study, numSamples, seed, mode, numTasks)
                .mapPartitions(it -> simulate(study, it));
        return spark.createDataFrame(rows, study.isVector() ? VECTOR_SCHEMA : SCHEMA);
    }

    /**
     * Runs the study as {@link #run(SparkSession, MonteCarloStudy, long, long, RandomnessMode, int)} does and
     * collects the results to the driver, each task's results travelling as a few primitive arrays rather
     * than one row per sample: the fastest way to get a study of up to a few million samples into the
     * driver's memory (for larger studies, write the {@link Dataset} to storage instead).
     *
     * @param spark the session, not null
     * @param study the study, not null
     * @param numSamples the number of samples, in {@code [0, Integer.MAX_VALUE - 8]}
     * @param seed the seed
     * @param mode where each sample's generator comes from, not null
     * @param numTasks the number of tasks, {@code >= 1}
     * @param <T> the number type
     * @return the results in sample order, equal to {@code collect(run(...))}
     * @throws IllegalArgumentException for a sample count out of range or a task count below 1
     */
    public static <T> List<SampleResult> runAndCollect(SparkSession spark, MonteCarloStudy<T> study,
            int numSamples, long seed, RandomnessMode mode, int numTasks) {
        Checks.nonNegative(numSamples, "numSamples");
        List<SampleResult> out = new ArrayList<>(numSamples);
        for (SampleBlock block : slices(spark, study, numSamples, seed, mode, numTasks)
                .map(slice -> block(study, slice)).collect()) {
            block.addTo(out);
        }
        return out;
    }

    private static <T> JavaRDD<SampleSlice> slices(SparkSession spark, MonteCarloStudy<T> study, long numSamples,
            long seed, RandomnessMode mode, int numTasks) {
        Checks.notNull(spark, "spark");
        Checks.notNull(study, "study");
        Checks.notNull(mode, "mode");
        if (numSamples < 0) {
            throw new IllegalArgumentException("numSamples must be >= 0, got " + numSamples);
        }
        if (numTasks < 1) {
            throw new IllegalArgumentException("numTasks must be >= 1, got " + numTasks);
        }
        List<SampleSlice> slices = mode == RandomnessMode.INDEXED ? indexedSlices(numSamples, seed, numTasks)
                : sequentialSlices(study, numSamples, seed, numTasks);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(slices, Math.max(1, slices.size()));
    }

    /**
     * The same study without Spark, serially on the calling thread: the reference the distributed run equals.
     * The sequential mode is {@code MonteCarlo.monteCarloSimulation} (or {@code monteCarloVectorSimulation})
     * with {@code new ReplayableRandom(seed)}.
     *
     * @param study the study, not null
     * @param numSamples the number of samples, in {@code [0, Integer.MAX_VALUE]}
     * @param seed the seed
     * @param mode where each sample's generator comes from, not null
     * @param <T> the number type
     * @return the results in sample order
     */
    public static <T> List<SampleResult> runInProcess(MonteCarloStudy<T> study, int numSamples, long seed,
            RandomnessMode mode) {
        Checks.notNull(study, "study");
        Checks.notNull(mode, "mode");
        Checks.nonNegative(numSamples, "numSamples");
        List<SampleResult> out = new ArrayList<>(numSamples);
        if (mode == RandomnessMode.SEQUENTIAL) {
            ReplayableRandom gen = new ReplayableRandom(seed);
            List<RandomSimulationResult> results = study.isVector()
                    ? MonteCarlo.monteCarloVectorSimulation(study.makeSimulator(), study.vectorOutput(),
                            study.finalTime(), numSamples, gen, Parallelism.none())
                    : MonteCarlo.monteCarloSimulation(study.makeSimulator(), study.output(), study.finalTime(),
                            numSamples, gen, Parallelism.none());
            for (RandomSimulationResult r : results) {
                out.add(SampleResult.of(r));
            }
            return out;
        }
        SampleSlice all = SampleSlice.indexed(0, numSamples, seed);
        for (int k = 0; k < numSamples; k++) {
            out.add(sample(study, all, k));
        }
        return out;
    }

    /**
     * Collects a result to the driver, in sample order.
     *
     * @param rows a result of {@link #run} (or read back from Parquet), not null
     * @return one result per row, sorted by sample index
     */
    public static List<SampleResult> collect(Dataset<Row> rows) {
        Checks.notNull(rows, "rows");
        List<SampleResult> out = new ArrayList<>();
        for (Row r : rows.collectAsList()) {
            out.add(SampleResult.of(r));
        }
        out.sort(Comparator.comparingLong(SampleResult::sample));
        return out;
    }

    private static List<SampleSlice> indexedSlices(long numSamples, long seed, int numTasks) {
        List<SampleSlice> slices = new ArrayList<>();
        long start = 0;
        for (int s = 0; s < numTasks && start < numSamples; s++) {
            long end = numSamples * (s + 1) / numTasks;
            slices.add(SampleSlice.indexed(start, sliceLength(end - start), seed));
            start = end;
        }
        return slices;
    }

    /** The driver's serial pass: where the generator stands before each sample. */
    private static <T> List<SampleSlice> sequentialSlices(MonteCarloStudy<T> study, long numSamples, long seed,
            int numTasks) {
        ReplayableRandom gen = new ReplayableRandom(seed);
        List<SampleSlice> slices = new ArrayList<>();
        long start = 0;
        for (int s = 0; s < numTasks && start < numSamples; s++) {
            long end = numSamples * (s + 1) / numTasks;
            long[] states = new long[4 * sliceLength(end - start)];
            for (long i = start; i < end; i++) {
                System.arraycopy(gen.getState(), 0, states, (int) (4 * (i - start)), 4);
                advance(study, gen);
            }
            slices.add(SampleSlice.sequential(start, states));
            start = end;
        }
        return slices;
    }

    /** Makes (and discards) a simulator, to move the generator past one sample's draws. */
    private static <T> void advance(MonteCarloStudy<T> study, ReplayableRandom gen) {
        try {
            study.makeSimulator().apply(gen);
        } catch (RuntimeException e) {
            // the executor makes it again from the same state and records the same failure in the sample's row
        }
    }

    private static int sliceLength(long n) {
        if (n > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("a task of " + n + " samples is too long: use more tasks");
        }
        return (int) n;
    }

    private static <T> Iterator<Row> simulate(MonteCarloStudy<T> study, Iterator<SampleSlice> slices) {
        List<Row> rows = new ArrayList<>();
        while (slices.hasNext()) {
            SampleSlice slice = slices.next();
            for (int k = 0; k < slice.count(); k++) {
                SampleResult r = sample(study, slice, k);
                long[] g = r.generator().getState();
                rows.add(RowFactory.create(r.sample(), study.isVector() ? r.outputs() : r.output(),
                        r.failure(), g[0], g[1], g[2], g[3]));
            }
        }
        return rows.iterator();
    }

    private static <T> SampleBlock block(MonteCarloStudy<T> study, SampleSlice slice) {
        SampleBlock block = new SampleBlock(slice.sample(0), slice.count(), study.isVector());
        for (int k = 0; k < slice.count(); k++) {
            block.set(k, sample(study, slice, k));
        }
        return block;
    }

    private static <T> SampleResult sample(MonteCarloStudy<T> study, SampleSlice slice, int k) {
        ReplayableRandom gen = slice.generator(k);
        long[] state = gen.getState();
        if (study.isVector()) {
            try {
                return new SampleResult(slice.sample(k), MonteCarlo.randomVectorSimulation(study.makeSimulator(),
                        study.vectorOutput(), study.finalTime(), gen), null, state);
            } catch (RuntimeException e) {
                return new SampleResult(slice.sample(k), null, e.toString(), state);
            }
        }
        try {
            double y = MonteCarlo.randomSimulation(study.makeSimulator(), study.output(), study.finalTime(), gen);
            return new SampleResult(slice.sample(k), y, null, state);
        } catch (RuntimeException e) {
            return new SampleResult(slice.sample(k), Double.NaN, e.toString(), state);
        }
    }
}
