package dev.mallard.spark;

import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF4;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code mallard montecarlo}: a Monte Carlo study of a formula system on Apache Spark. Random initial states
 * and parameters are drawn per sample, each sample is simulated to the final time, and the output
 * expression's values (or several expressions' values, one column each) go to a Parquet or CSV file (one row
 * per sample, failures in their rows), with a histogram (of the first output) and a summary per output. Bad input throws {@link IllegalArgumentException} (exit code 2 under
 * {@code mallard}); the run's result is exit code 0.
 */
@Command(name = "montecarlo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"A Monte Carlo study of a formula system, run on Apache Spark.",
            "Example: mallard montecarlo --vars z,v --f \"v; -9.81\" --params \"r=0.8\" --guard z --reset \"z; -r*v\"",
            "  --random \"z=uniform(1, 2); r=uniform(0.5, 0.9)\" --output z --final-time 1.2 --samples 100000",
            "  --out heights.parquet --histogram heights.png"})
public final class MonteCarloCommand implements Callable<Integer> {

    @Option(names = "--vars", required = true, paramLabel = "x1,x2", description = "State names, in order.")
    String vars;

    @Option(names = "--f", required = true, paramLabel = "\"EXPR1; EXPR2\"",
            description = "The time derivatives, one expression per state, separated by ';'; definitions "
                    + "'name = EXPR' may stand among them.")
    String f;

    @Option(names = "--params", paramLabel = "\"mu=1, g=9.81\"", description = "Named parameters with values.")
    String params;

    @Option(names = "--guard", paramLabel = "EXPR",
            description = "A witness: when it crosses from positive to non-positive, --reset replaces the state.")
    String guard;

    @Option(names = "--reset", paramLabel = "\"EXPR1; EXPR2\"", description = "The state after the guard's event.")
    String reset;

    @Option(names = "--x0", paramLabel = "a,b", description = "The initial state before the draws (default zeros).")
    String x0;

    @Option(names = "--random", paramLabel = "\"x=uniform(a, b); p=normal(m, s)\"",
            description = "Random initial states and parameters, drawn per sample in the order written.")
    String random;

    @Option(names = "--output", required = true, paramLabel = "\"EXPR1; EXPR2\"",
            description = "The random variable: an expression in t, the states and the parameters at the final time; "
                    + "several, separated by ';', are written as columns output0, output1, ...")
    String output;

    @Option(names = "--final-time", required = true, paramLabel = "T", description = "Seconds.")
    double finalTime;

    @Option(names = "--samples", required = true, paramLabel = "N", description = "The number of samples.")
    long samples;

    @Option(names = "--seed", paramLabel = "S", description = "The seed (default ${DEFAULT-VALUE}).")
    long seed = 0x5DEECE66DL;

    @Option(names = "--mode", paramLabel = "MODE", description = "sequential (Drake's order: the driver draws, "
            + "equal to in-process MonteCarlo) or indexed (sample i's generator from the seed and i; default).")
    String mode = "indexed";

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master: local[*] (default), local[N], spark://host:7077, ...")
    String master = "local[*]";

    @Option(names = "--tasks", paramLabel = "K", description = "The number of Spark tasks (default: 4 per core).")
    Integer tasks;

    @Option(names = "--out", paramLabel = "FILE.parquet|FILE.csv",
            description = "Where Spark writes the samples (a directory of part files): sample, output (or output0, "
                    + "output1, ...), failure, gen0..gen3 (the generator state that replays the sample).")
    Path out;

    @Option(names = "--histogram", paramLabel = "FILE.png", description = "A histogram of the (first) output.")
    Path histogram;

    @Option(names = "--bins", paramLabel = "B", description = "Histogram bins (default ${DEFAULT-VALUE}).")
    int bins = 40;

    @Option(names = "--integrator", paramLabel = "NAME", description = "Integration scheme (default: the "
            + "Simulator's, runge_kutta3 at accuracy 1e-4 with steps up to 0.1 s): explicit_euler, semi_explicit_euler, "
            + "runge_kutta2, runge_kutta3, bogacki_shampine3, runge_kutta5, implicit_euler, radau1, radau3, "
            + "velocity_implicit_euler.")
    String integrator;

    @Option(names = "--accuracy", paramLabel = "A", description = "Target accuracy of error control, finite and > 0 "
            + "(default 1e-4).")
    Double accuracy;

