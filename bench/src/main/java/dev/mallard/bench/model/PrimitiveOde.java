package dev.mallard.bench.model;

/** An ODE {@code x' = f(t, x)} on primitive arrays: what the hand-written loops and Hipparchus integrate. */
public interface PrimitiveOde {

    /** @return the number of states */
    int dimension();

    /**
     * Writes {@code f(t, x)} into {@code xdot}.
     *
     * @param t time, seconds
     * @param x the state, not modified
     * @param xdot the derivative, overwritten; same length as x
     */
    void derivatives(double t, double[] x, double[] xdot);
}
