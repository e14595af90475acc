package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Forward-mode gradients through whole simulations: against the matrix exponential and its Frechet derivative
 * (scipy numbers), central differences of tightly integrated double runs, and closed forms through impacts.
 */
class GradientThroughSimulationTest {

    /** xdot = A x with A = [[0, 1], [-k, -c]], parameters (k, c) = (2, 3); output y = x0 + 2 x1. */
    static final class Linear<T> extends LeafSystem<T> {
        Linear(Scalar<T> s) {
            super(s, "linear");
            declareContinuousStateWithDefaults(1.0, 0.5);
            declareNumericParameter(2.0, 3.0);
            declareVectorOutputPort("y", 1, (c, y) -> y.set(0, scalar().add(c.getContinuousState().get(0),
                    scalar().mul(c.getContinuousState().get(1), 2.0))), Feedthrough.none());
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            Scalar<T> s = scalar();
            T x0 = c.getContinuousState().get(0);
            T x1 = c.getContinuousState().get(1);
            d.set(0, x1);
            d.set(1, s.neg(s.add(s.mul(c.getNumericParameter(0).get(0), x0), s.mul(c.getNumericParameter(0).get(1), x1))));
        }
    }

    /** Van der Pol with mu a numeric parameter: q' = v, v' = mu (1 - q^2) v - q. */
    static final class VanDerPolMu<T> extends LeafSystem<T> {
        VanDerPolMu(Scalar<T> s) {
            super(s, "van der Pol");
            declareContinuousStateWithDefaults(2.0, 0.0);
            declareNumericParameter(1.0);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            Scalar<T> s = scalar();
            T q = c.getContinuousState().get(0);
            T v = c.getContinuousState().get(1);
            d.set(0, v);
            d.set(1, s.sub(s.mul(s.mul(c.getNumericParameter(0).get(0), s.sub(1.0, s.mul(q, q))), v), q));
        }
    }

    /** Sample and hold: x' = -k x + z, z <- x every 0.1 s (from 0); k = 1.5 a parameter, x(0) = 1, z(0) = 0. */
    static final class SampledFeedback<T> extends LeafSystem<T> {
        SampledFeedback(Scalar<T> s) {
            super(s, "sampled");
            declareContinuousStateWithDefaults(1.0);
            declareDiscreteState(0.0);
            declareNumericParameter(1.5);
            declarePeriodicDiscreteUpdateEvent(0.1, 0.0, (c, xd) -> {
                xd.get(0).set(0, c.getContinuousState().get(0));
                return EventStatus.succeeded();
            });
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            Scalar<T> s = scalar();
            d.set(0, s.add(s.neg(s.mul(c.getNumericParameter(0).get(0), c.getContinuousState().get(0))),
                    c.getDiscreteState(0).get(0)));
        }
    }

    /** x' = c t with c = 1.5 a parameter and x(0) = 0.25: x(T) = x(0) + c T^2 / 2, exact for schemes of order 2 on. */
    static final class Ramp<T> extends LeafSystem<T> {
        Ramp(Scalar<T> s) {
            super(s, "ramp");
            declareContinuousStateWithDefaults(0.25);
            declareNumericParameter(1.5);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            d.set(0, scalar().mul(c.getNumericParameter(0).get(0), c.getTime()));
        }
    }

    private static <T> Simulator<T> rk5(DynamicalSystem<T> system, double accuracy) {
        Simulator<T> sim = new Simulator<>(system);
        sim.resetIntegrator(RungeKutta5Integrator::new);
        sim.getMutableIntegrator().setTargetAccuracy(accuracy);
        return sim;
    }

