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

    /**
     * The leading entries of the state that step-size control reads. An ODE augmented with sensitivities
     * returns its original dimension, so that it takes the steps of the original ODE, as Mallard's AutoDiff
     * run does (its control reads values only).
     *
     * @return the number of controlled entries, in [1, dimension()]; by default all of them
     */
    default int controlledDimension() {
        return dimension();
    }
}
