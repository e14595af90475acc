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
    void costsNeedTheAdjoint() {
        CliRun alone = CliRun.of(concat(SYSTEM, "--cost", "x1"));
        assertEquals(2, alone.code());
        assertEquals("mallard: --cost: goes with --adjoint", alone.err().strip());
        CliRun none = CliRun.of(concat(SYSTEM, "--adjoint"));
        assertEquals(2, none.code());
        assertTrue(none.err().contains("--adjoint: needs a cost"), none.err());
    }

    /** A running cost through the impacts: J = z(T) + integral of v^2, each flight's integral in closed form. */
    @Test
    void aRunningCostThroughImpactsIsTheClosedForm() throws Exception {
        JsonNode adjoint = json(concat(BALL, "--cost", "z", "--running-cost", "v^2", "--adjoint", "--json"));
        double g = 9.81;
        double e = 0.8;
        double finalTime = 1.5;
        double speed = Math.sqrt(0.5 * 0.5 + 2 * g * 1.0);
        double impact = (0.5 + speed) / g;
        // the first flight from v0 = 0.5 to -speed, then flights of 2 u / g from u = e^k speed up
        double integral = (Math.pow(0.5, 3) + Math.pow(speed, 3)) / (3 * g);
        double u = e * speed;
        double t = impact;
        while (finalTime > t + 2 * u / g) {
            integral += 2 * Math.pow(u, 3) / (3 * g);
            t += 2 * u / g;
            u *= e;
        }
        double s = finalTime - t;
        integral += (Math.pow(u, 3) - Math.pow(u - g * s, 3)) / (3 * g);
        double z = u * s - 0.5 * g * s * s;
        assertEquals(z + integral, adjoint.get("cost").asDouble(), 1e-6);
    }

    private static final String[] BALL = {"--vars", "z,v", "--f", "v; -g", "--params", "g=9.81, r=0.8", "--x0",
        "1,0.5", "--t-final", "1.5", "--guard", "z", "--reset", "z; -r*v", "--accuracy", "1e-8"};

    /** Through two impacts: the adjoint against the forward Jacobian and against the closed form. */
    @Test
    void theBouncingBallsAdjointGradientMatchesForwardModeAndTheClosedForm() throws Exception {
        JsonNode adjoint = json(concat(BALL, "--cost", "z + 2*v", "--adjoint", "--json"));
        JsonNode forward = json(concat(BALL, "--wrt", "z,v,g,r,t", "--json"));
        JsonNode jacobian = forward.get("jacobian");
        // the adjoint's columns: z, v, g, r, t
        double[] closed = closedFormGradient(new double[] {1, 0.5, 9.81, 0.8, 1.5});
        for (int j = 0; j < 5; j++) {
            double expected = jacobian.get(0).get(j).asDouble() + 2 * jacobian.get(1).get(j).asDouble();
            double actual = adjoint.get("gradient").get(j).asDouble();
            String column = adjoint.get("wrt").get(j).asText();
            assertEquals(expected, actual, 1e-9 * Math.max(1, Math.abs(expected)), "column " + column);
            assertEquals(closed[j], actual, 1e-5 * Math.max(1, Math.abs(closed[j])), "closed form, column " + column);
        }
    }

    /** z(T) + 2 v(T) of a ball from (z0, v0) with gravity g and restitution e, impacts in closed form. */
    private static double closedFormCost(double z0, double v0, double g, double e, double finalTime) {
        double t = (v0 + Math.sqrt(v0 * v0 + 2 * g * z0)) / g;
        double z;
        double v;
        if (finalTime <= t) {
            z = z0 + v0 * finalTime - 0.5 * g * finalTime * finalTime;
            v = v0 - g * finalTime;
        } else {
            double u = e * Math.sqrt(v0 * v0 + 2 * g * z0);
            while (finalTime > t + 2 * u / g) {
                t += 2 * u / g;
                u *= e;
            }
            double s = finalTime - t;
            z = u * s - 0.5 * g * s * s;
            v = u - g * s;
        }
        return z + 2 * v;
    }

    private static double[] closedFormGradient(double[] args) {
        double[] out = new double[args.length];
        for (int k = 0; k < args.length; k++) {
            double[] plus = args.clone();
            double[] minus = args.clone();
            plus[k] += 1e-6;
            minus[k] -= 1e-6;
            out[k] = (closedFormCost(plus[0], plus[1], plus[2], plus[3], plus[4])
                    - closedFormCost(minus[0], minus[1], minus[2], minus[3], minus[4])) / 2e-6;
        }
        return out;
    }

    /** radau3: the adjoint of the converged stage equations against forward mode, to the Newton tolerance. */
    @Test
    void anImplicitSchemesAdjointMatchesForwardMode() throws Exception {
        String[] radau = concat(SYSTEM, "--integrator", "radau3", "--accuracy", "1e-8");
        String[] tail = java.util.Arrays.copyOfRange(radau, 1, radau.length);
        JsonNode adjoint = json(concat(tail, "--cost", "x1^2", "--adjoint", "--json"));
        JsonNode forward = json(concat(tail, "--wrt", "x1,x2,mu,t", "--json"));
        double x1 = forward.get("x").get(0).asDouble();
        for (int j = 0; j < 4; j++) {
            double expected = 2 * x1 * forward.get("jacobian").get(0).get(j).asDouble();
            assertEquals(expected, adjoint.get("gradient").get(j).asDouble(), 1e-5 * Math.max(1, Math.abs(expected)),
                    "column " + adjoint.get("wrt").get(j).asText());
        }
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
