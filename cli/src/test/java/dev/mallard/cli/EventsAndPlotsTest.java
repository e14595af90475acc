package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** simulate --json's event log and samples, and the plots drawn through the plot module. */
class EventsAndPlotsTest {

    private static final double G = 9.81;

    @Test
    void simulateJsonListsEveryImpactWithItsKindTriggerAndWitness() throws Exception {
        CliRun run = CliRun.of("simulate", "--vars", "z,v", "--f", "v; -9.81", "--x0", "1,0", "--t-final", "3",
                "--guard", "z", "--reset", "z; -0.8*v", "--accuracy", "1e-8", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode events = new ObjectMapper().readTree(run.out()).get("event_log");
        double drop = Math.sqrt(2 / G);
        double expected = drop;
        for (int k = 0; k < events.size(); k++) {
            JsonNode e = events.get(k);
            assertEquals("unrestricted_update", e.get("kind").asText());
            assertEquals("witness", e.get("trigger").asText());
            assertTrue(e.get("witness").asText().contains("z"), e.toString());
            // Impact k is at sqrt(2h/g) (1 + 2 e + ... + 2 e^k) for restitution e = 0.8.
            assertEquals(expected, e.get("t").asDouble(), 1e-6, "impact " + k);
            expected += 2 * drop * Math.pow(0.8, k + 1);
        }
        assertEquals(new ObjectMapper().readTree(run.out()).get("events").asInt(), events.size());
    }

    @Test
    void samplesAddTheTrajectoryAndNeedJson() throws Exception {
        CliRun run = CliRun.of("simulate", "--vars", "x,v", "--f", "v; -x", "--x0", "1,0", "--t-final", "3",
                "--json", "--samples", "50");
        assertEquals(0, run.code(), run.err());
        JsonNode samples = new ObjectMapper().readTree(run.out()).get("samples");
        int n = samples.get("t").size();
        assertTrue(n >= 50, "at least the 50 even samples: " + n);
        for (int k = 0; k < n; k++) {
            double t = samples.get("t").get(k).asDouble();
            assertEquals(Math.cos(t), samples.get("x").get(k).get(0).asDouble(), 1e-3, "x at t = " + t);
        }
        CliRun text = CliRun.of("simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--t-final", "1",
                "--samples", "5");
        assertEquals(2, text.code());
        assertEquals("mallard: --samples: goes with --json", text.err().strip());
    }

    /** The region-of-attraction plot once crashed sampling its trajectories past their end (exit 2). */
    @Test
    void roaPlotOfAnOrdinarySystemIsDrawn(@TempDir Path dir) {
        Path png = dir.resolve("roa.png");
        CliRun run = CliRun.of("roa", "--vars", "x1,x2", "--f", "x2; -2*x1 - 2*x2 + x1^3", "--plot", png.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(Files.isRegularFile(png));
    }

    @Test
    void simulatePlotHasAPanelPerState(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("three.png");
        CliRun run = CliRun.of("simulate", "--vars", "a,b,c", "--f", "-a; -2*b; -3*c", "--x0", "1,1,1",
                "--t-final", "1", "--plot", png.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals(3 * dev.mallard.plot.StatePlots.PANEL_HEIGHT, javax.imageio.ImageIO.read(png.toFile()).getHeight());
    }
}
