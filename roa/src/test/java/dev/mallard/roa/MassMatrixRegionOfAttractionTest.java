package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Region of attraction of systems in mass-matrix form {@code M(x) xdot = f(x)}: the implicit form is the system's
 * own {@code M xdot - f = 0}, and for the time-reversed Van der Pol oscillator (whose level for the linearisation's
 * quadratic V is known, 2.3045, {@code RegionOfAttractionTest}) written with constant, state-dependent and coupled
 * mass matrices the certified level is the explicit form's.
 */
class MassMatrixRegionOfAttractionTest {

    private static final RegionOfAttractionOptions NO_SIMULATION = RegionOfAttractionOptions.defaults()
            .withSimulationCheck(0, 1.0, 1e-3, 1);
    /** The reversed Van der Pol field, as definitions f1, f2. */
    private static final String FIELD = "f1 = -x2; f2 = x1 + (x1^2 - 1)*x2";

    /** M xdot = M (f1, f2): the same vector field for every non-singular M. */
    private static SymbolicVectorSystem<Double> vanDerPol(String definitions, String massMatrix, String rhs) {
        return SymbolicVectorSystem.builder().state(new Variable("x1"), new Variable("x2"))
                .definitions(FIELD + (definitions.isEmpty() ? "" : "; " + definitions)).massMatrix(massMatrix)
                .dynamics(rhs).build(Scalar.DOUBLE);
    }

    private static RegionOfAttractionResult analyze(SymbolicVectorSystem<Double> system, boolean implicit) {
        return RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                NO_SIMULATION.withUseImplicitDynamics(implicit));
    }

    @Test
    void theMassMatrixFormCertifiesTheExplicitFormsLevel() {
        SymbolicVectorSystem<Double> plain = SymbolicVectorSystem.builder().state(new Variable("x1"),
                new Variable("x2")).definitions(FIELD).dynamics("f1; f2").build(Scalar.DOUBLE);
        RegionOfAttractionResult explicit = analyze(plain, false);
        assertTrue(explicit.isVerified(), explicit::toString);
        assertEquals(2.3045, explicit.optimalRho(), 1e-3);
        List<SymbolicVectorSystem<Double>> forms = List.of(
                vanDerPol("", "2", "f1; 2*f2"),
                vanDerPol("m = 1 + x1^2", "m", "f1; m*f2"),
                vanDerPol("a = 2 + x2^2", "a, 1; 1, 1", "a*f1 + f2; f1 + f2"));
        for (SymbolicVectorSystem<Double> form : forms) {
            RegionOfAttractionResult implicit = analyze(form, true);
            assertTrue(implicit.isVerified(), implicit::toString);
            assertEquals(explicit.optimalRho(), implicit.optimalRho(), 1e-3 * explicit.optimalRho(),
                    form.getMassMatrix().toString());
        }
    }

    @Test
    void theImplicitFormIsTheSystemsOwnResidualWithoutASolve() {
        SymbolicVectorSystem<Double> coupled = vanDerPol("a = 2 + x2^2", "a, 1; 1, 1", "a*f1 + f2; f1 + f2");
        Variable y1 = new Variable("y1"), y2 = new Variable("y2"), z1 = new Variable("z1"), z2 = new Variable("z2");
        Expression[] g = SymbolicDynamics.massMatrixResidual(coupled, coupled.createDefaultContext(),
                List.of(y1.toExpression(), y2.toExpression()), List.of(z1.toExpression(), z2.toExpression()));
        Environment at = new Environment().put(y1, 0.3).put(y2, -0.7).put(z1, 1.1).put(z2, -0.4);
        double a = 2 + 0.49, f1 = 0.7, f2 = 0.3 + (0.09 - 1) * -0.7;
        assertEquals(a * (1.1 - f1) + (-0.4 - f2), g[0].evaluate(at), 1e-14);
        assertEquals((1.1 - f1) + (-0.4 - f2), g[1].evaluate(at), 1e-14);
        // No division: the residual is polynomial where M and f are.
        List<Variable> yz = List.of(y1, y2, z1, z2);
        assertDoesNotThrow(() -> g[0].toPolynomial(yz));
        assertDoesNotThrow(() -> g[1].toPolynomial(yz));
        SymbolicVectorSystem<Double> plain = SymbolicVectorSystem.builder().state(new Variable("x1"))
                .dynamics("-x1").build(Scalar.DOUBLE);
        assertNull(SymbolicDynamics.massMatrixResidual(plain, plain.createDefaultContext(),
                List.of(y1.toExpression()), List.of(z1.toExpression())));
    }
}
