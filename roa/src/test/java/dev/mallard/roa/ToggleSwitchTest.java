package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The genetic toggle switch {@code u' = a/(1 + v^2) - u}, {@code v' = a/(1 + u^2) - v} with a = 3, about its
 * stable equilibrium (phi^2, 1/phi^2) = (2.618..., 0.381...): rational dynamics, analysed with the quadratic
 * candidate of the linearisation. Its exact level, the least V on {Vdot = 0} away from the equilibrium, is
 * 2.4771461: Drake's implicit SOS program solved by csdp 6.2 certifies that (issue 29), and scipy agrees
 * (/usr/bin/python3: P from solve_continuous_lyapunov(A', -I), then minimize y'Py subject to Vdot(y) = 0 by
 * SLSQP from 300 normal starts (standard deviation 2), keeping optima with |Vdot| < 1e-12: 2.4771461489 at
 * y = (-1.7886, 0.0436)).
 */
class ToggleSwitchTest {

    /** The exact level (scipy SLSQP, see the class comment). */
    private static final double LEVEL = 2.4771461;

    @Test
    void theToggleSwitchIsCertifiedAtItsExactLevel() {
        Variable u = new Variable("u");
        Variable v = new Variable("v");
        Variable a = new Variable("a");
        Map<String, Variable> names = Map.of("u", u, "v", v, "a", a);
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(List.of(u, v)).parameter(a, 3.0)
                .dynamics(Formula.parse("a/(1 + v^2) - u", names), Formula.parse("a/(1 + u^2) - v", names))
                .build(Scalar.DOUBLE);
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(2.618033988749895, 0.3819660112501051);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, context,
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(u, v)).withUseImplicitDynamics(true)
                        .withSimulationCheck(8, 20.0, 1e-3, 1).withExactProof(true));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() >= 0.98 * LEVEL && r.rho() <= LEVEL * (1 + 1e-7), r.rho() + " against " + LEVEL);
        assertTrue(r.simulation().agreesWithCertificate(), r::toString);
        // the cleared form's level certificate and both denominators, proved in rational arithmetic
        ExactProof proof = r.exactProof().orElseThrow();
        assertTrue(proof.proved(), proof::toString);
        assertEquals(r.rho(), proof.level());
        assertEquals(3, proof.identities().size(), proof::toString);
        assertTrue(proof.reason().contains("less their values at x*"), proof::toString);
        ExactProofTest.assertHoldsExactly(proof);
    }
}
