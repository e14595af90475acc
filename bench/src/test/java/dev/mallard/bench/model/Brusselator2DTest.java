package dev.mallard.bench.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import org.junit.jupiter.api.Test;

/**
 * The 2-D Brusselator against an independent NumPy evaluation of the SciMLSensitivity benchmark's equations
 * (periodic shifts by {@code numpy.roll}, column-major cell order) and against SciPy's {@code solve_ivp}.
 */
class Brusselator2DTest {

    /** N = 4: cell (1, 2), index 9, is the one inside the forcing disc. */
    private static final int N = 4;

    /** f(2, z) at z_k = 1 + 0.1 (k + 1) sin(k + 1), by NumPy (forcing on at cell 9). */
    private static final double[] DERIVATIVE_AT_2 = {-39.67841722299727, 50.950613222713734, 100.87009191664202,
        149.44466928236238, 269.1632253909054, 24.01473831675755, -212.04442059734387, -382.5398177685952,
        -238.2046673253311, 244.57209287519373, 419.7391278425779, 195.61389932017264, -80.3386177960094,
        -415.6039483745236, -371.6630781003131, 217.01700820735746, 620.3966775600652, 101.1635063144373,
        -345.59183776214786, -814.5826296468189, -1005.7193089879745, 48.89994806766088, 768.321836403114,
        1007.8353551054058, 354.1465303526057, -778.7254156364424, -971.1603708576519, -106.2590980090679,
        415.47067358020587, 857.2227968698694, 608.6785829698492, -687.5504955774117};

    /**
     * x(2) from the default initial state, by scipy.integrate.solve_ivp (DOP853, rtol = atol = 1e-13; Radau at
     * 1e-12 agrees to 2.4e-13).
     */
    private static final double[] FINAL_STATE = {0.4126804563038273, 0.41410709106370885, 0.4126804563038252,
        0.4118273973276897, 0.41410709106370797, 0.41725928114695165, 0.41410709106370946, 0.41268045630382477,
        0.4172592811469527, 0.43021990231801766, 0.41725928114695005, 0.41410709106371063, 0.4141070910637065,
        0.41725928114695165, 0.4141070910637097, 0.4126804563038252, 3.4836301189941676, 3.4836368497173855,
        3.483630118994166, 3.4836250541531406, 3.4836368497173624, 3.4836469365467666, 3.483636849717362,
        3.483630118994178, 3.4836469365467697, 3.483665991705033, 3.4836469365467737, 3.4836368497173744,
        3.483636849717378, 3.4836469365467604, 3.4836368497173757, 3.4836301189941614};

    private static double[] point() {
        double[] z = new double[2 * N * N];
        for (int k = 0; k < z.length; k++) {
            z[k] = 1 + 0.1 * (k + 1) * Math.sin(k + 1);
        }
        return z;
    }

    private static double[] derivative(Brusselator2D<Double> system, Context<Double> c, double t) {
        c.setTime(t);
        c.getMutableContinuousState().setValuesFrom(point(), 0);
        ContinuousState<Double> f = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(c, f);
        return f.toValueArray();
    }

    @Test
    void derivativeMatchesNumpyWithAndWithoutForcing() {
        Brusselator2D<Double> system = new Brusselator2D<>(Scalar.DOUBLE, N);
        Context<Double> c = system.createDefaultContext();
        assertArrayEquals(DERIVATIVE_AT_2, derivative(system, c, 2.0), 1e-11);
        double[] before = DERIVATIVE_AT_2.clone();
        before[9] -= 5; // the forcing starts at t = 1.1
        assertArrayEquals(before, derivative(system, c, 1.0), 1e-11);
    }

    @Test
    void eachCellReadsItsOwnParameters() {
        Brusselator2D<Double> system = new Brusselator2D<>(Scalar.DOUBLE, N);
        Context<Double> c = system.createDefaultContext();
        double[] z = point();
        c.getMutableNumericParameter(0).setValue(5, 4.4); // A of cell 5: -u_5 in u_5', +u_5 in v_5'
        c.getMutableNumericParameter(1).setValue(3, 3.0); // B of cell 3: +2 in u_3'
        double[] expected = DERIVATIVE_AT_2.clone();
        expected[5] -= z[5];
        expected[16 + 5] += z[5];
        expected[3] += 2;
        assertArrayEquals(expected, derivative(system, c, 2.0), 1e-11);
        // alpha of the v cell 7 set to 0 removes exactly its diffusion, 10 times the five-point Laplacian
        c.getMutableNumericParameter(2).setValue(16 + 7, 0.0);
        double laplacian = (z[16 + 6] + z[16 + 4] + z[16 + 3] + z[16 + 11] - 4 * z[16 + 7]) * 9;
        expected[16 + 7] -= 10 * laplacian;
        assertArrayEquals(expected, derivative(system, c, 2.0), 1e-11);
    }

    @Test
    void rungeKutta5MatchesSolveIvpAndAutoDiffCarriesTheSameValues() {
        SimulatorConfig config = new SimulatorConfig().setIntegrationScheme("runge_kutta5").setAccuracy(1e-10);
        Brusselator2D<Double> system = new Brusselator2D<>(Scalar.DOUBLE, N);
        Simulator<Double> sim = new Simulator<>(system);
        SimulatorConfigFunctions.applySimulatorConfig(config, sim);
        sim.advanceTo(2.0);
        assertArrayEquals(FINAL_STATE, sim.getContext().getContinuousState().toValueArray(), 1e-7);
        Brusselator2D<AutoDiff> ad = new Brusselator2D<>(AutoDiff.SCALAR, N);
        Context<AutoDiff> c = ad.createDefaultContext();
        c.setTime(2.0);
        double[] z = point();
        for (int k = 0; k < z.length; k++) {
            c.getMutableContinuousState().set(k, AutoDiff.SCALAR.of(z[k]));
        }
        ContinuousState<AutoDiff> f = ad.allocateTimeDerivatives();
        ad.calcTimeDerivatives(c, f);
        assertArrayEquals(DERIVATIVE_AT_2, f.toValueArray(), 1e-11);
    }

    @Test
    void refusesAGridSmallerThanTwo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Brusselator2D<>(Scalar.DOUBLE, 1));
        assertEquals("n must be at least 2, got 1", e.getMessage());
    }
}
