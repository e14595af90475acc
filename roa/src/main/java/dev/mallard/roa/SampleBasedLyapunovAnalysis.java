package dev.mallard.roa;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.autodiff.AutoDiffs;
import dev.mallard.sdp.LinearExpression;
import dev.mallard.sdp.ModelSolution;
import dev.mallard.sdp.ScalarVariable;
import dev.mallard.sdp.SdpModel;
import dev.mallard.sdp.SdpStatus;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.util.Objects;
import java.util.function.Function;

/**
 * Drake's SampleBasedLyapunovAnalysis: a candidate Lyapunov function {@code V(x) = a' phi(x)}, linear in the
 * coefficients {@code a} of given basis functions {@code phi}, fitted by a linear program to sampled states:
 * {@code V(x0) = 0} at the given zero state, and at every sample {@code V(x_i) >= 0} and
 * {@code Vdot(x_i) = grad phi(x_i) f(x_i) . a <= 0}, minimising {@code sum_i |Vdot(x_i) + 1|} (which fixes the
 * scale and drives the decrease rate towards 1). The LP is solved by Mallard's interior-point solver.
 *
 * <p>As in Drake, the result is evidence from samples, not a proof: V is checked only at the samples. Certify a
 * level of it with {@link RegionOfAttraction} (after turning it into a polynomial or an expression) before
 * relying on it. Mallard differs from Drake in two ways, on purpose: it lives in the {@code roa} module, since the
 * systems module has no LP solver on its class path; and it refuses (with the solver's status) where Drake logs
 * an error and returns whatever the solver left, because an unsolved LP has no meaningful coefficients.
 */
public final class SampleBasedLyapunovAnalysis {

    private SampleBasedLyapunovAnalysis() {
    }

