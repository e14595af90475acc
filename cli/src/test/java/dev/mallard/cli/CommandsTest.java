package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandsTest {

    private static final double G = 9.81;

    @Test
    void simulateHarmonicOscillatorReturnsToItsStartAfterOnePeriod() {
        CliRun run = CliRun.of("simulate", "--vars", "x,v", "--f", "v; -x", "--x0", "1,0",
                "--t-final", String.valueOf(2 * Math.PI), "--accuracy", "1e-10", "--integrator", "runge_kutta5", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        assertEquals(2 * Math.PI, json.get("t").asDouble(), 0);
        assertEquals(1.0, json.get("x").get(0).asDouble(), 1e-8);
        assertEquals(0.0, json.get("x").get(1).asDouble(), 1e-8);
        assertTrue(json.get("steps").asInt() > 0);
        assertTrue(json.get("derivative_evaluations").asInt() >= json.get("steps").asInt());
        assertEquals(0, json.get("events").asInt());
        assertEquals("", run.err());
    }

    @Test
    void simulateBouncingBallCountsImpactsAndMatchesTheClosedForm(@TempDir Path dir) throws Exception {
        double h = 1.0;
        double e = 0.8;
        double finalTime = 2.0;
        Path csv = dir.resolve("ball.csv");
        Path png = dir.resolve("ball.png");
        CliRun run = CliRun.of("simulate", "--vars", "z,v", "--f", "v; -g", "--x0", h + ",0",
                "--t-final", String.valueOf(finalTime), "--guard", "z", "--reset", "z; -r*v",
                "--params", "g=" + G + ", r=" + e, "--accuracy", "1e-10", "--csv", csv.toString(), "--plot", png.toString(),
                "--json");
        assertEquals(0, run.code(), run.err());
        // Impacts at t1 = sqrt(2h/g), t_{k+1} = t_k + 2 e^k sqrt(2gh)/g: three of them before t = 2.
        double t = Math.sqrt(2 * h / G);
        double speed = Math.sqrt(2 * G * h);
        int impacts = 0;
        double lastImpact = 0;
        double lastSpeed = 0;
        for (int k = 1; t <= finalTime; k++) {
            impacts++;
            lastImpact = t;
            lastSpeed = Math.pow(e, k) * speed;
            t += 2 * lastSpeed / G;
        }
        JsonNode json = run.json();
        assertEquals(impacts, json.get("events").asInt());
        double tau = finalTime - lastImpact;
        assertEquals(lastSpeed * tau - G * tau * tau / 2, json.get("x").get(0).asDouble(), 1e-6);
        assertEquals(lastSpeed - G * tau, json.get("x").get(1).asDouble(), 1e-6);
        List<String> lines = Files.readAllLines(csv);
        assertEquals("t,z,v", lines.get(0));
        assertEquals("0.0,1.0,0.0", lines.get(1));
        assertTrue(lines.size() > 500);
        assertEquals(1000, javax.imageio.ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void gradientOfExponentialDecayMatchesTheClosedForm() {
        double k = 2;
        double x0 = 1.5;
        double finalTime = 1.0;
        CliRun run = CliRun.of("gradient", "--vars", "x", "--f", "-k*x", "--params", "k=" + k, "--x0", String.valueOf(x0),
                "--t-final", String.valueOf(finalTime), "--accuracy", "1e-12", "--integrator", "runge_kutta5", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        double decay = Math.exp(-k * finalTime);
        assertEquals(x0 * decay, json.get("x").get(0).asDouble(), 1e-9);
        assertEquals("[\"x\",\"k\"]", json.get("wrt").toString());
        assertEquals(decay, json.get("jacobian").get(0).get(0).asDouble(), 1e-9);
        assertEquals(-finalTime * x0 * decay, json.get("jacobian").get(0).get(1).asDouble(), 1e-9);

        JsonNode time = CliRun.of("gradient", "--vars", "x", "--f", "-k*x", "--params", "k=" + k, "--x0", String.valueOf(x0),
                "--t-final", String.valueOf(finalTime), "--accuracy", "1e-12", "--wrt", "t", "--json").json();
        assertEquals(-k * x0 * decay, time.get("jacobian").get(0).get(0).asDouble(), 1e-6);
    }

    @Test
    void gradientOfTheHarmonicOscillatorIsTheRotationMatrix() {
        double finalTime = 2.0;
        JsonNode json = CliRun.of("gradient", "--vars", "x,v", "--f", "v; -x", "--x0", "0.3,-0.2", "--t-final",
                String.valueOf(finalTime), "--integrator", "runge_kutta5", "--accuracy", "1e-12", "--json").json();
        double c = Math.cos(finalTime);
        double s = Math.sin(finalTime);
        double[][] expected = {{c, s}, {-s, c}};
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                assertEquals(expected[i][j], json.get("jacobian").get(i).get(j).asDouble(), 1e-9, "J" + i + j);
            }
        }
    }

    @Test
    void inspectTimeReversedVanDerPol() {
        JsonNode json = CliRun.of("inspect", "--vars", "x1,x2", "--f", "-x2; x1 + mu*(x1^2 - 1)*x2", "--params", "mu=1",
                "--json").json();
        assertTrue(json.get("polynomial").asBoolean());
        assertEquals(3, json.get("degree").asInt());
        assertEquals("-x2", json.get("f").get(0).asText());
        assertEquals("[[0.0,-1.0],[1.0,-1.0]]", json.get("A").toString());
        // The characteristic polynomial s^2 + s + 1: roots -1/2 +- i sqrt(3)/2.
        for (int k = 0; k < 2; k++) {
            assertEquals(-0.5, json.get("eigenvalues").get(k).get(0).asDouble(), 1e-12);
            assertEquals((k == 0 ? -1 : 1) * Math.sqrt(3) / 2, json.get("eigenvalues").get(k).get(1).asDouble(), 1e-12);
        }
        assertTrue(json.get("locally_stable").asBoolean());
        assertEquals("[0.0,0.0]", json.get("at").toString());
    }

    @Test
    void inspectReportsNonPolynomialDynamicsAndAnUnstablePoint() {
        JsonNode json = CliRun.of("inspect", "--vars", "th,w", "--f", "w; -sin(th)", "--at", "3.141592653589793,0",
                "--json").json();
        assertFalse(json.get("polynomial").asBoolean());
        assertFalse(json.has("degree"), json.toString());
        assertFalse(json.get("locally_stable").asBoolean());
        // At the top, A = [[0, 1], [1, 0]]: eigenvalues -1 and +1.
        assertEquals(-1.0, json.get("eigenvalues").get(0).get(0).asDouble(), 1e-12);
        assertEquals(1.0, json.get("eigenvalues").get(1).get(0).asDouble(), 1e-12);
    }

    @Test
    void sdpSolvesSdplibProblemsToTheirPublishedOptima() {
        Path dir = SdplibFiles.directory();
        CliRun trussRun = CliRun.of("sdp", dir.resolve("truss1.dat-s").toString(), "--json");
        // Not a terminal: no progress line on stderr, only the JSON object on stdout.
        assertEquals("", trussRun.err());
        JsonNode truss = trussRun.json();
        assertEquals("optimal", truss.get("status").asText());
        assertEquals(-8.999996, truss.get("objective").asDouble(), 1e-6 * 9);
        JsonNode control = CliRun.of("sdp", dir.resolve("control1.dat-s").toString(), "--json").json();
        assertEquals(17.78463, control.get("objective").asDouble(), 1e-5 * 17.8);
        assertTrue(control.get("iterations").asInt() > 0);
    }

    @Test
    void sdpReportsInfeasibilityWithExitCodeZeroAndNullObjective() {
        CliRun run = CliRun.of("sdp", SdplibFiles.directory().resolve("infp1.dat-s").toString(), "--json");
        assertEquals(0, run.code());
        assertEquals("primal_infeasible", run.json().get("status").asText());
        assertTrue(run.json().get("objective").isNull());
        CliRun dual = CliRun.of("sdp", SdplibFiles.directory().resolve("infd1.dat-s").toString(), "--json");
        assertEquals("dual_infeasible", dual.json().get("status").asText());
    }

    /**
     * SDPLIB's hinf13 stalls with every stopping measure within 1000 times its tolerance but the objectives about
     * 4e-3 apart (CSDP's "partial success", its own objectives 5e-3 apart): status inaccurate, exit code 1, no
     * objective, the two objectives printed.
     */
    @Test
    void sdpReportsAnInaccurateIterateAsAFailureWithBothObjectives() {
        Path hinf13 = SdplibFiles.directory().resolveSibling("sdp-corpus").resolve("sdplib").resolve("hinf13.dat-s");
        CliRun run = CliRun.of("sdp", hinf13.toString(), "--json");
        assertEquals(1, run.code());
        JsonNode json = run.json();
        assertEquals("inaccurate", json.get("status").asText());
        assertTrue(json.get("objective").isNull(), json.toString());
        for (String measure : new String[] {"primal_infeasibility", "dual_infeasibility", "complementarity_gap"}) {
            assertTrue(json.get(measure).asDouble() <= 1000 * 1e-8, json.toString());
        }
        double p = json.get("primal_objective").asDouble();
        double d = json.get("dual_objective").asDouble();
        assertTrue(Math.abs(p - d) / (1 + Math.abs(p) + Math.abs(d)) > 1e-3, json.toString());
        // CSDP 6.2.0's objectives on this file, 44.810893 and 45.296107: the two intervals meet.
        assertTrue(Math.max(p, d) >= 44.810893 && Math.min(p, d) <= 45.296107, json.toString());
    }

    /**
     * hinf1 ends with an objective gap of about 5e-6 (its optimal x is large, so x'(c - A(Y)) stays)
     * while the three measures of the stopping test are below 1e-8: the output must name those three as
     * the stopping measures and state the objective gap apart, computed as the printed objectives give it.
     */
    @Test
    void sdpReportsTheMeasuresItsStoppingTestUses() {
        Path hinf1 = SdplibFiles.directory().resolve("hinf1.dat-s");
        for (double tol : new double[] {1e-8, 1e-4}) {
            JsonNode json = CliRun.of("sdp", hinf1.toString(), "--tol", String.valueOf(tol), "--json").json();
            assertEquals("optimal", json.get("status").asText());
            assertTrue(json.get("primal_infeasibility").asDouble() <= tol, json.toString());
            assertTrue(json.get("dual_infeasibility").asDouble() <= tol, json.toString());
            assertTrue(json.get("complementarity_gap").asDouble() <= tol, json.toString());
            double p = json.get("primal_objective").asDouble();
            double d = json.get("dual_objective").asDouble();
            assertEquals(Math.abs(p - d) / (1 + Math.abs(p) + Math.abs(d)), json.get("objective_gap").asDouble(), 1e-12);
        }
        JsonNode tight = CliRun.of("sdp", hinf1.toString(), "--json").json();
        assertTrue(tight.get("objective_gap").asDouble() > 1e-6, tight.toString());
        JsonNode cut = CliRun.of("sdp", hinf1.toString(), "--max-iterations", "3", "--json").json();
        assertEquals("iteration_limit", cut.get("status").asText());
        assertTrue(cut.get("primal_infeasibility").asDouble() > 1e-8 || cut.get("dual_infeasibility").asDouble() > 1e-8
                || cut.get("complementarity_gap").asDouble() > 1e-8, cut.toString());
        String text = CliRun.of("sdp", hinf1.toString()).out();
        assertTrue(text.contains("stopping measures (optimal when each is at most --tol)"), text);
        assertTrue(text.contains("complementarity gap:") && text.contains("objective gap:"), text);
        assertFalse(text.contains("relative gap"), text);
    }
}
