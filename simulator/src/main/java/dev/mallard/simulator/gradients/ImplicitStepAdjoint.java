package dev.mallard.simulator.gradients;

import dev.mallard.simulator.SimulationException;
import dev.mallard.simulator.internal.CollocationScheme;
import dev.mallard.simulator.internal.DenseLu;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * The step of an implicit collocation scheme, replayed forwards and backwards for {@link AdjointGradient}: a
 * step of size h is {@code m} sub-steps of size {@code hs = h / m}, each solving the stage system
 * {@code Z_i = hs sum_j a_ij f(ts + c_j hs, xs + Z_j)} and moving to {@code xs + Z_s} (the last stage: the
 * schemes are stiffly accurate). Implicit Euler is {@code s = 1, a = c = 1} with {@code m = 1} (or 2 under step
 * doubling), radau1 and radau3 are Radau IIA with one and two stages.
 *
 * <p>The adjoint differentiates the stage equations at their solution, not the Newton iterations that found
 * it: with {@code M = I - hs (A (x) J)} built from each stage's own Jacobian {@code J_j = f_x(stage j)}, one
 * transposed solve {@code M^T mu = dJ/dZ} per sub-step gives the stages' adjoints, and the adjoints of
 * {@code xs}, p, the start time and h follow from the products {@code nu_j^T [f_x | f_p | f_t]} at the stages,
 * formed as an explicit step's are ({@link StageJacobians}: compiled from the system's symbolic form when it has
 * one, so their cost does not grow with the number of parameters). The stage systems are solved here by
 * Newton's method to rounding (the state Jacobian {@code f_x} by forward mode in the n state directions only,
 * {@link StateJacobian}; the iteration matrix formed afresh only when an update shrinks less than fourfold), so the recomputed trajectory is the exact solution of the scheme's equations
 * through the recorded steps; it differs from the run's, which Newton solved to {@code 0.01} times its accuracy,
 * by that tolerance. A step recomputed between checkpoints keeps its solved stages for its reversal, which then
 * evaluates the Jacobians once at them instead of solving again. The running cost is a last component of the
 * stage system (it feeds nothing back). Not thread-safe.
 */
final class ImplicitStepAdjoint implements StepAdjoint {

    private static final int MAX_ITERATIONS = 50;

    private final CollocationScheme scheme;
    private final int s;
    private final int n;
    private final int np;
    private final double[] p;
    private final DynamicalSystem<Double> system;
    private final Context<Double> context;
    private final ContinuousState<Double> derivatives;
    private final StageJacobians products;
    private final StateJacobian stateJacobian;
    private final DiscreteStateJacobians discrete;
    private final AdjointState layout;
    private final CostFunction running;
    private final DenseLu lu;
    private final double[] z;
    private final double[] rhs;
    private final double[][] y;
    private final double[][] f;
    private final double[][][] jac;
    private final double[][] sub;
    private final double[] costX;
    private final double[] costP;
    private final double[][] nu;
    private double startTimeAdjoint;
    private double runningCostIntegral;
    /** The solved stages of each sub-step a recomputed step kept, by slot (grown on demand), and which hold them. */
    private double[][][] kept = new double[0][][];
    private boolean[] holds = new boolean[0];

    /**
     * @param scheme the scheme
     * @param system the double system
     * @param context its root context (parameters, inputs); not modified
     * @param p the numeric parameters, flattened; not modified
     * @param running the running cost
     * @param layout the state layout
     * @param discrete the discrete-state products, or null if the discrete state's adjoint is not needed
     */
    ImplicitStepAdjoint(CollocationScheme scheme, DynamicalSystem<Double> system, Context<Double> context, double[] p,
            CostFunction running, AdjointState layout, DiscreteStateJacobians discrete) {
        this.scheme = scheme;
        this.s = scheme.c().length;
        this.n = context.getNumContinuousStates();
        this.p = p.clone();
        this.np = p.length;
        this.system = system;
        this.context = context.cloneContext();
        this.derivatives = system.allocateTimeDerivatives();
        this.products = new StageJacobians(system, context, np);
        this.stateJacobian = new StateJacobian(system, context);
        this.discrete = discrete;
        this.layout = layout;
        this.running = running;
        this.lu = new DenseLu(s * n);
        this.z = new double[s * n];
        this.rhs = new double[s * n];
        this.y = new double[s][n];
        this.f = new double[s][n];
        this.jac = new double[s][n][n];
        this.sub = new double[scheme.substeps() + 1][n];
        this.costX = new double[n];
        this.costP = new double[np];
        this.nu = new double[s][n];
    }

