package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mallard.sdp.SdpOptions;
import dev.mallard.sdp.SdpResult;
import dev.mallard.sdp.SdpSolver;
import dev.mallard.sdp.SdpaFormat;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SOS controls of {@code roa}: basis, sparsity, multiplier degree, region, parameter box, SDPA export, --json details. */
class RoaSosOptionsTest {

    private static final String[] VDP = {"roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--json"};
    /** Decoupled cubic: with V = x1^2 + x2^2 the level is 1, where Vdot first vanishes at (+-1, 0). */
    private static final String[] CUBIC = {"roa", "--vars", "x1,x2", "--f", "-x1 + x1^3; -x2 + x2^3", "--V",
        "x1^2 + x2^2", "--json"};

    private static String[] with(String[] base, String... more) {
        String[] out = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, out, base.length, more.length);
        return out;
    }

    private static JsonNode certified(String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(0, run.code(), run.err() + run.out());
        JsonNode json = run.json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        return json;
    }

    @Test
    void sdsosAndDsosCertifyLevelsAtMostTheSosLevel() {
        double sos = certified(VDP).get("rho").asDouble();
        double sdsos = certified(with(VDP, "--basis", "sdsos")).get("rho").asDouble();
        double dsos = certified(with(VDP, "--basis", "DSOS")).get("rho").asDouble();
        assertEquals(2.3045, sos, 1e-4);
        assertTrue(dsos <= sdsos && sdsos <= sos && dsos > 0, dsos + " " + sdsos + " " + sos);
    }

    @Test
    void jsonReportsMarginsBackoffAndTheSimulationCheck() {
        JsonNode json = certified(VDP);
        double backoff = json.get("backoff").asDouble();
        assertEquals(1 - json.get("rho").asDouble() / json.get("optimalRho").asDouble(), backoff, 1e-15);
        assertTrue(backoff > 0 && backoff <= 0.1, json::toString);
        for (JsonNode c : json.get("certificates")) {
            assertTrue(c.get("verified").asBoolean(), json::toString);
            // The certificate holds because the Gram matrix's smallest eigenvalue exceeds the margin needed.
            assertTrue(c.get("minEigenvalue").asDouble() > c.get("requiredMargin").asDouble(), json::toString);
            assertTrue(c.get("identityResidual").asDouble() < 1e-6, json::toString);
        }
        JsonNode sim = json.get("simulation");
        assertEquals(sim.get("insideSamples").asInt(), sim.get("insideConverged").asInt(), json::toString);
        assertTrue(sim.get("agreesWithCertificate").asBoolean(), json::toString);
    }

    @Test
    void boxAndRegionRestrictTheEstimateToTheirInside() {
        // The disk {x1^2 + x2^2 <= rho} lies in -0.8 <= x1 <= 3 up to rho = 0.64, below the free level 1.
        JsonNode box = certified(with(CUBIC, "--box", "x1=-0.8:3"));
        assertEquals(0.64, box.get("rho").asDouble(), 1e-5);
        assertEquals("-0.8 <= x1 <= 3.0", box.get("region").asText());
        // The line x1 + x2 = -1 is 1/sqrt(2) from the origin: rho = 1/2.
        JsonNode half = certified(with(CUBIC, "--region", "x1 + x2 + 1"));
        assertEquals(0.5, half.get("rho").asDouble(), 1e-5);
        // A box wider than the region changes nothing.
        assertEquals(1.0, certified(with(CUBIC, "--box", "x1=-2:2, x2=-2:2")).get("rho").asDouble(), 1e-5);
        String[] text = java.util.Arrays.copyOf(CUBIC, CUBIC.length - 1);
        CliRun run = CliRun.of(with(text, "--box", "x1=-0.8:3"));
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("restricted to -0.8 <= x1 <= 3.0: the estimate is certified to lie inside it"),
                run.out());
        // the text gives rho with every digit: it reads back as the JSON's double
        String line = run.out().lines().filter(l -> l.startsWith("rho = ")).findFirst().orElseThrow();
        assertEquals(box.get("rho").asDouble(), Double.parseDouble(line.substring(6, line.indexOf(" (level"))), 0.0,
                line);
    }

    @Test
    void robustLevelIsBelowEveryCornerAndNamesTheBox() {
        String[] base = {"roa", "--vars", "x1,x2", "--f", "-x2; x1 + a*(x1^2 - 1)*x2", "--V",
            "1.5*x1^2 - x1*x2 + x2^2", "--json"};
        // The corners with the default quartic multiplier, the robust analysis with its default constant one.
        JsonNode robust = certified(with(base, "--params", "a=1", "--param-box", "a=0.8:1.2"));
        double low = certified(with(base, "--params", "a=0.8")).get("optimalRho").asDouble();
        double high = certified(with(base, "--params", "a=1.2")).get("optimalRho").asDouble();
        double rho = robust.get("rho").asDouble();
        assertTrue(rho <= Math.min(low, high) && rho > 0.5 * Math.min(low, high), rho + " vs " + low + ", " + high);
        assertEquals("a in [0.8, 1.2]", robust.get("uncertainParameters").asText());
        String[] text = java.util.Arrays.copyOf(base, base.length - 1);
        CliRun run = CliRun.of(with(text, "--params", "a=1", "--param-box", "a=0.8:1.2"));
        assertTrue(run.out().contains("robust: certified for every a in [0.8, 1.2]"), run.out());
    }

    @Test
    void exportedSdpaGivesTheSameOptimumHereAndInCsdp(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("vdp.dat-s");
        JsonNode json = certified(with(VDP, "--export-sdpa", file.toString()));
        double optimal = json.get("optimalRho").asDouble();
        double constant = json.get("sdpa").get("objectiveConstant").asDouble();
        assertEquals(1.0, json.get("sdpa").get("levelUnit").asDouble(), "Van der Pol is solved in its own units");
        assertEquals(file.toString(), json.get("sdpa").get("file").asText());
        SdpResult again = new SdpSolver(SdpOptions.defaults()).solve(SdpaFormat.read(file));
        assertEquals(optimal, constant + again.dualObjective(), 1e-7);
        // csdp 6.2 (/usr/bin/csdp) on the same file: "Primal objective value: -1.9552244e-01", printed to 8
        // digits; constant 2.5.
        assertEquals(optimal, constant - 1.9552244e-01, 1e-7);
    }

    @Test
    void everySolvedSdpIsWrittenInOrderTheLevelSearchsAmongThem(@TempDir Path dir) throws Exception {
        Path level = dir.resolve("level.dat-s");
        JsonNode json = certified(with(VDP, "--export-sdpa-dir", dir.toString(), "--export-sdpa", level.toString()));
        int solves = json.get("sdpStatuses").size();
        assertTrue(solves >= 1, json::toString);
        assertEquals(solves, json.get("sdpaFiles").get("count").asInt(), json::toString);
        assertEquals(dir.toString(), json.get("sdpaFiles").get("directory").asText());
        for (int k = 1; k <= solves; k++) {
            assertTrue(java.nio.file.Files.exists(dir.resolve(String.format("%04d.dat-s", k))), "file " + k);
        }
        assertFalse(java.nio.file.Files.exists(dir.resolve(String.format("%04d.dat-s", solves + 1))));
        // the level search's SDP is one of them, written byte for byte the same after its first line
        List<String> single = java.nio.file.Files.readAllLines(level);
        boolean found = false;
        for (int k = 1; k <= solves; k++) {
            List<String> each = java.nio.file.Files.readAllLines(dir.resolve(String.format("%04d.dat-s", k)));
            found |= each.subList(1, each.size()).equals(single.subList(1, single.size()));
        }
        assertTrue(found, "the level search's SDP is among the numbered files");
        CliRun text = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--export-sdpa-dir",
                dir.resolve("missing").toString());
        assertEquals(2, text.code(), text.err());
        assertTrue(text.err().contains("--export-sdpa-dir: " + dir.resolve("missing") + " is not a directory"),
                text.err());
    }

    @Test
    void anExportThatNothingSolvedSaysWhy(@TempDir Path dir) {
        Path file = dir.resolve("none.dat-s");
        JsonNode json = certified("roa", "--vars", "x", "--f", "-x", "--export-sdpa", file.toString(), "--json");
        assertTrue(json.get("global").asBoolean(), json::toString);
        assertTrue(json.get("sdpaNotWritten").asText().startsWith("no level search was solved"), json::toString);
        assertFalse(java.nio.file.Files.exists(file));
        CliRun text = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--export-sdpa", file.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("sdpa: " + file + " holds the SDP of the largest level"), text.out());
        assertTrue(java.nio.file.Files.exists(file));
    }

    @Test
    void implicitDynamicsTakeARegion() {
        // (1 + x^2) xdot = -x + x^3: V = x^2/2 has level 1/2 (|x| < 1); inside |x| <= 0.5 it is 1/8.
        JsonNode json = certified("roa", "--vars", "x", "--g", "(1 + x^2)*xdot - (-x + x^3)", "--box", "x=-0.5:0.5",
                "--json");
        assertEquals(0.125, json.get("rho").asDouble(), 1e-5);
    }

    @Test
    void aSolverStoppedShortGivesTheReasonAndNoLevel() {
        CliRun run = CliRun.of(with(VDP, "--max-iterations", "3"));
        assertEquals(1, run.code(), run.err());
        JsonNode json = run.json();
        assertFalse(json.get("certified").asBoolean(), json::toString);
        assertFalse(json.has("rho") || json.has("optimalRho"), json::toString);
        assertTrue(json.get("reason").asText().contains("ITERATION_LIMIT"), json::toString);
        assertEquals("ITERATION_LIMIT", json.get("sdpStatuses").get(json.get("sdpStatuses").size() - 1).asText());
    }

    private static void assertBadInput(String message, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(2, run.code(), run.err() + run.out());
        assertEquals("mallard: " + message + System.lineSeparator(), run.err());
        assertEquals("", run.out());
    }

    /** Two coupled Van der Pol oscillators (issue 30's chain) with each oscillator's own quadratic V. */
    private static final String[] CHAIN = {"roa", "--vars", "p1,q1,p2,q2", "--f",
        "-q1; p1 + (p1^2 - 1)*q1 + 0.2*p1 - 0.2*p2; -q2; p2 + (p2^2 - 1)*q2 + 0.2*p2 - 0.2*p1",
        "--V", "1.5*p1^2 - p1*q1 + q1^2 + 1.5*p2^2 - p2*q2 + q2^2", "--json"};

    @Test
    void correlativeSparsityCertifiesTheChainWithin15PercentOfTheDenseLevel() {
        double dense = certified(CHAIN).get("rho").asDouble();
        JsonNode sparse = certified(with(CHAIN, "--sparsity", "correlative"));
        double rho = sparse.get("rho").asDouble();
        assertTrue(rho <= dense && rho >= 0.85 * dense, rho + " against " + dense);
        for (JsonNode c : sparse.get("certificates")) {
            assertTrue(c.get("verified").asBoolean(), sparse::toString);
        }
    }

    @Test
    void termSparsityCertifiesTheDenseLevelWithASmallerProgram(@TempDir Path dir) throws Exception {
        // The decoupled cubic's level is 1 (Vdot first vanishes at (+-1, 0)). With the DSOS cone the term-sparse
        // blocks split the linear program (sign symmetry does not split DSOS); the level is the dense one.
        Path dense = dir.resolve("dense.dat-s");
        Path term = dir.resolve("term.dat-s");
        JsonNode none = certified(with(CUBIC, "--basis", "dsos", "--export-sdpa", dense.toString()));
        JsonNode sparse = certified(with(CUBIC, "--basis", "dsos", "--sparsity", "term", "--export-sdpa",
                term.toString()));
        assertEquals(1.0, none.get("rho").asDouble(), 1e-6);
        assertEquals(none.get("rho").asDouble(), sparse.get("rho").asDouble(), 1e-6);
        assertTrue(SdpaFormat.read(term).constraintCount() < SdpaFormat.read(dense).constraintCount());
        // SOS with Van der Pol: the blocks are the sign-symmetry classes, so the same program and level to the bit.
        assertEquals(certified(VDP).get("rho").asDouble(), certified(with(VDP, "--sparsity", "TERM")).get("rho")
                .asDouble(), 0.0);
    }

    @Test
    void badControlsAreRefusedOnOneLineNamingTheOptionAndValue() {
        assertBadInput("--sparsity must be none, correlative or term, got 'chordal'",
                with(VDP, "--sparsity", "chordal"));
        assertBadInput("--export-sdpa writes the SDP of the largest level, which --sparsity correlative does not "
                + "solve (it bisects on the level); give one of them",
                with(VDP, "--sparsity", "correlative", "--export-sdpa", "/tmp/f.dat-s"));
        assertBadInput("--basis must be sos, sdsos or dsos, got 'psd'", with(VDP, "--basis", "psd"));
        assertBadInput("--multiplier-degree must be >= 0, got -1", with(VDP, "--multiplier-degree", "-1"));
        assertBadInput("--multiplier-degree: not an integer: 'two'", with(VDP, "--multiplier-degree", "two"));
        assertBadInput("--backoff must be in (0, 0.1], got 0.5", with(VDP, "--backoff", "0.5"));
        assertBadInput("--tol must be in (0, 1), got 2", with(VDP, "--tol", "2"));
        assertBadInput("--max-iterations must be >= 1, got 0", with(VDP, "--max-iterations", "0"));
        assertBadInput("--box: 'x9' is not one of [x1, x2]", with(VDP, "--box", "x9=0:1"));
        assertBadInput("--box x1: the lower end 1 is not below the upper end 0", with(VDP, "--box", "x1=1:0"));
        assertBadInput("--box: expected name=lower:upper, got 'x1=1'", with(VDP, "--box", "x1=1"));
        assertBadInput("--box: x1 is given twice", with(VDP, "--box", "x1=-1:1, x1=-2:2"));
        assertBadInput("--region: sin(x1) is not a polynomial in the state", with(VDP, "--region", "sin(x1)"));
        assertBadInput("--param-box: 'q' is not one of []", with(VDP, "--param-box", "q=0:1"));
        assertBadInput("--param-box: the value 1 of a in --params is outside its interval 2.0:3.0",
                "roa", "--vars", "x", "--f", "-a*x + x^3", "--params", "a=1", "--param-box", "a=2:3");
        assertBadInput("--export-sdpa: the directory of /nonexistent-dir/f.dat-s does not exist",
                with(VDP, "--export-sdpa", "/nonexistent-dir/f.dat-s"));
        assertBadInput("--box: the equilibrium's x1 = 0 is not strictly inside 0.5:1", with(VDP, "--box", "x1=0.5:1"));
        assertBadInput("--region: x1 + x2 is 0 at the equilibrium x1 = 0, x2 = 0; the region must hold it strictly "
                + "inside", with(VDP, "--region", "x1 + x2"));
    }

    @Test
    void aRegionIsNotCheckedForGlobalStability() {
        // x' = -x is globally stable; restricted to |x| <= 2 the level of x^2/2 is 2 (the box's edge).
        JsonNode json = certified("roa", "--vars", "x", "--f", "-x", "--box", "x=-2:2", "--json");
        assertFalse(json.get("global").asBoolean());
        assertEquals(2.0, json.get("rho").asDouble(), 1e-5);
    }
}
