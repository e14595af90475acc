package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * What roa answers besides a level: a zero candidate is refused, a candidate certifying every level is
 * reported as global stability (not a number), and a failed analysis never prints a level.
 */
class RoaVerdictTest {

    @Test
    void zeroCandidateIsRefusedNamingTheOptionAndWhy() {
        for (String zero : new String[] {"0", "x - x", "0*x^2"}) {
            CliRun run = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--V", zero);
            assertEquals(Main.BAD_INPUT, run.code(), run.err());
            assertTrue(run.err().contains("--V") && run.err().contains("identically zero")
                    && run.err().contains("not positive definite"), run.err());
            assertEquals("", run.out());
        }
    }

    @Test
    void globallyStableScalarSystemIsReportedGlobalWithoutALevel() {
        CliRun run = CliRun.of("roa", "--vars", "x", "--f", "-x", "--json");
        assertEquals(Main.OK, run.code(), run.err());
        JsonNode json = run.json();
        assertTrue(json.get("global").asBoolean());
        assertTrue(json.get("certified").asBoolean());
        assertFalse(json.has("rho"), run.out());
        // The candidate of x' = -x is x'Px with 2P = 1, printed unnormalised: 0.25 at x = 0.7071.
        assertEquals(0.25, RoaCommandTest.v(json, "x", Math.sqrt(0.5)), 1e-9);
        assertTrue(json.get("sdpStatuses").size() >= 1, run.out());

        CliRun text = CliRun.of("roa", "--vars", "x", "--f", "-x");
        assertEquals(Main.OK, text.code(), text.err());
        assertTrue(text.out().contains("globally asymptotically stable for this V and this model"), text.out());
        assertFalse(text.out().contains("rho ="), text.out());
    }

    @Test
    void globallyStableNonlinearPlaneSystemIsGlobalForTheGivenCandidate() {
        // x1' = -x1 + x2, x2' = -x1 - x2^3 with V = x1^2 + x2^2: Vdot = -2 x1^2 - 2 x2^4 < 0 off the origin.
        CliRun run = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x1 + x2; -x1 - x2^3", "--V", "x1^2 + x2^2",
                "--json");
        assertEquals(Main.OK, run.code(), run.err());
        assertTrue(run.json().get("global").asBoolean(), run.out());
        assertFalse(run.json().has("rho"), run.out());
    }

    @Test
    void locallyStableSystemStillGetsItsLevelAndIsNotGlobal() {
        JsonNode json = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--json").json();
        assertFalse(json.get("global").asBoolean());
        assertEquals(0.5, json.get("rho").asDouble(), 1e-4);
    }

    @Test
    void failedAnalysisPrintsNoLevelAndJsonSaysWhy() {
        // V = x^2 + y^2 is not a Lyapunov function of x' = -x + 10 y, y' = -y: Vdot = -2x^2 + 20xy - 2y^2 is
        // positive near the origin along x = y, so no positive level exists.
        String[] args = {"roa", "--vars", "x,y", "--f", "-x + 10*y; -y", "--V", "x^2 + y^2"};
        CliRun text = CliRun.of(args);
        assertEquals(Main.FAILED, text.code(), text.err());
        assertFalse(text.out().contains("rho ="), text.out());
        assertTrue(text.err().contains("no level is certified"), text.err());

        String[] withJson = java.util.Arrays.copyOf(args, args.length + 1);
        withJson[args.length] = "--json";
        CliRun run = CliRun.of(withJson);
        assertEquals(Main.FAILED, run.code(), run.err());
        JsonNode json = run.json();
        assertFalse(json.get("certified").asBoolean());
        assertFalse(json.has("rho"), run.out());
        assertFalse(json.get("reason").asText().isBlank());
        assertTrue(json.get("sdpStatuses").size() >= 1, run.out());
    }
    @Test
    void aGlobalResultSaysWhyNoPlotIsDrawn(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path png = dir.resolve("global.png");
        CliRun run = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x1; -x2", "--plot", png.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("plot: not drawn, " + png + " not written: the estimate is the whole state space"),
                run.out());
        assertFalse(java.nio.file.Files.exists(png));
    }
}