    @Override
    public void setDiscreteState(double[] state) {
        layout.writeDiscrete(context, state);
        products.setDiscreteState(layout, state);
        stateJacobian.setDiscreteState(layout, state);
        if (discrete != null) {
            discrete.setDiscreteState(state);
        }
    }

    @Override
    public void step(int slot, double t0, double h, double[] x0, double[] x1) {
        double[][] keep = slot >= 0 ? keptSlot(slot) : null;
        subSteps(t0, h, x0, scheme.substeps(), keep);
        System.arraycopy(sub[scheme.substeps()], 0, x1, 0, n);
    }

    /** @return the arrays slot's solved stages go to, marked as holding them */
    private double[][] keptSlot(int slot) {
        if (slot >= kept.length) {
            int size = Math.max(slot + 1, 2 * kept.length);
            kept = java.util.Arrays.copyOf(kept, size);
            holds = java.util.Arrays.copyOf(holds, size);
        }
        if (kept[slot] == null) {
            kept[slot] = new double[scheme.substeps()][s * n];
        }
        holds[slot] = true;
        return kept[slot];
    }

    /**
     * Takes the first {@code count} sub-steps: {@code sub[k]} receives the state at the start of sub-step k, for
     * {@code k <= count} ({@code sub[m]} is the step's end); {@code keep[k]}, unless keep is null, receives
     * sub-step k's solved stages Z.
     */
    private void subSteps(double t0, double h, double[] x0, int count, double[][] keep) {
        double hs = h / scheme.substeps();
        System.arraycopy(x0, 0, sub[0], 0, n);
        for (int k = 0; k < count; k++) {
            solve(t0 + k * hs, hs, sub[k]);
            if (keep != null) {
                System.arraycopy(z, 0, keep[k], 0, s * n);
            }
            advanceSubStep(k);
        }
    }

    /** {@code sub[k + 1] = sub[k] + Z_s}, from the solved stages in z. */
    private void advanceSubStep(int k) {
        for (int i = 0; i < n; i++) {
            sub[k + 1][i] = sub[k][i] + z[(s - 1) * n + i];
        }
    }