    @Option(names = "--max-step", paramLabel = "H", description = "Largest step, seconds (default 0.1).")
    Double maxStep;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        FormulaStudy formulas = FormulaStudy.create(new FormulaSystem(vars, f, params, guard, reset),
                x0 == null ? null : numbers(x0), random, output, integration());
        MonteCarloStudy<Double> study = formulas.study(finalTime);
        List<String> columns = outputColumns(formulas.numOutputs());
        RandomnessMode randomness = switch (mode) {
            case "sequential" -> RandomnessMode.SEQUENTIAL;
            case "indexed" -> RandomnessMode.INDEXED;
            default -> throw new IllegalArgumentException("--mode: expected sequential or indexed, got '" + mode + "'");
        };
        if (bins < 1) {
            throw new IllegalArgumentException("--bins must be >= 1, got " + bins);
        }
        String format = out == null ? null : format(out);
        boolean ownSession = SparkSession.getActiveSession().isEmpty() && SparkSession.getDefaultSession().isEmpty();
        SparkSession spark = SparkSession.builder().master(master).appName("mallard montecarlo")
                .config("spark.ui.showConsoleProgress", "false").getOrCreate();
        TaskProgress progress = new TaskProgress(spec.commandLine().getErr(), "montecarlo");
        spark.sparkContext().addSparkListener(progress);
        try {
            Dataset<Row> rows = tasks == null ? SparkMonteCarlo.run(spark, study, samples, seed, randomness)
                    : SparkMonteCarlo.run(spark, study, samples, seed, randomness, tasks);
            rows = (study.isVector() ? flattened(rows, columns) : rows).cache();
            if (out != null) {
                withDraws(rows, formulas).write().option("header", "true").format(format).save(out.toString());
            }
            // failed samples have output NaN, which would poison the statistics
            Dataset<Row> succeeded = rows.where(functions.col("failure").isNull());
            Row summary = succeeded.agg(functions.count(functions.lit(1)), statistics(columns)).head();
            long[] counts = histogram == null ? null : counts(succeeded, columns.get(0), summary);
            progress.done();
            report(spec.commandLine().getOut(), columns, summary);
            if (histogram != null) {
                plot(counts, columns.get(0), summary);
            }
            rows.unpersist();
            return 0;
        } finally {
            spark.sparkContext().removeSparkListener(progress);
            if (ownSession) {
                spark.stop();
            }
        }
    }

    /** The names of the output columns: {@code output} for one output, {@code output0, output1, ...} else. */
    private static List<String> outputColumns(int numOutputs) {
        List<String> names = new ArrayList<>();
        for (int k = 0; k < numOutputs; k++) {
            names.add(numOutputs == 1 ? "output" : "output" + k);
        }
        return names;
    }

    /** A vector study's rows with one column per output in place of the {@code outputs} array. */
    private static Dataset<Row> flattened(Dataset<Row> rows, List<String> columns) {
        List<Column> select = new ArrayList<>();
        select.add(functions.col("sample"));
        for (int k = 0; k < columns.size(); k++) {
            // a failed sample has no outputs: NaN in every column, as the scalar study's output column
            select.add(functions.coalesce(functions.col("outputs").getItem(k), functions.lit(Double.NaN))
                    .as(columns.get(k)));
        }
        for (String name : List.of("failure", "gen0", "gen1", "gen2", "gen3")) {
            select.add(functions.col(name));
        }
        return rows.select(select.toArray(new Column[0]));
    }

    /** Mean, standard deviation, minimum and maximum of each output column, in that order. */
    private static Column[] statistics(List<String> columns) {
        List<Column> stats = new ArrayList<>();
        for (String c : columns) {
            stats.addAll(List.of(functions.avg(c), functions.stddev(c), functions.min(c), functions.max(c)));
        }
        return stats.toArray(new Column[0]);
    }

    /** The integrator's configuration, or null when no integrator option is given (the Simulator's default). */
    private SimulatorConfig integration() {
        if (integrator == null && accuracy == null && maxStep == null) {
            return null;
        }
        SimulatorConfig config = new SimulatorConfig();
        if (integrator != null) {
            if (!SimulatorConfigFunctions.getIntegrationSchemes().contains(integrator)) {
                throw new IllegalArgumentException("--integrator: expected one of "
                        + SimulatorConfigFunctions.getIntegrationSchemes() + ", got '" + integrator + "'");
            }
            config.setIntegrationScheme(integrator);
        }
        if (accuracy != null) {
            if (!(accuracy > 0) || !Double.isFinite(accuracy)) {
                throw new IllegalArgumentException("--accuracy must be finite and > 0, got " + accuracy);
            }
            config.setAccuracy(accuracy);
        }
        if (maxStep != null) {
            if (!(maxStep > 0) || !Double.isFinite(maxStep)) {
                throw new IllegalArgumentException("--max-step must be finite and > 0 seconds, got " + maxStep);
            }
            config.setMaxStepSize(maxStep);
        }
        return config;
    }

    /**
     * The rows with one more column per random state or parameter (named after it, in the order of
     * {@code --random}): the values each sample drew, replayed from its generator state {@code gen0..gen3}.
     */
    private static Dataset<Row> withDraws(Dataset<Row> rows, FormulaStudy formulas) {
        List<String> names = formulas.randomNames();
        if (names.isEmpty()) {
            return rows;
        }
        for (String name : names) {
            if (List.of(rows.columns()).contains(name)) {
                throw new IllegalArgumentException("--random: '" + name + "' would be written over the column of "
                        + "that name; rename it");
            }
        }
        UserDefinedFunction replay = functions.udf((UDF4<Long, Long, Long, Long, double[]>) (g0, g1, g2, g3) ->
                formulas.draws(ReplayableRandom.fromState(new long[] {g0, g1, g2, g3})),
                DataTypes.createArrayType(DataTypes.DoubleType));
        Dataset<Row> out = rows.withColumn("__draws", replay.apply(functions.col("gen0"), functions.col("gen1"),
                functions.col("gen2"), functions.col("gen3")));
        for (int k = 0; k < names.size(); k++) {
            out = out.withColumn(names.get(k), functions.col("__draws").getItem(k));
        }
        return out.drop("__draws");
    }

    private String format(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".parquet") && !name.endsWith(".csv")) {
            throw new IllegalArgumentException("--out: the name must end in .parquet or .csv, got " + file);
        }
        if (Files.exists(file)) {
            throw new IllegalArgumentException("--out: " + file + " already exists");
        }
        return name.endsWith(".csv") ? "csv" : "parquet";
    }

    private static double[] numbers(String text) {
        String[] pieces = text.split(",", -1);
        double[] values = new double[pieces.length];
        for (int i = 0; i < pieces.length; i++) {
            values[i] = FormulaSystem.number(pieces[i].trim(), "--x0");
        }
        return values;
    }

    /** Counts per bin over [min, max] of the successful samples' first output, computed by Spark. */
    private long[] counts(Dataset<Row> succeeded, String column, Row summary) {
        long[] counts = new long[bins];
        if (summary.isNullAt(3)) {
            return counts;
        }
        double lo = summary.getDouble(3);
        double width = (summary.getDouble(4) - lo) / bins;
        var bin = width > 0 ? functions.least(functions.floor(functions.col(column).minus(lo).divide(width)),
                functions.lit(bins - 1)) : functions.lit(0L);
        List<Row> perBin = succeeded.groupBy(bin.cast("int").as("bin")).count().collectAsList();
        for (Row r : perBin) {
            counts[r.getInt(0)] = r.getLong(1);
        }
        return counts;
    }

    private void report(PrintWriter w, List<String> columns, Row summary) {
        long failed = samples - summary.getLong(0);
        w.printf(Locale.ROOT, "%d samples, %d failed (%s mode, seed %d)%n", samples, failed, mode, seed);
        for (int k = 0; k < columns.size(); k++) {
            int at = 1 + 4 * k;
            if (!summary.isNullAt(at)) {
                w.printf(Locale.ROOT, "%s: mean %.9g, sd %.9g, min %.9g, max %.9g%n", label(columns, k),
                        summary.getDouble(at), summary.isNullAt(at + 1) ? Double.NaN : summary.getDouble(at + 1),
                        summary.getDouble(at + 2), summary.getDouble(at + 3));
            }
        }
        if (out != null) {
            w.println("samples written to " + out);
        }
        if (histogram != null) {
            w.println("histogram: " + histogram);
        }
    }

    /** {@code output EXPR} for the one output, the column's name for several. */
    private String label(List<String> columns, int k) {
        return columns.size() == 1 ? "output " + output : columns.get(k);
    }

    private void plot(long[] counts, String column, Row summary) {
        double lo = summary.isNullAt(3) ? 0 : summary.getDouble(3);
        double width = summary.isNullAt(3) ? 0 : (summary.getDouble(4) - lo) / bins;
        List<String> centres = new ArrayList<>();
        List<Long> heights = new ArrayList<>();
        for (int b = 0; b < bins; b++) {
            centres.add(String.format(Locale.ROOT, "%.3g", lo + (b + 0.5) * width));
            heights.add(counts[b]);
        }
        String name = column.equals("output") ? output : column;
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500).title("Monte Carlo: " + name)
                .xAxisTitle(name).yAxisTitle("samples").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisLabelRotation(90);
        chart.addSeries(name, centres, heights);
        try {
            BitmapEncoder.saveBitmap(chart, histogram.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new IllegalArgumentException("--histogram: cannot write " + histogram + ": " + e.getMessage(), e);
        }
    }
}
