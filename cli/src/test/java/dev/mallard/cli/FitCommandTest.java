package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mallard fit}: the Lotka-Volterra fit of data/fitting against scipy's least_squares, a hybrid fit through a
 * guard and reset against the truth, and bad input refused with one line and exit code 2.
 */
class FitCommandTest {

    static Path lotkaVolterraData() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("fitting").resolve("lotka_volterra.csv");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("data/fitting/lotka_volterra.csv not found");
    }

    private static final String[] LOTKA_VOLTERRA = {"fit", "--vars", "x,y", "--f", "a*x - b*x*y; -c*y + d*x*y",
        "--params", "a=1.4, b=0.9, c=2.8, d=0.9", "--x0", "1,1", "--fit", "a=0:10, b=0:10, c=0:10, d=0:10, x, y",
        "--integrator", "runge_kutta5", "--accuracy", "1e-12"};

    /**
     * The estimate of scipy.optimize.least_squares on the same data from the same start (data/fitting/
     * lotka_volterra_fit.py, scipy 1.10 under Debian's /usr/bin/python3, tolerances 1e-15, the model solved at
     * rtol = atol = 1e-13), and its standard errors from J^T J at the estimate.
     */
    private static final double[] SCIPY = {1.498548271235006, 0.9969555480683276, 3.0005175535879323,
        1.0014799033567543, 1.0010139464272734, 1.000260706869369};
    private static final double[] SCIPY_ERRORS = {0.006331244731807485, 0.003911588778997804, 0.01470820098748564,
        0.004725136613120139, 0.0046442658247061504, 0.007215539747283234};

    @Test
    void theLotkaVolterraFitAgreesWithScipy() {
        CliRun run = CliRun.of(concat(LOTKA_VOLTERRA, "--data", lotkaVolterraData().toString(), "--json"));
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        assertEquals("[\"a\",\"b\",\"c\",\"d\",\"x(0)\",\"y(0)\"]", json.get("names").toString());
        for (int j = 0; j < 6; j++) {
            assertEquals(SCIPY[j], json.get("estimate").get(j).asDouble(), 1e-7, run.out());
            assertEquals(SCIPY_ERRORS[j], json.get("standard_errors").get(j).asDouble(), 1e-4 * SCIPY_ERRORS[j]);
        }
        assertEquals(202, json.get("samples").asInt());
        assertTrue(json.get("iterations").asInt() >= 1 && json.get("iterations").asInt() <= 100, run.out());
    }

    @Test
    void theTextReportNamesEachEstimateWithItsStandardError() {
        CliRun run = CliRun.of(concat(LOTKA_VOLTERRA, "--data", lotkaVolterraData().toString()));
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("fit of a, b, c, d, x(0), y(0) to 101 samples of x, y (runge_kutta5"),
                run.out());
        assertTrue(run.out().contains(String.format(Locale.ROOT, "  a          = %.10g  +- %.3g", SCIPY[0],
                SCIPY_ERRORS[0]).substring(0, 25)), run.out());
        assertTrue(run.out().contains("converged"), run.out());
    }

    /** A ball dropped from 1 m with restitution 0.8, its height sampled every 0.05 s through three impacts. */
    @Test
    void aBouncingBallsDropHeightAndRestitutionAreFittedThroughItsImpacts(@TempDir Path dir) throws IOException {
        StringBuilder csv = new StringBuilder("t,z\n");
        Random noise = new Random(7);
        for (int k = 1; k <= 40; k++) {
            double t = 0.05 * k;
            csv.append(t).append(',').append(dropHeight(1.0, 0.8, 9.81, t) + 0.005 * noise.nextGaussian()).append('\n');
        }
        Path data = Files.writeString(dir.resolve("ball.csv"), csv);
        CliRun run = CliRun.of("fit", "--vars", "z,v", "--f", "v; -9.81", "--params", "r=0.6", "--x0", "1.3,0",
                "--guard", "z", "--reset", "z; -r*v", "--data", data.toString(), "--fit", "r=0:1, z=0:",
                "--integrator", "runge_kutta5", "--accuracy", "1e-10", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        double[] truth = {0.8, 1.0};
        for (int j = 0; j < 2; j++) {
            double estimate = json.get("estimate").get(j).asDouble();
            double error = json.get("standard_errors").get(j).asDouble();
            assertTrue(Math.abs(estimate - truth[j]) < 4 * error && error < 0.01, run.out());
        }
    }

    /** The closed-form height of a ball dropped from rest at h. */
    private static double dropHeight(double h, double e, double g, double t) {
        double tk = Math.sqrt(2 * h / g);
        if (t <= tk) {
            return h - 0.5 * g * t * t;
        }
        double u = e * Math.sqrt(2 * g * h);
        while (t > tk + 2 * u / g) {
            tk += 2 * u / g;
            u *= e;
        }
        return u * (t - tk) - 0.5 * g * (t - tk) * (t - tk);
    }

    private static final String[] DECAY = {"fit", "--vars", "x", "--f", "-k*x", "--params", "k=1", "--x0", "1"};

    private static Path decayData(Path dir) throws IOException {
        StringBuilder csv = new StringBuilder("t,x\n");
        for (int k = 0; k <= 10; k++) {
            csv.append(0.1 * k).append(',').append(Math.exp(-2 * 0.1 * k)).append('\n');
        }
        return Files.writeString(dir.resolve("decay.csv"), csv);
    }

    @Test
    void anExactDecayIsFittedAndBadInputIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        String data = decayData(dir).toString();
        CliRun ok = CliRun.of(concat(DECAY, "--data", data, "--fit", "k", "--accuracy", "1e-10", "--json"));
        assertEquals(0, ok.code(), ok.err());
        assertEquals(2.0, ok.json().get("estimate").get(0).asDouble(), 1e-8);

        assertBad(concat(DECAY, "--data", data, "--fit", "q"), "mallard: --fit: 'q' is neither a state nor a parameter");
        assertBad(concat(DECAY, "--data", data, "--fit", "k=3"), "mallard: --fit k: expected bounds LOWER:UPPER");
        assertBad(concat(DECAY, "--data", data, "--fit", "k=3:2"), "mallard: --fit k: the lower bound 3.0 is above");
        assertBad(concat(DECAY, "--data", data, "--fit", "k=2:3"), "mallard: --fit k: the starting value of k, 1.0,");
        assertBad(concat(DECAY, "--data", data, "--fit", "k,k"), "mallard: --fit: 'k' is given twice");
        assertBad(concat(DECAY, "--data", data, "--fit", "k", "--max-iterations", "0"), "mallard: --max-iterations");
        assertBad(concat(DECAY, "--data", dir.resolve("none.csv").toString(), "--fit", "k"), "mallard: --data ");
        Path badNumber = Files.writeString(dir.resolve("bad.csv"), "t,x\n0,1\n0.1,one\n");
        assertBad(concat(DECAY, "--data", badNumber.toString(), "--fit", "k"),
                "mallard: --data bad.csv line 3, column 2: 'one' is not a number");
        Path notAState = Files.writeString(dir.resolve("y.csv"), "t,y\n0,1\n0.1,2\n");
        assertBad(concat(DECAY, "--data", notAState.toString(), "--fit", "k"), "is not a state in --vars (x)");
        Path early = Files.writeString(dir.resolve("early.csv"), "t,x\n-1,1\n0.1,2\n");
        assertBad(concat(DECAY, "--data", early.toString(), "--fit", "k"), "is before the start at t = 0");
        Path one = Files.writeString(dir.resolve("one.csv"), "t,x\n0.5,1\n");
        assertBad(concat(DECAY, "--data", one.toString(), "--fit", "k,x"), "1 residuals cannot determine 2");
    }

    @Test
    void aFitThatDoesNotConvergeIsAnError(@TempDir Path dir) throws IOException {
        CliRun run = CliRun.of(concat(DECAY, "--data", decayData(dir).toString(), "--fit", "k", "--max-iterations", "1"));
        assertEquals(1, run.code(), run.out());
        assertTrue(run.err().startsWith("mallard: the fit did not converge (the iteration limit was reached) after 1 "
                + "iterations; last estimate k = "), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    private static void assertBad(String[] args, String expected) {
        CliRun run = CliRun.of(args);
        assertEquals(2, run.code(), run.err() + run.out());
        assertTrue(run.err().contains(expected), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertEquals("", run.out());
    }

    /**
     * A data file mutated at random (fixed seed) is fitted (exit 0), or the fit fails (1), or it is refused as bad
     * input (2) naming --data in one line; never another outcome.
     */
    @Property(seed = "31", tries = 40)
    void aMutatedDataFileIsFittedOrRefusedInOneLine(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int edits)
            throws IOException {
        Path dir = Files.createTempDirectory("fit");
        Path file = decayData(dir);
        StringBuilder text = new StringBuilder(Files.readString(file));
        Random r = new Random(seed);
        String pieces = ",.-e#x\n 9";
        for (int e = 0; e < edits; e++) {
            int at = r.nextInt(text.length());
            if (r.nextBoolean()) {
                text.deleteCharAt(at);
            } else {
                text.insert(at, pieces.charAt(r.nextInt(pieces.length())));
            }
        }
        Files.writeString(file, text);
        CliRun run = CliRun.of(concat(DECAY, "--data", file.toString(), "--fit", "k=0:10", "--json"));
        assertTrue(Arrays.asList(0, 1, 2).contains(run.code()), run.code() + ": " + run.err());
        if (run.code() == 0) {
            assertTrue(Double.isFinite(run.json().get("estimate").get(0).asDouble()), run.out());
        } else {
            assertEquals(1, run.err().strip().lines().count(), run.err());
            assertTrue(run.err().startsWith("mallard: "), run.err());
        }
        if (run.code() == 2) {
            assertTrue(run.err().startsWith("mallard: --data "), run.err());
        }
        Files.delete(file);
        Files.delete(dir);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
