package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The three Gram cones on programs whose optima are known in closed form: DD within SDD within PSD, each
 * inclusion strict on one of them.
 */
class GramConesTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Variable z = new Variable("z");
    private final List<Variable> xyz = List.of(x, y, z);

    private Polynomial poly(String formula) {
        return Formula.parse(formula, Map.of("x", x, "y", y, "z", z)).toPolynomial(xyz);
    }

    /** min gamma s.t. p + gamma (x^2 + y^2 + z^2) is in the cone; the certificate checked. */
    private double smallestShift(String p, SosOptions.Cone cone) {
        SosProgram prog = new SosProgram(xyz);
        DecisionVariable gamma = prog.newVariable("gamma");
        prog.addSosConstraint("p + gamma |x|^2", PolynomialExpression.of(poly(p))
                .plus(PolynomialExpression.of(gamma).times(poly("x^2 + y^2 + z^2"))));
        prog.minimize(gamma.toAffineForm());
        SosSolution s = prog.solve(SosOptions.defaults().withCone(cone));
        assertTrue(s.isSuccess(), s::toString);
        return s.value(gamma);
    }

    @Test
    void aScaledTwoByTwoBlockIsSdsosButNotDsos() {
        // (x + 2y)^2 on basis (x, y, z): [[1 + g, 2, 0], [2, 4 + g, 0], [0, 0, g]]. PSD and SDD (one 2x2 block)
        // at g = 0; diagonally dominant only when 1 + g >= 2.
        assertEquals(0.0, smallestShift("(x + 2*y)^2", SosOptions.Cone.SOS), 1e-6);
        assertEquals(0.0, smallestShift("(x + 2*y)^2", SosOptions.Cone.SDSOS), 1e-6);
        assertEquals(1.0, smallestShift("(x + 2*y)^2", SosOptions.Cone.DSOS), 1e-6);
    }

    @Test
    void theAllOnesMatrixIsPsdButNotSdd() {
        // (x + y + z)^2: J + g I. By symmetry an SDD split uses blocks [[a, 1], [1, a]] with a >= 1 and
        // diagonal 2a = 1 + g, so g >= 1; DD needs 1 + g >= 2 as well.
        assertEquals(0.0, smallestShift("(x + y + z)^2", SosOptions.Cone.SOS), 1e-6);
        assertEquals(1.0, smallestShift("(x + y + z)^2", SosOptions.Cone.SDSOS), 1e-6);
        assertEquals(1.0, smallestShift("(x + y + z)^2", SosOptions.Cone.DSOS), 1e-6);
    }

    @Test
    void sdsosReachesTheSosLowerBoundWhereDsosStopsShort() {
        // max g s.t. x^4 - x^2 + 1 - g in the cone, basis (1, x, x^2): [[1 - g, 0, a], [0, -1 - 2a, 0], [a, 0, 1]].
        // SDD: a <= -1/2 and 1 - g >= a^2, so g = 3/4 (the minimum, as for SOS); DD stops at 1/2.
        double[] g = new double[3];
        SosOptions.Cone[] cones = {SosOptions.Cone.SOS, SosOptions.Cone.SDSOS, SosOptions.Cone.DSOS};
        for (int k = 0; k < 3; k++) {
            SosProgram prog = new SosProgram(List.of(x));
            DecisionVariable gamma = prog.newVariable("gamma");
            prog.addSosConstraint("p - gamma", PolynomialExpression.of(poly("x^4 - x^2 + 1"))
                    .minus(PolynomialExpression.of(gamma)));
            prog.maximize(gamma.toAffineForm());
            SosSolution s = prog.solve(SosOptions.defaults().withCone(cones[k]));
            assertTrue(s.isSuccess(), s::toString);
            g[k] = s.value(gamma);
        }
        assertEquals(0.75, g[0], 1e-6);
        assertEquals(0.75, g[1], 1e-6);
        assertEquals(0.5, g[2], 1e-6);
    }
}