    @Test
    void linearSystemGradientsAreTheMatrixExponentialAndItsFrechetDerivative() {
        // Independent variables: x0(0), x1(0), k, c, T.
        int n = 5;
        Simulator<AutoDiff> sim = rk5(new Linear<>(AutoDiff.SCALAR), 1e-12);
        Context<AutoDiff> c = sim.getMutableContext();
        c.getMutableContinuousState().set(0, AutoDiff.variable(1.0, n, 0));
        c.getMutableContinuousState().set(1, AutoDiff.variable(0.5, n, 1));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(2.0, n, 2));
        c.getMutableNumericParameter(0).set(1, AutoDiff.variable(3.0, n, 3));
        sim.advanceTo(AutoDiff.variable(1.3, n, 4));
        // scipy.linalg.expm(A T), expm(A T) x0, A expm(A T) x0 and expm_frechet(A T, dA/dp T) x0.
        double[][] expm = {{0.47079000785369135, 0.19825821481967873}, {-0.39651642963935746, -0.12398463660534485}};
        double[] x = {0.5699191152635307, -0.4585087479420299};
        double[] dxdT = {-0.4585087479420299, 0.23568801329902822};
        double[] dxdk = {-0.23752894559977716, -0.11328311393146864};
        double[] dxdc = {0.08497510088821014, 0.12100348112508455};
        for (int i = 0; i < 2; i++) {
            AutoDiff xi = sim.getContext().getContinuousState().get(i);
            assertEquals(x[i], xi.value(), 1e-10);
            assertEquals(expm[i][0], xi.derivative(0), 1e-10);
            assertEquals(expm[i][1], xi.derivative(1), 1e-10);
            assertEquals(dxdk[i], xi.derivative(2), 1e-10);
            assertEquals(dxdc[i], xi.derivative(3), 1e-10);
            assertEquals(dxdT[i], xi.derivative(4), 1e-10);
        }
        AutoDiff y = sim.getSystem().getOutputPort(0).eval(sim.getContext()).get(0);
        assertEquals(expm[0][0] + 2 * expm[1][0], y.derivative(0), 1e-10);
        assertEquals(dxdk[0] + 2 * dxdk[1], y.derivative(2), 1e-10);
    }

    private static double vanDerPolFinal(int index, double q0, double v0, double mu) {
        Simulator<Double> sim = rk5(new VanDerPolMu<>(Scalar.DOUBLE), 1e-13);
        sim.getMutableContext().setContinuousStateValues(q0, v0);
        sim.getMutableContext().getMutableNumericParameter(0).setValue(0, mu);
        sim.advanceTo(3.0);
        return sim.getContext().getContinuousState().getValue(index);
    }

    private static double centralDifference(DoubleUnaryOperator f, double at) {
        double h = 1e-4;
        return (f.applyAsDouble(at + h) - f.applyAsDouble(at - h)) / (2 * h);
    }

    @Test
    void vanDerPolGradientsMatchCentralDifferencesOfTightDoubleRuns() {
        Simulator<AutoDiff> sim = rk5(new VanDerPolMu<>(AutoDiff.SCALAR), 1e-10);
        Context<AutoDiff> c = sim.getMutableContext();
        c.getMutableContinuousState().set(0, AutoDiff.variable(2.0, 3, 0));
        c.getMutableContinuousState().set(1, AutoDiff.variable(0.0, 3, 1));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(1.0, 3, 2));
        sim.advanceTo(3.0);
        for (int i = 0; i < 2; i++) {
            int index = i;
            AutoDiff xi = sim.getContext().getContinuousState().get(i);
            double[] fd = {
                centralDifference(a -> vanDerPolFinal(index, a, 0.0, 1.0), 2.0),
                centralDifference(a -> vanDerPolFinal(index, 2.0, a, 1.0), 0.0),
                centralDifference(a -> vanDerPolFinal(index, 2.0, 0.0, a), 1.0)};
            for (int j = 0; j < 3; j++) {
                assertEquals(fd[j], xi.derivative(j), 1e-5 * Math.abs(fd[j]), "d x" + i + " / d p" + j);
            }
        }
    }

    private static double sampledFinal(double x0, double k) {
        Simulator<Double> sim = rk5(new SampledFeedback<>(Scalar.DOUBLE), 1e-13);
        sim.getMutableContext().setContinuousStateValues(x0);
        sim.getMutableContext().getMutableNumericParameter(0).setValue(0, k);
        sim.advanceTo(1.05);
        return sim.getContext().getContinuousState().getValue(0);
    }

    @Test
    void gradientsPassThroughPeriodicDiscreteUpdates() {
        Simulator<AutoDiff> sim = rk5(new SampledFeedback<>(AutoDiff.SCALAR), 1e-11);
        Context<AutoDiff> c = sim.getMutableContext();
        c.getMutableContinuousState().set(0, AutoDiff.variable(1.0, 2, 0));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(1.5, 2, 1));
        sim.advanceTo(1.05);
        AutoDiff x = sim.getContext().getContinuousState().get(0);
        double dx0 = centralDifference(a -> sampledFinal(a, 1.5), 1.0);
        double dk = centralDifference(a -> sampledFinal(1.0, a), 1.5);
        assertEquals(dx0, x.derivative(0), 1e-7 * Math.abs(dx0));
        assertEquals(dk, x.derivative(1), 1e-7 * Math.abs(dk));
        assertEquals(11, sim.getNumDiscreteUpdates());
    }

    @ParameterizedTest
    @ValueSource(strings = {"runge_kutta3", "bogacki_shampine3", "runge_kutta5", "radau3"})
    void bouncingBallGradientsAfterTwoBouncesIncludeTheImpactTimeSensitivity(String scheme) {
        double h = 1.0;
        double e = 0.8;
        double g = BouncingBall.G;
        BouncingBall<AutoDiff> ball = new BouncingBall<>(AutoDiff.SCALAR, h, e);
        Simulator<AutoDiff> sim = new Simulator<>(ball);
        sim.resetIntegrator((s, c) -> IntegrationSchemes.create(scheme, s, 0.1, c));
        sim.getMutableIntegrator().setTargetAccuracy(1e-10);
        Context<AutoDiff> c = sim.getMutableContext();
        // Independent variables: e, h, T.
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(e, 3, 0));
        c.getMutableContinuousState().set(0, AutoDiff.variable(h, 3, 1));
        double speed = Math.sqrt(2 * g * h);
        double t2 = speed * (1 + 2 * e) / g;
        double s = 0.1;
        sim.advanceTo(AutoDiff.variable(t2 + s, 3, 2));
        assertEquals(2, ball.impactTimes.size());
        AutoDiff z = sim.getContext().getContinuousState().get(0);
        AutoDiff v = sim.getContext().getContinuousState().get(1);
        // Closed forms: after two bounces z = e^2 V s - g s^2 / 2 and v = e^2 V - g s with V = sqrt(2 g h),
        // s = T - t2, t2 = V (1 + 2 e) / g; dV/dh = g / V, dt2/de = 2 V / g, dt2/dh = (1 + 2 e) / V.
        double vAfter = e * e * speed - g * s;
        assertEquals(e * e * speed * s - 0.5 * g * s * s, z.value(), 1e-8);
        assertEquals(vAfter, v.value(), 1e-8);
        double dzde = 2 * e * speed * s - vAfter * 2 * speed / g;
        double dzdh = e * e * g / speed * s - vAfter * (1 + 2 * e) / speed;
        double dvde = 2 * e * speed + 2 * speed;
        double dvdh = e * e * g / speed + g * (1 + 2 * e) / speed;
        assertEquals(dzde, z.derivative(0), 1e-6);
        assertEquals(dzdh, z.derivative(1), 1e-6);
        assertEquals(vAfter, z.derivative(2), 1e-8);
        assertEquals(dvde, v.derivative(0), 1e-6);
        assertEquals(dvdh, v.derivative(1), 1e-6);
        assertEquals(-g, v.derivative(2), 1e-8);
    }

    @Test
    void gradientSimulationSeedsInitialStateParametersAndFinalTime() {
        Linear<Double> linear = new Linear<>(Scalar.DOUBLE);
        Context<Double> c = linear.createDefaultContext();
        GradientSimulation.Result r = GradientSimulation.run(linear, c, 1.3, sim -> {
            sim.resetIntegrator(RungeKutta5Integrator::new);
            sim.getMutableIntegrator().setTargetAccuracy(1e-12);
        });
        assertEquals(2, r.numStates());
        assertEquals(2, r.numParameters());
        assertEquals(4, r.finalTimeColumn());
        assertEquals(0.5699191152635307, r.finalState()[0], 1e-10);
        assertEquals(0.47079000785369135, r.stateJacobian()[0][0], 1e-10);
        assertEquals(-0.12398463660534485, r.stateJacobian()[1][1], 1e-10);
        assertEquals(-0.23752894559977716, r.stateJacobian()[0][r.parameterColumn(0)], 1e-10);
        assertEquals(0.12100348112508455, r.stateJacobian()[1][r.parameterColumn(1)], 1e-10);
        assertEquals(0.23568801329902822, r.stateJacobian()[1][r.finalTimeColumn()], 1e-10);
        assertEquals(0.5699191152635307 + 2 * -0.4585087479420299, r.outputs()[0], 1e-10);
        assertEquals(-0.4585087479420299 + 2 * 0.23568801329902822, r.outputJacobian()[0][4], 1e-10);
        assertEquals(0.0, c.getTimeValue(), 0.0, "the given context is not modified");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> GradientSimulation.run(linear, c, -1.0, null));
    }

    @Test
    void gradientSimulationStartsFromTheGivenDiscreteStateAndMatchesTheDoubleRun() {
        SampledFeedback<Double> sampled = new SampledFeedback<>(Scalar.DOUBLE);
        Context<Double> c = sampled.createDefaultContext();
        c.getMutableDiscreteState(0).setValue(0, 0.5);
        c.setContinuousStateValues(0.8);
        Simulator<Double> reference = rk5(sampled, 1e-11);
        reference.getMutableContext().getMutableDiscreteState(0).setValue(0, 0.5);
        reference.getMutableContext().setContinuousStateValues(0.8);
        reference.advanceTo(0.35);
        GradientSimulation.Result r = GradientSimulation.run(sampled, c, 0.35, sim -> {
            sim.resetIntegrator(RungeKutta5Integrator::new);
            sim.getMutableIntegrator().setTargetAccuracy(1e-11);
        });
        assertEquals(reference.getContext().getContinuousState().getValue(0), r.finalState()[0], 1e-13);
        double dx0 = centralDifference(a -> {
            Simulator<Double> sim = rk5(new SampledFeedback<>(Scalar.DOUBLE), 1e-13);
            sim.getMutableContext().getMutableDiscreteState(0).setValue(0, 0.5);
            sim.getMutableContext().setContinuousStateValues(a);
            sim.advanceTo(0.35);
            return sim.getContext().getContinuousState().getValue(0);
        }, 0.8);
        assertEquals(dx0, r.stateJacobian()[0][0], 1e-7 * Math.abs(dx0));
    }

    /**
     * Only the step that lands on an AutoDiff final time carries its object; the steps before it run at constant
     * times. The final time's column comes from that last step (d x(T) / dT = c T here, where the time-dependent
     * right-hand side makes it depend on the step's own times), in the simulator's own state as in the API's
     * result, which equal each other bit for bit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"runge_kutta2", "runge_kutta3", "bogacki_shampine3", "runge_kutta5"})
    void onlyTheLandingStepCarriesTheFinalTimesDerivative(String scheme) {
        double finalTime = 2.3;
        // runge_kutta2 has no error estimate: fixed steps only
        boolean[] modes = scheme.equals("runge_kutta2") ? new boolean[] {true} : new boolean[] {true, false};
        for (boolean fixed : modes) {
            java.util.function.Consumer<Simulator<AutoDiff>> configure = sim -> {
                sim.resetIntegrator((s, c) -> IntegrationSchemes.create(scheme, s, 0.1, c));
                if (!fixed) {
                    sim.getMutableIntegrator().setTargetAccuracy(1e-6);
                }
                sim.getMutableIntegrator().setFixedStepMode(fixed);
            };
            Ramp<Double> ramp = new Ramp<>(Scalar.DOUBLE);
            GradientSimulation.Result r = GradientSimulation.run(ramp, ramp.createDefaultContext(), finalTime,
                    configure);
            String where = scheme + (fixed ? " fixed" : " controlled");
            double[] row = r.stateJacobian()[0];
            assertEquals(0.25 + 1.5 * finalTime * finalTime / 2, r.finalState()[0], 1e-13, where);
            assertEquals(1.0, row[0], 1e-13, where);
            assertEquals(finalTime * finalTime / 2, row[r.parameterColumn(0)], 1e-13, where);
            assertEquals(1.5 * finalTime, row[r.finalTimeColumn()], 1e-13, where);

            // the same run seeded by hand: the simulator's own state at T, with no correction after it
            Ramp<AutoDiff> seeded = new Ramp<>(AutoDiff.SCALAR);
            Simulator<AutoDiff> sim = new Simulator<>(seeded);
            configure.accept(sim);
            sim.getMutableContext().getMutableContinuousState().set(0, AutoDiff.variable(0.25, 3, 0));
            sim.getMutableContext().getMutableNumericParameter(0).set(0, AutoDiff.variable(1.5, 3, 1));
            sim.advanceTo(AutoDiff.variable(finalTime, 3, 2));
            AutoDiff x = sim.getContext().getContinuousState().get(0);
            assertEquals(1.5 * finalTime, x.derivative(2), 1e-13, where + ": the landing step's d x / dT");
            assertEquals(1.0, sim.getContext().getTime().derivative(2), 0.0, where + ": d t / dT at the end");
            assertEquals(x.value(), r.finalState()[0], 0.0, where);
            for (int j = 0; j < 3; j++) {
                assertEquals(x.derivative(j), row[j], 0.0, where + " column " + j);
            }
        }
    }
}
