package dev.mallard.systems.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ControllabilityObservabilityTest {

    private static final double[][] DOUBLE_INTEGRATOR = {{0, 1}, {0, 0}};

    @Test
    void theDoubleIntegratorsKalmanMatrixIsTheAntiIdentity() {
        double[][] k = Controllability.controllabilityMatrix(DOUBLE_INTEGRATOR, new double[][] {{0}, {1}});
        assertArrayEquals(new double[] {0, 1}, k[0], 0.0);
        assertArrayEquals(new double[] {1, 0}, k[1], 0.0);
        double[][] o = Observability.observabilityMatrix(DOUBLE_INTEGRATOR, new double[][] {{1, 0}});
        assertArrayEquals(new double[] {1, 0}, o[0], 0.0);
        assertArrayEquals(new double[] {0, 1}, o[1], 0.0);
    }

    @Test
    void forceOnTheVelocityControlsAndPositionSensingObserves() {
        assertTrue(Controllability.isControllable(DOUBLE_INTEGRATOR, new double[][] {{0}, {1}}));
        assertFalse(Controllability.isControllable(DOUBLE_INTEGRATOR, new double[][] {{1}, {0}}));
        assertTrue(Observability.isObservable(DOUBLE_INTEGRATOR, new double[][] {{1, 0}}));
        assertFalse(Observability.isObservable(DOUBLE_INTEGRATOR, new double[][] {{0, 1}}));
        // Eigenvalue 0 is not stable, so the unobservable position is not detectable either.
        assertFalse(Observability.isDetectable(DOUBLE_INTEGRATOR, new double[][] {{0, 1}}, false));
    }

    @Test
    void anUncontrollableStableModeIsStabilisableButAnUnstableOneIsNot() {
        double[][] a = {{1, 0}, {0, -1}};
        assertTrue(Controllability.isStabilizable(a, new double[][] {{1}, {0}}, false));
        assertFalse(Controllability.isStabilizable(a, new double[][] {{0}, {1}}, false));
        assertFalse(Controllability.isControllable(a, new double[][] {{1}, {0}}));
        // In discrete time the same A has |1| >= 1 (not stable) and |-1| >= 1: both must be controllable.
        assertFalse(Controllability.isStabilizable(a, new double[][] {{1}, {0}}, true));
        double[][] shrinking = {{0.5, 0}, {0, 2}};
        assertTrue(Controllability.isStabilizable(shrinking, new double[][] {{0}, {1}}, true));
        assertTrue(Observability.isDetectable(shrinking, new double[][] {{0, 1}}, true));
    }

    @Test
    void theComplexPbhTestSeesAnUncontrollableOscillator() {
        // An undamped oscillator (eigenvalues +-i) beside a stable mode; the input reaches only the stable mode.
        double[][] a = {{0, 1, 0}, {-1, 0, 0}, {0, 0, -1}};
        assertFalse(Controllability.isStabilizable(a, new double[][] {{0}, {0}, {1}}, false));
        assertTrue(Controllability.isStabilizable(a, new double[][] {{0}, {1}, {1}}, false));
        assertTrue(Controllability.isControllable(a, new double[][] {{0}, {1}, {1}}));
    }

    @Test
    void scalingDoesNotFoolTheKalmanTest() {
        // Controllable, with A and B entries far from 1: the test normalises them before the rank.
        double[][] a = {{0, 1e6}, {0, 0}};
        assertTrue(Controllability.isControllable(a, new double[][] {{0}, {1e-8}}));
        assertFalse(Controllability.isControllable(a, new double[][] {{1e-8}, {0}}));
    }

    @Test
    void badShapesAndTolerancesAreNamed() {
        IllegalArgumentException b = assertThrows(IllegalArgumentException.class,
                () -> Controllability.isControllable(DOUBLE_INTEGRATOR, new double[][] {{1}}));
        assertTrue(b.getMessage().contains("B must be 2 x 1"), b.getMessage());
        IllegalArgumentException c = assertThrows(IllegalArgumentException.class,
                () -> Observability.isObservable(DOUBLE_INTEGRATOR, new double[][] {{1, 0, 0}}));
        assertTrue(c.getMessage().contains("C must be 1 x 2"), c.getMessage());
        IllegalArgumentException t = assertThrows(IllegalArgumentException.class,
                () -> Controllability.isControllable(DOUBLE_INTEGRATOR, new double[][] {{0}, {1}}, -1));
        assertTrue(t.getMessage().contains("-1"), t.getMessage());
    }
}
