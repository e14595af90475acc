package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** gradient --adjoint against the forward-mode Jacobian of the same command, contracted with dJ/dx by hand. */
class AdjointCommandTest {

    private static final String[] SYSTEM = {"--vars", "x1,x2", "--f", "x2; mu*(1 - x1^2)*x2 - x1", "--params", "mu=1",
        "--x0", "1,0", "--t-final", "5"};

    @Test
    void theAdjointGradientOfATerminalCostIsTheForwardJacobianContracted() throws Exception {
        JsonNode adjoint = json(concat(SYSTEM, "--cost", "x1^2 + 3*x2 + mu", "--adjoint", "--json"));
        JsonNode forward = json(concat(SYSTEM, "--wrt", "x1,x2,mu,t", "--json"));
        double x1 = forward.get("x").get(0).asDouble();
        double x2 = forward.get("x").get(1).asDouble();
        assertEquals(x1 * x1 + 3 * x2 + 1, adjoint.get("cost").asDouble(), 1e-9);
        JsonNode jacobian = forward.get("jacobian");
        for (int j = 0; j < 4; j++) {
            // dJ/dtheta = 2 x1 dx1/dtheta + 3 dx2/dtheta (+ 1 for mu, which J holds explicitly)
            double expected = 2 * x1 * jacobian.get(0).get(j).asDouble() + 3 * jacobian.get(1).get(j).asDouble()
                    + (j == 2 ? 1 : 0);
            assertEquals(expected, adjoint.get("gradient").get(j).asDouble(), 1e-8 * Math.max(1, Math.abs(expected)),
                    "column " + adjoint.get("wrt").get(j).asText());
        }
    }

    @Test
    void costsNeedTheAdjointAndEventsAreRefused() {
        CliRun alone = CliRun.of(concat(SYSTEM, "--cost", "x1"));
        assertEquals(2, alone.code());
        assertEquals("mallard: --cost: goes with --adjoint", alone.err().strip());
        CliRun none = CliRun.of(concat(SYSTEM, "--adjoint"));
        assertEquals(2, none.code());
        assertTrue(none.err().contains("--adjoint: needs a cost"), none.err());
        CliRun ball = CliRun.of("gradient", "--vars", "z,v", "--f", "v; -9.81", "--x0", "1,0", "--t-final", "1",
                "--guard", "z", "--reset", "z; -0.8*v", "--cost", "z", "--adjoint");
        assertEquals(1, ball.code(), ball.out());
        assertTrue(ball.err().startsWith("mallard: --adjoint: "), ball.err());
    }

    private static JsonNode json(String... args) throws Exception {
        CliRun run = CliRun.of(args);
        assertEquals(0, run.code(), run.err());
        return new ObjectMapper().readTree(run.out());
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = new String[1 + head.length + tail.length];
        all[0] = "gradient";
        System.arraycopy(head, 0, all, 1, head.length);
        System.arraycopy(tail, 0, all, 1 + head.length, tail.length);
        return all;
    }
}
