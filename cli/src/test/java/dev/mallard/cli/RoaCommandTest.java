package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The roa command on Drake's published results (its tests and the Underactuated notes). */
class RoaCommandTest {

    /** V printed by the command, evaluated at x. */
    static double v(JsonNode json, String name, double x) {
        Map<String, Variable> names = new HashMap<>();
        Expression v = Formula.parseCreating(json.get("V").asText(), names);
        return v.evaluate(new Environment().put(names.get(name), x));
    }

    @Test
    void cubicSystemGivesXSquared() {
        JsonNode json = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--json").json();
        assertTrue(json.get("certified").asBoolean());
        // The region is |x| < 1 and V = x^2 / rho with rho -> 1/2 (V = x^2 up to the normalisation).
        assertEquals(0.5, json.get("rho").asDouble(), 1e-4);
        assertEquals(1.0, v(json, "x", 1.0), 1e-4);
        assertEquals(0.25, v(json, "x", 0.5), 1e-4);
    }

    @Test
    void shiftedFixedPointGivesTheShiftedSquare() {
        JsonNode json = CliRun.of("roa", "--vars", "x", "--f", "-(x - 2) + (x - 2)^3", "--x-star", "2", "--json").json();
        assertTrue(json.get("certified").asBoolean());
        assertEquals(0.0, v(json, "x", 2.0), 1e-9);
        assertEquals(1.0, v(json, "x", 3.0), 1e-4);
        assertEquals(1.0, v(json, "x", 1.0), 1e-4);
    }

    @Test
    void userCandidateThreeXToTheFourthGivesXToTheFourth() {
        JsonNode json = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--V", "3*x^4", "--json").json();
        assertEquals(3.0, json.get("rho").asDouble(), 1e-3);
        assertEquals(1.0 / 16, v(json, "x", 0.5), 1e-4);
    }

    @Test
    void implicitRationalDynamicsGiveXSquared() {
        JsonNode json = CliRun.of("roa", "--vars", "x", "--g", "(1 + x^2)*xdot - (-x + x^3)", "--json").json();
        assertTrue(json.get("certified").asBoolean());
        assertEquals(0.25, v(json, "x", 0.5), 1e-4);
    }

    @Test
    void timeReversedVanDerPolMatchesThePublishedLevel(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("roa.png");
        CliRun run = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--V",
                "1.5*x1^2 - x1*x2 + x2^2", "--plot", png.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("rho = 2.304"), run.out());
        assertTrue(run.out().contains("certificate: verified"), run.out());
        assertTrue(run.out().contains("with the simulated true boundary"), run.out());
        assertEquals(1000, javax.imageio.ImageIO.read(png.toFile()).getWidth());
        JsonNode json = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--json").json();
        assertEquals(2.3045, json.get("rho").asDouble(), 1e-4);
    }

    @Test
    void aPlotOfMoreThanTwoStatesIsTheSliceAndOfOneStateIsRefusedBeforeTheAnalysis(@TempDir Path dir)
            throws Exception {
        Path png = dir.resolve("slice.png");
        CliRun three = CliRun.of("roa", "--vars", "x1,x2,x3", "--f", "-x1 + x2; -x2 + x3 + x1^2; -x3 - x1*x2 + x2^2",
                "--plot", png.toString());
        assertEquals(0, three.code(), three.err());
        assertTrue(three.out().contains("plot: " + png), three.out());
        assertEquals(1000, javax.imageio.ImageIO.read(png.toFile()).getWidth());
        long start = System.nanoTime();
        CliRun one = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--plot", dir.resolve("one.png").toString());
        assertEquals(2, one.code());
        assertEquals("mallard: --plot draws the estimate in the plane of two states; the system has 1"
                + System.lineSeparator(), one.err());
        assertTrue(one.out().isEmpty(), one.out());
        assertTrue((System.nanoTime() - start) * 1e-9 < 5, "refused before any SOS program");
    }

    @Test
    void theGeneticToggleSwitchIsCertifiedAtItsExactLevel() {
        // Issue 29: refused before; Drake's SOS program solved by csdp certifies the exact level 2.4771461 of the
        // linearisation's candidate (also scipy's SLSQP, roa's ToggleSwitchTest).
        JsonNode json = CliRun.of("roa", "--vars", "u,v", "--g", "(1 + v^2)*(udot + u) - a; (1 + u^2)*(vdot + v) - a",
                "--params", "a=3", "--x-star", "2.618033988749895,0.3819660112501051", "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        double rho = json.get("rho").asDouble();
        assertTrue(rho >= 0.98 * 2.4771461 && rho <= 2.4771461 * (1 + 1e-7), json::toString);
    }

    @Test
    void badInputIsRefusedWithExitCodeTwo() {
        CliRun notFixed = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--x-star", "2");
        assertEquals(2, notFixed.code());
        assertEquals("mallard: --x-star: x = 2 is not an equilibrium: dx/dt = 6 there" + System.lineSeparator(),
                notFixed.err());
        CliRun unstable = CliRun.of("roa", "--vars", "x", "--f", "x + x^3");
        assertEquals(2, unstable.code());
        assertTrue(unstable.err().contains("unstable"), unstable.err());
        CliRun both = CliRun.of("roa", "--vars", "x", "--f", "-x", "--g", "xdot + x");
        assertEquals("mallard: give either --f or --g, not both" + System.lineSeparator(), both.err());
        CliRun nonlinear = CliRun.of("roa", "--vars", "x", "--g", "xdot^2 + x");
        assertEquals(2, nonlinear.code());
        assertTrue(nonlinear.err().contains("not linear in xdot"), nonlinear.err());
    }
}
