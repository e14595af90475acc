package dev.mallard.bench.model;

/**
 * The limit: an explicit Runge-Kutta loop on primitive arrays with nothing but the arithmetic, taking exactly
 * the steps Mallard's integrator takes. The step-size controller repeats {@code IntegratorBase}'s rules
 * (Drake's: infinity norm {@code max |err_i|} of the absolute error, ideal size {@code 0.9 h (acc/err)^(1/(p+1))},
 * an accepted step kept unless that is at least 1.2 h, growth at most 5x, rejection factor within [0.1, 0.9],
 * a step within 1.01 h of the end lands on it, a step
 * shortened to land keeps the previous ideal size, {@code f(t0, x0)} reused after a rejection and, for
 * first-same-as-last schemes, from the previous step), so the step sequences match and only the
 * per-step machinery differs. The norm reads the ODE's {@link PrimitiveOde#controlledDimension controlled}
 * entries only, so an ODE augmented with its variational equations takes the original ODE's steps. One
 * instance is reused across runs; it is not thread-safe.
 */
public abstract class HandWrittenRungeKutta {

    private static final double SAFETY = 0.9;
    private static final double MAX_GROWTH = 5.0;
    private static final double MAX_SHRINK = 0.1;
    private static final double HYSTERESIS = 1.2;
    private static final double STRETCH = 1.01;

    /** The ODE integrated. */
    protected final PrimitiveOde ode;
    /** Its dimension. */
    protected final int n;
    /** The leading entries the error norm reads. */
    private final int controlled;
    private final double[] x0;
    private final double[] x1;
    private double[] f0;
    private double[] f1;
    private final double[] err;
    private long steps;
    private long evaluations;

    /** @param ode the ODE to integrate, not null */
    protected HandWrittenRungeKutta(PrimitiveOde ode) {
        this.ode = ode;
        this.n = ode.dimension();
        this.controlled = ode.controlledDimension();
        x0 = new double[n];
        x1 = new double[n];
        f0 = new double[n];
        f1 = new double[n];
        err = new double[n];
    }

    /**
     * One step from {@code (t0, x0)} with {@code f0 = f(t0, x0)} given: writes x1 and the error estimate.
     *
     * @param t0 start time
     * @param h step size
     * @param x0 start state
     * @param f0 its derivative
     * @param x1 end state, written
     * @param err error estimate, written
     * @param f1 for a first-same-as-last scheme, {@code f(t0 + h, x1)}, written; otherwise untouched
     */
    protected abstract void step(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err,
            double[] f1);

    /** @return the order p of the error estimate (it behaves as h^(p+1)) */
    protected abstract int errorOrder();

    /** @return whether {@link #step} leaves {@code f(t1, x1)} in f1 */
    protected abstract boolean firstSameAsLast();

    /** @return derivative evaluations per step attempt after the first stage */
    protected abstract int evaluationsPerAttempt();

    /**
     * Evaluates {@code f(t, x)} into xdot (the stages call this).
     *
     * @param t time
     * @param x state, not modified
     * @param xdot derivative, written
     */
    protected final void eval(double t, double[] x, double[] xdot) {
        ode.derivatives(t, x, xdot);
    }

    /**
     * Integrates with error control from {@code x} at time 0 to {@code tFinal}.
     *
     * @param x initial state, overwritten with the final state
     * @param tFinal end time, seconds, positive
     * @param accuracy the accuracy (Mallard's target accuracy)
     * @param initialStep the first trial step, seconds
     * @param maxStep the maximum step, seconds
     * @return x
     */
    public final double[] integrateControlled(double[] x, double tFinal, double accuracy, double initialStep,
            double maxStep) {
        steps = 0;
        evaluations = 0;
        double order = errorOrder() + 1;
        double t = 0;
        double ideal = Double.NaN;
        boolean haveF0 = false;
        while (t < tFinal) {
            double dt = tFinal - t;
            double h = Math.min(Double.isNaN(ideal) ? initialStep : ideal, maxStep);
            boolean lands = dt <= h * STRETCH;
            if (lands) {
                h = dt;
            }
            System.arraycopy(x, 0, x0, 0, n);
            if (!haveF0) {
                ode.derivatives(t, x0, f0);
                evaluations++;
            }
            boolean adapted = false;
            while (true) {
                step(t, h, x0, f0, x1, err, f1);
                evaluations += evaluationsPerAttempt();
                double e = errorNorm();
                if (e <= accuracy || h <= 1e-14 * Math.max(1, Math.abs(t))) {
                    double factor = e == 0 ? MAX_GROWTH : SAFETY * Math.pow(accuracy / e, 1 / order);
                    double next = factor >= HYSTERESIS ? h * Math.min(MAX_GROWTH, factor) : h;
                    boolean shortenedToLand = !adapted && lands;
                    ideal = shortenedToLand && ideal > next ? ideal : next;
                    t = lands ? tFinal : t + h;
                    break;
                }
                h *= Math.min(0.9, Math.max(MAX_SHRINK, SAFETY * Math.pow(accuracy / e, 1 / order)));
                lands = false;
                adapted = true;
            }
            System.arraycopy(x1, 0, x, 0, n);
            steps++;
            haveF0 = firstSameAsLast();
            if (haveF0) {
                double[] swap = f0;
                f0 = f1;
                f1 = swap;
            }
        }
        return x;
    }

    /**
     * Integrates with fixed steps {@code h} (the last one landing on {@code tFinal} when within 1.01 h).
     *
     * @param x initial state, overwritten with the final state
     * @param tFinal end time, seconds
     * @param h the step, seconds
     * @return x
     */
    public final double[] integrateFixed(double[] x, double tFinal, double h) {
        steps = 0;
        evaluations = 0;
        double t = 0;
        boolean haveF0 = false;
        while (t < tFinal) {
            double dt = tFinal - t;
            boolean lands = dt <= h * STRETCH;
            double hStep = lands ? dt : h;
            System.arraycopy(x, 0, x0, 0, n);
            if (!haveF0) {
                ode.derivatives(t, x0, f0);
                evaluations++;
            }
            step(t, hStep, x0, f0, x1, err, f1);
            evaluations += evaluationsPerAttempt();
            t = lands ? tFinal : t + hStep;
            System.arraycopy(x1, 0, x, 0, n);
            steps++;
            haveF0 = firstSameAsLast();
            if (haveF0) {
                double[] swap = f0;
                f0 = f1;
                f1 = swap;
            }
        }
        return x;
    }

    private double errorNorm() {
        double norm = 0;
        for (int i = 0; i < controlled; i++) {
            double r = Math.abs(err[i]);
            if (!(r <= norm)) {
                norm = Double.isNaN(r) ? Double.POSITIVE_INFINITY : r;
            }
        }
        return norm;
    }

    /** @return accepted steps of the last run */
    public final long steps() {
        return steps;
    }

    /** @return derivative evaluations of the last run */
    public final long evaluations() {
        return evaluations;
    }
}
