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
            double q = x[i];
            double left = i == 0 ? -q : x[i - 1] - q;
            double stretch = i == N - 1 ? left : left + (x[i + 1] - q);
            double v = x[N + i];
            xdot[i] = v;
            xdot[N + i] = k * stretch - c * v;
        }
    }
}
