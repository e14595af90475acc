package dev.mallard.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.ReplayableRandom;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MonteCarloCommandTest {

    private static final String[] BALL = {"--vars", "z,v", "--f", "v; -g", "--params", "r=0.8, g=9.81",
        "--guard", "z", "--reset", "z; -r*v", "--output", "z", "--final-time", "1.2", "--samples", "150", "--seed", "9",
        "--tasks", "3"};
    /** The drop height and the restitution, drawn as {@link BouncingBallStudy} draws them. */
    private static final String RANDOM = "z=uniform(1, 2); r=uniform(0.5, 0.9)";
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSessions.shared();
    }

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new MonteCarloCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println(ex.getMessage());
            return ex instanceof IllegalArgumentException ? 2 : 1;
        });
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    /** The ball's options, the given ones, and {@link #RANDOM} unless they give --random. */
    private static String[] with(String... more) {
        List<String> all = new ArrayList<>(List.of(BALL));
        all.addAll(List.of(more));
        if (!all.contains("--random")) {
            all.addAll(List.of("--random", RANDOM));
        }
        return all.toArray(new String[0]);
    }

    private static MonteCarloStudy<Double> study() {
        return FormulaStudy.of(new FormulaSystem("z,v", "v; -g", "r=0.8, g=9.81", "z", "z; -r*v"), null,
                RANDOM, "z", 1.2);
    }

    @Test
    void bothModesWriteWhatTheLibraryComputesBitForBit(@TempDir Path dir) {
        for (String mode : new String[] {"sequential", "indexed"}) {
            Path file = dir.resolve(mode + ".parquet");
            Run r = run(with("--mode", mode, "--out", file.toString()));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().contains("/3 tasks"), r.err());
            List<SampleResult> written = SparkMonteCarlo.collect(spark.read().parquet(file.toString()));
            RandomnessMode m = mode.equals("indexed") ? RandomnessMode.INDEXED : RandomnessMode.SEQUENTIAL;
            assertEquals(SparkMonteCarlo.runInProcess(study(), 150, 9, m), written, mode);
        }
        List<SampleResult> sequential = SparkMonteCarlo.collect(spark.read().parquet(dir.resolve("sequential.parquet")
                .toString()));
        MonteCarloStudy<Double> s = study();
        assertEquals(MonteCarlo.monteCarloSimulation(s.makeSimulator(), s.output(), 1.2, 150, new ReplayableRandom(9),
                Parallelism.of(2)).stream().map(SampleResult::of).toList(), sequential);
    }

    @Test
    void theFormulaBallMatchesTheJavaBallAndItsClosedForm(@TempDir Path dir) {
        Path file = dir.resolve("ball.csv");
        Run r = run(with("--out", file.toString(), "--mode", "sequential"));
        assertEquals(0, r.code(), r.err());
        List<SampleResult> formula = SparkMonteCarlo.collect(spark.read().option("header", "true")
                .schema(SparkMonteCarlo.SCHEMA).csv(file.toString()));
        // the same draws in the same order as the Java study: equal generators, outputs equal to the accuracy
        List<SampleResult> java = SparkMonteCarlo.runInProcess(BouncingBallStudy.of(1.2, false), 150, 9,
                RandomnessMode.SEQUENTIAL);
        for (int i = 0; i < 150; i++) {
            assertArrayEquals(java.get(i).generator().getState(), formula.get(i).generator().getState());
            ReplayableRandom g = formula.get(i).generator();
            double h = 1 + g.nextDouble();
            double e = 0.5 + 0.4 * g.nextDouble();
            assertEquals(BouncingBallStudy.closedFormHeight(h, e, 1.2), formula.get(i).output(), 1e-3,
                    formula.get(i).toString());
        }
        assertTrue(r.out().startsWith("150 samples, 0 failed (sequential mode, seed 9)"), r.out());
    }

    @Test
    void theHistogramCountsEverySuccessfulSample(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("h.png");
        Run r = run(with("--histogram", png.toString(), "--bins", "10", "--random",
                "z=uniform(1, 2); r=uniform(0.7, 0.9); g=normal(9.81, 1)"));
        assertEquals(0, r.code(), r.err());
        byte[] bytes = Files.readAllBytes(png);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(bytes, 4));
        // Restitutions from 0.7 and gravities near 9.81 keep the bounces from accumulating before the final time
        // (the simulator stops a Zeno run with a failure): every sample succeeds.
        assertTrue(r.out().contains("150 samples, 0 failed"), r.out());
    }

    /** The integrator options reach every sample's simulator, and the CSV holds the values each sample drew. */
    @Test
    void integratorOptionsApplyAndTheCsvHoldsTheDrawnValues(@TempDir Path dir) {
        Path file = dir.resolve("draws.csv");
        Run r = run(with("--out", file.toString(), "--mode", "indexed", "--integrator", "runge_kutta5", "--accuracy",
                "1e-8", "--max-step", "0.05"));
        assertEquals(0, r.code(), r.err());
        List<Row> rows = spark.read().option("header", "true").option("inferSchema", "true").csv(file.toString())
                .orderBy("sample").collectAsList();
        SimulatorConfig config = new SimulatorConfig().setIntegrationScheme("runge_kutta5").setAccuracy(1e-8)
                .setMaxStepSize(0.05);
        List<SampleResult> expected = SparkMonteCarlo.runInProcess(FormulaStudy.of(new FormulaSystem("z,v",
                "v; -g", "r=0.8, g=9.81", "z", "z; -r*v"), null, RANDOM, "z", 1.2, config), 150, 9,
                RandomnessMode.INDEXED);
        assertEquals(150, rows.size());
        for (int i = 0; i < 150; i++) {
            Row row = rows.get(i);
            assertEquals(expected.get(i).output(), row.getDouble(row.fieldIndex("output")), 0.0, "sample " + i);
            ReplayableRandom g = expected.get(i).generator();
            assertEquals(1 + g.nextDouble(), row.getDouble(row.fieldIndex("z")), 0.0, "drawn z of sample " + i);
            assertEquals(0.5 + 0.4 * g.nextDouble(), row.getDouble(row.fieldIndex("r")), 0.0, "drawn r of " + i);
        }
        // to the accuracy asked, the closed form
        ReplayableRandom g = expected.get(0).generator();
        double h = 1 + g.nextDouble();
        double e = 0.5 + 0.4 * g.nextDouble();
        assertEquals(BouncingBallStudy.closedFormHeight(h, e, 1.2), expected.get(0).output(), 1e-5);
    }

    /** Several outputs: one column each, equal to the vector study's entries and to the scalar study's. */
    @Test
    void severalOutputsAreWrittenAsOneColumnEach(@TempDir Path dir) {
        Path file = dir.resolve("both.parquet");
        List<String> args = new ArrayList<>(List.of(with("--out", file.toString(), "--mode", "indexed")));
        args.set(args.indexOf("--output") + 1, "z; w = -v; w");
        Run r = run(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\noutput0: mean "), r.out());
        assertTrue(r.out().contains("\noutput1: mean "), r.out());
        List<Row> rows = spark.read().parquet(file.toString()).orderBy("sample").collectAsList();
        assertEquals(List.of("sample", "output0", "output1", "failure", "gen0", "gen1", "gen2", "gen3", "z", "r"),
                List.of(rows.get(0).schema().fieldNames()));
        MonteCarloStudy<Double> vector = FormulaStudy.of(new FormulaSystem("z,v", "v; -g", "r=0.8, g=9.81", "z",
                "z; -r*v"), null, RANDOM, "z; w = -v; w", 1.2);
        assertTrue(vector.isVector());
        List<SampleResult> expected = SparkMonteCarlo.runInProcess(vector, 150, 9, RandomnessMode.INDEXED);
        List<SampleResult> heights = SparkMonteCarlo.runInProcess(study(), 150, 9, RandomnessMode.INDEXED);
        for (int i = 0; i < 150; i++) {
            Row row = rows.get(i);
            double[] y = expected.get(i).outputs();
            assertEquals(y[0], row.getDouble(row.fieldIndex("output0")), 0.0, "sample " + i);
            assertEquals(y[1], row.getDouble(row.fieldIndex("output1")), 0.0, "sample " + i);
            assertEquals(heights.get(i).output(), y[0], 0.0, "sample " + i);
            ReplayableRandom g = expected.get(i).generator();
            double h = 1 + g.nextDouble();
            double e = 0.5 + 0.4 * g.nextDouble();
            assertEquals(-BouncingBallStudy.closedFormVelocity(h, e, 1.2), y[1], 1e-3, "sample " + i);
        }
    }

    @Test
    void badInputIsRefusedWithExitCode2(@TempDir Path dir) throws Exception {
        Run integrator = run(with("--integrator", "rk45"));
        assertEquals(2, integrator.code());
        assertTrue(integrator.err().contains("--integrator: expected one of ["), integrator.err());
        Run accuracy = run(with("--accuracy", "0"));
        assertEquals(2, accuracy.code());
        assertTrue(accuracy.err().contains("--accuracy must be finite and > 0, got 0.0"), accuracy.err());
        Run mode = run(with("--mode", "shuffled"));
        assertEquals(2, mode.code());
        assertTrue(mode.err().contains("--mode: expected sequential or indexed, got 'shuffled'"), mode.err());
        Path existing = Files.createDirectory(dir.resolve("old.parquet"));
        Run out = run(with("--out", existing.toString()));
        assertEquals(2, out.code());
        assertTrue(out.err().contains("--out: " + existing + " already exists"), out.err());
        Run random = run(with("--random", "q=uniform(0, 1)"));
        assertEquals(2, random.code());
        assertTrue(random.err().contains("random: expected name=distribution with a state or parameter name"),
                random.err());
    }
}
