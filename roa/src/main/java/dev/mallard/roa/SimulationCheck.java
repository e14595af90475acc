package dev.mallard.roa;

/**
 * The simulation cross-check of a region-of-attraction estimate: initial states sampled strictly inside
 * and on the boundary of {@code {V <= 1}} were simulated with the double system, each over as many horizons
 * as it kept converging (V decreasing, up to a cap), and counted as converged when they came within the
 * tolerance of the fixed point, undecided when they were still converging at the cap, and not converged
 * otherwise (V stopped decreasing, the run diverged or failed). A certified estimate should see every inside
 * sample converge; boundary samples may legitimately fail where the estimate touches the true boundary
 * (another equilibrium, a limit cycle). Immutable.
 */
public final class SimulationCheck {

    private final int insideSamples;
    private final int insideConverged;
    private final int insideUndecided;
    private final int boundarySamples;
    private final int boundaryConverged;
    private final int boundaryUndecided;
    private final double horizon;
    private final double longestRun;
    private final double tolerance;

    SimulationCheck(int insideSamples, int insideConverged, int insideUndecided, int boundarySamples,
            int boundaryConverged, int boundaryUndecided, double horizon, double longestRun, double tolerance) {
        this.insideSamples = insideSamples;
        this.insideConverged = insideConverged;
        this.insideUndecided = insideUndecided;
        this.boundarySamples = boundarySamples;
        this.boundaryConverged = boundaryConverged;
        this.boundaryUndecided = boundaryUndecided;
        this.horizon = horizon;
        this.longestRun = longestRun;
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

    /** @return inside samples still converging (V decreasing) when the longest run allowed ended */
    public int insideUndecided() {
        return insideUndecided;
    }

    /** @return samples drawn on the boundary {@code V = 1} */
    public int boundarySamples() {
        return boundarySamples;
    }

    /** @return boundary samples that converged to the fixed point */
    public int boundaryConverged() {
        return boundaryConverged;
    }

    /** @return boundary samples still converging when the longest run allowed ended */
    public int boundaryUndecided() {
        return boundaryUndecided;
    }

    /** @return the simulated time of one horizon, seconds; a run takes as many as it keeps converging */
    public double horizon() {
        return horizon;
    }

    /** @return the longest simulated time of any sample, seconds */
    public double longestRun() {
        return longestRun;
    }

    /** @return the distance from the fixed point counted as converged */
    public double tolerance() {
        return tolerance;
    }

    /** @return whether every sample, inside and on the boundary, converged */
    public boolean allConverged() {
        return insideConverged == insideSamples && boundaryConverged == boundarySamples;
    }

    /**
     * @return whether no inside sample definitely failed (each converged or was still converging at the cap):
     *     what a certified estimate implies, so false means the certificate and the simulation disagree
     */
    public boolean agreesWithCertificate() {
        return insideConverged + insideUndecided == insideSamples;
    }

    @Override
    public String toString() {
        return "SimulationCheck[inside " + insideConverged + "/" + insideSamples + undecided(insideUndecided)
                + ", boundary " + boundaryConverged + "/" + boundarySamples + undecided(boundaryUndecided)
                + " converged within " + tolerance + " (horizons of " + horizon + " s, longest run " + longestRun
                + " s)]";
    }

    private static String undecided(int n) {
        return n == 0 ? "" : " (" + n + " still converging at the cap)";
    }
}
