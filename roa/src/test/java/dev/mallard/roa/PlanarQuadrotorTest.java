package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.controllers.LinearQuadraticRegulator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Drake's planar quadrotor (m = 0.486, I = 0.00383, arm r = 0.25, g = 9.81; true sin and cos) under the LQR
 * of Q = diag(10, 10, 10, 1, 1, 1), R = diag(0.1, 0.1) about hover, with the cost-to-go x'Sx as the candidate.
 * About 40 s on a loaded machine: tagged "coverage", run by roa/coverage.sh (QuadraticCandidateTest is the
 * fast check of the same candidate in the test command).
 *
 * <p>The true level of x'Sx, {@link #TRUE_LEVEL}, is by simulation: 2000 seeded rays in S's metric, each
 * bisected on whether RK4 (dt 1e-3 over 20 s, numpy) reaches |x| < 1e-3; the least failing ray brackets it in
 * [7.256, 7.266], and scipy's LSODA (rtol 1e-10) from 7.256 along it converges. Issue 29's goal, 15% of it, is
 * not reached: the exact level of x'Sx itself (where its true Vdot first vanishes) is below
 * {@link #VDOT_VANISHES}, a sampled point with Vdot >= 0 (scipy, 100000 rays), so no certificate of this V
 * reaches 7% of the true level.
 */
@Tag("coverage")
class PlanarQuadrotorTest {

    /** The simulated true level of x'Sx (see the class comment). */
    static final double TRUE_LEVEL = 7.26;
    /** x'Sx at a sampled state where the true Vdot is >= 0: an upper bound on any certified level of x'Sx. */
    static final double VDOT_VANISHES = 0.50941;

    @Test
    void theCostToGoIsCertifiedNearItsOwnExactLevel() {
        double m = 0.486;
        double inertia = 0.00383;
        double r = 0.25;
        double g = 9.81;
        double[][] a = new double[6][6];
        a[0][3] = a[1][4] = a[2][5] = 1;
        a[3][2] = -g;
        double[][] b = new double[6][2];
        b[4][0] = b[4][1] = 1 / m;
        b[5][0] = r / inertia;
        b[5][1] = -r / inertia;
        double[][] q = new double[6][6];
        double[] qd = {10, 10, 10, 1, 1, 1};
        for (int i = 0; i < 6; i++) {
            q[i][i] = qd[i];
        }
        LinearQuadraticRegulator.Result lqr = LinearQuadraticRegulator.continuous(a, b, q,
                new double[][] {{0.1, 0}, {0, 0.1}});
        List<Variable> x = List.of(new Variable("x"), new Variable("y"), new Variable("th"), new Variable("xd"),
                new Variable("yd"), new Variable("thd"));
        Map<String, Variable> names = new HashMap<>();
        x.forEach(v -> names.put(v.name(), v));
        String[] u = new String[2];
        for (int k = 0; k < 2; k++) {
            StringBuilder s = new StringBuilder("(" + m * g / 2);
            for (int j = 0; j < 6; j++) {
                s.append(" - ").append(lqr.k()[k][j]).append("*").append(x.get(j).name());
            }
            u[k] = s.append(")").toString();
        }
        String thrust = "(" + u[0] + " + " + u[1] + ")";
        Expression[] f = {
            Formula.parse("xd", names), Formula.parse("yd", names), Formula.parse("thd", names),
            Formula.parse("-sin(th)/" + m + "*" + thrust, names),
            Formula.parse("cos(th)/" + m + "*" + thrust + " - " + g, names),
            Formula.parse(r / inertia + "*(" + u[0] + " - " + u[1] + ")", names)};
        SymbolicVectorSystem<Double> loop = SymbolicVectorSystem.builder().state(x).dynamics(f).build(Scalar.DOUBLE);
        RegionOfAttractionResult result = RegionOfAttraction.analyzeDetailed(loop, loop.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(x).withQuadraticCandidate(lqr.s())
                        .withSimulationCheck(8, 20.0, 1e-3, 1));
        assertTrue(result.isVerified(), result::toString);
        double c = result.rho();
        // Measured 0.42913 (5.9% of the true level); sound, so below the sampled bound.
        assertTrue(c >= 0.42 && c <= VDOT_VANISHES, c + ": " + c / TRUE_LEVEL + " of the true level");
        assertTrue(result.simulation().agreesWithCertificate(), result::toString);
    }
}
