package dev.mallard.simulator.gradients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.MassSpringChain;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.LeafSystem;
import org.junit.jupiter.api.Test;

/**
 * The stage products {@code w^T [f_x | f_p | f_t]}: compiled from the symbolic form against forward mode and
 * against central differences of the double system's derivatives; the forward-mode fallback for a system without
 * a symbolic form; the state Jacobian alone ({@link StateJacobian}, for implicit steps) against both.
 */
class StageJacobiansTest {

    /** {@code w^T [f_x | f_p | f_t]} by central differences of the double system, perturbing x, p and t. */
    private static double[] centralProduct(DynamicalSystem<Double> system, Context<Double> context, double t,
            double[] x, double[] w) {
        int n = x.length;
        int np = GradientSimulation.countParameters(context);
        double[] product = new double[n + np + 1];
        double d = 1e-6;
        for (int col = 0; col < n + np + 1; col++) {
            double[] plus = derivativesAt(system, context, t, x, col, d);
            double[] minus = derivativesAt(system, context, t, x, col, -d);
            for (int i = 0; i < n; i++) {
                product[col] += w[i] * (plus[i] - minus[i]) / (2 * d);
            }
        }
        return product;
    }

    /** f at (t, x, p) with column {@code col} of (x, p, t) moved by {@code d}. */
    private static double[] derivativesAt(DynamicalSystem<Double> system, Context<Double> context, double t,
            double[] x, int col, double d) {
        Context<Double> c = context.cloneContext();
        int n = x.length;
        double[] xs = x.clone();
        double time = t;
        if (col < n) {
            xs[col] += d;
        } else if (col == n + GradientSimulation.countParameters(context)) {
            time += d;
        } else {
            int k = col - n;
            for (Context<Double> leaf : c.getLeafContexts()) {
                for (int g = 0; g < leaf.getNumNumericParameterGroups(); g++) {
                    int size = leaf.getNumericParameter(g).size();
                    if (k >= 0 && k < size) {
                        leaf.getMutableNumericParameter(g).setValue(k, leaf.getNumericParameter(g).getValue(k) + d);
                    }
                    k -= size;
                }
            }
        }
        c.setTime(time);
        c.getMutableContinuousState().setValuesFrom(xs, 0);
        ContinuousState<Double> f = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(c, f);
        return f.toValueArray();
    }

    /** The product's entries, in the order x, p, t, from {@code addProduct} on zeroed accumulators. */
    private static double[] product(StageJacobians s, double t, double[] x, double[] w, int np) {
        double[] barX = new double[x.length];
        double[] barP = new double[np];
        double barT = s.addProduct(t, x, w, barX, barP, 0.0);
        double[] all = new double[x.length + np + 1];
        System.arraycopy(barX, 0, all, 0, x.length);
        System.arraycopy(barP, 0, all, x.length, np);
        all[x.length + np] = barT;
        return all;
    }

    private static void assertProductsAgree(DynamicalSystem<Double> system, Context<Double> c, double t, double[] x,
            double[] w) {
        int np = GradientSimulation.countParameters(c);
        StageJacobians compiled = new StageJacobians(system, c, np);
        StageJacobians forward = new StageJacobians(system, c, np, false);
        assertTrue(compiled.isCompiled(), system.getName() + " has a symbolic form");
        assertFalse(forward.isCompiled());
        double[] a = product(compiled, t, x, w, np);
        double[] b = product(forward, t, x, w, np);
        double[] fd = centralProduct(system, c, t, x, w);
        for (int k = 0; k < a.length; k++) {
            double scale = 1 + Math.abs(b[k]);
            assertEquals(b[k], a[k], 1e-13 * scale, "entry " + k + " against forward mode");
            assertEquals(fd[k], a[k], 1e-6 * scale, "entry " + k + " against central differences");
        }
    }

