package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RadauIntegrator;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IntegratorPathsTest {

    @ParameterizedTest(name = "{0}: generic path = double path")
    @ValueSource(strings = {"semi_explicit_euler", "runge_kutta3", "bogacki_shampine3", "runge_kutta5",
        "implicit_euler", "radau1", "radau3", "velocity_implicit_euler"})
    void genericPathAgreesWithTheDoublePath(String scheme) {
        VanDerPol<Double> dsys = new VanDerPol<>(Scalar.DOUBLE, 1);
        Context<Double> dc = dsys.createDefaultContext();
        IntegratorBase<Double> d = IntegrationSchemes.create(scheme, dsys, 0.05, dc);
        VanDerPol<BoxedDouble> gsys = new VanDerPol<>(BoxedDouble.SCALAR, 1);
        Context<BoxedDouble> gc = gsys.createDefaultContext();
        IntegratorBase<BoxedDouble> g = IntegrationSchemes.create(scheme, gsys, 0.05, gc);
        if (d.supportsErrorEstimation()) {
            d.setTargetAccuracy(1e-6);
            g.setTargetAccuracy(1e-6);
        }
        d.initialize();
        g.initialize();
        d.integrateWithMultipleStepsToTime(1.0);
        g.integrateWithMultipleStepsToTime(1.0);
        assertTrue(d.isDoublePath() && !g.isDoublePath());
        assertEquals(d.getNumStepsTaken(), g.getNumStepsTaken());
        for (int i = 0; i < 2; i++) {
            assertEquals(dc.getContinuousState().getValue(i), gc.getContinuousState().getValue(i), 1e-12);
        }
    }

    @Test
    void autoDiffGradientFlowsThroughRadauNewtonIterations() {
        // d q(T) / d (q0, v0) of q'' = -q is (cos T, sin T)
        Oscillator<AutoDiff> sys = new Oscillator<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = sys.createDefaultContext();
        c.getMutableContinuousState().set(0, AutoDiff.variable(1, 2, 0));
        c.getMutableContinuousState().set(1, AutoDiff.variable(0, 2, 1));
        RadauIntegrator<AutoDiff> in = new RadauIntegrator<>(sys, c, 2);
        in.setMaximumStepSize(0.1);
        in.setTargetAccuracy(1e-8);
        in.initialize();
        in.integrateWithMultipleStepsToTime(2.0);
        AutoDiff q = c.getContinuousState().get(0);
        assertEquals(Math.cos(2.0), q.value(), 1e-6);
        assertEquals(Math.cos(2.0), q.derivative(0), 1e-6);
        assertEquals(Math.sin(2.0), q.derivative(1), 1e-6);
    }

    @Test
    void semiExplicitEulerKeepsTheOscillatorEnergyBoundedWhereExplicitEulerGrowsIt() {
        double semi = energyAfter("semi_explicit_euler");
        double explicit = energyAfter("explicit_euler");
        // explicit Euler multiplies the energy by (1 + h^2) per step: (1.01)^1000 = 2.1e4
        assertEquals(Math.pow(1.01, 1000), explicit, 1e-6 * explicit);
        assertEquals(1.0, semi, 0.06);
    }

    private static double energyAfter(String scheme) {
        Oscillator<Double> sys = new Oscillator<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = IntegrationSchemes.create(scheme, sys, 0.1, c);
        in.initialize();
        for (int k = 1; k <= 1000; k++) {
            in.integrateWithSingleFixedStepToTime(0.1 * k);
        }
        double q = c.getContinuousState().getValue(0);
        double v = c.getContinuousState().getValue(1);
        return q * q + v * v;
    }

    /** q' = N v with N = 2 (a scaled kinematic map), v' = -q: q = cos(sqrt(2) t). */
    static final class ScaledKinematics<T> extends dev.mallard.systems.LeafSystem<T> {
        ScaledKinematics(Scalar<T> scalar) {
            super(scalar, "scaled kinematics");
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1, 0);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, dev.mallard.systems.ContinuousState<T> d) {
            Scalar<T> s = scalar();
            d.set(0, s.mul(c.getContinuousState().get(1), 2.0));
            d.set(1, s.neg(c.getContinuousState().get(0)));
        }

        @Override
        protected void doMapVelocityToQDot(Context<T> c, dev.mallard.scalar.ScalarVector<T> v,
                dev.mallard.scalar.ScalarVector<T> qdot) {
            qdot.set(0, scalar().mul(v.get(0), 2.0));
        }
    }

    @ParameterizedTest(name = "{0} uses the kinematic map")
    @ValueSource(strings = {"semi_explicit_euler", "velocity_implicit_euler"})
    void positionsFollowTheKinematicMap(String scheme) {
        ScaledKinematics<Double> sys = new ScaledKinematics<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = IntegrationSchemes.create(scheme, sys, 1e-4, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        assertEquals(Math.cos(Math.sqrt(2)), c.getContinuousState().getValue(0), 1e-3);
        assertEquals(-Math.sin(Math.sqrt(2)) / Math.sqrt(2), c.getContinuousState().getValue(1), 1e-3);
    }

    @Test
    void implicitIntegratorsRefuseNonNumericNumberTypes() {
        Oscillator<BoxedDouble> sys = new Oscillator<>(BoxedDouble.OPAQUE);
        RadauIntegrator<BoxedDouble> in = new RadauIntegrator<>(sys, sys.createDefaultContext(), 2);
        in.setFixedStepMode(true);
        in.setMaximumStepSize(0.1);
        IllegalStateException e = assertThrows(IllegalStateException.class, in::initialize);
        assertTrue(e.getMessage().startsWith("radau3 needs numeric values"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RadauIntegrator<>(sys, null, 3));
    }
}
