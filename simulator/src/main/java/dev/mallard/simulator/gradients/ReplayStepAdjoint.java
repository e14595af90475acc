package dev.mallard.simulator.gradients;

/**
 * The step adjoint of a scheme that has no dedicated one (semi-explicit Euler, velocity-implicit Euler): each step
 * is replayed by forward-mode AutoDiff on the system's AutoDiff copy, one step of the same integrator class from
 * {@code (t0, x0)} of size {@code h} ({@link EventReplay#eventStep} with nothing ending it early), and its Jacobian
 * with respect to the start state, the parameters, the start time and the size is transposed. The running cost is
 * integrated along the step's interpolant as over an event-ended step. It is exactly what forward mode computes on
 * the same values, so the gradient agrees with forward mode's to rounding for an explicit scheme; for
 * velocity-implicit Euler the replay starts Newton's iterations on a fresh Jacobian, where the run may have reused an
 * older one, so the two agree to about the Newton tolerance. Each reversal costs one AutoDiff step of width
 * {@code n + nd + np + 2}, which grows with the number of parameters as forward mode's cost does. Not thread-safe.
 */
final class ReplayStepAdjoint implements StepAdjoint {

    /** A step that ran its full size and that no witness ended. */
    private static final StepRecorder.EventStep FULL = new StepRecorder.EventStep(Double.NaN, false, null);

    private final EventReplay replay;
    private final AdjointState layout;
    private final double[] z;
    private final double[][] jacobian;
    private double startTimeAdjoint;
    private double runningCostIntegral;

    /**
     * @param replay the AutoDiff replay of the run's scheme, with the running cost
     * @param layout the state layout
     */
    ReplayStepAdjoint(EventReplay replay, AdjointState layout) {
        this.replay = replay;
        this.layout = layout;
        this.z = new double[layout.size()];
        this.jacobian = new double[layout.continuous() + 2][replay.stepWidth()];
    }

    @Override
    public void setDiscreteState(double[] state) {
        System.arraycopy(state, layout.continuous(), z, layout.continuous(), layout.discrete());
    }

    @Override
    public void step(int slot, double t0, double h, double[] x0, double[] x1) {
        System.arraycopy(x0, 0, z, 0, layout.continuous());
        replay.eventStep(t0, h, z, FULL, x1, jacobian);
    }

    @Override
    public double reverse(int slot, double t0, double h, double[] x0, double[] lambda, double[] barXd,
            double[] gradP) {
        int n = layout.continuous();
        System.arraycopy(x0, 0, z, 0, n);
        runningCostIntegral += replay.eventStep(t0, h, z, FULL, new double[n], jacobian);
        // the end time's row is left out: the sweep carries t0 + h itself; the running cost's adjoint is 1
        double[] in = new double[replay.stepWidth()];
        for (int r = 0; r < n; r++) {
            addRow(lambda[r], jacobian[r], in);
        }
        addRow(1, jacobian[n + 1], in);
        System.arraycopy(in, 0, lambda, 0, n);
        for (int k = 0; k < layout.discrete(); k++) {
            barXd[k] += in[n + k];
        }
        for (int q = 0; q < gradP.length; q++) {
            gradP[q] += in[layout.size() + q];
        }
        startTimeAdjoint = in[in.length - 2];
        return in[in.length - 1];
    }

    private static void addRow(double weight, double[] row, double[] in) {
        if (weight == 0) {
            return;
        }
        for (int c = 0; c < in.length; c++) {
            in[c] += weight * row[c];
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
}
