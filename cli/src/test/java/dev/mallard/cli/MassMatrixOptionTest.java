package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code --mass-matrix} and a model file's {@code mass_matrix:}: dynamics in the form {@code M(x) xdot = f(x)}
 * simulate as the explicit form does, roa certifies the explicit form's level from the implicit form
 * {@code M xdot - f = 0}, and bad matrices are refused by name.
 */
class MassMatrixOptionTest {

    private static final String ACROBOT_PARAMETERS = "m1=1, m2=1, l1=1, lc1=0.5, lc2=1, Ic1=0.083, Ic2=0.33, "
            + "b1=0.1, b2=0.1, g=9.81, u=0.3";
    private static final String ACROBOT_LET = "I1 = Ic1 + m1*lc1^2; I2 = Ic2 + m2*lc2^2; k = m2*l1*lc2";
    private static final String ACROBOT_M = "I1 + I2 + m2*l1^2 + 2*k*cos(q2), I2 + k*cos(q2); I2 + k*cos(q2), I2";
    private static final String ACROBOT_F = "v1; v2;"
            + " 2*k*sin(q2)*v2*v1 + k*sin(q2)*v2^2 - g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2))) - b1*v1;"
            + " u - k*sin(q2)*v1^2 - g*m2*lc2*sin(q1 + q2) - b2*v2";

    private static String model(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("models").resolve(name);
            if (Files.isRegularFile(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException("data/models/" + name + " not found");
    }

    private static void assertClose(JsonNode expected, JsonNode actual, double tolerance) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).asDouble(), actual.get(i).asDouble(), tolerance, "entry " + i);
        }
    }

    @Test
    void theAcrobotInMassMatrixFormSimulatesAsTheExplicitForm() {
        String[] common = {"--x0", "1,-0.5,0.2,0", "--t-final", "2", "--accuracy", "1e-10", "--json"};
        JsonNode explicit = CliRun.of(concat(new String[] {"simulate", "--vars", "q1,q2,v1,v2", "--params",
            ACROBOT_PARAMETERS, "--f", DefinitionsTest.ACROBOT}, common)).json();
        JsonNode massMatrix = CliRun.of(concat(new String[] {"simulate", "--vars", "q1,q2,v1,v2", "--params",
            ACROBOT_PARAMETERS, "--let", ACROBOT_LET, "--mass-matrix", ACROBOT_M, "--f", ACROBOT_F}, common)).json();
        JsonNode fromFile = CliRun.of(concat(new String[] {"simulate", "--model", model("acrobot_mass_matrix.yaml"),
            "--params", "u=0.3"}, common)).json();
        assertClose(explicit.get("x"), massMatrix.get("x"), 1e-8);
        assertClose(explicit.get("x"), fromFile.get("x"), 1e-8);
    }

    @Test
    void inspectLinearisesTheSolvedFormAtTheUpright() {
        JsonNode json = CliRun.of("inspect", "--vars", "q1,q2,v1,v2", "--params", ACROBOT_PARAMETERS.replace("u=0.3",
                "u=0"), "--let", ACROBOT_LET, "--mass-matrix", ACROBOT_M, "--f", ACROBOT_F,
                "--at", "3.141592653589793,0,0,0", "--json").json();
        // docs/models/acrobot.py, by complex-step differentiation of a NumPy model.
        assertEquals(29.611885261809583, json.get("A").get(3).get(1).asDouble(), 1e-12);
        assertEquals(-14.748825835500538, json.get("A").get(3).get(0).asDouble(), 1e-12);
    }

    @Test
    void roaCertifiesTheExplicitLevelFromTheMassMatrixForm() {
        double explicit = CliRun.of("roa", "--vars", "x1,x2", "--f", "-x2; x1 + (x1^2 - 1)*x2", "--json").json()
                .get("rho").asDouble();
        CliRun run = CliRun.of("roa", "--vars", "x1,x2", "--let", "m = 1 + x1^2", "--mass-matrix", "m",
                "--f", "-x2; m*(x1 + (x1^2 - 1)*x2)", "--json");
        assertEquals(0, run.code(), run.err());
        assertEquals(2.3045, explicit, 1e-3);
        assertEquals(explicit, run.json().get("rho").asDouble(), 1e-3 * explicit);
    }

    @Test
    void badMassMatricesAreRefusedByName() {
        assertRefused("--mass-matrix is 2 x 1; it must be square", "simulate", "--vars", "q,v", "--f", "v; -q",
                "--mass-matrix", "1; 2", "--x0", "1,0");
        assertRefused("--mass-matrix: matrix row 2 has 1 entries, the first row 2", "simulate", "--vars", "q,v",
                "--f", "v; -q", "--mass-matrix", "1, 0; 2", "--x0", "1,0");
        assertRefused("--mass-matrix: unknown variable", "simulate", "--vars", "q,v", "--f", "v; -q",
                "--mass-matrix", "w", "--x0", "1,0");
        assertRefused("--mass-matrix goes with --f", "roa", "--vars", "x", "--g", "xdot + x", "--mass-matrix", "2");
        assertRefused("--model: the file declares the system; --mass-matrix cannot be given beside it", "simulate",
                "--model", model("reversed_van_der_pol.yaml"), "--mass-matrix", "2", "--x0", "1,0");
    }

    @Test
    void aSingularMassMatrixDuringASimulationNamesTheTimeAndTheState() {
        // (q - 1) vdot = -q: singular at the initial state q = 1.
        CliRun run = CliRun.of("simulate", "--vars", "q,v", "--f", "v; -q", "--mass-matrix", "q - 1",
                "--x0", "1,0.5", "--t-final", "2");
        assertTrue(run.code() != 0, run.out());
        assertTrue(run.err().contains("the mass matrix is singular at t = 0.0, q = 1.0, v = 0.5"), run.err());
    }

    private static void assertRefused(String expected, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(2, run.code(), run.out() + run.err());
        assertTrue(run.err().contains(expected), run.err());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
