package dev.mallard.bench.model;

/** {@link VanDerPol}'s dynamics on primitive arrays. */
public final class VanDerPolOde implements PrimitiveOde {

    private final double mu;

    /** @param mu the damping parameter */
    public VanDerPolOde(double mu) {
        this.mu = mu;
    }

    @Override
    public int dimension() {
        return 2;
    }

    @Override
    public void derivatives(double t, double[] x, double[] xdot) {
        double q = x[0];
        double v = x[1];
        xdot[0] = v;
        xdot[1] = mu * ((1 - q * q) * v) - q;
    }
}
