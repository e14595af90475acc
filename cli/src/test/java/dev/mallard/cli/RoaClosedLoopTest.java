package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.HashMap;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import org.junit.jupiter.api.Test;

/** roa on a plant with inputs, the loop closed by a given gain or by LQR about the equilibrium. */
class RoaClosedLoopTest {

    private static double v(JsonNode json, double x1, double x2) {
        Map<String, Variable> names = new HashMap<>();
        Expression v = Formula.parseCreating(json.get("V").asText(), names);
        Environment env = new Environment();
        names.forEach((name, var) -> env.put(var, name.equals("x1") ? x1 : x2));
        return v.evaluate(env);
    }

    @Test
    void givenGainMatchesTheClosedLoopWrittenByHand() {
        // x1' = x2, x2' = -x1 + x1^3 + u under u = -(x1 + x2) is x2' = -2 x1 - x2 + x1^3.
        JsonNode loop = CliRun.of("roa", "--vars", "x1,x2", "--inputs", "u", "--f", "x2; -x1 + x1^3 + u", "--k", "1,1",
                "--json").json();
        JsonNode hand = CliRun.of("roa", "--vars", "x1,x2", "--f", "x2; -2*x1 - x2 + x1^3", "--json").json();
        assertTrue(loop.get("certified").asBoolean(), loop::toString);
        assertEquals(hand.get("rho").asDouble(), loop.get("rho").asDouble(), 1e-9 * hand.get("rho").asDouble());
        for (double[] p : new double[][] {{0.3, -0.2}, {1.0, 0.5}, {-0.7, 1.1}}) {
            assertEquals(v(hand, p[0], p[1]), v(loop, p[0], p[1]), 1e-9);
        }
        assertEquals("[[1.0,1.0]]", loop.get("K").toString());
    }

    @Test
    void gainIsAppliedToTheDisplacementFromTheEquilibrium() {
        // About x* = (1, 0): x1' = x2, x2' = -(x1 - 1) + (x1 - 1)^3 + u under u = -(x1 - 1 + x2).
        JsonNode loop = CliRun.of("roa", "--vars", "x1,x2", "--inputs", "u", "--f", "x2; -(x1 - 1) + (x1 - 1)^3 + u",
                "--k", "1,1", "--x-star", "1,0", "--json").json();
        JsonNode hand = CliRun.of("roa", "--vars", "x1,x2", "--f", "x2; -2*x1 - x2 + x1^3", "--json").json();
        assertEquals(hand.get("rho").asDouble(), loop.get("rho").asDouble(), 1e-6 * hand.get("rho").asDouble());
        assertEquals(v(hand, 0.3, -0.2), v(loop, 1.3, -0.2), 1e-6);
    }

    @Test
    void lqrDesignOfAScalarPlantHasTheRiccatiGainAndTheExactRegion() {
        // x' = x + x^3 + u with Q = R = 1: 2S - S^2 + 1 = 0 gives K = S = 1 + sqrt(2), and the closed loop
        // x' = -sqrt(2) x + x^3 is attracted exactly on |x| < 2^(1/4), which the estimate reaches.
        JsonNode json = CliRun.of("roa", "--vars", "x", "--inputs", "u", "--f", "x + x^3 + u", "--lqr-q", "1",
                "--lqr-r", "1", "--json").json();
        assertEquals(1 + Math.sqrt(2), json.get("K").get(0).get(0).asDouble(), 1e-9);
        assertEquals(1.0, RoaCommandTest.v(json, "x", Math.pow(2, 0.25)), 1e-4);
    }

    @Test
    void diagonalAndFullCostsGiveTheSameDesign() {
        String[] plant = {"roa", "--vars", "x1,x2", "--inputs", "u1,u2", "--f", "x2 + u1; x1 - x1^3 + u2", "--json"};
        JsonNode diagonal = run(plant, "--lqr-q", "10,1", "--lqr-r", "1,2");
        JsonNode full = run(plant, "--lqr-q", "10,0; 0,1", "--lqr-r", "1,0;0,2");
        assertEquals(diagonal.get("K").toString(), full.get("K").toString());
        assertEquals(2, diagonal.get("K").size());
        JsonNode given = run(plant, "--k", diagonal.get("K").get(0).get(0).asText() + ","
                + diagonal.get("K").get(0).get(1).asText() + ";" + diagonal.get("K").get(1).get(0).asText() + ","
                + diagonal.get("K").get(1).get(1).asText());
        assertEquals(diagonal.get("rho").asDouble(), given.get("rho").asDouble(), 1e-9);
    }

