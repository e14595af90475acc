package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Whether a radially unbounded Lyapunov candidate certifies every level: {@code -Vdot} a sum of squares
 * {@code m'Qm} with Q positive definite on a basis holding a pure power of every variable (so
 * {@code Vdot(y) < 0} for every {@code y != 0}), its certificate checked. Then every sublevel set of V is
 * invariant and attracted to the fixed point, and no finite level is the answer: the level search's
 * objective would be unbounded.
 */
final class GlobalStabilityCheck {

    /** Sampled directions per radius of the screening that avoids the SDP when Vdot is visibly positive. */
    private static final int DIRECTIONS = 64;

    private GlobalStabilityCheck() {
    }

    /**
     * @param vdot the time derivative of V in the displacement variables (explicit dynamics)
     * @param y the displacement variables
     * @param options SOS settings
     * @param seed seed of the screening's directions
     * @return the verified certificate's solution, or null when -Vdot is not certified positive definite
     */
    static SosSolution certify(Polynomial vdot, List<Variable> y, SosOptions options, long seed) {
        if (positiveSomewhere(vdot, y, seed)) {
            return null;
        }
        Polynomial p = vdot.negate();
        SosProgram program = new SosProgram(y);
        SosConstraint c = program.addSosConstraint("-Vdot", PolynomialExpression.of(p));
        program.maximizeGramMargin(1.0);
        SosSolution s = program.solve(options);
        List<Monomial> basis = program.gramBasis(c, options);
        boolean everyDirection = y.stream().allMatch(
                yi -> basis.stream().anyMatch(m -> m.variables().equals(Set.of(yi))));
        double scale = PolynomialAlgebra.maxAbsCoefficient(p);
        boolean certified = everyDirection && s.isSuccess() && s.gramMargin() > 1e-9 * scale && s.isVerified();
        return certified ? s : null;
    }

    /** Vdot sampled on spheres of radii 1e-2 to 1e3: a positive value rules global stability out cheaply. */
    private static boolean positiveSomewhere(Polynomial vdot, List<Variable> y, long seed) {
        PolynomialEvaluator e = new PolynomialEvaluator(vdot, y);
        Random random = new Random(seed);
        double[] point = new double[y.size()];
        for (double radius = 1e-2; radius <= 1e3; radius *= 10) {
            for (int k = 0; k < DIRECTIONS; k++) {
                double norm = 0;
                for (int i = 0; i < point.length; i++) {
                    point[i] = random.nextGaussian();
                    norm += point[i] * point[i];
                }
                double s = radius / Math.sqrt(norm);
                for (int i = 0; i < point.length; i++) {
                    point[i] *= s;
                }
                if (e.evaluate(point) > 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
