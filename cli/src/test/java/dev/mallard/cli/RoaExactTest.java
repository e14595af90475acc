package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

/** {@code mallard roa --exact}: the certified level of Van der Pol's equation proved in rational arithmetic. */
class RoaExactTest {

    private static final String[] VAN_DER_POL = {"roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--exact"};

    @Test
    void theTextReportSaysTheLevelWasProvedExactly() {
        CliRun run = CliRun.of(VAN_DER_POL);
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("exact proof: proved exactly at rho = 2.30447"), run.out());
    }

    @Test
    void theJsonReportCarriesTheProofAtTheCertifiedLevel() {
        String[] args = java.util.Arrays.copyOf(VAN_DER_POL, VAN_DER_POL.length + 1);
        args[VAN_DER_POL.length] = "--json";
        CliRun run = CliRun.of(args);
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        assertTrue(json.get("exactProof").get("proved").asBoolean(), run.out());
        assertEquals(json.get("rho").asDouble(), json.get("exactProof").get("level").asDouble());
        // Van der Pol's level for V from A'P + PA = -I (the SOS optimum), certified 1e-7 below it.
        assertEquals(2.3044776, json.get("rho").asDouble(), 1e-6);
    }
}
