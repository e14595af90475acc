package dev.mallard.simulator.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** {@link ParameterEstimation} against scipy's least_squares on the same data, and a hybrid fit against its closed form. */
class ParameterEstimationTest {

    /** The repository's data/fitting directory, found by walking up from the module. */
    static Path fittingData() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("fitting");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("data/fitting not found from " + Path.of("").toAbsolutePath());
    }

    private static Consumer<Simulator<AutoDiff>> rk5(double accuracy) {
        return sim -> {
            IntegratorBase<AutoDiff> i = sim.resetIntegrator(RungeKutta5Integrator::new);
            i.setTargetAccuracy(accuracy);
        };
    }

    /**
     * scipy.optimize.least_squares (scipy 1.10, method "trf", ftol = xtol = gtol = 1e-15) on
     * data/fitting/lotka_volterra.csv from (1.4, 0.9, 2.8, 0.9, 1.0, 1.0), the model solved by DOP853 at rtol = atol
     * = 1e-13: data/fitting/lotka_volterra_fit.py, run with Debian's /usr/bin/python3. Its method "lm" (MINPACK)
     * agrees with these to 3e-9. The standard errors are sqrt(diag((J^T J)^-1 2 cost / (202 - 6))) at the
     * estimate, with scipy's finite-difference J.
     */
    private static final double[] SCIPY_ESTIMATE = {1.498548271235006, 0.9969555480683276, 3.0005175535879323,
        1.0014799033567543, 1.0010139464272734, 1.000260706869369};
    private static final double SCIPY_COST = 0.21888236247081724;
    private static final double[] SCIPY_STANDARD_ERRORS = {0.006331244731807485, 0.003911588778997804,
        0.01470820098748564, 0.004725136613120139, 0.0046442658247061504, 0.007215539747283234};

    @Test
    void theLotkaVolterraFitAgreesWithScipy() throws IOException {
        // the user's code: the system, the data, the fit
        Map<String, Variable> v = new HashMap<>();
        List<Expression> f = List.of(Formula.parseCreating("a*x - b*x*y", v), Formula.parseCreating("-c*y + d*x*y", v));
        SymbolicVectorSystem<Double> lv = SymbolicVectorSystem.builder().name("lotka_volterra")
                .state(v.get("x"), v.get("y")).dynamics(f).initialState(1, 1)
                .parameter(v.get("a"), 1.4).parameter(v.get("b"), 0.9).parameter(v.get("c"), 2.8)
                .parameter(v.get("d"), 0.9).build(Scalar.DOUBLE);
        SampleTable data = SampleTable.read(fittingData().resolve("lotka_volterra.csv"));
        ParameterEstimation.Result fit = new ParameterEstimation(lv, lv.createDefaultContext())
                .estimate("a", 0, 10).estimate("b", 0, 10).estimate("c", 0, 10).estimate("d", 0, 10)
                .estimate("x").estimate("y")
                .configure(rk5(1e-12))
                .fit(data);
        assertTrue(fit.converged(), fit.toString());
        for (int j = 0; j < 6; j++) {
            assertEquals(SCIPY_ESTIMATE[j], fit.estimate()[j], 1e-7, fit.names().get(j) + ": " + fit);
            assertEquals(SCIPY_STANDARD_ERRORS[j], fit.standardErrors()[j], 1e-4 * SCIPY_STANDARD_ERRORS[j],
                    "standard error of " + fit.names().get(j));
        }
        assertEquals(SCIPY_COST, fit.cost(), 1e-9);
        assertEquals(202, fit.residuals().length);
        assertEquals(fit.get("c"), fit.estimate()[2]);
    }

    // ---- a hybrid fit: the bouncing ball ---------------------------------------------------------------------

    /** Height at t of a ball dropped from rest at h with restitution e under g, by the closed form, in AutoDiff. */
    private static AutoDiff dropHeight(AutoDiff h, AutoDiff e, double g, double t) {
        AutoDiff tk = h.mul(2 / g).sqrt();
        if (t <= tk.value()) {
            return h.sub(0.5 * g * t * t);
        }
        AutoDiff u = e.mul(h.mul(2 * g).sqrt());
        while (t > tk.value() + 2 * u.value() / g) {
            tk = tk.add(u.mul(2 / g));
            u = u.mul(e);
        }
        AutoDiff s = tk.subFrom(t);
        return u.mul(s).sub(s.square().mul(0.5 * g));
    }

    /**
     * Drop height and restitution from 100 noisy heights (standard deviation 1 cm, through four impacts), starting
     * 30 cm and 0.2 off: against the least-squares fit of the closed form, by Gauss-Newton on its AutoDiff
     * derivatives (independent of the simulator), and against the truth within four standard errors.
     */
    @Test
    void theBouncingBallsDropHeightAndRestitutionAreFittedThroughImpacts() {
        double g = 9.81;
        double[] times = new double[100];
        double[][] heights = new double[100][1];
        Random noise = new Random(31);
        for (int k = 0; k < times.length; k++) {
            times[k] = 0.02 * (k + 1);
            heights[k][0] = dropHeight(AutoDiff.constant(1.0), AutoDiff.constant(0.8), g, times[k]).value()
                    + 0.01 * noise.nextGaussian();
        }
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, g);
        Context<Double> start = ball.createDefaultContext();
        start.setContinuousStateValues(1.3, 0);
        start.getMutableNumericParameter(0).setValue(BouncingBall.RESTITUTION, 0.6);
        start.setAccuracy(1e-12);
        ParameterEstimation.Result fit = new ParameterEstimation(ball, start)
                .estimate("height", 0.01, 10).estimate("restitution", 0, 1).observe("height")
                .configure(rk5(1e-10)).fit(times, heights);
        assertTrue(fit.converged(), fit.toString());
        // the closed form's least-squares fit by Gauss-Newton
        double[] theta = {1.0, 0.8};
        for (int iteration = 0; iteration < 30; iteration++) {
            double[][] a = new double[2][2];
            double[] b = new double[2];
            for (int k = 0; k < times.length; k++) {
                AutoDiff z = dropHeight(AutoDiff.variable(theta[0], 2, 0), AutoDiff.variable(theta[1], 2, 1), g,
                        times[k]);
                double r = z.value() - heights[k][0];
                for (int i = 0; i < 2; i++) {
                    b[i] += z.derivative(i) * r;
                    for (int j = 0; j < 2; j++) {
                        a[i][j] += z.derivative(i) * z.derivative(j);
                    }
                }
            }
            double det = a[0][0] * a[1][1] - a[0][1] * a[1][0];
            theta[0] -= (a[1][1] * b[0] - a[0][1] * b[1]) / det;
            theta[1] -= (a[0][0] * b[1] - a[1][0] * b[0]) / det;
        }
        assertEquals(theta[0], fit.get("height"), 1e-8, fit.toString());
        assertEquals(theta[1], fit.get("restitution"), 1e-8, fit.toString());
        double[] truth = {1.0, 0.8};
        for (int j = 0; j < 2; j++) {
            assertTrue(Math.abs(fit.estimate()[j] - truth[j]) < 4 * fit.standardErrors()[j], fit.toString());
            assertTrue(fit.standardErrors()[j] < 0.01, fit.toString());
        }
        double rms = Math.sqrt(2 * fit.cost() / times.length);
        assertTrue(rms > 0.007 && rms < 0.013, "residual RMS " + rms);
    }

    // ---- failures --------------------------------------------------------------------------------------------

    /**
     * x' = -k x + 1e-300 sqrt(k - 1.1), a term too small to matter but NaN below 1.1: the simulation fails (a
     * non-finite state) for every k below 1.1. Fitting exp(-1.2 t) from k = 3, the first Gauss-Newton step lands
     * far below 1.2 (exp(-k t) is convex in k, so its tangent from above overshoots the root), where it fails.
     */
    private static SymbolicVectorSystem<Double> decayFailingBelow11(double k0) {
        Map<String, Variable> v = new HashMap<>();
        Expression f = Formula.parseCreating("-k*x + 1e-300*sqrt(k - 1.1)", v);
        return SymbolicVectorSystem.builder().name("decay").state(v.get("x")).parameter(v.get("k"), k0)
                .dynamics(f).initialState(1).build(Scalar.DOUBLE);
    }

    @Test
    void aTrialPointWhoseSimulationFailsIsARejectedStep() {
        double[] times = new double[20];
        double[][] x = new double[20][1];
        for (int k = 0; k < times.length; k++) {
            times[k] = 0.1 * (k + 1);
            x[k][0] = Math.exp(-1.2 * times[k]);
        }
        SymbolicVectorSystem<Double> decay = decayFailingBelow11(3);
        ParameterEstimation.Result fit = new ParameterEstimation(decay, decay.createDefaultContext())
                .estimate("k").configure(rk5(1e-12)).fit(times, x);
        assertTrue(fit.converged(), fit.toString());
        assertEquals(1.2, fit.get("k"), 1e-8, fit.toString());
        assertTrue(fit.failedSimulations() >= 1, fit.toString());
        assertTrue(fit.rejectedSteps() >= fit.failedSimulations(), fit.toString());

        SymbolicVectorSystem<Double> failing = decayFailingBelow11(1.0);
        SimulationException e = assertThrows(SimulationException.class, () -> new ParameterEstimation(failing,
                failing.createDefaultContext()).estimate("k").fit(times, x));
        assertTrue(e.getMessage().contains("starting point"), e.getMessage());
    }

    @Test
    void badRequestsAreRefusedWithTheirReason() {
        SymbolicVectorSystem<Double> decay = decayFailingBelow11(1.5);
        Context<Double> c = decay.createDefaultContext();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).estimate("q"))
                .getMessage().contains("no state or parameter 'q'"));
        assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).estimate("k", 2, 3));
        assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).estimate("k", 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).estimate("k")
                .estimate("decay/k"));
        assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).observe("k"));
        assertThrows(IllegalArgumentException.class,
                () -> new ParameterEstimation(decay, c).fit(new double[] {1, 2}, new double[][] {{1}, {2}}));
        assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).estimate("k")
                .estimate("x").fit(new double[] {1, 2}, new double[][] {{1}, {2}}));
        assertThrows(IllegalArgumentException.class, () -> new ParameterEstimation(decay, c).estimate("k")
                .fit(new double[] {1, 2}, new double[][] {{1}, {Double.NaN}}));
    }

    @Test
    void columnsCarryTheDeclaredNames() {
        SymbolicVectorSystem<Double> decay = decayFailingBelow11(1.5);
        assertEquals(List.of("decay/x", "decay/k", "t"),
                dev.mallard.simulator.gradients.GradientSimulation.columnNames(decay.createDefaultContext()));
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        assertEquals(List.of("bouncing ball/height", "bouncing ball/velocity", "bouncing ball/restitution",
                "bouncing ball/gravity", "t"),
                dev.mallard.simulator.gradients.GradientSimulation.columnNames(ball.createDefaultContext()));
    }
}
