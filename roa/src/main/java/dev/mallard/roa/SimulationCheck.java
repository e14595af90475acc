package dev.mallard.roa;

/**
 * The simulation cross-check of a region-of-attraction estimate: initial states sampled strictly inside
 * and on the boundary of {@code {V <= 1}} were simulated with the double system, and counted as converged
 * when they ended within the tolerance of the fixed point. A certified estimate should see every inside
 * sample converge; boundary samples may legitimately fail where the estimate touches the true boundary
 * (another equilibrium, a limit cycle). Immutable.
 */
public final class SimulationCheck {

    private final int insideSamples;
    private final int insideConverged;
    private final int boundarySamples;
    private final int boundaryConverged;
    private final double horizon;
    private final double tolerance;

    SimulationCheck(int insideSamples, int insideConverged, int boundarySamples, int boundaryConverged,
            double horizon, double tolerance) {
        this.insideSamples = insideSamples;
        this.insideConverged = insideConverged;
        this.boundarySamples = boundarySamples;
        this.boundaryConverged = boundaryConverged;
        this.horizon = horizon;
        this.tolerance = tolerance;
    }

    /** @return samples drawn strictly inside the estimate */
    public int insideSamples() {
        return insideSamples;
    }

    /** @return inside samples that converged to the fixed point */
    public int insideConverged() {
        return insideConverged;
    }

    /** @return samples drawn on the boundary {@code V = 1} */
    public int boundarySamples() {
        return boundarySamples;
    }

    /** @return boundary samples that converged to the fixed point */
    public int boundaryConverged() {
        return boundaryConverged;
    }

    /** @return the simulated time per sample, seconds */
    public double horizon() {
        return horizon;
    }

    /** @return the distance from the fixed point counted as converged */
    public double tolerance() {
        return tolerance;
    }

    /** @return whether every sample, inside and on the boundary, converged */
    public boolean allConverged() {
        return insideConverged == insideSamples && boundaryConverged == boundarySamples;
    }

    @Override
    public String toString() {
        return "SimulationCheck[inside " + insideConverged + "/" + insideSamples + ", boundary " + boundaryConverged
                + "/" + boundarySamples + " converged within " + tolerance + " after " + horizon + " s]";
    }
}
