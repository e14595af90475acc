package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

/**
 * {@code mallard roa --exact}: the certified level of Van der Pol's equation proved in rational arithmetic, also
 * for a searched V of degree 4; refused, saying why, where the certificate is not a polynomial identity of the
 * dynamics (sin and cos enclosed, the shape search).
 */
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

    @Test
    void aSearchedVOfDegreeFourIsProvedWithItsThreeIdentities() {
        CliRun run = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--lyapunov-degree", "4",
                "--no-simulation-guidance", "--exact", "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode json = run.json();
        assertTrue(json.get("exactProof").get("proved").asBoolean(), run.out());
        assertEquals(json.get("rho").asDouble(), json.get("exactProof").get("level").asDouble());
        assertTrue(json.get("exactProof").get("reason").asText().contains("of the 3 Gram matrices"), run.out());
    }

    @Test
    void enclosedSinAndCosAndTheShapeSearchAreRefusedSayingWhy() {
        CliRun enclosed = CliRun.of("roa", "--vars", "th,w", "--inputs", "u", "--f", "w; 19.62*sin(th) - 0.4*w + 4*u",
                "--k", "10,1", "--exact");
        assertEquals(2, enclosed.code(), enclosed.out());
        assertTrue(enclosed.err().contains("exactProof is not available where sin and cos are enclosed")
                && enclosed.err().contains("checked in floating point"), enclosed.err());
        CliRun shape = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--shape-matrix", "1,1",
                "--exact");
        assertEquals(2, shape.code(), shape.out());
        assertTrue(shape.err().contains("exactProof is not available with shapeMatrix")
                && shape.err().contains("checked in floating point only"), shape.err());
    }
}