    @Test
    void theLqrCostToGoIsTheCandidateOfVLqrAndUStarIsTheEquilibriumInput() {
        // x1' = x2, x2' = u + x1^3 about (0, u* = 2) with Q = I, R = 1: the double integrator's Riccati solution
        // is S = [sqrt(3) 1; 1 sqrt(3)] (K = [1 sqrt(3)]), so --V-lqr must give --V-matrix S's answer.
        String s = Double.toString(Math.sqrt(3));
        String[] plant = {"roa", "--vars", "x1,x2", "--inputs", "u", "--f", "x2; u - 2 + x1^3", "--u-star", "2",
            "--lqr-q", "1,1", "--lqr-r", "1", "--json"};
        JsonNode lqr = run(plant, "--V-lqr");
        JsonNode matrix = run(plant, "--V-matrix", s + ",1;1," + s);
        assertEquals(1.0, lqr.get("K").get(0).get(0).asDouble(), 1e-9);
        assertEquals(Math.sqrt(3), lqr.get("K").get(0).get(1).asDouble(), 1e-9);
        assertEquals(matrix.get("rho").asDouble(), lqr.get("rho").asDouble(), 1e-6 * matrix.get("rho").asDouble());
        for (double[] p : new double[][] {{0.3, -0.2}, {0.5, 0.5}}) {
            assertEquals(v(matrix, p[0], p[1]), v(lqr, p[0], p[1]), 1e-5);
        }
        // u* = 2 cancels the -2: the same loop as the plant written about u = 0.
        JsonNode unshifted = run(new String[] {"roa", "--vars", "x1,x2", "--inputs", "u", "--f", "x2; u + x1^3",
            "--lqr-q", "1,1", "--lqr-r", "1", "--json"}, "--V-lqr");
        assertEquals(unshifted.get("rho").asDouble(), lqr.get("rho").asDouble(), 1e-9 * lqr.get("rho").asDouble());
    }

    @Test
    void candidateOptionsAreRefusedWhenTheyConflict() {
        String[][] bad = {
            {"--vars", "x", "--f", "-x + x^3", "--V", "x^2", "--V-matrix", "1"},
            {"--vars", "x", "--f", "-x + u", "--inputs", "u", "--k", "1", "--V-lqr"},
            {"--vars", "x", "--f", "-x + x^3", "--u-star", "1"},
            {"--vars", "x1,x2", "--f", "-x1; -x2", "--V-matrix", "1,2;3,1"},
            {"--vars", "x1,x2", "--f", "-x1; -x2", "--V-matrix", "1,2,3"},
        };
        String[] expected = {"give one candidate", "--V-lqr takes the LQR cost-to-go", "--u-star is the equilibrium "
            + "input", "--V-matrix must be symmetric: row 2, column 1 is 3", "--V-matrix: the diagonal has 3 entries"};
        for (int i = 0; i < bad.length; i++) {
            String[] args = new String[bad[i].length + 1];
            args[0] = "roa";
            System.arraycopy(bad[i], 0, args, 1, bad[i].length);
            CliRun run = CliRun.of(args);
            assertEquals(Main.BAD_INPUT, run.code(), String.join(" ", args) + " -> " + run.err());
            assertTrue(run.err().contains(expected[i]), run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
        }
    }

    @Test
    void feedbackOptionsAreRefusedWhenIncomplete() {
        String[][] bad = {
            {"--vars", "x", "--f", "-x + u", "--inputs", "u"},
            {"--vars", "x", "--f", "-x", "--k", "1"},
            {"--vars", "x", "--f", "-x + u", "--inputs", "u", "--k", "1", "--lqr-q", "1", "--lqr-r", "1"},
            {"--vars", "x", "--f", "-x + u", "--inputs", "u", "--lqr-q", "1"},
            {"--vars", "x1,x2", "--f", "x2; u", "--inputs", "u", "--k", "1"},
            {"--vars", "x", "--f", "x + x^3", "--inputs", "u", "--lqr-q", "1", "--lqr-r", "1"},
        };
        String[] expected = {"--inputs: close the loop", "--k closes a loop", "not both", "--lqr-q needs --lqr-r",
            "--k: row 1 has 1 entry, expected 2", "--lqr-q/--lqr-r: no LQR design"};
        for (int i = 0; i < bad.length; i++) {
            String[] args = new String[bad[i].length + 1];
            args[0] = "roa";
            System.arraycopy(bad[i], 0, args, 1, bad[i].length);
            CliRun run = CliRun.of(args);
            assertEquals(Main.BAD_INPUT, run.code(), String.join(" ", args) + " -> " + run.err());
            assertTrue(run.err().contains(expected[i]), run.err());
        }
    }

    private static JsonNode run(String[] plant, String... more) {
        String[] args = java.util.Arrays.copyOf(plant, plant.length + more.length);
        System.arraycopy(more, 0, args, plant.length, more.length);
        CliRun r = CliRun.of(args);
        assertEquals(Main.OK, r.code(), r.err());
        return r.json();
    }
}
