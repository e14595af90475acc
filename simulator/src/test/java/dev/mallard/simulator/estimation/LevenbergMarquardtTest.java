package dev.mallard.simulator.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bounded Levenberg-Marquardt iteration on small problems with known minimisers. */
class LevenbergMarquardtTest {

    /** Rosenbrock's function as residuals (10 (y - x^2), 1 - x): minimum 0 at (1, 1). */
    private static final LevenbergMarquardt.Model ROSENBROCK = (theta, r, j) -> {
        r[0] = 10 * (theta[1] - theta[0] * theta[0]);
        r[1] = 1 - theta[0];
        j[0][0] = -20 * theta[0];
        j[0][1] = 10;
        j[1][0] = -1;
        j[1][1] = 0;
        return true;
    };

    private static LevenbergMarquardt solver(LevenbergMarquardt.Model model, int residuals, double[] lower,
            double[] upper) {
        return new LevenbergMarquardt(model, residuals, lower, upper, 1e-12, 1e-15, 200);
    }

    @Test
    void rosenbrocksValleyIsFollowedToItsMinimum() {
        double inf = Double.POSITIVE_INFINITY;
        LevenbergMarquardt lm = solver(ROSENBROCK, 2, new double[] {-inf, -inf}, new double[] {inf, inf});
        assertTrue(lm.minimise(new double[] {-1.2, 1}));
        assertEquals(1, lm.theta[0], 1e-10);
        assertEquals(1, lm.theta[1], 1e-10);
        assertTrue(lm.stop != LevenbergMarquardt.Stop.ITERATIONS, lm.stop.toString());
    }

    /** With x <= 0.5 the minimiser is on the bound: x = 0.5, y = x^2 = 0.25. */
    @Test
    void anActiveBoundHoldsTheMinimiser() {
        double inf = Double.POSITIVE_INFINITY;
        LevenbergMarquardt lm = solver(ROSENBROCK, 2, new double[] {-inf, -inf}, new double[] {0.5, inf});
        assertTrue(lm.minimise(new double[] {-1.2, 1}));
        assertEquals(0.5, lm.theta[0], 0);
        assertEquals(0.25, lm.theta[1], 1e-9);
    }

    /**
     * r = exp(theta) - 2, whose evaluation fails above theta = 1: from -3 the first (nearly Gauss-Newton) step lands
     * near 36, fails, and is rejected; the damped steps that follow reach ln 2.
     */
    @Test
    void aFailedEvaluationIsARejectedStep() {
        LevenbergMarquardt.Model model = (theta, r, j) -> {
            if (theta[0] > 1) {
                return false;
            }
            r[0] = Math.exp(theta[0]) - 2;
            j[0][0] = Math.exp(theta[0]);
            return true;
        };
        LevenbergMarquardt lm = solver(model, 1, new double[] {Double.NEGATIVE_INFINITY},
                new double[] {Double.POSITIVE_INFINITY});
        assertTrue(lm.minimise(new double[] {-3}));
        assertEquals(Math.log(2), lm.theta[0], 1e-12);
        assertTrue(lm.failed >= 1 && lm.rejected >= lm.failed, lm.failed + " failed, " + lm.rejected + " rejected");
    }

    @Test
    void aStartThatCannotBeEvaluatedIsReported() {
        LevenbergMarquardt lm = solver((theta, r, j) -> false, 1, new double[] {0}, new double[] {1});
        assertFalse(lm.minimise(new double[] {0.5}));
    }
}
