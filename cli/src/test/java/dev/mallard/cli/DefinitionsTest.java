package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * Definitions in formulas on the command line: {@code name = EXPR} entries in --f (and in --reset), and --let
 * for definitions every formula of a command may use; each run is compared with the same run written out.
 */
class DefinitionsTest {

    /** Drake's cart-pole (README), once with its denominator defined, once written out. */
    private static final String CART_POLE_DEFINED = "d = 10 + sin(th)^2; xd; thd; (u + sin(th)*(0.5*thd^2 + 9.81*cos(th)))/d;"
            + " (-u*cos(th) - 0.5*thd^2*cos(th)*sin(th) - 107.91*sin(th))/(0.5*d)";
    private static final String CART_POLE = "xd; thd; (u + sin(th)*(0.5*thd^2 + 9.81*cos(th)))/(10 + sin(th)^2);"
            + " (-u*cos(th) - 0.5*thd^2*cos(th)*sin(th) - 107.91*sin(th))/(0.5*(10 + sin(th)^2))";

    @Test
    void inspectReadsDefinitionsAsTheirFormulas() {
        JsonNode defined = CliRun.of("inspect", "--vars", "x,th,xd,thd", "--params", "u=0", "--f", CART_POLE_DEFINED,
                "--at", "0,3.141592653589793,0,0", "--json").json();
        JsonNode written = CliRun.of("inspect", "--vars", "x,th,xd,thd", "--params", "u=0", "--f", CART_POLE,
                "--at", "0,3.141592653589793,0,0", "--json").json();
        assertEquals(written.get("f"), defined.get("f"));
        assertEquals(written.get("A"), defined.get("A"));
        // d(thd')/d th at the upright: -107.91*cos(pi)/(0.5*10) - 9.81*... the written-out run is the reference.
        assertTrue(Math.abs(defined.get("A").get(3).get(1).asDouble()) > 1);
    }

    /** Spong's acrobot with Drake's parameters, as README shows it (also in simulator's ModelExamplesTest). */
    static final String ACROBOT = "I1 = Ic1 + m1*lc1^2; I2 = Ic2 + m2*lc2^2; k = m2*l1*lc2;"
            + " m11 = I1 + I2 + m2*l1^2 + 2*k*cos(q2); m12 = I2 + k*cos(q2);"
            + " r1 = 2*k*sin(q2)*v2*v1 + k*sin(q2)*v2^2 - g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2))) - b1*v1;"
            + " r2 = u - k*sin(q2)*v1^2 - g*m2*lc2*sin(q1 + q2) - b2*v2; det = m11*I2 - m12^2;"
            + " v1; v2; (I2*r1 - m12*r2)/det; (m11*r2 - m12*r1)/det";

    @Test
    void theAcrobotsLinearisationAtTheUprightIsTheComplexStepReference() {
        JsonNode json = CliRun.of("inspect", "--vars", "q1,q2,v1,v2", "--params", "m1=1, m2=1, l1=1, lc1=0.5, lc2=1, "
                + "Ic1=0.083, Ic2=0.33, b1=0.1, b2=0.1, g=9.81, u=0", "--f", ACROBOT, "--at", "3.141592653589793,0,0,0",
                "--json").json();
        // docs/models/acrobot.py, by complex-step differentiation of a NumPy model.
        double[][] reference = {{0, 0, 1, 0}, {0, 0, 0, 1},
            {12.629158094942365, -12.6926212009471, -0.17208140873863045, 0.30146592658722476},
            {-14.748825835500538, 29.611885261809583, 0.3014659265872247, -0.6033200067279952}};
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                assertEquals(reference[i][j], json.get("A").get(i).get(j).asDouble(), 1e-12, "A" + i + j);
            }
        }
        assertTrue(json.get("equilibrium").asBoolean());
        assertEquals(false, json.get("locally_stable").asBoolean());
    }

    @Test
    void letServesTheDynamicsTheGuardAndTheReset() {
        JsonNode defined = CliRun.of("simulate", "--vars", "z,v", "--let", "bounce = -r*v; g = 9.81", "--f", "v; -g",
                "--params", "r=0.8", "--x0", "1,0", "--t-final", "2", "--guard", "z", "--reset", "z; bounce",
                "--accuracy", "1e-10", "--json").json();
        JsonNode written = CliRun.of("simulate", "--vars", "z,v", "--f", "v; -9.81", "--params", "r=0.8", "--x0", "1,0",
                "--t-final", "2", "--guard", "z", "--reset", "z; -r*v", "--accuracy", "1e-10", "--json").json();
        assertEquals(3, defined.get("events").asInt());
        assertEquals(written.get("x"), defined.get("x"));
    }

    @Test
    void gradientCostsMayUseLetDefinitions() {
        JsonNode defined = CliRun.of("gradient", "--vars", "x", "--let", "k2 = 2*k", "--f", "-k2*x", "--params", "k=1",
                "--x0", "1.5", "--t-final", "1", "--cost", "e2 = x^2; e2/2", "--adjoint", "--json").json();
        JsonNode written = CliRun.of("gradient", "--vars", "x", "--f", "-2*k*x", "--params", "k=1", "--x0", "1.5",
                "--t-final", "1", "--cost", "x^2/2", "--adjoint", "--json").json();
        for (String field : new String[] {"x", "cost", "wrt", "gradient"}) {
            assertEquals(written.get(field), defined.get(field), field);
        }
    }

    @Test
    void badDefinitionsGiveOneLineWithTheOptionAndTheColumn() {
        assertRefused("--f: definitions refer to each other in a cycle: a -> b -> a at column 8 of \"v; a = b; b = 2*a; -x\"",
                "inspect", "--vars", "x,v", "--f", "v; a = b; b = 2*a; -x");
        assertRefused("--let: unknown variable 'q' at column 9 of \"k = 2 + q\"", "inspect", "--vars", "x", "--let",
                "k = 2 + q", "--f", "-k*x");
        assertRefused("--let: 'x' is already a variable; a definition needs a new name at column 1 of \"x = 2\"",
                "inspect", "--vars", "x", "--let", "x = 2", "--f", "-x");
        assertRefused("--f: 'k' is already defined at column 1 of \"k = 3; -k*x\"", "inspect", "--vars", "x", "--let",
                "k = 2", "--f", "k = 3; -k*x");
        assertRefused("--guard has 2 expressions besides its definitions, expected 1", "simulate", "--vars", "z,v",
                "--f", "v; -1", "--x0", "1,0", "--guard", "h = z; h; v", "--reset", "z; -v");
        assertRefused("--f has 1 expression, expected 2 (one per state in --vars)", "inspect", "--vars", "x,v",
                "--f", "w = -x; w");
    }

    private static void assertRefused(String message, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(2, run.code(), run.err());
        assertEquals("mallard: " + message + System.lineSeparator(), run.err());
    }
}
