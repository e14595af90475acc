package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.integrators.ButcherTableau;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta2Integrator;
import dev.mallard.simulator.integrators.RungeKutta3Integrator;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text of the results and objects a user prints: numbers, sizes and statuses, never {@code [D@...}. */
class ResultTextTest {

    private static final List<String> COLUMNS = List.of("osc/x0", "osc/x1", "osc/mu", "t");

    private static GradientSimulation.Result smallResult() {
        return new GradientSimulation.Result(new double[] {1.0, -0.5},
                new double[][] {{1.0, 0.0, 0.25, 0.5}, {0.0, 1.0, -0.125, 2.0}}, new double[] {1.0},
                new double[][] {{1.0, 0.0, 0.0, 0.0}}, 2, 1, COLUMNS);
    }

    @Test
    void gradientResultPrintsItsNumbers() {
        assertEquals("Result[2 states, 1 parameter, finalState=[1.0, -0.5], stateJacobian=[[1.0, 0.0, 0.25, 0.5], "
                + "[0.0, 1.0, -0.125, 2.0]], outputs=[1.0], outputJacobian=[[1.0, 0.0, 0.0, 0.0]], "
                + "columns=[osc/x0, osc/x1, osc/mu, t]]",
                smallResult().toString());
    }

    @Test
    void gradientResultOfARunPrintsNoArrayIdentities() {
        AffineSystem<Double> decay = new AffineSystem<>(Scalar.DOUBLE, "decay", new double[][] {{-1}},
                new double[1][0], new double[] {0}, new double[][] {{1}}, new double[1][0], new double[] {0}, 0);
        Context<Double> c = decay.createDefaultContext();
        c.getMutableContinuousState().setValue(0, 2.0);
        String text = GradientSimulation.run(decay, c, 1.0, null).toString();
        assertTrue(text.startsWith("Result[1 state, 0 parameters, finalState=[0.73"), text);
        assertFalse(text.contains("[D@"), text);
    }

    @Test
    void gradientResultIsAValueWithItsOwnArrays() {
        double[] x = {1.0, -0.5};
        double[][] jac = {{1.0, 0.0, 0.25, 0.5}, {0.0, 1.0, -0.125, 2.0}};
        GradientSimulation.Result r = new GradientSimulation.Result(x, jac, new double[] {1.0},
                new double[][] {{1.0, 0.0, 0.0, 0.0}}, 2, 1, COLUMNS);
        assertEquals(smallResult(), r);
        assertEquals(smallResult().hashCode(), r.hashCode());
        x[0] = 7;
        jac[1][2] = 7;
        r.finalState()[1] = 7;
        r.stateJacobian()[0][0] = 7;
        assertEquals(smallResult(), r, "neither the caller's arrays nor the returned copies reach the record");
        GradientSimulation.Result other = new GradientSimulation.Result(new double[] {1.0, -0.5},
                new double[][] {{1.0, 0.0, 0.25, 0.5}, {0.0, 1.0, -0.125, 2.5}}, new double[] {1.0},
                new double[][] {{1.0, 0.0, 0.0, 0.0}}, 2, 1, COLUMNS);
        assertNotEquals(smallResult(), other);
    }

    @Test
    void affineSystemsPrintTheirKindSizesAndCoefficients() {
        AffineSystem<Double> lin = new AffineSystem<>(Scalar.DOUBLE, "lin", new double[][] {{0, 1}, {-1, -0.5}},
                new double[][] {{0}, {1}}, new double[] {0, 0}, new double[][] {{1, 0}}, new double[][] {{0}},
                new double[] {0}, 0);
        assertEquals("AffineSystem 'lin' (continuous, 2 states, 1 input, 1 output): A=[[0.0, 1.0], [-1.0, -0.5]], "
                + "B=[[0.0], [1.0]], f0=[0.0, 0.0], C=[[1.0, 0.0]], D=[[0.0]], y0=[0.0]", lin.toString());
        AffineSystem<Double> map = new AffineSystem<>(Scalar.DOUBLE, "map", new double[][] {{0.5}},
                new double[1][0], new double[] {1}, new double[0][1], new double[0][0], new double[0], 0.1);
        assertEquals("AffineSystem 'map' (discrete, period 0.1 s, 1 state, 0 inputs, 0 outputs): A=[[0.5]], B=[[]], "
                + "f0=[1.0], C=[], D=[], y0=[]", map.toString());
    }

    @Test
    void simulatorAndIntegratorPrintTheirStatistics() {
        AffineSystem<Double> decay = new AffineSystem<>(Scalar.DOUBLE, "decay", new double[][] {{-1}},
                new double[1][0], new double[] {0}, new double[0][1], new double[0][0], new double[0], 0);
        Simulator<Double> sim = new Simulator<>(decay);
        assertEquals("Simulator of AffineSystem 'decay' at t = 0.0: 0 steps, 0 publishes, 0 discrete updates, "
                + "0 unrestricted updates; RungeKutta3Integrator (runge_kutta3, error control, accuracy 1.0E-4, "
                + "maximum step 0.1 s): 0 steps, 0 derivative evaluations, 0 shrinkages from error control, "
                + "0 substep failures", sim.toString());
        sim.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 0.25, c));
        sim.initialize();
        sim.advanceTo(1.0);
        // four fixed steps of the two-stage scheme
        assertEquals(4, sim.getNumStepsTaken());
        String expectedIntegrator = "RungeKutta2Integrator (runge_kutta2, fixed step 0.25 s): 4 steps, "
                + sim.getIntegrator().getNumDerivativeEvaluations() + " derivative evaluations, 0 shrinkages from "
                + "error control, 0 substep failures";
        assertEquals("Simulator of AffineSystem 'decay' at t = 1.0: 4 steps, 0 publishes, 0 discrete updates, "
                + "0 unrestricted updates; " + expectedIntegrator, sim.toString());
        assertTrue(sim.getIntegrator().getNumDerivativeEvaluations() >= 8, "two stages per step");
    }

    @Test
    void errorControlledIntegratorsPrintTheStepSizesTheyTook() {
        Simulator<Double> sim = new Simulator<>(new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81));
        sim.advanceTo(1.0);
        IntegratorBase<Double> rk3 = sim.getIntegrator();
        assertTrue(rk3.toString().contains(", step sizes " + rk3.getSmallestAdaptedStepSizeTaken() + " to "
                + rk3.getLargestStepSizeTaken() + " s, "), rk3.toString());
    }

    @Test
    void tableauAndDenseOutputPrintTheirShape() {
        ButcherTableau heun = new ButcherTableau(new double[] {0, 1}, new double[][] {{}, {1}},
                new double[] {0.5, 0.5}, null);
        assertEquals("ButcherTableau[2 stages, c=[0.0, 1.0], a=[[], [1.0]], b=[0.5, 0.5], e=none]", heun.toString());
        ButcherTableau fsal = new ButcherTableau(new double[] {0, 1}, new double[][] {{}, {1}},
                new double[] {1, 0}, new double[] {0.5, -0.5});
        assertEquals("ButcherTableau[2 stages, c=[0.0, 1.0], a=[[], [1.0]], b=[1.0, 0.0], e=[0.5, -0.5], "
                + "first same as last]", fsal.toString());
        assertEquals("PiecewisePolynomial[2 rows, no segments]",
                PackageAccess.trajectories().create(Scalar.DOUBLE, 2).toString());

        AffineSystem<Double> decay = new AffineSystem<>(Scalar.DOUBLE, "decay", new double[][] {{-1}},
                new double[1][0], new double[] {0}, new double[0][1], new double[0][0], new double[0], 0);
        Simulator<Double> sim = new Simulator<>(decay);
        sim.resetIntegrator((s, c) -> new RungeKutta2Integrator<>(s, 0.25, c));
        sim.initialize();
        sim.getMutableIntegrator().startDenseIntegration();
        sim.advanceTo(1.0);
        assertEquals("PiecewisePolynomial[1 row, 4 segments on [0.0, 1.0]]",
                sim.getMutableIntegrator().stopDenseIntegration().toString());
    }

    @Test
    void statusesPrintWhatHappened() {
        // Drake prints times in its own short form (2, 1e-05), and so do Mallard's statuses.
        assertEquals("Simulator successfully reached the boundary time (2).",
                SimulatorStatus.reachedBoundary(2.0).toString());
    }
}
