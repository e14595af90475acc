package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** roa --shape-lqr and --shape-matrix: the largest certified level of a quadratic shape. */
class RoaShapeTest {

    @Test
    void theCostToGosLevelOfAScalarLqrLoopApproachesTheExactOne() {
        // x' = x + x^3 + u with Q = R = 1: S = 1 + sqrt(2) and the closed loop x' = -sqrt(2) x + x^3 is attracted
        // exactly on x^2 < sqrt(2), so the largest level of S x^2 inside is S sqrt(2) (a supremum).
        JsonNode json = CliRun.of("roa", "--vars", "x", "--inputs", "u", "--f", "x + x^3 + u", "--lqr-q", "1",
                "--lqr-r", "1", "--shape-lqr", "--json").json();
        double exact = (1 + Math.sqrt(2)) * Math.sqrt(2);
        double c = json.get("shapeLevel").asDouble();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        assertTrue(c > 0.99 * exact && c < exact, c + " of " + exact);
    }

    @Test
    void aShapeMatrixIsReportedInTheText() {
        // the same loop written by hand, the shape x^2: its largest level inside is sqrt(2)
        String text = CliRun.of("roa", "--vars", "x", "--f", "-sqrt(2)*x + x^3", "--shape-matrix", "1").out();
        assertTrue(text.contains("shape level c = 1.41"), text);
    }

    @Test
    void shapesAreRefusedWithoutTheirInputs() {
        String both = CliRun.of("roa", "--vars", "x", "--inputs", "u", "--f", "x + x^3 + u", "--lqr-q", "1",
                "--lqr-r", "1", "--shape-lqr", "--shape-matrix", "1").err();
        assertTrue(both.contains("give one shape: --shape-lqr or --shape-matrix"), both);
        String noLqr = CliRun.of("roa", "--vars", "x", "--f", "-x + x^3", "--shape-lqr").err();
        assertTrue(noLqr.contains("--shape-lqr takes the LQR cost-to-go"), noLqr);
    }
}
