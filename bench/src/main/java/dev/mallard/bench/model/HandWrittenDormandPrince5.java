package dev.mallard.bench.model;

/** The Dormand-Prince 5(4) pair (first same as last), as Mallard's runge_kutta5, by hand. */
public final class HandWrittenDormandPrince5 extends HandWrittenRungeKutta {

    private static final double C2 = 1.0 / 5;
    private static final double C3 = 3.0 / 10;
    private static final double C4 = 4.0 / 5;
    private static final double C5 = 8.0 / 9;
    private static final double A21 = 1.0 / 5;
    private static final double A31 = 3.0 / 40;
    private static final double A32 = 9.0 / 40;
    private static final double A41 = 44.0 / 45;
    private static final double A42 = -56.0 / 15;
    private static final double A43 = 32.0 / 9;
    private static final double A51 = 19372.0 / 6561;
    private static final double A52 = -25360.0 / 2187;
    private static final double A53 = 64448.0 / 6561;
    private static final double A54 = -212.0 / 729;
    private static final double A61 = 9017.0 / 3168;
    private static final double A62 = -355.0 / 33;
    private static final double A63 = 46732.0 / 5247;
    private static final double A64 = 49.0 / 176;
    private static final double A65 = -5103.0 / 18656;
    private static final double B1 = 35.0 / 384;
    private static final double B3 = 500.0 / 1113;
    private static final double B4 = 125.0 / 192;
    private static final double B5 = -2187.0 / 6784;
    private static final double B6 = 11.0 / 84;
    private static final double E1 = 71.0 / 57600;
    private static final double E3 = -71.0 / 16695;
    private static final double E4 = 71.0 / 1920;
    private static final double E5 = -17253.0 / 339200;
    private static final double E6 = 22.0 / 525;
    private static final double E7 = -1.0 / 40;

    private final double[] s;
    private final double[] k2;
    private final double[] k3;
    private final double[] k4;
    private final double[] k5;
    private final double[] k6;

    /** @param ode the ODE to integrate */
    public HandWrittenDormandPrince5(PrimitiveOde ode) {
        super(ode);
        s = new double[n];
        k2 = new double[n];
        k3 = new double[n];
        k4 = new double[n];
        k5 = new double[n];
        k6 = new double[n];
    }

    @Override
    protected void step(double t0, double h, double[] x0, double[] k1, double[] x1, double[] err, double[] k7) {
        for (int j = 0; j < n; j++) {
            s[j] = x0[j] + h * (A21 * k1[j]);
        }
        eval(t0 + C2 * h, s, k2);
        for (int j = 0; j < n; j++) {
            s[j] = x0[j] + h * (A31 * k1[j] + A32 * k2[j]);
        }
        eval(t0 + C3 * h, s, k3);
        for (int j = 0; j < n; j++) {
            s[j] = x0[j] + h * (A41 * k1[j] + A42 * k2[j] + A43 * k3[j]);
        }
        eval(t0 + C4 * h, s, k4);
        for (int j = 0; j < n; j++) {
            s[j] = x0[j] + h * (A51 * k1[j] + A52 * k2[j] + A53 * k3[j] + A54 * k4[j]);
        }
        eval(t0 + C5 * h, s, k5);
        for (int j = 0; j < n; j++) {
            s[j] = x0[j] + h * (A61 * k1[j] + A62 * k2[j] + A63 * k3[j] + A64 * k4[j] + A65 * k5[j]);
        }
        eval(t0 + h, s, k6);
        for (int j = 0; j < n; j++) {
            x1[j] = x0[j] + h * (B1 * k1[j] + B3 * k3[j] + B4 * k4[j] + B5 * k5[j] + B6 * k6[j]);
        }
        eval(t0 + h, x1, k7);
        for (int j = 0; j < n; j++) {
            err[j] = h * (E1 * k1[j] + E3 * k3[j] + E4 * k4[j] + E5 * k5[j] + E6 * k6[j] + E7 * k7[j]);
        }
    }

    @Override
    protected int errorOrder() {
        return 4;
    }

    @Override
    protected boolean firstSameAsLast() {
        return true;
    }

    @Override
    protected int evaluationsPerAttempt() {
        return 6;
    }
}
