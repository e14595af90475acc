package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import org.junit.jupiter.api.Test;

/**
 * The generic path's plumbing (stages built in the context's state vector, derivatives written straight into
 * the stage workspaces, x0, x1 and f0 held by reference, per-step term arrays) leaves every AutoDiff result as
 * the scheme's arithmetic alone makes it: fixed-step runge_kutta5 and runge_kutta3 over Van der Pol give, value
 * and gradient, exactly what a plain loop of the same {@link Scalar#scaledLinearCombination} stage sums gives.
 */
class GenericStagesBitsTest {

    private static final double H = 0.125;
    private static final int STEPS = 16;

    /** Dormand-Prince stage rows without their zero coefficients, as stage index and weight. */
    private static final int[][] DP_STAGES = {{}, {0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}, {0, 1, 2, 3, 4},
        {0, 2, 3, 4, 5}};
    private static final double[][] DP_WEIGHTS = {{}, {1.0 / 5}, {3.0 / 40, 9.0 / 40},
        {44.0 / 45, -56.0 / 15, 32.0 / 9}, {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
        {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
        {35.0 / 384, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
    /** Kutta's third-order stages and weights. */
    private static final int[][] RK3_STAGES = {{}, {0}, {0, 1}, {0, 1, 2}};
    private static final double[][] RK3_WEIGHTS = {{}, {0.5}, {-1, 2}, {1.0 / 6, 2.0 / 3, 1.0 / 6}};

    @Test
    void rungeKutta5MatchesThePlainStageLoop() {
        // stage 7 is evaluated at x1 and is the next step's first stage (first same as last)
        assertEquals(reference(DP_STAGES, DP_WEIGHTS, true), simulated("runge_kutta5"));
    }

    @Test
    void rungeKutta3MatchesThePlainStageLoop() {
        assertEquals(reference(RK3_STAGES, RK3_WEIGHTS, false), simulated("runge_kutta3"));
    }

    private static java.util.List<AutoDiff> simulated(String scheme) {
        GradientThroughSimulationTest.VanDerPolMu<AutoDiff> sys =
                new GradientThroughSimulationTest.VanDerPolMu<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = sys.createDefaultContext();
        setVariables(c);
        IntegratorBase<AutoDiff> in = IntegrationSchemes.create(scheme, sys, H, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(H * STEPS);
        assertEquals(STEPS, in.getNumStepsTaken());
        return java.util.List.of(c.getContinuousState().get(0), c.getContinuousState().get(1));
    }

    private static void setVariables(Context<AutoDiff> c) {
        c.getMutableContinuousState().set(0, AutoDiff.variable(2.0, 3, 0));
        c.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 3, 1));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(1.0, 3, 2));
    }

    /**
     * The explicit scheme whose last row gives x1, in a plain loop over arrays: each stage entry
     * {@code x0_j + h sum(w k_m[j])} by one scaledLinearCombination over the nonzero weights in stage order.
     */
    private static java.util.List<AutoDiff> reference(int[][] stages, double[][] weights, boolean firstSameAsLast) {
        Scalar<AutoDiff> s = AutoDiff.SCALAR;
        GradientThroughSimulationTest.VanDerPolMu<AutoDiff> sys =
                new GradientThroughSimulationTest.VanDerPolMu<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = sys.createDefaultContext();
        setVariables(c);
        ContinuousState<AutoDiff> xdot = sys.allocateTimeDerivatives();
        int rows = stages.length;
        AutoDiff[] x0 = {c.getContinuousState().get(0), c.getContinuousState().get(1)};
        AutoDiff[][] k = new AutoDiff[rows][];
        AutoDiff h = s.of(H);
        AutoDiff[] first = null;
        for (int step = 0; step < STEPS; step++) {
            k[0] = first != null ? first : derivatives(sys, c, x0, xdot);
            AutoDiff[] x = x0;
            for (int i = 1; i < rows; i++) {
                x = new AutoDiff[2];
                for (int j = 0; j < 2; j++) {
                    AutoDiff[] terms = new AutoDiff[stages[i].length];
                    for (int q = 0; q < terms.length; q++) {
                        terms[q] = k[stages[i][q]][j];
                    }
                    x[j] = s.scaledLinearCombination(x0[j], h, weights[i], terms, terms.length);
                }
                if (i < rows - 1 || firstSameAsLast) {
                    k[i] = derivatives(sys, c, x, xdot);
                }
            }
            first = firstSameAsLast ? k[rows - 1] : null;
            x0 = x;
        }
        return java.util.List.of(x0[0], x0[1]);
    }

    private static AutoDiff[] derivatives(GradientThroughSimulationTest.VanDerPolMu<AutoDiff> sys,
            Context<AutoDiff> c, AutoDiff[] x, ContinuousState<AutoDiff> xdot) {
        c.getMutableContinuousState().set(0, x[0]);
        c.getMutableContinuousState().set(1, x[1]);
        sys.calcTimeDerivatives(c, xdot);
        return new AutoDiff[] {xdot.get(0), xdot.get(1)};
    }
}
