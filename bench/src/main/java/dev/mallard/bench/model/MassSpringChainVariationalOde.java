package dev.mallard.bench.model;

/**
 * {@link MassSpringChain}'s dynamics with their variational equations, by hand, on one primitive array: the 20
 * states followed by their sensitivities to the 20 initial states and to (k, c), row-major (22 entries per
 * row), with {@code S' = (df/dx) S + df/dp}. The chain rule runs over each row's 22 entries, as in Mallard's
 * tangent path; a Runge-Kutta loop over the whole array forms the stage sums of values and sensitivities in
 * one pass.
 */
public final class MassSpringChainVariationalOde implements PrimitiveOde {

    private static final int N = MassSpringChain.MASSES;
    private static final int STATES = 2 * N;
    /** Directions: the initial states, k and c. */
    static final int WIDTH = STATES + 2;
    private final MassSpringChainOde states;
    private final double k;
    private final double c;

    /**
     * @param k spring stiffness, N/m
     * @param c damping, N s/m
     */
    public MassSpringChainVariationalOde(double k, double c) {
        this.states = new MassSpringChainOde(k, c);
        this.k = k;
        this.c = c;
    }

    @Override
    public int dimension() {
        return STATES * (1 + WIDTH);
    }

    @Override
    public int controlledDimension() {
        return STATES;
    }

    @Override
    public void derivatives(double t, double[] x, double[] xdot) {
        // the states' derivatives read and write only the first STATES entries
        states.derivatives(t, x, xdot);
        for (int i = 0; i < N; i++) {
            sensitivities(i, MassSpringChainOde.stretch(x, i), x[N + i], x, xdot);
        }
    }

    /** Rows i (position) and N + i (velocity) of S', each a few passes over 22 entries. */
    private void sensitivities(int i, double stretch, double v, double[] x, double[] xdot) {
        int position = row(i);
        int velocity = row(N + i);
        // the stretch is (q[i-1] - q[i]) + (q[i+1] - q[i]), the first term 0 - q[0] and the second absent at the ends
        double self = i == N - 1 ? -k : -2 * k;
        for (int col = 0; col < WIDTH; col++) {
            xdot[position + col] = x[velocity + col];
            xdot[velocity + col] = self * x[position + col] - c * x[velocity + col];
        }
        if (i > 0) {
            addScaledRow(k, row(i - 1), x, velocity, xdot);
        }
        if (i < N - 1) {
            addScaledRow(k, row(i + 1), x, velocity, xdot);
        }
        xdot[velocity + STATES] += stretch;
        xdot[velocity + STATES + 1] -= v;
    }

    private static void addScaledRow(double a, int from, double[] x, int to, double[] xdot) {
        for (int col = 0; col < WIDTH; col++) {
            xdot[to + col] += a * x[from + col];
        }
    }

    private static int row(int i) {
        return STATES + i * WIDTH;
    }
}
