package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

/**
 * {@code mallard roa --exact}: the certified level of Van der Pol's equation proved in rational arithmetic, also
 * for a searched V of degree 4 and for the shape search's V and shape level; refused, saying why, where the
 * certificate is not a polynomial identity of the dynamics (sin and cos enclosed).
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
    void theShapeSearchsLevelIsProvedAndReportedInJsonAndText() {
        // x' = x + x^3 + u under LQR (Q = R = 1): the closed loop x' = -sqrt(2) x + x^3 is attracted exactly on
        // x^2 < sqrt(2), so S x^2 (S = 1 + sqrt(2)) has the supremum level S sqrt(2); the proved level is below it.
        String[] shape = {"roa", "--vars", "x", "--inputs", "u", "--f", "x + x^3 + u", "--lqr-q", "1", "--lqr-r", "1",
            "--shape-lqr", "--exact"};
        String[] json = java.util.Arrays.copyOf(shape, shape.length + 1);
        json[shape.length] = "--json";
        CliRun run = CliRun.of(json);
        assertEquals(0, run.code(), run.err());
        JsonNode out = run.json();
        JsonNode proof = out.get("exactProof");
        assertTrue(proof.get("proved").asBoolean(), run.out());
        assertEquals(out.get("rho").asDouble(), proof.get("level").asDouble());
        assertTrue(proof.get("reason").asText().contains("is inside {V <= rho}"), run.out());
        double exact = (1 + Math.sqrt(2)) * Math.sqrt(2);
        double c = out.get("shapeLevel").asDouble();
        assertTrue(c > 0.98 * exact && c < exact, c + " of " + exact);
        CliRun text = CliRun.of(shape);
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("exact proof: proved exactly at rho = "), text.out());
    }

    @Test
    void enclosedSinAndCosAreRefusedSayingWhy() {
        CliRun enclosed = CliRun.of("roa", "--vars", "th,w", "--inputs", "u", "--f", "w; 19.62*sin(th) - 0.4*w + 4*u",
                "--k", "10,1", "--exact");
        assertEquals(2, enclosed.code(), enclosed.out());
        assertTrue(enclosed.err().contains("exactProof is not available where sin and cos are enclosed")
                && enclosed.err().contains("checked in floating point"), enclosed.err());
    }
}
