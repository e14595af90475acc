package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.System;

/**
 * The Dormand-Prince 5(4) pair: fifth order, seven stages of which the last is evaluated at the step's end
 * state (first-same-as-last), so an accepted step costs six new evaluations. The embedded fourth-order
 * solution gives the error estimate (order 4: it behaves as {@code h^5}). The interpolant of a step is the
 * method's own fourth-degree continuous extension (Dormand and Prince; Hairer, Norsett and Wanner,
 * <i>Solving ODEs I</i>, II.6), accurate to {@code O(h^5)} inside the step, instead of the cubic Hermite.
 *
 * @param <T> the number type
 */
public final class RungeKutta5Integrator<T> extends IntegratorBase<T> {

    private static final ButcherTableau TABLEAU = new ButcherTableau(
            new double[] {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1},
            new double[][] {{}, {1.0 / 5}, {3.0 / 40, 9.0 / 40}, {44.0 / 45, -56.0 / 15, 32.0 / 9},
                {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
                {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
                {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}},
            new double[] {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0},
            new double[] {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40});

    /** Weights of the continuous extension's highest term (stages 1..7; stage 2 has weight 0). */
    private static final double[] DENSE = {-12715105075.0 / 11282082432.0, 0, 87487479700.0 / 32700410799.0,
        -10690763975.0 / 1880347072.0, 701980252875.0 / 199316789632.0, -1453857185.0 / 822651844.0,
        69997945.0 / 29380423.0};

    private static final int STAGES = 7;

    private double[][] kd;
    private double[] stageD;
    private double[] lastX0d;
    private double[] lastX1d;
    private ScalarVector<T>[] kg;
    private ScalarVector<T> stageG;
    private ScalarVector<T> lastX0g;
    private ScalarVector<T> lastX1g;
    private double lastH;
    private double lastT0;
    private T lastHg;
    private T lastT0g;

    /**
     * An error-controlled integrator (maximum step unbounded until set).
     *
     * @param system the system
     * @param context its root context, or null
     */
    public RungeKutta5Integrator(System<T> system, Context<T> context) {
        super(system, context);
    }

    @Override
    public boolean supportsErrorEstimation() {
        return true;
    }

    @Override
    public int getErrorEstimateOrder() {
        return 4;
    }

    @Override
    public String getSchemeName() {
        return "runge_kutta5";
    }

    @Override
    protected int getInterpolantDegree() {
        return 4;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void allocateSchemeWorkspaces(int size) {
        if (isDoublePath()) {
            kd = new double[STAGES][size];
            stageD = new double[size];
            lastX0d = new double[size];
            lastX1d = new double[size];
        } else {
            kg = new ScalarVector[STAGES];
            for (int i = 0; i < STAGES; i++) {
                kg[i] = scalar().newVector(size);
            }
            stageG = scalar().newVector(size);
            lastX0g = scalar().newVector(size);
            lastX1g = scalar().newVector(size);
        }
    }

    @Override
    protected boolean stepDouble(double t0, double h, double[] x0, double[] f0, double[] x1, double[] err) {
        int n = x0.length;
        double[][] k = kd;
        java.lang.System.arraycopy(f0, 0, k[0], 0, n);
        for (int i = 1; i < STAGES; i++) {
            TABLEAU.stageRow(i).combine(k, stageD);
            for (int j = 0; j < n; j++) {
                stageD[j] = x0[j] + h * stageD[j];
            }
            evalDerivatives(t0 + TABLEAU.c(i) * h, stageD, k[i]);
        }
        // the last stage was evaluated at x0 + h sum(b k): that is x1
        java.lang.System.arraycopy(stageD, 0, x1, 0, n);
        TABLEAU.errorRow().combine(k, err);
        for (int j = 0; j < n; j++) {
            err[j] = h * err[j];
        }
        java.lang.System.arraycopy(x0, 0, lastX0d, 0, n);
        java.lang.System.arraycopy(x1, 0, lastX1d, 0, n);
        lastT0 = t0;
        lastH = h;
        offerEndDerivative(k[STAGES - 1]);
        return true;
    }

    @Override
    protected boolean stepGeneric(T t0, T h, ScalarVector<T> x0, ScalarVector<T> f0, ScalarVector<T> x1,
            ScalarVector<T> err) {
        Scalar<T> s = scalar();
        int n = x0.size();
        ScalarVector<T>[] k = kg;
        k[0].setFrom(f0);
        for (int i = 1; i < STAGES; i++) {
            for (int j = 0; j < n; j++) {
                T sum = s.zero();
                for (int m = 0; m < i; m++) {
                    if (TABLEAU.a(i, m) != 0) {
                        sum = s.add(sum, s.mul(k[m].get(j), TABLEAU.a(i, m)));
                    }
                }
                stageG.set(j, s.add(x0.get(j), s.mul(h, sum)));
            }
            evalDerivatives(s.add(t0, s.mul(h, TABLEAU.c(i))), stageG, k[i]);
        }
        for (int j = 0; j < n; j++) {
            x1.set(j, stageG.get(j));
            T e = s.zero();
            for (int m = 0; m < STAGES; m++) {
                if (TABLEAU.e(m) != 0) {
                    e = s.add(e, s.mul(k[m].get(j), TABLEAU.e(m)));
                }
            }
            err.set(j, s.mul(h, e));
        }
        lastX0g.setFrom(x0);
        lastX1g.setFrom(x1);
        lastT0g = t0;
        lastHg = h;
        offerEndDerivative(k[STAGES - 1]);
        return true;
    }

    /**
     * The continuous extension {@code x(theta) = x0 + theta (d + (1-theta) (p + theta (d - h k7 - p
     * + (1-theta) q)))} with {@code d = x1 - x0}, {@code p = h k1 - d}, {@code q = h sum(DENSE_i k_i)}.
     */
    @Override
    protected void interpolate(double t, double[] out) {
        double theta = (t - lastT0) / lastH;
        double theta1 = 1 - theta;
        for (int j = 0; j < out.length; j++) {
            double d = lastX1d[j] - lastX0d[j];
            double p = lastH * kd[0][j] - d;
            double r = d - lastH * kd[STAGES - 1][j] - p;
            double q = 0;
            for (int m = 0; m < STAGES; m++) {
                q += DENSE[m] * kd[m][j];
            }
            q *= lastH;
            out[j] = lastX0d[j] + theta * (d + theta1 * (p + theta * (r + theta1 * q)));
        }
    }

    @Override
    protected void interpolate(T t, ScalarVector<T> out) {
        Scalar<T> s = scalar();
        T theta = s.div(s.sub(t, lastT0g), lastHg);
        T theta1 = s.sub(1.0, theta);
        for (int j = 0; j < out.size(); j++) {
            T d = s.sub(lastX1g.get(j), lastX0g.get(j));
            T p = s.sub(s.mul(lastHg, kg[0].get(j)), d);
            T r = s.sub(s.sub(d, s.mul(lastHg, kg[STAGES - 1].get(j))), p);
            T q = s.zero();
            for (int m = 0; m < STAGES; m++) {
                if (DENSE[m] != 0) {
                    q = s.add(q, s.mul(kg[m].get(j), DENSE[m]));
                }
            }
            q = s.mul(q, lastHg);
            T inner = s.add(r, s.mul(theta1, q));
            inner = s.add(p, s.mul(theta, inner));
            inner = s.add(d, s.mul(theta1, inner));
            out.set(j, s.add(lastX0g.get(j), s.mul(theta, inner)));
        }
    }
}