    @Test
    void vanDerPolsCompiledProductEqualsForwardModeAndCentralDifferences() {
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.3, false);
        Context<Double> c = vdp.createDefaultContext();
        assertProductsAgree(vdp, c, 0.7, new double[] {1.2, -0.4}, new double[] {0.3, -2.0});
    }

    @Test
    void aChainWithTimeInItsRunningCostStateGivesEveryColumn() {
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, 4, true);
        Context<Double> c = chain.createDefaultContext();
        double[] x = new double[9];
        double[] w = new double[9];
        for (int i = 0; i < 9; i++) {
            x[i] = 0.1 * (i + 1) * Math.cos(i);
            w[i] = 1.0 - 0.2 * i;
        }
        assertProductsAgree(chain, c, 1.5, x, w);
        // the cost state's derivative has t q_0: its time column is w_8 q_0
        double[] p = product(new StageJacobians(chain, c, 8), 1.5, x, w, 8);
        assertEquals(w[8] * x[0], p[9 + 8], 1e-15);
    }

    @Test
    void theStateJacobianAloneEqualsTheStateColumnsAndCentralDifferences() {
        MassSpringChain<Double> chain = new MassSpringChain<>(Scalar.DOUBLE, 4, true);
        Context<Double> c = chain.createDefaultContext();
        int n = 9;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 0.1 * (i + 1) * Math.cos(i);
        }
        double[] f = new double[n];
        double[][] fx = new double[n][n];
        new StateJacobian(chain, c).evaluate(1.5, x, f, fx);
        assertArrayEqualsExactly(derivativesAt(chain, c, 1.5, x, 0, 0.0), f);
        StageJacobians forward = new StageJacobians(chain, c, 8, false);
        for (int i = 0; i < n; i++) {
            // row i of f_x is e_i^T [f_x | f_p | f_t]'s state part
            double[] w = new double[n];
            w[i] = 1;
            double[] row = product(forward, 1.5, x, w, 8);
            double[] fd = centralProduct(chain, c, 1.5, x, w);
            for (int j = 0; j < n; j++) {
                assertEquals(row[j], fx[i][j], 1e-15 * (1 + Math.abs(row[j])), "f_x[" + i + "][" + j + "]");
                assertEquals(fd[j], fx[i][j], 1e-6 * (1 + Math.abs(fd[j])), "f_x[" + i + "][" + j + "] by differences");
            }
        }
    }

    private static void assertArrayEqualsExactly(double[] expected, double[] actual) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 0.0, "entry " + i);
        }
    }

    /** {@code x' = -a x} for x > 0 and {@code -2 a x} otherwise: it branches on the state's value. */
    private static final class Kinked<T> extends LeafSystem<T> {
        Kinked(Scalar<T> scalar) {
            super(scalar, "kinked");
            declareContinuousState(1);
            declareNumericParameter("a", new double[] {0.5});
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Kinked<>(target);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            T x = context.getContinuousState().get(0);
            T a = context.getNumericParameter(0).get(0);
            T rate = s.value(x) > 0 ? a : s.mul(a, s.of(2.0));
            derivatives.set(0, s.neg(s.mul(rate, x)));
        }
    }

    @Test
    void aSystemThatBranchesOnItsStateFallsBackToForwardMode() {
        Kinked<Double> k = new Kinked<>(Scalar.DOUBLE);
        Context<Double> c = k.createDefaultContext();
        StageJacobians s = new StageJacobians(k, c, 1);
        assertFalse(s.isCompiled());
        double[] p = product(s, 0.0, new double[] {-0.8}, new double[] {3.0}, 1);
        // f = -2 a x on this side: w f_x = -2 a w, w f_a = -2 x w, no time dependence
        assertEquals(-2 * 0.5 * 3.0, p[0], 1e-15);
        assertEquals(-2 * -0.8 * 3.0, p[1], 1e-15);
        assertEquals(0.0, p[2], 0.0);
    }
}
