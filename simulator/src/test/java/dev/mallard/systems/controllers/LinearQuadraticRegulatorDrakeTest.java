package dev.mallard.systems.controllers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.primitives.LinearSystem;
import org.junit.jupiter.api.Test;

/**
 * Drake's linear_quadratic_regulator_test.cc with its numbers: the linear-system cases, TestException, and
 * AcrobotTest without its MultibodyPlant half (Mallard has no multibody plant).
 */
class LinearQuadraticRegulatorDrakeTest {

    private static final double TOL = 1e-10;

    private static void assertMatrix(double[][] expected, double[][] actual, double tol) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i].length, actual[i].length);
            for (int j = 0; j < expected[i].length; j++) {
                assertEquals(expected[i][j], actual[i][j], tol, "entry (" + i + ", " + j + ")");
            }
        }
    }

    /** Drake's TestLqrAffineSystemAgainstKnownSolution at x0 = 0, u0 = 0: a stateless controller of the plant's period. */
    private static void checkController(LinearSystem<Double> sys, double[][] k, double[][] q, double[][] r,
            double[][] n) {
        Context<Double> context = sys.createDefaultContext();
        sys.getInputPort(0).fixValue(context, 0.0);
        AffineSystem<Double> lqr = LinearQuadraticRegulator.controller(sys, context, q, r, n, 0);
        assertEquals(0, lqr.getA().length);
        assertEquals(0, lqr.getB().length);
        assertEquals(0, lqr.getF0().length);
        assertEquals(1, lqr.getC().length);
        assertEquals(0, lqr.getC()[0].length);
        assertMatrix(new double[][] {{-k[0][0], -k[0][1]}}, lqr.getD(), TOL);
        assertEquals(0.0, lqr.getY0()[0], TOL);
        assertEquals(sys.getTimePeriod(), lqr.getTimePeriod());
        assertEquals(true, lqr.createDefaultContext().isStateless());
    }

    @Test
    void doubleIntegrator() {
        double[][] a = {{0, 1}, {0, 0}};
        double[][] b = {{0}, {1}};
        double[][] q = {{1, 0}, {0, 1}};
        double[][] r = {{1}};
        double s3 = Math.sqrt(3);
        LinearQuadraticRegulator.Result result = LinearQuadraticRegulator.continuous(a, b, q, r);
        assertMatrix(new double[][] {{1, s3}}, result.k(), TOL);
        assertMatrix(new double[][] {{s3, 1}, {1, s3}}, result.s(), TOL);
        LinearSystem<Double> sys = new LinearSystem<>(Scalar.DOUBLE, "di", a, b, new double[0][2], new double[0][1]);
        checkController(sys, result.k(), q, r, null);
        double[][] n = {{1}, {0}};
        result = LinearQuadraticRegulator.continuous(a, b, q, r, n);
        assertMatrix(new double[][] {{1, 1}}, result.k(), TOL);
        assertMatrix(new double[][] {{1, 0}, {0, 1}}, result.s(), TOL);
        checkController(sys, result.k(), q, r, n);
    }

    /** Drake's TestException: an R that is not positive definite is refused, with and without N. */
    @Test
    void anInputCostThatIsNotPositiveDefiniteIsRefused() {
        double[][] a = {{0, 1}, {0, 0}};
        double[][] b = {{0}, {1}};
        double[][] q = {{1, 0}, {0, 1}};
        double[][] n = {{0}, {0}};
        assertMatrix(LinearQuadraticRegulator.continuous(a, b, q, new double[][] {{1}}).k(),
                LinearQuadraticRegulator.continuous(a, b, q, new double[][] {{1}}, n).k(), 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LinearQuadraticRegulator.continuous(a, b, q, new double[][] {{0}}));
        assertEquals("R must be positive definite, its smallest eigenvalue is 0.0", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> LinearQuadraticRegulator.continuous(a, b, q, new double[][] {{0}}, n));
    }

    /**
     * Drake's AcrobotTest (the part without MultibodyPlant): the controller of the acrobot at its upright, with
     * Drake's parameters and Q = diag(10, 10, 1, 1), R = 1, is the LQR of its explicit linearisation, D = -K to
     * 1e-12.
     */
    @Test
    void theAcrobotsControllerIsTheLqrOfItsLinearisation() {
        Acrobot<Double> plant = new Acrobot<>(Scalar.DOUBLE);
        Context<Double> context = plant.createDefaultContext();
        context.setContinuousStateValues(Math.PI, 0.0, 0.0, 0.0);
        plant.getInputPort("elbow_torque").fixValue(context, 0.0);
        double[][] q = {{10, 0, 0, 0}, {0, 10, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
        double[][] r = {{1}};
        AffineSystem<Double> controller = LinearQuadraticRegulator.controller(plant, context, q, r);
        AffineSystem<Double> linear = Linearization.linearize(plant, context);
        double[][] k = LinearQuadraticRegulator.continuous(linear.getA(), linear.getB(), q, r).k();
        assertMatrix(scale(-1, k), controller.getD(), 1e-12);
    }

    /** Drake's DiscreteDoubleIntegrator (Matlab's dlqr numbers): the controller of a discrete plant is discrete. */
    @Test
    void discreteDoubleIntegrator() {
        double[][] a = {{1, 1}, {0, 1}};
        double[][] b = {{0}, {1}};
        double[][] q = {{1, 0}, {0, 1}};
        double[][] r = {{1}};
        LinearQuadraticRegulator.Result result = LinearQuadraticRegulator.discrete(a, b, q, r);
        double[][] k = {{0.422082440385453, 1.243928853903714}};
        assertMatrix(k, result.k(), TOL);
        assertMatrix(new double[][] {{2.947122966707012, 2.369205407092467}, {2.369205407092467, 4.613134260996183}},
                result.s(), TOL);
        LinearSystem<Double> sys = new LinearSystem<>(Scalar.DOUBLE, "di", a, b, new double[0][2], new double[0][1],
                0.1);
        checkController(sys, k, q, r, null);
        double[][] n = {{1}, {0}};
        result = LinearQuadraticRegulator.discrete(a, b, q, r, n);
        k = new double[][] {{0.427961322156271, 1.06165953563278}};
        assertMatrix(k, result.k(), TOL);
        assertMatrix(new double[][] {{2.48073711494216, 1.33665975925470}, {1.33665975925470, 4.45997883052027}},
                result.s(), TOL);
        checkController(sys, k, q, r, n);
    }

    /**
     * Drake's ConstrainedLinearSystem: with y = P x (P the orthonormal null space of F), the design satisfies
     * the optimality condition {@code R K P' = B_y' S_y + N_y'} and the HJB equation of the projected system.
     */
    @Test
    void constrainedLinearSystemSatisfiesTheProjectedHjbEquation() {
        double[][] a = {{1, 0, 2}, {0, 1, 3}, {0, 2, -1}};
        double[][] b = {{1, 3}, {0, 2}, {1, -1}};
        double[][] f = {{1, 2, -3}};
        double[][] q = {{4, 0, 2}, {0, 9, 3}, {2, 3, 8}};
        double[][] r = {{1, 3}, {3, 10}};
        double[][] n = {{1, 0.5}, {0.5, -1}, {0, 1}};
        checkHjb(a, b, q, r, null, null);
        checkHjb(a, b, q, r, n, null);
        checkHjb(a, b, q, r, null, f);
        checkHjb(a, b, q, r, n, f);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LinearQuadraticRegulator.continuous(a, b, q, r, null, new double[][] {{1, 2}}));
        assertEquals("F row 0 has 2 columns, expected the 3 states of A", e.getMessage());
    }

    private static void checkHjb(double[][] a, double[][] b, double[][] q, double[][] r, double[][] n0,
            double[][] f) {
        LinearQuadraticRegulator.Result result = LinearQuadraticRegulator.continuous(a, b, q, r, n0, f);
        int nx = a.length;
        double[][] n = n0 == null ? new double[nx][b[0].length] : n0;
        double[][] p = f == null ? identity(nx) : nullSpace(f[0]);
        double[][] pt = t(p);
        double[][] ay = mul(mul(p, a), pt);
        double[][] by = mul(p, b);
        double[][] qy = mul(mul(p, q), pt);
        double[][] ny = mul(p, n);
        double[][] sy = mul(mul(p, result.s()), pt);
        // R K P' = B_y' S_y + N_y'
        assertMatrix(add(mul(t(by), sy), t(ny)), mul(mul(r, result.k()), pt), 1e-9);
        double[][] ky = mul(result.k(), pt);
        double[][] hjb = add(add(add(qy, mul(mul(t(ky), r), ky)), scale(-1, add(mul(ny, ky), t(mul(ny, ky))))),
                add(add(mul(sy, ay), t(mul(sy, ay))), scale(-1, add(mul(mul(sy, by), ky), t(mul(mul(sy, by), ky))))));
        assertMatrix(new double[hjb.length][hjb.length], hjb, 1e-9);
    }

    /** An orthonormal basis (rows) of the vectors orthogonal to one row f, by Gram-Schmidt on the unit vectors. */
    private static double[][] nullSpace(double[] f) {
        int n = f.length;
        double norm = Math.sqrt(dot(f, f));
        double[][] basis = new double[n][];
        basis[0] = new double[n];
        for (int j = 0; j < n; j++) {
            basis[0][j] = f[j] / norm;
        }
        int count = 1;
        for (int e = 0; e < n && count < n; e++) {
            double[] v = new double[n];
            v[e] = 1;
            for (int k = 0; k < count; k++) {
                double c = dot(v, basis[k]);
                for (int j = 0; j < n; j++) {
                    v[j] -= c * basis[k][j];
                }
            }
            double len = Math.sqrt(dot(v, v));
            if (len > 1e-8) {
                for (int j = 0; j < n; j++) {
                    v[j] /= len;
                }
                basis[count++] = v;
            }
        }
        double[][] rows = new double[n - 1][];
        System.arraycopy(basis, 1, rows, 0, n - 1);
        return rows;
    }

    private static double dot(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }

    private static double[][] identity(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        return m;
    }

    private static double[][] mul(double[][] x, double[][] y) {
        double[][] out = new double[x.length][y[0].length];
        for (int i = 0; i < x.length; i++) {
            for (int k = 0; k < y.length; k++) {
                for (int j = 0; j < y[0].length; j++) {
                    out[i][j] += x[i][k] * y[k][j];
                }
            }
        }
        return out;
    }

    private static double[][] t(double[][] x) {
        double[][] out = new double[x[0].length][x.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[0].length; j++) {
                out[j][i] = x[i][j];
            }
        }
        return out;
    }

    private static double[][] add(double[][] x, double[][] y) {
        double[][] out = new double[x.length][x[0].length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[0].length; j++) {
                out[i][j] = x[i][j] + y[i][j];
            }
        }
        return out;
    }

    private static double[][] scale(double c, double[][] x) {
        double[][] out = new double[x.length][x[0].length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x[0].length; j++) {
                out[i][j] = c * x[i][j];
            }
        }
        return out;
    }
}
