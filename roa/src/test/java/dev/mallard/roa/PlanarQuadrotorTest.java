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
 * Under a minute on a loaded machine: tagged "coverage", run by roa/coverage.sh (QuadraticCandidateTest is the
 * fast check of the same candidate in the test command).
 *
 * <p>The true level of x'Sx, {@link #TRUE_LEVEL}, is by simulation: 2000 seeded rays in S's metric, each
 * bisected on whether RK4 (dt 1e-3 over 20 s, numpy) reaches |x| < 1e-3; the least failing ray brackets it in
 * [7.256, 7.266], and scipy's LSODA (rtol 1e-10) from 7.256 along it converges. The exact level of x'Sx itself
 * (where its true Vdot first vanishes) is below {@link #VDOT_VANISHES}, a sampled point with Vdot >= 0 (scipy,
 * 100000 rays), so no certificate of this V reaches 7% of the true level; a searched quadratic V
 * ({@link RegionOfAttractionOptions#withShapeMatrix}, certified on the dynamics lifted to sin and cos as
 * variables) holds x'Sx up to 1.149, 15.8% (issue 29's goal, 15%, is 1.089). Both tests together take about
 * 30 s (load average 8) to 80 s (load 18).
 */
@Tag("coverage")
class PlanarQuadrotorTest {

    /** The simulated true level of x'Sx (see the class comment). */
    static final double TRUE_LEVEL = 7.26;
    /** x'Sx at a sampled state where the true Vdot is >= 0: an upper bound on any certified level of x'Sx. */
    static final double VDOT_VANISHES = 0.50941;

    private static final double M = 0.486;
    private static final double INERTIA = 0.00383;
    private static final double ARM = 0.25;
    private static final double G = 9.81;
    private static final List<Variable> X = List.of(new Variable("x"), new Variable("y"), new Variable("th"),
            new Variable("xd"), new Variable("yd"), new Variable("thd"));

    private static LinearQuadraticRegulator.Result lqr() {
        double[][] a = new double[6][6];
        a[0][3] = a[1][4] = a[2][5] = 1;
        a[3][2] = -G;
        double[][] b = new double[6][2];
        b[4][0] = b[4][1] = 1 / M;
        b[5][0] = ARM / INERTIA;
        b[5][1] = -ARM / INERTIA;
        double[][] q = new double[6][6];
        double[] qd = {10, 10, 10, 1, 1, 1};
        for (int i = 0; i < 6; i++) {
            q[i][i] = qd[i];
        }
        return LinearQuadraticRegulator.continuous(a, b, q, new double[][] {{0.1, 0}, {0, 0.1}});
    }

    private static SymbolicVectorSystem<Double> loop(LinearQuadraticRegulator.Result lqr) {
        Map<String, Variable> names = new HashMap<>();
        X.forEach(v -> names.put(v.name(), v));
        String[] u = new String[2];
        for (int k = 0; k < 2; k++) {
            StringBuilder s = new StringBuilder("(" + M * G / 2);
            for (int j = 0; j < 6; j++) {
                s.append(" - ").append(lqr.k()[k][j]).append("*").append(X.get(j).name());
            }
            u[k] = s.append(")").toString();
        }
        String thrust = "(" + u[0] + " + " + u[1] + ")";
        Expression[] f = {
            Formula.parse("xd", names), Formula.parse("yd", names), Formula.parse("thd", names),
            Formula.parse("-sin(th)/" + M + "*" + thrust, names),
            Formula.parse("cos(th)/" + M + "*" + thrust + " - " + G, names),
            Formula.parse(ARM / INERTIA + "*(" + u[0] + " - " + u[1] + ")", names)};
        return SymbolicVectorSystem.builder().state(X).dynamics(f).build(Scalar.DOUBLE);
    }

    @Test
    void theCostToGoIsCertifiedNearItsOwnExactLevel() {
        LinearQuadraticRegulator.Result lqr = lqr();
        SymbolicVectorSystem<Double> loop = loop(lqr);
        List<Variable> x = X;
        RegionOfAttractionResult result = RegionOfAttraction.analyzeDetailed(loop, loop.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(x).withQuadraticCandidate(lqr.s())
                        .withSimulationCheck(8, 20.0, 1e-3, 1));
        assertTrue(result.isVerified(), result::toString);
        double c = result.rho();
        // Measured 0.42913 (5.9% of the true level); sound, so below the sampled bound.
        assertTrue(c >= 0.42 && c <= VDOT_VANISHES, c + ": " + c / TRUE_LEVEL + " of the true level");
        assertTrue(result.simulation().agreesWithCertificate(), result::toString);
    }

