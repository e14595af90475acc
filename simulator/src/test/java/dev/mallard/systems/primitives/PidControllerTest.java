package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import org.junit.jupiter.api.Test;

/** Drake's pid_controller_test.cc, ported with its numbers. */
class PidControllerTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double[] KP = {2, 2, 2};
    private static final double[] KI = {3, 3, 3};
    private static final double[] KD = {1, 1, 1};
    private static final double[] ERROR = {1.0, 2.0, 3.0};
    private static final double[] ERROR_RATE = {1.3, 0.9, 3.14};

    private final PidController<Double> controller = new PidController<>(D, "pid", KP, KI, KD);

    private Context<Double> context() {
        Context<Double> context = controller.createDefaultContext();
        controller.getInputPort(0).fixValue(context, new double[6]);
        controller.getInputPort(1).fixValue(context, 1.0, 2.0, 3.0, 1.3, 0.9, 3.14);
        return context;
    }

    @Test
    void portNames() {
        assertEquals(controller.getInputPort("estimated_state"), controller.getInputPortEstimatedState());
        assertEquals(controller.getInputPort("desired_state"), controller.getInputPortDesiredState());
        assertEquals(controller.getOutputPort("control"), controller.getOutputPortControl());
    }

    @Test
    void gettersReturnTheGainsAndSingletonsNeedOnePosition() {
        assertArrayEquals(KP, controller.getKpVector());
        assertArrayEquals(KI, controller.getKiVector());
        assertArrayEquals(KD, controller.getKdVector());
        PidController<Double> one = new PidController<>(D, "one", new double[] {2}, new double[] {3},
                new double[] {1});
        assertEquals(2, one.getKpSingleton());
        assertEquals(3, one.getKiSingleton());
        assertEquals(1, one.getKdSingleton());
        PidController<Double> two = new PidController<>(D, "two", new double[] {1, 2}, new double[] {1, 2},
                new double[] {1, 2});
        assertArrayEquals(new double[] {1, 2}, two.getKpVector());
        assertThrows(IllegalStateException.class, two::getKpSingleton);
        assertThrows(IllegalStateException.class, two::getKiSingleton);
        assertThrows(IllegalStateException.class, two::getKdSingleton);
    }

    @Test
    void outputIsKpErrorPlusKiIntegralPlusKdErrorRate() {
        Context<Double> context = context();
        double[] expected = new double[3];
        for (int i = 0; i < 3; i++) {
            expected[i] = KP[i] * ERROR[i] + KD[i] * ERROR_RATE[i];
        }
        assertArrayEquals(expected, controller.getOutputPort(0).eval(context).toValueArray());
        double[] integral = {3.0, 2.0, 1.0};
        controller.setIntegralValue(context, integral);
        for (int i = 0; i < 3; i++) {
            expected[i] = KP[i] * ERROR[i] + KI[i] * integral[i] + KD[i] * ERROR_RATE[i];
        }
        assertArrayEquals(expected, controller.getOutputPort(0).eval(context).toValueArray());
    }

    @Test
    void derivativesAreThePositionErrors() {
        Context<Double> context = context();
        ContinuousState<Double> derivatives = controller.allocateTimeDerivatives();
        controller.calcTimeDerivatives(context, derivatives);
        assertEquals(3, derivatives.size());
        assertEquals(0, derivatives.numQ());
        assertEquals(0, derivatives.numV());
        assertEquals(3, derivatives.numZ());
        assertArrayEquals(ERROR, derivatives.toValueArray());
    }

    @Test
    void directFeedthroughOnlyThroughNonZeroProportionalOrDerivativeGains() {
        assertTrue(controller.hasAnyDirectFeedthrough());
        assertTrue(controller.hasDirectFeedthrough(0, 0));
        assertTrue(controller.hasDirectFeedthrough(1, 0));
        double[] zero = new double[3];
        assertFalse(new PidController<>(D, "zero", zero, zero, zero).hasAnyDirectFeedthrough());
        // an integral-only controller reads its inputs only through its state
        assertFalse(new PidController<>(D, "i", zero, KI, zero).hasAnyDirectFeedthrough());
        // a zero state projection leaves the desired state as the only direct input
        PidController<Double> blind = new PidController<>(D, "blind", new double[6][2], KP, KI, KD);
        assertFalse(blind.hasDirectFeedthrough(0, 0));
        assertTrue(blind.hasDirectFeedthrough(1, 0));
    }

    @Test
    void convertsToAutoDiffWithTheSameGains() {
        PidController<AutoDiff> converted = (PidController<AutoDiff>) controller.toScalar(AutoDiff.SCALAR);
        assertArrayEquals(KP, converted.getKpVector());
        assertArrayEquals(KI, converted.getKiVector());
        assertArrayEquals(KD, converted.getKdVector());
    }

    @Test
    void constructorRefusesMismatchedSizesNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PidController<>(D, "bad", new double[2], new double[3], new double[3]));
        assertEquals("kp has 2 entries but ki has 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new PidController<>(D, "bad", new double[5][2], new double[3], new double[3], new double[3]));
        assertEquals("stateProjection has 5 rows, expected 2 |kp| = 6", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PidController<>(D, "bad", new double[6][2],
                new double[3][2], new double[3], new double[3], new double[3]));
        assertEquals("outputProjection has 2 columns, expected |kp| = 3", e.getMessage());
    }

    /** Drake's PidIOProjectionTest, with fixed numbers in place of Eigen's random ones. */
    @Test
    void projectionsMapTheFullStateInAndTheControlOut() {
        double[] kp = {0.7, -0.3};
        double[] kd = {0.2, 0.9};
        double[] ki = {-0.5, 0.4};
        double[][] pIn = {{0.1, -0.2, 0.3, 0.4, -0.5, 0.6}, {0.7, 0.8, -0.9, 0.1, 0.2, 0.3},
            {-0.4, 0.5, 0.6, -0.7, 0.8, 0.9}, {0.2, 0.1, 0.4, 0.3, -0.6, 0.5}};
        double[][] pOut = {{0.3, -0.8}, {0.5, 0.6}, {-0.9, 0.2}};
        PidController<Double> dut = new PidController<>(D, "dut", pIn, pOut, kp, ki, kd);
        double[] x = {0.5, -1.5, 2.0, 0.25, -0.75, 1.25};
        double[] xd = {0.3, -0.6, 1.1, 0.9};
        double[] integral = {0.8, -0.4};
        Context<Double> context = dut.createDefaultContext();
        dut.getInputPort(0).fixValue(context, x);
        dut.getInputPort(1).fixValue(context, xd);
        dut.setIntegralValue(context, integral);
        double[] err = new double[4];
        for (int i = 0; i < 4; i++) {
            double px = 0;
            for (int j = 0; j < 6; j++) {
                px += pIn[i][j] * x[j];
            }
            err[i] = xd[i] - px;
        }
        double[] terms = new double[2];
        for (int i = 0; i < 2; i++) {
            terms[i] = kp[i] * err[i] + kd[i] * err[2 + i] + ki[i] * integral[i];
        }
        double[] expected = new double[3];
        for (int r = 0; r < 3; r++) {
            expected[r] = pOut[r][0] * terms[0] + pOut[r][1] * terms[1];
        }
        assertArrayEquals(expected, dut.getOutputPort(0).eval(context).toValueArray(), 1e-12);
        assertEquals(6, dut.getInputPort(0).size());
        assertEquals(3, dut.getOutputPort(0).size());
    }
}
