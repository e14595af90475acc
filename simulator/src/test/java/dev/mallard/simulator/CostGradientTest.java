package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.CostGradient;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.gradients.SampleLoss;
import dev.mallard.systems.Context;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CostGradient} picks forward mode for a few independent variables and the adjoint for many or with a running
 * cost, and both modes give the same cost and gradient (the forward path against {@link AdjointGradient} run
 * directly on the same steps).
 */
class CostGradientTest {

    /** {@code sum_i (i + 1) x_i^2}. */
    private static final class Weighted implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            double sum = 0;
            for (int i = 0; i < x.length; i++) {
                sum += (i + 1) * x[i] * x[i];
            }
            return sum;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            for (int i = 0; i < x.length; i++) {
                gx[i] = 2 * (i + 1) * x[i];
            }
            Arrays.fill(gp, 0);
            return 0;
        }
    }

    private static SimulatorConfig rk3() {
        return new SimulatorConfig().setIntegrationScheme("runge_kutta3").setAccuracy(1e-9).setMaxStepSize(0.1);
    }

    @Test
    void theChoiceFollowsTheProblemsSizeAndTheRunningCost() {
        String rk3 = "runge_kutta3";
        assertEquals(CostGradient.Mode.FORWARD, CostGradient.choose(2, 2, CostFunction.zero(), rk3));
        assertEquals(CostGradient.Mode.FORWARD, CostGradient.choose(4, CostGradient.FORWARD_MODE_LIMIT - 4,
                CostFunction.zero(), rk3));
        assertEquals(CostGradient.Mode.ADJOINT, CostGradient.choose(4, CostGradient.FORWARD_MODE_LIMIT - 3,
                CostFunction.zero(), rk3));
        assertEquals(CostGradient.Mode.ADJOINT, CostGradient.choose(1, 0, new Weighted(), rk3));
    }

    /**
     * Under radau3 the measured crossover is later (docs/PERFORMANCE.md, issue 31): the Brusselator grid of side 2
     * (8 states, 16 parameters) goes forwards, sides 3, 4 and 6 (54, 96, 216 variables) by the adjoint; under an
     * explicit scheme side 2 already goes by the adjoint.
     */
    @Test
    void anImplicitSchemeKeepsForwardModeLonger() {
        assertEquals(CostGradient.Mode.FORWARD, CostGradient.choose(8, 16, CostFunction.zero(), "radau3"));
        assertEquals(CostGradient.Mode.ADJOINT, CostGradient.choose(8, 16, CostFunction.zero(), "runge_kutta3"));
        assertEquals(CostGradient.Mode.FORWARD, CostGradient.choose(20, CostGradient.IMPLICIT_FORWARD_MODE_LIMIT - 20,
                CostFunction.zero(), "implicit_euler"));
        assertEquals(CostGradient.Mode.ADJOINT, CostGradient.choose(20, CostGradient.IMPLICIT_FORWARD_MODE_LIMIT - 19,
                CostFunction.zero(), "radau1"));
        for (int side : new int[] {3, 4, 6}) {
            assertEquals(CostGradient.Mode.ADJOINT, CostGradient.choose(2 * side * side, 4 * side * side,
                    CostFunction.zero(), "radau3"), "side " + side);
        }
        assertEquals(CostGradient.Mode.ADJOINT, CostGradient.choose(1, 0, new Weighted(), "radau3"));
    }

    @Test
    void forwardModeIsRefusedWithARunningCost() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> context = ball.createDefaultContext();
        Weighted running = new Weighted();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CostGradient.compute(ball,
                context, 1.0, CostFunction.zero(), running, null, rk3(), CostGradient.Mode.FORWARD));
        assertEquals("running cost " + running + " cannot be differentiated in forward mode (it integrates none): "
                + "use Mode.ADJOINT", e.getMessage());
    }

    /** The bouncing ball (2 states, 2 parameters: forward mode) through impacts, with samples and a terminal cost. */
    @Test
    void forwardModeForTheBallGivesTheAdjointsCostAndGradient() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Context<Double> c = ball.createDefaultContext();
        c.setContinuousStateValues(1.2, 0.5);
        c.setAccuracy(1e-10);
        SampleLoss samples = SampleLoss.of(new double[] {0.3, 0.9, 1.6}, new Weighted());
        CostGradient.Result chosen = CostGradient.compute(ball, c, 2.1, new Weighted(), CostFunction.zero(), samples,
                rk3());
        assertEquals(CostGradient.Mode.FORWARD, chosen.mode());
        AdjointGradient.Result adjoint = AdjointGradient.run(ball, c, 2.1, new Weighted(), CostFunction.zero(),
                samples, 8, sim -> SimulatorConfigFunctions.applySimulatorConfig(rk3(), sim));
        assertEquals(adjoint.cost(), chosen.cost(), 1e-12 * adjoint.cost());
        double[] expected = Arrays.copyOf(adjoint.gradient(), 4);
        for (int j = 0; j < 4; j++) {
            assertEquals(expected[j], chosen.gradient()[j], 1e-9 * Math.abs(expected[j]) + 1e-12, "entry " + j);
        }
        assertEquals(adjoint.columnNames().subList(0, 4), chosen.columnNames());
    }

    /** A chain of 5 masses (10 states, 10 parameters: the adjoint), and the ball with a running cost. */
    @Test
    void theAdjointForManyParametersOrARunningCost() {
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, 5, false);
        Context<Double> c = chain.createDefaultContext();
        c.setContinuousStateValues(0.1, -0.2, 0.3, 0.0, 0.1, 0.0, 0.2, -0.1, 0.0, 0.1);
        CostGradient.Result r = CostGradient.compute(chain, c, 1.5, new Weighted(), CostFunction.zero(), null, rk3());
        assertEquals(CostGradient.Mode.ADJOINT, r.mode());
        GradientSimulation.Result forward = GradientSimulation.run(chain, c, 1.5,
                sim -> SimulatorConfigFunctions.applySimulatorConfig(rk3(), sim));
        double[] x = forward.finalState();
        double[][] jacobian = forward.stateJacobian();
        assertEquals(r.gradient().length, jacobian[0].length - 1, "no final-time column");
        for (int j = 0; j < r.gradient().length; j++) {
            double expected = 0;
            for (int i = 0; i < x.length; i++) {
                expected += 2 * (i + 1) * x[i] * jacobian[i][j];
            }
            assertEquals(expected, r.gradient()[j], 1e-9 * Math.max(1, Math.abs(expected)), "entry " + j);
        }
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        CostGradient.Result running = CostGradient.compute(ball, ball.createDefaultContext(), 1.0, CostFunction.zero(),
                new Weighted(), null, rk3());
        assertEquals(CostGradient.Mode.ADJOINT, running.mode());
        assertEquals(4, running.gradient().length);
    }

    @Test
    void bothModesRefuseASampleOutsideTheRun() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        SampleLoss late = SampleLoss.of(new double[] {3.0}, new Weighted());
        for (CostFunction running : List.<CostFunction>of(CostFunction.zero(), new Weighted())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CostGradient.compute(
                    ball, ball.createDefaultContext(), 1.0, CostFunction.zero(), running, late, rk3()));
            assertEquals("sample time 0 = 3.0 is outside the run from 0.0 to T = 1.0", e.getMessage());
        }
    }
}