    @Test
    void aSearchedQuadraticHoldsALargerLevelOfTheCostToGo() {
        LinearQuadraticRegulator.Result lqr = lqr();
        SymbolicVectorSystem<Double> loop = loop(lqr);
        RegionOfAttractionResult result = RegionOfAttraction.analyzeDetailed(loop, loop.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(X).withShapeMatrix(lqr.s())
                        .withSimulationCheck(8, 20.0, 1e-3, 1).withExactProof(true));
        assertTrue(result.isVerified(), result::toString);
        ExactProof proof = result.exactProof().orElseThrow();
        // the level certificate on the lifted sin and cos with the circle, and the matrix facts, exactly (measured:
        // at rho = 1 since the CSDP step fraction of issue 30, at 0.999 before; Gram matrices up to 44 x 44)
        assertTrue(proof.proved() && proof.reason().contains("lies in the 1 angles' boxes"), proof::toString);
        assertTrue(result.rho() >= 0.9 && result.rho() <= 1.0, () -> "rho " + result.rho());
        double c = result.shapeLevel().orElseThrow();
        // Measured 1.1288 (proved at rho = 1; 15.5% of the true level; issue 29's goal of 15% is 1.089); sound, so below.
        assertTrue(c >= 0.15 * TRUE_LEVEL && c < TRUE_LEVEL, c + ": " + c / TRUE_LEVEL + " of the true level");
        assertTrue(result.simulation().agreesWithCertificate(), result::toString);
        // Independently: states on {x'Sx = c} reach hover under RK4 of the true dynamics.
        double[][] l = cholesky(lqr.s());
        java.util.Random random = new java.util.Random(7);
        for (int k = 0; k < 12; k++) {
            double[] z = new double[6];
            double norm = 0;
            for (int i = 0; i < 6; i++) {
                z[i] = random.nextGaussian();
                norm += z[i] * z[i];
            }
            // x = sqrt(c) L^-T z / |z| has x'Sx = c for S = L L'
            double[] state = solveUpperTransposed(l, z);
            for (int i = 0; i < 6; i++) {
                state[i] *= Math.sqrt(c / norm);
            }
            double[] end = rk4(lqr.k(), state, 20.0, 1e-3);
            double distance = Math.sqrt(java.util.Arrays.stream(end).map(e -> e * e).sum());
            assertTrue(distance < 1e-3, "from " + java.util.Arrays.toString(state) + " to " + distance);
        }
    }

    /** The closed loop's true dynamics, written out independently of the symbolic system. */
    private static double[] rate(double[][] k, double[] s) {
        double[] u = new double[2];
        for (int i = 0; i < 2; i++) {
            u[i] = M * G / 2;
            for (int j = 0; j < 6; j++) {
                u[i] -= k[i][j] * s[j];
            }
        }
        return new double[] {s[3], s[4], s[5], -Math.sin(s[2]) / M * (u[0] + u[1]),
            Math.cos(s[2]) / M * (u[0] + u[1]) - G, ARM / INERTIA * (u[0] - u[1])};
    }

    private static double[] rk4(double[][] k, double[] start, double horizon, double dt) {
        double[] s = start.clone();
        for (int step = 0; step < Math.round(horizon / dt); step++) {
            double[] k1 = rate(k, s);
            double[] k2 = rate(k, axpy(s, 0.5 * dt, k1));
            double[] k3 = rate(k, axpy(s, 0.5 * dt, k2));
            double[] k4 = rate(k, axpy(s, dt, k3));
            for (int i = 0; i < 6; i++) {
                s[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        return s;
    }

    private static double[] axpy(double[] x, double a, double[] y) {
        double[] out = x.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += a * y[i];
        }
        return out;
    }

    /** The lower Cholesky factor L of a symmetric positive definite S = L L'. */
    private static double[][] cholesky(double[][] s) {
        int n = s.length;
        double[][] l = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = s[i][j];
                for (int m = 0; m < j; m++) {
                    sum -= l[i][m] * l[j][m];
                }
                l[i][j] = i == j ? Math.sqrt(sum) : sum / l[j][j];
            }
        }
        return l;
    }

    /** x with L' x = z. */
    private static double[] solveUpperTransposed(double[][] l, double[] z) {
        int n = z.length;
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double sum = z[i];
            for (int j = i + 1; j < n; j++) {
                sum -= l[j][i] * x[j];
            }
            x[i] = sum / l[i][i];
        }
        return x;
    }
}
