package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.simulator.gradients.CostFunction;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The adjoint gradient against forward mode ({@link GradientSimulation}'s Jacobian contracted with the cost's
 * gradient, computed here) on the same steps: Van der Pol and a mass-spring chain, error-controlled
 * runge_kutta3 and fixed-step runge_kutta5, terminal and running costs, several checkpoint intervals.
 */
class AdjointGradientTest {

    private static final double TOLERANCE = 1e-10;

    /** runge_kutta3 with error control at the given accuracy, for either number type. */
    private static <T> Consumer<Simulator<T>> rk3(double accuracy) {
        return sim -> sim.getMutableIntegrator().setTargetAccuracy(accuracy);
    }

    /** runge_kutta5 in fixed-step mode with step h. */
    private static <T> Consumer<Simulator<T>> rk5Fixed(double h) {
        return sim -> {
            IntegratorBase<T> rk5 = sim.resetIntegrator(RungeKutta5Integrator::new);
            rk5.setFixedStepMode(true);
            rk5.setMaximumStepSize(h);
        };
    }

    /** phi = x0^2 x1 + 3 sin(x1) + p0 x0 + t x1, with its gradient written out. */
    private static final class TerminalCost implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return x[0] * x[0] * x[1] + 3 * Math.sin(x[1]) + p[0] * x[0] + t * x[1];
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            java.util.Arrays.fill(gx, 0);
            java.util.Arrays.fill(gp, 0);
            gx[0] = 2 * x[0] * x[1] + p[0];
            gx[1] = x[0] * x[0] + 3 * Math.cos(x[1]) + t;
            gp[0] = x[0];
            return x[1];
        }
    }

    /** Forward mode's dJ/d(x0, p, T) for J = phi(T, x(T), p): the Jacobian contracted with phi's gradient. */
    private static double[] forwardGradient(DynamicalSystem<Double> system, Context<Double> context, double finalTime,
            Consumer<Simulator<dev.mallard.autodiff.AutoDiff>> configure, CostFunction phi, double[] p) {
        GradientSimulation.Result r = GradientSimulation.run(system, context, finalTime, configure);
        double[] xT = r.finalState();
        double[][] jac = r.stateJacobian();
        int n = r.numStates();
        double[] gx = new double[n];
        double[] gp = new double[p.length];
        double gt = phi.gradient(finalTime, xT, p, gx, gp);
        double[] out = new double[jac[0].length];
        for (int j = 0; j < out.length; j++) {
            for (int i = 0; i < n; i++) {
                out[j] += gx[i] * jac[i][j];
            }
        }
        for (int q = 0; q < p.length; q++) {
            out[n + q] += gp[q];
        }
        out[out.length - 1] += gt;
        return out;
    }

    private static void assertGradientsAgree(double[] expected, double[] actual, double tolerance) {
        assertEquals(expected.length, actual.length, "gradient length");
        GradientAssertions.assertAgree(expected, actual, tolerance, "gradient");
    }

    private static Context<Double> vanDerPolContext(VanDerPol<Double> vdp) {
        Context<Double> c = vdp.createDefaultContext();
        c.setContinuousStateValues(1.5, -0.3);
        return c;
    }

    private static Context<Double> chainContext(MassSpringChain<Double> chain, int masses) {
        Context<Double> c = chain.createDefaultContext();
        for (int i = 0; i < c.getNumContinuousStates(); i++) {
            c.getMutableContinuousState().setValue(i, i < masses ? 0.1 * (i + 1) * Math.pow(-1, i) : 0.05 * i);
        }
        return c;
    }

    @Test
    void vanDerPolRk3MatchesForwardMode() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.2, false);
        Context<Double> c = vanDerPolContext(vdp);
        double[] p = {1.2};
        AdjointGradient.Result a = AdjointGradient.run(vdp, c, 4.0, new TerminalCost(), CostFunction.zero(), 16,
                rk3(1e-6));
        double[] expected = forwardGradient(vdp, c, 4.0, rk3(1e-6), new TerminalCost(), p);
        assertTrue(a.steps() > 50, "an error-controlled run of many steps: " + a.steps());
        assertGradientsAgree(expected, a.gradient(), TOLERANCE);
        assertEquals(new TerminalCost().value(4.0, a.finalState(), p), a.cost(), 0);
        assertEquals(List.of("Van der Pol/x0", "Van der Pol/x1", "Van der Pol/mu", "t"), a.columnNames());
    }

    @Test
    void vanDerPolRk5FixedStepMatchesForwardMode() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 0.7, false);
        Context<Double> c = vanDerPolContext(vdp);
        AdjointGradient.Result a = AdjointGradient.run(vdp, c, 3.05, new TerminalCost(), CostFunction.zero(), 5,
                rk5Fixed(0.02));
        double[] expected = forwardGradient(vdp, c, 3.05, rk5Fixed(0.02), new TerminalCost(), new double[] {0.7});
        assertGradientsAgree(expected, a.gradient(), TOLERANCE);
    }

    @Test
    void expressionCostEqualsTheHandWrittenOne() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.2, false);
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(vdp);
        Expression x0 = Expression.of(inspector.getContinuousStateVariables().get(0));
        Expression x1 = Expression.of(inspector.getContinuousStateVariables().get(1));
        Expression mu = Expression.of(inspector.getParameterVariables().get(0));
        Expression t = Expression.of(inspector.getTimeVariable());
        Expression phi = Expression.add(Expression.add(Expression.mul(Expression.pow(x0, 2), x1),
                Expression.mul(Expression.constant(3), Expression.apply(dev.mallard.symbolic.Operator.SIN, x1))),
                Expression.add(Expression.mul(mu, x0), Expression.mul(t, x1)));
        Context<Double> c = vanDerPolContext(vdp);
        AdjointGradient.Result bySymbols = AdjointGradient.run(vdp, c, 2.0, CostFunction.of(inspector, phi),
                CostFunction.zero(), 8, rk3(1e-6));
        AdjointGradient.Result byHand = AdjointGradient.run(vdp, c, 2.0, new TerminalCost(), CostFunction.zero(),
                8, rk3(1e-6));
        assertGradientsAgree(byHand.gradient(), bySymbols.gradient(), 1e-14);
    }

    @Test
    void expressionCostRefusesForeignVariables() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.2, false);
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(vdp);
        Expression stranger = Expression.of(new Variable("stranger"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CostFunction.of(inspector, stranger));
        assertTrue(e.getMessage().contains("stranger"), e.getMessage());
    }

    /** phi = sum over the chain's state of w_i x_i^2 with w_i = 1 + i / 10, and k_0 q_0. */
    private static final class ChainCost implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            double sum = p[0] * x[0];
            for (int i = 0; i < x.length; i++) {
                sum += (1 + 0.1 * i) * x[i] * x[i];
            }
            return sum;
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            java.util.Arrays.fill(gp, 0);
            for (int i = 0; i < x.length; i++) {
                gx[i] = 2 * (1 + 0.1 * i) * x[i];
            }
            gx[0] += p[0];
            gp[0] = x[0];
            return 0;
        }
    }

    private static double[] chainParameters(Context<Double> c) {
        double[] k = c.getNumericParameter(0).toValueArray();
        double[] d = c.getNumericParameter(1).toValueArray();
        double[] p = java.util.Arrays.copyOf(k, k.length + d.length);
        System.arraycopy(d, 0, p, k.length, d.length);
        return p;
    }

    @Test
    void chainRk3MatchesForwardModeForEveryCheckpointInterval() {
        int masses = 5;
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, masses, false);
        Context<Double> c = chainContext(chain, masses);
        double[] expected = forwardGradient(chain, c, 6.0, rk3(1e-6), new ChainCost(), chainParameters(c));
        AdjointGradient.Result first = null;
        for (int interval : new int[] {1, 7, 1_000_000}) {
            AdjointGradient.Result a = AdjointGradient.run(chain, c, 6.0, new ChainCost(), CostFunction.zero(),
                    interval, rk3(1e-6));
            assertGradientsAgree(expected, a.gradient(), TOLERANCE);
            if (first != null) {
                assertGradientsAgree(first.gradient(), a.gradient(), 1e-14);
            }
            first = a;
        }
        assertEquals(2 * masses + 2 * masses + 1, first.gradient().length);
    }

    @Test
    void chainRk5FixedStepMatchesForwardMode() {
        int masses = 4;
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, masses, false);
        Context<Double> c = chainContext(chain, masses);
        AdjointGradient.Result a = AdjointGradient.run(chain, c, 2.5, new ChainCost(), CostFunction.zero(), 10,
                rk5Fixed(0.01));
        double[] expected = forwardGradient(chain, c, 2.5, rk5Fixed(0.01), new ChainCost(), chainParameters(c));
        assertGradientsAgree(expected, a.gradient(), TOLERANCE);
    }

    /** L = sum q_i^2 + k_0 v_0^2 + t q_0 (as {@link MassSpringChain#runningCost}), with its gradient. */
    private static final class ChainRunningCost implements CostFunction {
        private final int masses;

        ChainRunningCost(int masses) {
            this.masses = masses;
        }

        @Override
        public double value(double t, double[] x, double[] p) {
            Double[] q = new Double[masses];
            Double[] v = new Double[masses];
            for (int i = 0; i < masses; i++) {
                q[i] = x[i];
                v[i] = x[masses + i];
            }
            return MassSpringChain.runningCost(Scalar.DOUBLE, t, q, v, p[0]);
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            java.util.Arrays.fill(gx, 0);
            java.util.Arrays.fill(gp, 0);
            for (int i = 0; i < masses; i++) {
                gx[i] = 2 * x[i];
            }
            gx[0] += t;
            gx[masses] = 2 * p[0] * x[masses];
            gp[0] = x[masses] * x[masses];
            return x[0];
        }
    }

    @Test
    void runningCostMatchesForwardModeOnTheAugmentedSystem() {
        int masses = 3;
        int n = 2 * masses;
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, masses, false);
        MassSpringChain<Double> augmented = new MassSpringChain<>(Scalar.DOUBLE, masses, true);
        Context<Double> c = chainContext(chain, masses);
        Context<Double> ca = augmented.createDefaultContext();
        for (int i = 0; i < n; i++) {
            ca.getMutableContinuousState().setValue(i, c.getContinuousState().getValue(i));
        }
        AdjointGradient.Result a = AdjointGradient.run(chain, c, 2.0, new ChainCost(),
                new ChainRunningCost(masses), 6, rk5Fixed(0.01));
        GradientSimulation.Result f = GradientSimulation.run(augmented, ca, 2.0, rk5Fixed(0.01));
        // J = phi(x(T)) + Q(T): contract the chain's rows with phi's gradient and add the cost state's row
        double[] xT = java.util.Arrays.copyOf(f.finalState(), n);
        double[] p = chainParameters(c);
        double[] gx = new double[n];
        double[] gp = new double[p.length];
        new ChainCost().gradient(2.0, xT, p, gx, gp);
        double[][] jac = f.stateJacobian();
        double[] expected = new double[n + p.length + 1];
        for (int j = 0; j < expected.length; j++) {
            // the augmented run has one more state column (the cost state's initial value) before the parameters
            int col = j < n ? j : j + 1;
            expected[j] = jac[n][col];
            for (int i = 0; i < n; i++) {
                expected[j] += gx[i] * jac[i][col];
            }
        }
        for (int q = 0; q < p.length; q++) {
            expected[n + q] += gp[q];
        }
        assertGradientsAgree(expected, a.gradient(), TOLERANCE);
        assertEquals(new ChainCost().value(2.0, xT, p) + f.finalState()[n], a.cost(), 1e-12 * Math.abs(a.cost()));
    }

    @Test
    void refusesAnIntervalBelowOne() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.2, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AdjointGradient.run(vdp, vanDerPolContext(vdp), 1.0, CostFunction.zero(), CostFunction.zero(),
                        0, null));
        assertTrue(e.getMessage().contains("checkpointInterval"), e.getMessage());
    }

    /** J = x0^2. */
    private static final class SquareOfFirstState implements CostFunction {
        @Override
        public double value(double t, double[] x, double[] p) {
            return x[0] * x[0];
        }

        @Override
        public double gradient(double t, double[] x, double[] p, double[] gx, double[] gp) {
            java.util.Arrays.fill(gx, 0);
            java.util.Arrays.fill(gp, 0);
            gx[0] = 2 * x[0];
            return 0;
        }
    }

    /** x' = -a x (a parameter), counting its evaluations on doubles. */
    private static final class CountedDecay<T> extends LeafSystem<T> {
        static final AtomicInteger DOUBLE_EVALUATIONS = new AtomicInteger();

        CountedDecay(Scalar<T> scalar) {
            super(scalar, "decay");
            declareContinuousState(1);
            declareNumericParameter("a", 0.7);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            T x = context.getContinuousState().get(0);
            if (x instanceof Double) {
                DOUBLE_EVALUATIONS.incrementAndGet();
            }
            derivatives.set(0, scalar().neg(scalar().mul(context.getNumericParameter(0).get(0), x)));
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new CountedDecay<>(target);
        }
    }

    @Test
    void reversalReusesTheStagesOfTheRecomputedSteps() {
        // With one checkpoint per step nothing is recomputed and each reversal evaluates f; with a single
        // segment every step but the last is recomputed, and its reversal must reuse those stages, so both
        // runs evaluate f on doubles equally often (without the reuse, the second would take (N - 1) s more).
        CountedDecay<Double> decay = new CountedDecay<>(Scalar.DOUBLE);
        Context<Double> c = decay.createDefaultContext();
        c.getMutableContinuousState().setValue(0, 1.5);
        int[] evaluations = new int[2];
        double[][] gradients = new double[2][];
        int[] intervals = {1, 1_000_000};
        for (int r = 0; r < 2; r++) {
            CountedDecay.DOUBLE_EVALUATIONS.set(0);
            AdjointGradient.Result a = AdjointGradient.run(decay, c, 2.0, new SquareOfFirstState(),
                    CostFunction.zero(), intervals[r], rk5Fixed(0.05));
            evaluations[r] = CountedDecay.DOUBLE_EVALUATIONS.get();
            gradients[r] = a.gradient();
        }
        assertEquals(evaluations[0], evaluations[1]);
        assertTrue(java.util.Arrays.equals(gradients[0], gradients[1]));
        // dJ/dx0 of J = x(2)^2 = (x0 e^{-2a})^2 is 2 x0 e^{-4a}, to the scheme's accuracy
        assertEquals(2 * 1.5 * Math.exp(-4 * 0.7), gradients[0][0], 1e-8);
    }
}
