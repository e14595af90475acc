package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** roa --lyapunov-degree: a V of higher degree, its area and its gain over the quadratic estimate. */
class RoaLyapunovDegreeTest {

    @Test
    void degreeFourEnlargesTheVanDerPolEstimateAndReportsItsArea() {
        JsonNode json = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--lyapunov-degree",
                "4", "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        assertEquals(4, json.get("lyapunovDegree").asInt());
        // The quadratic estimate {1.5 x1^2 - x1 x2 + x2^2 <= 2.3045} has area pi 2.3045 / sqrt(1.25).
        double quadratic = Math.PI * 2.3045 / Math.sqrt(1.25);
        assertEquals(quadratic, json.get("quadraticArea").asDouble(), 0.03 * quadratic);
        // Degree 4 reaches about 11.4 of the true 13.72 (the inside of the limit cycle), never more.
        double area = json.get("area").asDouble();
        assertTrue(area > 10.5 && area < 13.72, json::toString);
        assertEquals(area / json.get("quadraticArea").asDouble(), json.get("areaGain").asDouble(), 1e-12);
        // The printed V is the quartic one.
        assertTrue(json.get("V").asText().contains("x1^4"), json::toString);
        // Simulations from inside and on the boundary of the enlarged estimate converge, and say so.
        JsonNode sim = json.get("simulation");
        assertEquals(8, sim.get("insideConverged").asInt(), sim::toString);
        assertEquals(8, sim.get("boundaryConverged").asInt(), sim::toString);
        assertTrue(sim.get("agreesWithCertificate").asBoolean(), sim::toString);
    }

    @Test
    void noSimulationGuidanceRunsTheAlternationAloneWhichStallsOnStiffVanDerPol() {
        // mu = 3, degree 6: the alternation from the quadratic estimate alone stops near half of the true area
        // 20.4914 (53% by the polar area); guided by simulation it certifies 94% (roa's SimulationGuidedSearchTest)
        JsonNode json = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + 3*(x1^2 - 1)*x2", "--lyapunov-degree",
                "6", "--no-simulation-guidance", "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        double area = json.get("area").asDouble();
        assertTrue(area > 0.45 * 20.4914 && area < 0.6 * 20.4914, json::toString);
    }

    @Test
    void sinAndCosDynamicsTakeADegreeFourSearchInTheExactRecast() {
        // A pendulum under a constant torque, th'' = -sin(th + pi/6) - 0.5 th' + 0.5, about its equilibrium 0.
        JsonNode json = CliRun.of("roa", "--vars", "th,w", "--f",
                "w; -sin(th + 0.5235987755982989) - 0.5*w + 0.5", "--lyapunov-degree", "4", "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        assertEquals(4, json.get("lyapunovDegree").asInt());
        assertTrue(json.get("V").asText().contains("sin(th)") && json.get("V").asText().contains("cos(th)"),
                json::toString);
        // Here the quadratic estimate already reaches the saddle (2 pi / 3, 0), so the area cannot grow.
        assertTrue(json.get("area").asDouble() >= 0.99 * json.get("quadraticArea").asDouble(), json::toString);
        assertTrue(json.get("simulation").get("agreesWithCertificate").asBoolean(), json::toString);
    }

    @Test
    void aBadDegreeOrRationalDynamicsAreRefusedWithExitCodeTwo() {
        CliRun odd = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--lyapunov-degree", "3");
        assertEquals(2, odd.code());
        assertEquals("mallard: --lyapunov-degree must be 2, 4, 6 or 8, got 3" + System.lineSeparator(), odd.err());
        CliRun rational = CliRun.of("roa", "--vars", "x", "--f", "-x/(1 + x^2)", "--lyapunov-degree", "4");
        assertEquals(2, rational.code());
        assertTrue(rational.err().contains("needs polynomial dynamics"), rational.err());
    }
}