    /**
     * Fits the coefficients of {@code V(x) = a' phi(x)}.
     *
     * @param system a system whose state is continuous only and time-invariant dynamics, not modified
     * @param context a root context of {@code system} giving its inputs and parameters, not modified (a copy is
     *     evaluated)
     * @param basis the basis functions {@code phi}: the state (as AutoDiff variables) to the values of the basis
     *     functions, at least one; must not keep its argument
     * @param stateSamples the sampled states, one row per sample, each of the system's state size; at least one
     * @param zeroState the state where {@code V = 0} (usually the equilibrium), of the state size
     * @return the coefficients {@code a}, one per basis function
     * @throws IllegalArgumentException if the system has discrete or abstract state, a sample or the zero state
     *     has the wrong size or a non-finite entry, a derivative is not finite at a sample, or the basis is empty
     * @throws IllegalStateException naming the LP's status if it was not solved, or if its best V decreases at no
     *     sample (V = 0, which always meets the constraints; Drake returns it)
     */
    public static double[] analyze(DynamicalSystem<Double> system, Context<Double> context,
            Function<AutoDiff[], AutoDiff[]> basis, double[][] stateSamples, double[] zeroState) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(basis, "basis");
        int n = checkContext(system, context);
        if (stateSamples.length == 0) {
            throw new IllegalArgumentException("stateSamples: at least one sample is needed");
        }
        checkState(zeroState, n, "zeroState");
        double[] phi0 = AutoDiffs.values(basis.apply(AutoDiffs.variables(zeroState)));
        int m = phi0.length;
        if (m == 0) {
            throw new IllegalArgumentException("basis: gives no function at the zero state");
        }
        SdpModel lp = new SdpModel();
        ScalarVariable[] a = new ScalarVariable[m];
        for (int k = 0; k < m; k++) {
            a[k] = lp.addFreeVariable("a" + k);
        }
        lp.addEquality(combination(a, phi0), 0);
        Context<Double> c = context.cloneContext();
        ContinuousState<Double> xdot = system.allocateTimeDerivatives();
        LinearExpression slackSum = new LinearExpression();
        double[][] rates = new double[stateSamples.length][];
        for (int i = 0; i < stateSamples.length; i++) {
            double[] x = stateSamples[i];
            checkState(x, n, "stateSamples[" + i + "]");
            AutoDiff[] phi = basis.apply(AutoDiffs.variables(x));
            if (phi.length != m) {
                throw new IllegalArgumentException("basis: gives " + phi.length + " functions at stateSamples[" + i
                        + "] but " + m + " at the zero state");
            }
            c.setContinuousStateValues(x);
            system.calcTimeDerivatives(c, xdot);
            double[] f = xdot.toValueArray();
            double[] phiDot = new double[m];
            for (int k = 0; k < m; k++) {
                double[] g = phi[k].gradient();
                for (int j = 0; j < n; j++) {
                    phiDot[k] += (j < g.length ? g[j] : 0) * f[j];
                }
                if (!Double.isFinite(phiDot[k]) || !Double.isFinite(phi[k].value())) {
                    throw new IllegalArgumentException("stateSamples[" + i + "]: basis function " + k + " or its rate "
                            + "is not finite there (rate " + phiDot[k] + ")");
                }
            }
            rates[i] = phiDot;
            lp.addGreaterOrEqual(combination(a, AutoDiffs.values(phi)), 0);
            LinearExpression vdot = combination(a, phiDot);
            lp.addLessOrEqual(vdot, 0);
            // s_i >= |Vdot_i + 1|, as two inequalities.
            ScalarVariable s = lp.addNonNegativeVariable("s" + i);
            lp.addGreaterOrEqual(LinearExpression.of(s).add(-1, vdot), 1);
            lp.addGreaterOrEqual(LinearExpression.of(s).add(1, vdot), -1);
            slackSum.add(s);
        }
        lp.minimize(slackSum);
        ModelSolution solution = lp.solve();
        if (solution.status() != SdpStatus.OPTIMAL) {
            throw new IllegalStateException("the sample-based Lyapunov LP ended " + solution.status()
                    + (solution.isInfeasible() ? " (infeasible: no V = a' phi(x) with V >= 0 and Vdot <= 0 at every "
                    + "sample and V(zeroState) = 0)" : ""));
        }
        double[] coefficients = new double[m];
        for (int k = 0; k < m; k++) {
            coefficients[k] = solution.value(a[k]);
        }
        // V = 0 always meets the constraints; an LP that can do no better has found no Lyapunov function.
        if (!(maxDecrease(rates, coefficients) > 1e-9)) {
            throw new IllegalStateException("the sample-based Lyapunov LP found no V = a' phi(x) that decreases at "
                    + "any sample (the best is V = 0): the basis cannot express a Lyapunov function there, or the "
                    + "zero state is not a stable equilibrium");
        }
        return coefficients;
    }

    /** The largest {@code -Vdot} over the samples. */
    private static double maxDecrease(double[][] rates, double[] a) {
        double best = Double.NEGATIVE_INFINITY;
        for (double[] phiDot : rates) {
            double vdot = 0;
            for (int k = 0; k < a.length; k++) {
                vdot += a[k] * phiDot[k];
            }
            best = Math.max(best, -vdot);
        }
        return best;
    }

    private static int checkContext(DynamicalSystem<Double> system, Context<Double> context) {
        Objects.requireNonNull(context, "context");
        int n = context.getContinuousState().size();
        if (n == 0 || context.getNumDiscreteStateGroups() > 0 || context.getNumAbstractStates() > 0) {
            throw new IllegalArgumentException("system " + system.getName() + ": needs continuous state only, has "
                    + n + " continuous, " + context.getNumDiscreteStateGroups() + " discrete groups and "
                    + context.getNumAbstractStates() + " abstract states");
        }
        return n;
    }

    private static void checkState(double[] x, int n, String name) {
        if (x == null || x.length != n) {
            throw new IllegalArgumentException(name + ": expected " + n + " entries (the state size), got "
                    + (x == null ? "null" : x.length));
        }
        for (int j = 0; j < n; j++) {
            if (!Double.isFinite(x[j])) {
                throw new IllegalArgumentException(name + "[" + j + "] is " + x[j] + "; states must be finite");
            }
        }
    }

    private static LinearExpression combination(ScalarVariable[] a, double[] weights) {
        LinearExpression e = new LinearExpression();
        for (int k = 0; k < a.length; k++) {
            if (weights[k] != 0) {
                e.add(weights[k], a[k]);
            }
        }
        return e;
    }
}
