package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * roa on the inverted pendulum th'' = (g/l) sin th - b/(m l^2) th' + u/(m l^2) (m = 1, l = 0.5, b = 0.1,
 * g = 9.81) with the loop closed by a linear feedback: the angle enters through sin and directly, so sin is
 * enclosed and the level holds for the true dynamics.
 */
class RoaTrigonometricTest {

    private static final String[] PENDULUM = {"roa", "--vars", "th,w", "--inputs", "u", "--f",
        "w; 9.81/0.5*sin(th) - 0.1/0.25*w + u/0.25", "--json"};

    private static JsonNode run(String... more) {
        String[] args = java.util.Arrays.copyOf(PENDULUM, PENDULUM.length + more.length);
        System.arraycopy(more, 0, args, PENDULUM.length, more.length);
        CliRun r = CliRun.of(args);
        assertEquals(Main.OK, r.code(), r.err());
        return r.json();
    }

    @Test
    void givenGainIsCertifiedWithinTenPercentOfTheExactLevel() {
        // The exact level inf{V : Vdot = 0} of the true dynamics, from scipy (rays, bisection): 10.0863233756.
        JsonNode json = run("--k", "10,1");
        assertTrue(json.get("certified").asBoolean(), json::toString);
        double rho = json.get("rho").asDouble();
        assertTrue(rho <= 10.0863233756 && rho >= 0.9 * 10.0863233756, json::toString);
        // V is printed in the user's angle th: {V <= 1} ends where y'Py = rho along th (P11 = 2.5374944241).
        java.util.Map<String, dev.mallard.symbolic.Variable> names = new java.util.HashMap<>();
        dev.mallard.symbolic.Expression v = dev.mallard.symbolic.Formula.parseCreating(json.get("V").asText(), names);
        assertEquals(1.0, v.evaluate(new dev.mallard.symbolic.Environment()
                .put(names.get("th"), Math.sqrt(rho / 2.537494424123472)).put(names.get("w"), 0.0)), 1e-6);
    }

    @Test
    void lqrDesignIsReportedGlobal() {
        JsonNode json = run("--lqr-q", "10,1", "--lqr-r", "1");
        assertTrue(json.get("global").asBoolean() && json.get("certified").asBoolean(), json::toString);
        assertTrue(json.get("rho") == null, json::toString);
        // scipy: K = [10.74101105, 2.42596626].
        assertEquals(10.74101105, json.get("K").get(0).get(0).asDouble(), 1e-6);
        assertEquals(2.42596626, json.get("K").get(0).get(1).asDouble(), 1e-6);
    }

    @Test
    void cartPoleUnderLqrIsCertifiedWithinTenPercentOfTheExactLevel() {
        // Drake's cart-pole (m_c = 10, m_p = 1, l = 0.5, g = 9.81), LQR Q = diag(10, 10, 1, 1), R = 1 about the
        // upright. The exact level of the true dynamics, from scipy (rays, then SLSQP): 0.0985784369.
        String d = "(10 + sin(th)^2)";
        CliRun r = CliRun.of("roa", "--vars", "x,th,xd,thd", "--inputs", "u", "--f",
                "xd; thd; (u + sin(th)*(0.5*thd^2 + 9.81*cos(th)))/" + d
                        + "; (-u*cos(th) - 0.5*thd^2*cos(th)*sin(th) - 11*9.81*sin(th))/(0.5*" + d + ")",
                "--x-star", "0," + Math.PI + ",0,0", "--lqr-q", "10,10,1,1", "--lqr-r", "1", "--json");
        assertEquals(Main.OK, r.code(), r.err());
        JsonNode json = r.json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        double rho = json.get("rho").asDouble();
        assertTrue(rho <= 0.0985784369 && rho >= 0.9 * 0.0985784369, json::toString);
        // scipy's solve_continuous_are.
        assertEquals(254.39247116, json.get("K").get(0).get(1).asDouble(), 1e-6);
    }
}