    /**
     * Solves the stage system from {@code (ts, xs)} by Newton's method until the update stops shrinking at
     * rounding level, and leaves Z in {@code z}. The iteration matrix is formed and factored at the start and
     * kept while each update shrinks at least fourfold; an update that shrinks less, or grows, is followed by
     * one formed afresh at the current iterate. The stopping rule is full Newton's: converged at {@code 1e-15}
     * of the state's scale, or stalled after a step with a fresh matrix.
     */
    private void solve(double ts, double hs, double[] xs) {
        java.util.Arrays.fill(z, 0);
        double previous = Double.POSITIVE_INFINITY;
        boolean fresh = true;
        evaluateStages(ts, hs, xs);
        factorIterationMatrix(ts, hs);
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            if (it > 0 && fresh) {
                evaluateStages(ts, hs, xs);
                factorIterationMatrix(ts, hs);
            } else if (it > 0) {
                evaluateDerivatives(ts, hs, xs);
            }
            int size = s * n;
            for (int bi = 0; bi < s; bi++) {
                for (int i = 0; i < n; i++) {
                    rhs[bi * n + i] = hs * stageSum(bi, i) - z[bi * n + i];
                }
            }
            lu.solve(rhs);
            double norm = 0;
            double scale = 1;
            for (int i = 0; i < size; i++) {
                z[i] += rhs[i];
                norm = Math.max(norm, Math.abs(rhs[i]));
                scale = Math.max(scale, Math.abs(z[i]) + Math.abs(xs[i % n]));
            }
            if (!Double.isFinite(norm)) {
                throw new SimulationException("replaying the implicit step at t = " + ts + " for the adjoint, Newton "
                        + "diverged", ts, context.getSystem().getName());
            }
            if (norm <= 1e-15 * scale || (it >= 2 && norm >= previous && fresh)) {
                return;
            }
            fresh = norm > 0.25 * previous;
            previous = norm;
        }
    }

    private void factorIterationMatrix(double ts, double hs) {
        iterationMatrix(hs, false);
        if (!lu.factor()) {
            throw singular(ts);
        }
    }

    /** Evaluates f alone (on doubles) at every stage {@code (ts + c_j hs, xs + Z_j)}. */
    private void evaluateDerivatives(double ts, double hs, double[] xs) {
        for (int j = 0; j < s; j++) {
            for (int i = 0; i < n; i++) {
                y[j][i] = xs[i] + z[j * n + i];
            }
            context.setTime(ts + scheme.c()[j] * hs);
            ContinuousState<Double> state = context.getMutableContinuousState();
            for (int i = 0; i < n; i++) {
                state.setValue(i, y[j][i]);
            }
            system.calcTimeDerivatives(context, derivatives);
            for (int i = 0; i < n; i++) {
                f[j][i] = derivatives.getValue(i);
            }
        }
    }

    /** {@code sum_j a[bi][j] f_j[i]}: entry i of stage bi's combination of the stage derivatives. */
    private double stageSum(int bi, int i) {
        double sum = 0;
        for (int j = 0; j < s; j++) {
            sum += scheme.a()[bi][j] * f[j][i];
        }
        return sum;
    }

    /**
     * Writes the iteration matrix {@code M = I - hs (A (x) J)}, {@code M[(bi,i),(bj,r)] = delta - hs a[bi][bj]
     * J_bj[i][r]}, into the LU's matrix, or its transpose (for the adjoint's {@code M^T mu = dJ/dZ}).
     */
    private void iterationMatrix(double hs, boolean transposed) {
        double[] m = lu.matrix();
        double[][] a = scheme.a();
        int size = s * n;
        for (int bi = 0; bi < s; bi++) {
            for (int i = 0; i < n; i++) {
                int row = bi * n + i;
                for (int bj = 0; bj < s; bj++) {
                    double w = -hs * a[bi][bj];
                    for (int r = 0; r < n; r++) {
                        int col = bj * n + r;
                        m[transposed ? col * size + row : row * size + col] = w * jac[bj][i][r] + (row == col ? 1 : 0);
                    }
                }
            }
        }
    }

    private SimulationException singular(double ts) {
        return new SimulationException("replaying the implicit step at t = " + ts + " for the adjoint, the "
                + "iteration matrix is singular", ts, context.getSystem().getName());
    }

    /** Evaluates f and [f_x | f_p | f_t] at every stage {@code (ts + c_j hs, xs + Z_j)}. */
    private void evaluateStages(double ts, double hs, double[] xs) {
        for (int j = 0; j < s; j++) {
            for (int i = 0; i < n; i++) {
                y[j][i] = xs[i] + z[j * n + i];
            }
            stateJacobian.evaluate(ts + scheme.c()[j] * hs, y[j], f[j], jac[j]);
        }
    }

    @Override
    public double reverse(int slot, double t0, double h, double[] x0, double[] lambda, double[] barXd,
            double[] gradP) {
        int m = scheme.substeps();
        double hs = h / m;
        boolean reuse = slot >= 0 && slot < holds.length && holds[slot];
        if (reuse) {
            holds[slot] = false;
            // the start states of the sub-steps from the kept stages, as subSteps computed them
            System.arraycopy(x0, 0, sub[0], 0, n);
            for (int k = 0; k < m - 1; k++) {
                System.arraycopy(kept[slot][k], 0, z, 0, s * n);
                advanceSubStep(k);
            }
        } else {
            // the start states of the sub-steps; the last sub-step's end is not needed (lambda is its adjoint)
            subSteps(t0, h, x0, m - 1, null);
        }
        double barH = 0;
        startTimeAdjoint = 0;
        for (int k = m - 1; k >= 0; k--) {
            if (reuse) {
                System.arraycopy(kept[slot][k], 0, z, 0, s * n);
            } else {
                solve(t0 + k * hs, hs, sub[k]);
            }
            evaluateStages(t0 + k * hs, hs, sub[k]);
            double[] sums = reverseSubStep(t0 + k * hs, hs, lambda, barXd, gradP);
            startTimeAdjoint += sums[0];
            barH += sums[0] * k / m + sums[1] / m;
        }
        return barH;
    }

    /**
     * Reverses one solved sub-step: replaces lambda by the adjoint of its start state, adds to the parameters'
     * and discrete state's adjoints and to the running cost, and returns the adjoints of its start time and
     * size.
     */
    private double[] reverseSubStep(double ts, double hs, double[] lambda, double[] barXd, double[] gradP) {
        double[][] a = scheme.a();
        double[] c = scheme.c();
        double[] last = a[s - 1];
        // dJ/dZ: the end state is xs + Z_s; the running cost adds hs sum_j a_sj L(stage j)
        double[] stageCost = new double[s];
        double[] costT = new double[s];
        double[][] costXs = new double[s][];
        double[][] costPs = new double[s][];
        for (int j = 0; j < s; j++) {
            double tj = ts + c[j] * hs;
            stageCost[j] = running.value(tj, y[j], p);
            costT[j] = running.gradient(tj, y[j], p, costX, costP);
            costXs[j] = costX.clone();
            costPs[j] = costP.clone();
            for (int i = 0; i < n; i++) {
                rhs[j * n + i] = (j == s - 1 ? lambda[i] : 0) + hs * last[j] * costX[i];
            }
        }
        iterationMatrix(hs, true);
        if (!lu.factor()) {
            throw singular(ts);
        }
        lu.solve(rhs);
        double barTs = 0;
        double barHs = 0;
        double integral = 0;
        for (int j = 0; j < s; j++) {
            for (int i = 0; i < n; i++) {
                double v = 0;
                for (int bi = 0; bi < s; bi++) {
                    v += a[bi][j] * rhs[bi * n + i];
                }
                nu[j][i] = hs * v;
            }
        }
        for (int j = 0; j < s; j++) {
            double tj = ts + c[j] * hs;
            double tau = products.addProduct(tj, y[j], nu[j], lambda, gradP, hs * last[j] * costT[j]);
            for (int r = 0; r < n; r++) {
                lambda[r] += hs * last[j] * costXs[j][r];
            }
            for (int q = 0; q < np; q++) {
                gradP[q] += hs * last[j] * costPs[j][q];
            }
            if (discrete != null) {
                discrete.addProduct(tj, y[j], nu[j], barXd);
            }
            barTs += tau;
            barHs += c[j] * tau + last[j] * stageCost[j];
            integral += last[j] * stageCost[j];
        }
        // the stage equations' explicit dependence on hs: Z = hs (A (x) I) F
        for (int bi = 0; bi < s; bi++) {
            for (int i = 0; i < n; i++) {
                barHs += rhs[bi * n + i] * stageSum(bi, i);
            }
        }
        runningCostIntegral += hs * integral;
        return new double[] {barTs, barHs};
    }

    @Override
    public double startTimeAdjoint() {
        return startTimeAdjoint;
    }

    @Override
    public double runningCostIntegral() {
        return runningCostIntegral;
    }
}
