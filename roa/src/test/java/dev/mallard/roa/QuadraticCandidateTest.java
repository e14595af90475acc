package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.controllers.LinearQuadraticRegulator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A quadratic candidate from a matrix, about the context's fixed point: the LQR cost-to-go, or any P. */
class QuadraticCandidateTest {

    private static final Variable X1 = new Variable("x1");
    private static final Variable X2 = new Variable("x2");

    @Test
    void theLqrCostToGoAboutAShiftedEquilibriumIsTheSameCandidateAsItsExpression() {
        // x1' = x2, x2' = u + (x1 - 1)^3 about x* = (1, 0), u = -K (x - x*): the double integrator with Q = I, R = 1,
        // whose Riccati solution is S = [sqrt(3) 1; 1 sqrt(3)].
        LinearQuadraticRegulator.Result lqr = LinearQuadraticRegulator.continuous(new double[][] {{0, 1}, {0, 0}},
                new double[][] {{0}, {1}}, new double[][] {{1, 0}, {0, 1}}, new double[][] {{1}});
        double r3 = Math.sqrt(3);
        assertEquals(r3, lqr.s()[0][0], 1e-12);
        assertEquals(1.0, lqr.s()[0][1], 1e-12);
        Map<String, Variable> names = Map.of("x1", X1, "x2", X2);
        double k1 = lqr.k()[0][0];
        double k2 = lqr.k()[0][1];
        SymbolicVectorSystem<Double> loop = SymbolicVectorSystem.builder().state(List.of(X1, X2))
                .dynamics(Formula.parse("x2", names), Formula.parse("-" + k1 + "*(x1 - 1) - " + k2 + "*x2 + (x1 - 1)^3",
                        names)).build(Scalar.DOUBLE);
        Context<Double> context = loop.createDefaultContext();
        context.setContinuousStateValues(1.0, 0.0);
        RegionOfAttractionOptions base = RegionOfAttractionOptions.defaults().withStateVariables(List.of(X1, X2))
                .withSimulationCheck(0, 1.0, 1e-3, 1);
        RegionOfAttractionResult fromMatrix = RegionOfAttraction.analyzeDetailed(loop, context,
                base.withQuadraticCandidate(lqr.s()));
        RegionOfAttractionResult fromExpression = RegionOfAttraction.analyzeDetailed(loop, context,
                base.withLyapunovCandidate(Formula.parse(r3 + "*(x1 - 1)^2 + 2*(x1 - 1)*x2 + " + r3 + "*x2^2", names)));
        assertTrue(fromMatrix.isVerified(), fromMatrix::toString);
        assertEquals(fromExpression.rho(), fromMatrix.rho(), 1e-6 * fromExpression.rho());
        Environment at = new Environment().put(X1, 1.3).put(X2, -0.2);
        assertEquals(fromExpression.lyapunovFunction().evaluate(at), fromMatrix.lyapunovFunction().evaluate(at), 1e-6);
        assertTrue(base.withQuadraticCandidate(lqr.s()).toString()
                .contains("lyapunovCandidate=(x - x*)'P(x - x*) with a 2 x 2 P"));
    }

    @Test
    void badMatricesAreRefusedNamingTheEntry() {
        RegionOfAttractionOptions o = RegionOfAttractionOptions.defaults();
        IllegalArgumentException asymmetric = assertThrows(IllegalArgumentException.class,
                () -> o.withQuadraticCandidate(new double[][] {{1, 2}, {3, 1}}));
        assertEquals("quadraticCandidate must be symmetric, got 3.0 at (1, 0) and 2.0 at (0, 1)", asymmetric.getMessage());
        IllegalArgumentException ragged = assertThrows(IllegalArgumentException.class,
                () -> o.withQuadraticCandidate(new double[][] {{1, 0}, {0}}));
        assertTrue(ragged.getMessage().contains("must be square"), ragged.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> o.withQuadraticCandidate(new double[][] {{Double.NaN}}));
        assertTrue(nan.getMessage().contains("must be finite"), nan.getMessage());
    }
}
