package dev.mallard.bench.model;

/**
 * {@link VanDerPol}'s dynamics with their variational equations, by hand, on one primitive array: the state
 * {@code (q, v)} followed by its sensitivities {@code S = d(q, v)/d(q0, v0, mu)}, row-major (row {@code i} at
 * {@code 2 + 3 i}), with {@code S' = (df/dx) S + [0 | df/dmu]}. A Runge-Kutta loop over it computes the
 * Jacobian of the discrete map exactly as forward-mode differentiation of the same steps does.
 */
public final class VanDerPolVariationalOde implements PrimitiveOde {

    /** Directions: the two initial states and mu. */
    static final int WIDTH = 3;
    private final VanDerPolOde states;
    private final double mu;

    /** @param mu the damping parameter */
    public VanDerPolVariationalOde(double mu) {
        this.states = new VanDerPolOde(mu);
        this.mu = mu;
    }

    @Override
    public int dimension() {
        return 2 + 2 * WIDTH;
    }

    @Override
    public int controlledDimension() {
        return 2;
    }

    @Override
    public void derivatives(double t, double[] x, double[] xdot) {
        // the states' derivatives read and write only the first two entries
        states.derivatives(t, x, xdot);
        double q = x[0];
        double v = x[1];
        double stiffness = 1 - q * q;
        // d(xdot[1])/dq, d(xdot[1])/dv, d(xdot[1])/dmu
        double a = -2 * mu * q * v - 1;
        double b = mu * stiffness;
        double c = stiffness * v;
        for (int col = 0; col < WIDTH; col++) {
            xdot[2 + col] = x[2 + WIDTH + col];
            xdot[2 + WIDTH + col] = a * x[2 + col] + b * x[2 + WIDTH + col];
        }
        xdot[2 + WIDTH + 2] += c;
    }
}
