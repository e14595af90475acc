package dev.mallard.bench.model;

/** {@link MassSpringChain}'s dynamics on primitive arrays. */
public final class MassSpringChainOde implements PrimitiveOde {

    private static final int N = MassSpringChain.MASSES;
    private final double k;
    private final double c;

    /**
     * @param k spring stiffness, N/m
     * @param c damping, N s/m
     */
    public MassSpringChainOde(double k, double c) {
        this.k = k;
        this.c = c;
    }

    @Override
    public int dimension() {
        return 2 * N;
    }

    @Override
    public void derivatives(double t, double[] x, double[] xdot) {
        for (int i = 0; i < N; i++) {
            double v = x[N + i];
            xdot[i] = v;
            xdot[N + i] = k * stretch(x, i) - c * v;
        }
    }

    /**
     * @param x the state (positions first), not modified
     * @param i the mass, in [0, N)
     * @return the stretch of the springs on mass i, {@code (q[i-1] - q[i]) + (q[i+1] - q[i])}, with the wall at
     *     0 before the first mass and nothing after the last
     */
    static double stretch(double[] x, int i) {
        double q = x[i];
        double left = i == 0 ? -q : x[i - 1] - q;
        return i == N - 1 ? left : left + (x[i + 1] - q);
    }
}
