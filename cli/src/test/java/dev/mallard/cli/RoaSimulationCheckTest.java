package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The simulation cross-check of roa on a slowly converging system agrees with the certificate. */
class RoaSimulationCheckTest {

    @Test
    void slowConvergenceExtendsTheHorizonInsteadOfCountingFailures() {
        // x' = -0.02 x + x^3: region |x| < sqrt(0.02), certified level rho = 0.5 of V = x^2 / 0.04 (exact: the
        // estimate is the whole region). With w = 1/x^2, w' = 0.04 w - 2: from |x| = 0.1 the distance 1e-3 takes
        // 247.6 s, so a fixed horizon of 20 s would count every sample as not converged.
        CliRun run = CliRun.of("roa", "--vars", "x", "--f", "-0.02*x + x^3", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        assertTrue(json.get("certified").asBoolean());
        assertEquals(0.5, json.get("rho").asDouble(), 1e-6);
        JsonNode sim = json.get("simulation");
        assertEquals(sim.get("insideSamples").asInt(), sim.get("insideConverged").asInt(), sim::toString);
        assertTrue(sim.get("agreesWithCertificate").asBoolean(), sim::toString);
        assertTrue(sim.get("longestRun").asDouble() > 247.6, sim::toString);
        assertEquals(20.0, sim.get("horizon").asDouble());
        // The text report says the same, without a warning.
        CliRun text = CliRun.of("roa", "--vars", "x", "--f", "-0.02*x + x^3");
        assertTrue(text.out().contains("simulation cross-check: SimulationCheck[inside 8/8"), text.out());
        assertFalse(text.out().contains("warning"), text.out());
    }
}
