package dev.mallard.simulator.gradients;

import dev.mallard.simulator.integrators.ButcherTableau;
import dev.mallard.simulator.internal.PackageAccess;
import dev.mallard.simulator.internal.TableauRow;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * One explicit Runge-Kutta step {@code x1 = x0 + h sum_i b_i k_i}, {@code k_i = f(t0 + c_i h, Y_i, p)},
 * {@code Y_i = x0 + h sum_j a_ij k_j}, replayed forwards on doubles (to recompute states between
 * checkpoints) and backwards (its discrete adjoint: vector-Jacobian products with the stage Jacobians). The
 * running cost {@code L} is integrated with the same weights as an extra state {@code q}, whose adjoint is 1
 * throughout since neither {@code f} nor {@code L} depends on it. A recomputed step keeps its stage derivatives
 * for its reversal, so that the reversal does not evaluate {@code f} again (it is evaluated once to record the
 * run, once to recompute the states between checkpoints, and only for a segment's last step a third time).
 * Not thread-safe (workspaces are reused).
 */
final class RungeKuttaAdjoint implements StepAdjoint {

    private static final PackageAccess.IntegratorMembers INTEGRATORS = PackageAccess.integrators();


    private final ButcherTableau tableau;
    private final DynamicalSystem<Double> system;
    private final Context<Double> context;
    private final ContinuousState<Double> derivatives;
    private final StageJacobians jacobians;
    private final CostFunction running;
    private final double[] p;
    private final int n;
    private final int np;
    /** Whether stage i reaches the step's result (a last stage with zero weight, as in FSAL, does not). */
    private final boolean[] used;
    private final double[][] k;
    private final double[][] y;
    private final double[] stageCost;
    private final double[][] costX;
    private final double[][] costP;
    private final double[] costT;
    private final double[][] barY;
    private final double[] bk;
    private final double[] increment;
    private double runningCostIntegral;
    private double startTimeAdjoint;
    /** The products with the discrete state's Jacobian, or null when no update changes the discrete state. */
    private final DiscreteStateJacobians discrete;
    private final AdjointState layout;
    /** The stage derivatives a recomputed step kept, by slot (grown on demand), and which slots hold them. */
    private double[][][] kept = new double[0][][];
    private boolean[] holds = new boolean[0];

    /**
     * @param tableau the scheme's coefficients
     * @param system the double system
     * @param context its root context (parameters, inputs); cloned, not modified
     * @param p the numeric parameters, flattened; not modified
     * @param running the running cost
     * @param layout the state layout
     * @param discrete the discrete-state products, or null if the discrete state's adjoint is not needed
     */
    RungeKuttaAdjoint(ButcherTableau tableau, DynamicalSystem<Double> system, Context<Double> context, double[] p,
            CostFunction running, AdjointState layout, DiscreteStateJacobians discrete) {
        this.tableau = tableau;
        this.system = system;
        this.context = context.cloneContext();
        this.derivatives = system.allocateTimeDerivatives();
        this.p = p.clone();
        this.n = context.getNumContinuousStates();
        this.np = p.length;
        this.jacobians = new StageJacobians(system, context, np);
        this.running = running;
        this.layout = layout;
        this.discrete = discrete;
        int s = tableau.stages();
        this.used = usedStages(tableau);
        this.k = new double[s][n];
        this.y = new double[s][n];
        this.stageCost = new double[s];
        this.costX = new double[s][n];
        this.costP = new double[s][np];
        this.costT = new double[s];
        this.barY = new double[s][n];
        this.bk = new double[n];
        this.increment = new double[n];
    }

    private static boolean[] usedStages(ButcherTableau tableau) {
        int s = tableau.stages();
        boolean[] used = new boolean[s];
        for (int i = s - 1; i >= 0; i--) {
            used[i] = tableau.b(i) != 0;
            for (int m = i + 1; m < s && !used[i]; m++) {
                used[i] = used[m] && tableau.a(m, i) != 0;
            }
        }
        return used;
    }

    @Override
    public void setDiscreteState(double[] z) {
        layout.writeDiscrete(context, z);
        jacobians.setDiscreteState(layout, z);
        if (discrete != null) {
            discrete.setDiscreteState(z);
        }
    }

    @Override
    public double startTimeAdjoint() {
        return startTimeAdjoint;
    }

    @Override
    public double runningCostIntegral() {
        return runningCostIntegral;
    }

    @Override
    public void step(int slot, double t0, double h, double[] x0, double[] x1) {
        int s = tableau.stages();
        for (int i = 0; i < s; i++) {
            stageState(i, h, x0);
            if (used[i]) {
                evalDouble(t0 + tableau.c(i) * h, y[i], k[i]);
            }
        }
        combine(INTEGRATORS.weightRow(tableau), h, x0, x1);
        if (slot >= 0) {
            keep(slot);
        }
    }

    private void keep(int slot) {
        if (slot >= kept.length) {
            int size = Math.max(slot + 1, 2 * kept.length);
            kept = java.util.Arrays.copyOf(kept, size);
            holds = java.util.Arrays.copyOf(holds, size);
        }
        if (kept[slot] == null) {
            kept[slot] = new double[tableau.stages()][n];
        }
        for (int i = 0; i < k.length; i++) {
            System.arraycopy(k[i], 0, kept[slot][i], 0, n);
        }
        holds[slot] = true;
    }

    @Override
    public double reverse(int slot, double t0, double h, double[] x0, double[] lambda, double[] barXd,
            double[] gradP) {
        int s = tableau.stages();
        boolean reuse = slot >= 0 && slot < holds.length && holds[slot];
        if (reuse) {
            holds[slot] = false;
        }
        for (int i = 0; i < s; i++) {
            stageState(i, h, x0);
            if (used[i]) {
                if (reuse) {
                    System.arraycopy(kept[slot][i], 0, k[i], 0, n);
                } else {
                    evalDouble(t0 + tableau.c(i) * h, y[i], k[i]);
                }
                stageCost[i] = running.value(t0 + tableau.c(i) * h, y[i], p);
                costT[i] = running.gradient(t0 + tableau.c(i) * h, y[i], p, costX[i], costP[i]);
            }
        }
        double barH = 0;
        startTimeAdjoint = 0;
        for (int i = s - 1; i >= 0; i--) {
            java.util.Arrays.fill(barY[i], 0);
            if (!used[i]) {
                continue;
            }
            double bi = tableau.b(i);
            for (int j = 0; j < n; j++) {
                double v = h * bi * lambda[j];
                for (int m = i + 1; m < s; m++) {
                    v += h * tableau.a(m, i) * barY[m][j];
                }
                bk[j] = v;
            }
            if (discrete != null) {
                discrete.addProduct(t0 + tableau.c(i) * h, y[i], bk, barXd);
            }
            double barTau = jacobians.addProduct(t0 + tableau.c(i) * h, y[i], bk, barY[i], gradP,
                    h * bi * costT[i]);
            double hb = h * bi;
            for (int j = 0; j < n; j++) {
                barY[i][j] += hb * costX[i][j];
            }
            for (int q = 0; q < np; q++) {
                gradP[q] += hb * costP[i][q];
            }
            startTimeAdjoint += barTau;
            barH += bi * (dot(k[i], lambda) + stageCost[i]) + tableau.c(i) * barTau
                    + dot(stageIncrement(i), barY[i]);
        }
        double integral = 0;
        for (int i = 0; i < s; i++) {
            integral += tableau.b(i) * stageCost[i];
        }
        runningCostIntegral += h * integral;
        for (int i = 0; i < s; i++) {
            for (int j = 0; j < n; j++) {
                lambda[j] += barY[i][j];
            }
        }
        return barH;
    }

    /** Sets {@code y[i] = x0 + h sum_j a_ij k_j} from the stages before i. */
    private void stageState(int i, double h, double[] x0) {
        combine(INTEGRATORS.stageRow(tableau, i), h, x0, y[i]);
    }

    private void combine(TableauRow row, double h, double[] x0, double[] out) {
        row.combine(k, out);
        for (int j = 0; j < n; j++) {
            out[j] = x0[j] + h * out[j];
        }
    }

    /** {@code sum_j a_ij k_j}, the derivative of stage state i with respect to h at fixed stages. */
    private double[] stageIncrement(int i) {
        INTEGRATORS.stageRow(tableau, i).combine(k, increment);
        return increment;
    }

    private void evalDouble(double t, double[] x, double[] xdot) {
        context.setTime(t);
        ContinuousState<Double> state = context.getMutableContinuousState();
        for (int j = 0; j < n; j++) {
            state.setValue(j, x[j]);
        }
        system.calcTimeDerivatives(context, derivatives);
        for (int j = 0; j < n; j++) {
            xdot[j] = derivatives.getValue(j);
        }
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int j = 0; j < a.length; j++) {
            sum += a[j] * b[j];
        }
        return sum;
    }
}
