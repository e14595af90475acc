package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** Models as users write them: arithmetic in --params, rational --f analysed in the implicit form. */
class RoaModelInputTest {

    @Test
    void parametersAcceptConstantArithmetic() {
        // x' = -a x + x^3 with a = 8/3: the region is |x| < sqrt(a), and {V <= 1} reaches its ends.
        JsonNode json = CliRun.of("roa", "--vars", "x", "--f", "-a*x + x^3", "--params", "a=8/3, b=2*pi", "--json")
                .json();
        assertTrue(json.get("certified").asBoolean());
        assertEquals(1.0, RoaCommandTest.v(json, "x", Math.sqrt(8.0 / 3)), 1e-4);
        // The eigenvalue of the linearisation is -a exactly: atan2(1, 1) = pi/4, a comma inside parentheses.
        JsonNode inspect = CliRun.of("inspect", "--vars", "x", "--f", "-a*x", "--params", "a=4*atan2(1, 1)/pi + sqrt(4)",
                "--json").json();
        assertEquals(-3.0, inspect.get("A").get(0).get(0).asDouble(), 1e-15);
    }

    @Test
    void parameterValuesWithNamesAreRefusedWithTheColumn() {
        CliRun run = CliRun.of("inspect", "--vars", "x", "--f", "-a*x", "--params", "a=1, b=2*a");
        assertEquals(Main.BAD_INPUT, run.code());
        assertTrue(run.err().contains("--params b: unknown variable 'a' at column 10"), run.err());
        CliRun empty = CliRun.of("inspect", "--vars", "x", "--f", "-a*x", "--params", "a=");
        assertTrue(empty.err().contains("--params a: no value"), empty.err());
        CliRun infinite = CliRun.of("inspect", "--vars", "x", "--f", "-a*x", "--params", "a=1/0");
        assertTrue(infinite.err().contains("must be a finite number"), infinite.err());
    }

    @Test
    void rationalDynamicsAreAnalysedInTheImplicitForm() {
        // x' = (-x + x^3) / (1 + x^2): same sign as -x + x^3, region |x| < 1, V = x^2 / 2 and rho = 1/2.
        JsonNode json = CliRun.of("roa", "--vars", "x", "--f", "(-x + x^3)/(1 + x^2)", "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        assertEquals(0.5, json.get("rho").asDouble(), 1e-4);
        assertEquals(1.0, RoaCommandTest.v(json, "x", 1.0), 1e-4);
    }

    @Test
    void rationalPlaneSystemIsCertifiedUpToTheLevelFoundAlongRays() {
        String f = "x2; (-x1 - x2 + x1^3)/(1 + x1^2)";
        JsonNode json = CliRun.of("roa", "--vars", "x1,x2", "--f", f, "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        // {V <= 1} is the estimate: the exact level inf{V : Vdot = 0, x != 0} is at least 1 (sound) and,
        // for this quadratic V, not much more (the certificate is close to exact).
        double exact = exactLevel(json.get("V").asText(), f);
        assertTrue(exact >= 1 - 1e-6 && exact <= 1.02, "exact level of the printed V: " + exact);
    }

    /** inf{V : Vdot = 0, x != 0} along 720 rays from the origin: the first sign change of Vdot, bisected. */
    static double exactLevel(String v, String f) {
        java.util.Map<String, dev.mallard.symbolic.Variable> names = new java.util.LinkedHashMap<>();
        dev.mallard.symbolic.Expression vx = dev.mallard.symbolic.Formula.parseCreating(v, names);
        dev.mallard.symbolic.Variable x1 = names.computeIfAbsent("x1", dev.mallard.symbolic.Variable::new);
        dev.mallard.symbolic.Variable x2 = names.computeIfAbsent("x2", dev.mallard.symbolic.Variable::new);
        java.util.List<dev.mallard.symbolic.Expression> rhs = SystemOptions.expressions(f, "--f", names, 2);
        dev.mallard.symbolic.Expression vdot = vx.differentiate(x1).times(rhs.get(0))
                .plus(vx.differentiate(x2).times(rhs.get(1)));
        java.util.function.BiFunction<dev.mallard.symbolic.Expression, double[], Double> at = (e, p) ->
                e.evaluate(new dev.mallard.symbolic.Environment().put(x1, p[0]).put(x2, p[1]));
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 720; k++) {
            double c = Math.cos(Math.PI * k / 360);
            double s = Math.sin(Math.PI * k / 360);
            double lo = 1e-3;
            double hi = lo;
            while (hi < 20 && at.apply(vdot, new double[] {hi * c, hi * s}) < 0) {
                lo = hi;
                hi += 0.01;
            }
            if (hi >= 20) {
                continue;
            }
            for (int i = 0; i < 50; i++) {
                double mid = 0.5 * (lo + hi);
                if (at.apply(vdot, new double[] {mid * c, mid * s}) < 0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            best = Math.min(best, at.apply(vx, new double[] {hi * c, hi * s}));
        }
        return best;
    }

    @Test
    void dynamicsNeitherPolynomialNorRationalAreRefused() {
        CliRun run = CliRun.of("roa", "--vars", "x", "--f", "-x*exp(x)");
        assertEquals(Main.BAD_INPUT, run.code());
        assertEquals("mallard: --f: dx/dt = -x*exp(x) is neither polynomial nor rational in the state, nor written "
                + "in sin and cos of angles" + System.lineSeparator(), run.err());
    }

    @Test
    void pendulumUnderSineFeedbackIsCertifiedInSinAndCos() {
        // th'' = (g/l) sin th - b/(m l^2) th' + u/(m l^2) under u = -(10 sin th + th'), recast exactly.
        JsonNode json = CliRun.of("roa", "--vars", "th,w", "--params", "g=9.81, l=1/2, b=1/10, m=1", "--f",
                "w; (g/l)*sin(th) - b/(m*l^2)*w - (10*sin(th) + w)/(m*l^2)", "--json").json();
        assertTrue(json.get("certified").asBoolean(), json::toString);
        String v = json.get("V").asText();
        assertTrue(v.contains("sin(th)") && v.contains("cos(th)"), v);
    }
}
