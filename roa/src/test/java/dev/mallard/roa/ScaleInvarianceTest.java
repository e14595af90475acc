package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Drake issue 12876: {@code x' = (U - 1) grad U} with {@code U = (100 x^4 - 384 x^2 y^2 + 400 y^4) / D} and
 * {@code V = x^2 + y^2}. Along the flow {@code Vdot = 2 (U - 1) (x U_x + y U_y) = 8 U (U - 1)} (U is a
 * positive definite quartic form: the discriminant of {@code 100 t^2 - 384 t + 400} is negative), so V
 * decreases exactly on {@code 0 < U < 1}; the largest disc in it has {@code r^4 max U_0 = D} on the unit
 * circle, where {@code U_0 = 100 c^4 - 384 c^2 s^2 + 400 s^4} peaks at 400 (s = 1; on {@code c^2 = t} it is
 * {@code 884 t^2 - 1184 t + 400}, at most 400 on [0, 1]). The exact level is therefore
 * {@code sqrt(D / 400) = sqrt(D) / 20}. The same geometry at every D from 1e-8 to 1e8 must be certified at
 * 98% of it or more, and never above it.
 */
class ScaleInvarianceTest {

    private static final Variable X = new Variable("x");
    private static final Variable Y = new Variable("y");
    private static final Variable D = new Variable("D");

    @Test
    void tinyScalesAreCertifiedAtTheExactLevel() {
        certifiesTheExactLevel(1e-8);
        certifiesTheExactLevel(1e-4);
    }

    @Test
    void theUnitScaleIsCertifiedAtTheExactLevel() {
        certifiesTheExactLevel(1.0);
    }

    @Test
    void largeScalesAreCertifiedAtTheExactLevel() {
        certifiesTheExactLevel(1e4);
        certifiesTheExactLevel(1e8);
    }

    private static void certifiesTheExactLevel(double d) {
        Map<String, Variable> names = new LinkedHashMap<>();
        for (Variable v : List.of(X, Y, D)) {
            names.put(v.name(), v);
        }
        String u = "((100*x^4 - 384*x^2*y^2 + 400*y^4)/D - 1)";
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(List.of(X, Y)).parameter(D, d)
                .dynamics(Formula.parse(u + "*(400*x^3 - 768*x*y^2)/D", names),
                        Formula.parse(u + "*(-768*x^2*y + 1600*y^3)/D", names))
                .build(Scalar.DOUBLE);
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults().withStateVariables(List.of(X, Y))
                .withLyapunovCandidate(Formula.parse("x^2 + y^2", names)).withSimulationCheck(0, 1.0, 1e-3, 1)
                .withExactProof(true);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                options);
        double exact = Math.sqrt(d) / 20;
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() >= 0.98 * exact && r.rho() <= exact, "D = " + d + ": " + r.rho() + " against " + exact);
        // the level certificate and lambda's, proved in rational arithmetic in the scaled units and mapped back
        ExactProof proof = r.exactProof().orElseThrow();
        assertTrue(proof.proved(), () -> "D = " + d + ": " + proof);
        assertEquals(r.rho(), proof.level());
        ExactProofTest.assertHoldsExactly(proof);
        Expression v = r.lyapunovFunction();
        assertEquals(1.0, v.evaluate(Environment.of(Map.of(X, Math.sqrt(r.rho()), Y, 0.0))), 1e-9);
    }
}
