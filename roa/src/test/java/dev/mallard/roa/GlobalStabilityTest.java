package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A candidate that certifies every level is reported as global stability, not as a level. */
class GlobalStabilityTest {

    private static RegionOfAttractionResult analyze(String vars, String dynamics, String candidate) {
        Map<String, Variable> names = new LinkedHashMap<>();
        List<Variable> state = java.util.Arrays.stream(vars.split(",")).map(Variable::new).toList();
        state.forEach(v -> names.put(v.name(), v));
        List<Expression> f = java.util.Arrays.stream(dynamics.split(";")).map(e -> Formula.parse(e, names)).toList();
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(state).dynamics(f)
                .build(Scalar.DOUBLE);
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults().withStateVariables(state)
                .withSimulationCheck(0, 1.0, 1e-3, 1);
        if (candidate != null) {
            options = options.withLyapunovCandidate(Formula.parse(candidate, names));
        }
        return RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(), options);
    }

    @Test
    void linearStableSystemCertifiesEveryLevelOfItsQuadraticCandidate() {
        RegionOfAttractionResult r = analyze("x", "-x", null);
        assertTrue(r.isGlobal(), r::toString);
        assertTrue(r.isVerified(), r::toString);
        // no finite level is an answer: rho() refuses
        assertThrows(IllegalStateException.class, r::rho);
        // A'P + PA = -1 with A = -1 gives P = 1/2: the unnormalised candidate is x^2 / 2.
        Variable x = r.stateVariables().get(0);
        assertEquals(0.5 * 9, r.lyapunovFunction().evaluate(new Environment().put(x, 3.0)), 1e-9);
        assertEquals(List.of(SdpStatus.OPTIMAL), r.sdpStatuses().stream()
                .map(s -> s == SdpStatus.NEAR_OPTIMAL ? SdpStatus.OPTIMAL : s).toList());
    }

    @Test
    void nonlinearSystemWithNegativeDefiniteVdotIsGlobal() {
        // Vdot = -2 x1^2 - 2 x2^4 for V = x1^2 + x2^2.
        RegionOfAttractionResult r = analyze("x1,x2", "-x1 + x2; -x1 - x2^3", "x1^2 + x2^2");
        assertTrue(r.isGlobal() && r.isVerified(), r::toString);
    }

    @Test
    void quadraticDynamicsWithAnOddDegreeVdotGetTheirLevel() {
        // x' = -x + x^2: Vdot = -x^2 + x^3 for V = x^2 / 2 vanishes at x = 1, so rho = 1/2 (the multiplier's
        // power of y'y is rounded up past Vdot's odd degree; rounded down, the analysis failed).
        RegionOfAttractionResult r = analyze("x", "-x + x^2", null);
        assertTrue(r.isVerified(), r::toString);
        assertEquals(0.5, r.rho(), 1e-4);
    }

    @Test
    void locallyStableSystemIsNotGlobal() {
        // Vdot = -x^2 + x^4 for V = x^2 / 2 is positive beyond |x| = 1: the level search answers, rho = 1/2.
        RegionOfAttractionResult r = analyze("x", "-x + x^3", null);
        assertFalse(r.isGlobal());
        assertEquals(0.5, r.rho(), 1e-4);
    }
}
