package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --model FILE}: every command reads a system from a model file, with the same result as the same system
 * given by --vars --f --params, and refuses a bad file with its line and column.
 */
class ModelOptionTest {

    /** The repository's data/models file of that name, found by walking up from the module's directory. */
    private static String model(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("models").resolve(name);
            if (Files.isRegularFile(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException("data/models/" + name + " not found");
    }

    @Test
    void inspectGivesTheAcrobotFilesLinearisationAtItsUpright() {
        JsonNode fromFile = CliRun.of("inspect", "--model", model("acrobot.yaml"), "--params", "u=0",
                "--at", "3.141592653589793,0,0,0", "--json").json();
        JsonNode fromOptions = CliRun.of("inspect", "--vars", "q1,q2,v1,v2", "--params", "m1=1, m2=1, l1=1, lc1=0.5, "
                + "lc2=1, Ic1=0.083, Ic2=0.33, b1=0.1, b2=0.1, g=9.81, u=0", "--f", DefinitionsTest.ACROBOT,
                "--at", "3.141592653589793,0,0,0", "--json").json();
        assertEquals(fromOptions.get("A"), fromFile.get("A"));
        // docs/models/acrobot.py, by complex-step differentiation of a NumPy model.
        assertEquals(29.611885261809583, fromFile.get("A").get(3).get(1).asDouble(), 1e-12);
    }

    @Test
    void simulateRunsTheBallFilesEventsAndParametersCanBeChanged() {
        JsonNode fromFile = CliRun.of("simulate", "--model", model("bouncing_ball.yaml"), "--params", "cr=0.5",
                "--x0", "1,0", "--t-final", "1", "--accuracy", "1e-10", "--json").json();
        JsonNode fromOptions = CliRun.of("simulate", "--vars", "z,v", "--f", "v; -9.81", "--params", "cr=0.5",
                "--x0", "1,0", "--t-final", "1", "--guard", "z", "--reset", "z; -cr*v", "--accuracy", "1e-10",
                "--json").json();
        assertEquals(fromOptions.get("x"), fromFile.get("x"));
        // Impacts at ti = sqrt(2/g) and, after rising and falling for ti at half the speed, at 2 ti; then a
        // quarter of the first impact's speed: v(1) = 0.25 g ti - g (1 - 2 ti).
        double impact = Math.sqrt(2 / 9.81);
        assertEquals(0.25 * 9.81 * impact - 9.81 * (1 - 2 * impact), fromFile.get("x").get(1).asDouble(), 1e-6);
    }

    @Test
    void roaTakesTheEquilibriumFromTheFile() {
        JsonNode fromFile = CliRun.of("roa", "--model", model("reversed_van_der_pol.yaml"), "--json").json();
        JsonNode fromOptions = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--json").json();
        assertEquals(fromOptions.get("rho").asDouble(), fromFile.get("rho").asDouble(), 1e-9);
        assertEquals(2.3045, fromFile.get("rho").asDouble(), 1e-4);
    }

    @Test
    void badFilesAndMixedOptionsAreRefusedWithTheirPlace(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "states: [x]\ndynamics:\n  x: -x +* 2\n");
        assertRefused("--model: " + bad + ":3:10: dynamics of x: ", "inspect", "--model", bad.toString());
        assertRefused("--model: no such file: " + dir.resolve("none.yaml"), "inspect", "--model",
                dir.resolve("none.yaml").toString());
        assertRefused("--model: the file declares the system; --f cannot be given beside it", "inspect", "--model",
                model("reversed_van_der_pol.yaml"), "--f", "-x2; x1");
        assertRefused("--model: the file's input 'u' has no value; give one with --params u=VALUE (held constant)",
                "inspect", "--model", model("acrobot.yaml"));
        assertRefused("--params: 'q' is not a parameter or input of the model file; it has [mu]", "inspect",
                "--model", model("reversed_van_der_pol.yaml"), "--params", "q=1");
        assertRefused("--model: roa analyses the continuous dynamics, and the file declares 1 event; use simulate "
                + "or gradient for a hybrid model", "roa", "--model", model("bouncing_ball.yaml"));
        assertRefused("--vars is required: give the state names, or a model file with --model", "inspect", "--f",
                "-x");
    }

    private static void assertRefused(String messageStart, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("mallard: " + messageStart), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }
}
