package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.examples.DampedPendulum;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Drake's lyapunov_test, ported: the cubic system and the pendulum, plus checks of the LP's answer itself. */
class SampleBasedLyapunovAnalysisTest {

    private static DynamicalSystem<Double> cubic() {
        Variable x = new Variable("x");
        return SymbolicVectorSystem.builder().state(x).dynamics("-x + x^3").build(Scalar.DOUBLE);
    }

    @Test
    void cubicSystemGetsTheWeightedMedianOfItsSamples() {
        DynamicalSystem<Double> cubic = cubic();
        double[][] samples = new double[21][];
        for (int i = 0; i < 21; i++) {
            samples[i] = new double[] {-1 + 0.1 * i};
        }
        double[] a = SampleBasedLyapunovAnalysis.analyze(cubic, cubic.createDefaultContext(),
                x -> new AutoDiff[] {x[0].mul(x[0])}, samples, new double[] {0});
        // Drake's test: a reasonable, well-conditioned answer.
        assertTrue(a[0] >= 0.1 && a[0] <= 10, "a = " + a[0]);
        // Independently: Vdot(x) = -a w(x), w = 2 x^2 (1 - x^2), so the LP minimises sum |1 - a w_i| over a,
        // whose minimum lies at a breakpoint 1 / w_k; the LP's a must reach that minimum.
        double best = Double.POSITIVE_INFINITY;
        for (double[] s : samples) {
            double w = 2 * s[0] * s[0] * (1 - s[0] * s[0]);
            if (w > 0) {
                best = Math.min(best, objective(samples, 1 / w));
            }
        }
        assertEquals(best, objective(samples, a[0]), 1e-6 * best);
    }

    private static double objective(double[][] samples, double a) {
        double sum = 0;
        for (double[] s : samples) {
            sum += Math.abs(1 - a * 2 * s[0] * s[0] * (1 - s[0] * s[0]));
        }
        return sum;
    }

    /** Drake's pendulum_bases: 1, s, c, qd, s^2, s c, s qd, c qd, qd^2. */
    private static final Function<AutoDiff[], AutoDiff[]> PENDULUM_BASES = x -> {
        AutoDiff s = x[0].sin();
        AutoDiff c = x[0].cos();
        AutoDiff qd = x[1];
        return new AutoDiff[] {AutoDiff.ONE, s, c, qd, s.mul(s), s.mul(c), s.mul(qd), c.mul(qd), qd.mul(qd)};
    };

    @Test
    void pendulumGetsAFunctionOfTheEnergysShapeThatDecreasesAtEverySample() {
        // Drake's PendulumPlant (m = 1, l = 0.5, b = 0.1, g = 9.81, u = 0) is th'' = -g/l sin th - b/(m l^2) th'.
        DampedPendulum<Double> pendulum = new DampedPendulum<>(Scalar.DOUBLE, 0.5, 0.4, 9.81);
        Context<Double> context = pendulum.createDefaultContext();
        // Drake samples a 31 x 21 grid of [-1.5 pi, 1.5 pi] x [-10, 10]; the same ranges on a 16 x 11 grid keep
        // the test within seconds (651 samples make an LP of 660 variables, about a minute here).
        double[][] samples = new double[16 * 11][];
        int k = 0;
        for (int qi = 0; qi < 16; qi++) {
            for (int qdi = 0; qdi < 11; qdi++) {
                samples[k++] = new double[] {-1.5 * Math.PI + qi * 3 * Math.PI / 15, -10 + qdi * 20.0 / 10};
            }
        }
        double[] a = SampleBasedLyapunovAnalysis.analyze(pendulum, context, PENDULUM_BASES, samples,
                new double[] {0, 0});
        // Drake's check: scaled so that the constant term is the energy's m g l, the cos term is -m g l.
        double mgl = 9.81 * 0.5;
        double factor = mgl / a[0];
        assertEquals(-mgl, a[2] * factor, 1e-4);
        // And the LP's own promises, evaluated independently: V >= 0 and Vdot <= 0 at every sample.
        ContinuousState<Double> f = pendulum.allocateTimeDerivatives();
        for (double[] x : samples) {
            context.setContinuousStateValues(x);
            pendulum.calcTimeDerivatives(context, f);
            double s = Math.sin(x[0]);
            double c = Math.cos(x[0]);
            double qd = x[1];
            double[] phi = {1, s, c, qd, s * s, s * c, s * qd, c * qd, qd * qd};
            double[] dphiDth = {0, c, -s, 0, 2 * s * c, c * c - s * s, c * qd, -s * qd, 0};
            double[] dphiDqd = {0, 0, 0, 1, 0, 0, s, c, 2 * qd};
            double v = 0;
            double vdot = 0;
            for (int j = 0; j < 9; j++) {
                v += a[j] * phi[j];
                vdot += a[j] * (dphiDth[j] * f.getValue(0) + dphiDqd[j] * f.getValue(1));
            }
            assertTrue(v >= -1e-6, "V = " + v + " at (" + x[0] + ", " + x[1] + ")");
            assertTrue(vdot <= 1e-6, "Vdot = " + vdot + " at (" + x[0] + ", " + x[1] + ")");
        }
    }

    @Test
    void anUnstableSystemHasNoSuchFunctionAndIsRefused() {
        Variable x = new Variable("x");
        DynamicalSystem<Double> growth = SymbolicVectorSystem.builder().state(x).dynamics("x").build(Scalar.DOUBLE);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> SampleBasedLyapunovAnalysis
                .analyze(growth, growth.createDefaultContext(), z -> new AutoDiff[] {z[0].mul(z[0])},
                        new double[][] {{0.5}, {1}}, new double[] {0}));
        assertTrue(e.getMessage().contains("the best is V = 0"), e.getMessage());
    }

    @Test
    void badSamplesAreRefusedByName() {
        DynamicalSystem<Double> cubic = cubic();
        Function<AutoDiff[], AutoDiff[]> basis = x -> new AutoDiff[] {x[0].mul(x[0])};
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class, () -> SampleBasedLyapunovAnalysis
                .analyze(cubic, cubic.createDefaultContext(), basis, new double[][] {{0.1, 0.2}}, new double[] {0}));
        assertEquals("stateSamples[0]: expected 1 entries (the state size), got 2", size.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class, () -> SampleBasedLyapunovAnalysis
                .analyze(cubic, cubic.createDefaultContext(), basis, new double[][] {{Double.NaN}}, new double[] {0}));
        assertEquals("stateSamples[0][0] is NaN; states must be finite", nan.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SampleBasedLyapunovAnalysis.analyze(cubic,
                cubic.createDefaultContext(), basis, new double[0][], new double[] {0}));
    }
}
