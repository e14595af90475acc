package dev.mallard.bench.model;

/** Kutta's third-order method with the embedded second-order estimate, as Mallard's runge_kutta3, by hand. */
public final class HandWrittenRk3 extends HandWrittenRungeKutta {

    private static final double B0 = 1.0 / 6;
    private static final double B1 = 2.0 / 3;
    private static final double E1 = -1.0 / 3;
    private final double[] stage;
    private final double[] k2;
    private final double[] k3;

    /** @param ode the ODE to integrate */
    public HandWrittenRk3(PrimitiveOde ode) {
        super(ode);
        stage = new double[n];
        k2 = new double[n];
        k3 = new double[n];
    }

    @Override
    protected void step(double t0, double h, double[] x0, double[] k1, double[] x1, double[] err, double[] f1) {
        for (int j = 0; j < n; j++) {
            stage[j] = x0[j] + h * (0.5 * k1[j]);
        }
        eval(t0 + 0.5 * h, stage, k2);
        for (int j = 0; j < n; j++) {
            stage[j] = x0[j] + h * (-k1[j] + 2 * k2[j]);
        }
        eval(t0 + h, stage, k3);
        for (int j = 0; j < n; j++) {
            x1[j] = x0[j] + h * (B0 * k1[j] + B1 * k2[j] + B0 * k3[j]);
            err[j] = h * (B0 * k1[j] + E1 * k2[j] + B0 * k3[j]);
        }
    }

    @Override
    protected int errorOrder() {
        return 2;
    }

    @Override
    protected boolean firstSameAsLast() {
        return false;
    }

    @Override
    protected int evaluationsPerAttempt() {
        return 2;
    }
}
