package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;

import java.util.List;

/**
 * Everything {@link RegionOfAttraction#analyzeDetailed} found: the normalised Lyapunov function (its
 * sublevel set {@code {V <= 1}} is the estimate), the certified and optimal levels of the unnormalised
 * candidate, the checked certificates, the simulation cross-check, the enlargement report and solver
 * statistics. Immutable.
 *
 * <p>When the candidate certifies every level ({@link #isGlobal()}: {@code Vdot < 0} everywhere but at the
 * fixed point, V radially unbounded), there is no finite level: {@link #rho()} is infinite and
 * {@link #lyapunovFunction()} is the unnormalised candidate, every sublevel set of which is an estimate.
 */
public final class RegionOfAttractionResult {

    private final List<Variable> stateVariables;
    private final Expression lyapunovFunction;
    private final Expression candidate;
    private final double rho;
    private final double optimalRho;
    private final boolean multiplierFree;
    private final boolean verified;
    private final boolean global;
    private final List<SdpStatus> sdpStatuses;
    private final List<SosCertificate> certificates;
    private final SimulationCheck simulation;
    private final EnlargementReport enlargement;
    private final int sdpSolves;
    private final int iterations;
    private final double solverSeconds;
    private final double totalSeconds;
    /** Set once by {@link #restrictedTo} before the result leaves the analysis. */
    private StateRegion stateRegion;
    private ParameterBox uncertainParameters = ParameterBox.empty();
    private final ExactProof exactProof;
    /** Set once by {@link #withShapeLevel} before the result leaves the analysis; NaN for no shape. */
    private double shapeLevel = Double.NaN;

    RegionOfAttractionResult(List<Variable> stateVariables, Expression lyapunovFunction, Expression candidate,
            LevelSetSearch.Outcome outcome, boolean global, List<SdpStatus> sdpStatuses, SimulationCheck simulation,
            EnlargementReport enlargement, int sdpSolves, int iterations, double solverSeconds, double totalSeconds) {
        this.stateVariables = List.copyOf(stateVariables);
        this.lyapunovFunction = lyapunovFunction;
        this.candidate = candidate;
        this.rho = outcome.certifiedRho;
        this.optimalRho = outcome.optimalRho;
        this.multiplierFree = outcome.lambdaFree;
        this.verified = outcome.verified;
        this.global = global;
        this.sdpStatuses = List.copyOf(sdpStatuses);
        this.certificates = List.copyOf(outcome.certificates);
        this.simulation = simulation;
        this.enlargement = enlargement;
        this.sdpSolves = sdpSolves;
        this.iterations = iterations;
        this.solverSeconds = solverSeconds;
        this.totalSeconds = totalSeconds;
        this.exactProof = outcome.exactProof;
    }

    /** Records the region and parameter box the certificate holds for; returns this. */
    RegionOfAttractionResult restrictedTo(RegionOfAttractionOptions options) {
        stateRegion = options.stateRegion();
        uncertainParameters = options.uncertainParameters();
        return this;
    }

    /** Records the certified level of the shape asked for; returns this. */
    RegionOfAttractionResult withShapeLevel(double level) {
        shapeLevel = level;
        return this;
    }

    /**
     * @return the largest beta, checked, such that {@code {(x - x*)'M(x - x*) <= beta}} lies in the estimate
     *     for the shape M of {@link RegionOfAttractionOptions#withShapeMatrix}; empty when no shape was given
     */
    public java.util.OptionalDouble shapeLevel() {
        return Double.isNaN(shapeLevel) ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(shapeLevel);
    }

    /**
     * @return the state region the analysis was restricted to, or null for none: the estimate {@code {V <= 1}}
     *     is then certified to lie inside it, and {@code Vdot < 0} on it away from the equilibrium
     */
    public StateRegion stateRegion() {
        return stateRegion;
    }

    /**
     * @return the uncertain parameters (empty for none): the level is certified for every parameter vector in
     *     this box, with the other parameters at the context's values
     */
    public ParameterBox uncertainParameters() {
        return uncertainParameters;
    }

    /** @return the variables of the returned expressions, one per continuous state entry, unmodifiable */
    public List<Variable> stateVariables() {
        return stateVariables;
    }

    /** @return V normalised so that {@code {V <= 1}} is the certified estimate (candidate / rho) */
    public Expression lyapunovFunction() {
        return lyapunovFunction;
    }

    /** @return the unnormalised Lyapunov function whose level rho was certified */
    public Expression candidate() {
        return candidate;
    }

    /**
     * @return the certified level of {@link #candidate()}: slightly below {@link #optimalRho()}
     * @throws IllegalStateException if no level was certified ({@link #isVerified()} false: the level the search
     *     found is {@link #optimalRho()}, not an answer) or every level was ({@link #isGlobal()}: no finite level
     *     bounds the estimate)
     */
    public double rho() {
        if (global) {
            throw new IllegalStateException("every level of " + candidate + " is certified (global for this model): "
                    + "there is no finite level; check isGlobal() first");
        }
        if (!verified) {
            throw new IllegalStateException("no level of " + candidate + " is certified: its certificate "
                    + "failed its independent check; check isVerified() first (the SDP's level, not an answer, is "
                    + "optimalRho() = " + optimalRho + ")");
        }
        return rho;
    }

    /** @return the largest level found by the SDP (before the certificate back-off) */
    public double optimalRho() {
        return optimalRho;
    }

    /**
     * @return whether the multiplier lambda was free (Vdot locally negative definite) rather than SOS
     */
    public boolean multiplierFree() {
        return multiplierFree;
    }

    /** @return whether every certificate passed its independent check */
    public boolean isVerified() {
        return verified;
    }

    /**
     * @return whether the candidate certifies every level set (Vdot negative definite on the whole space, V
     *     radially unbounded): global stability for this V and this model, with no finite level
     */
    public boolean isGlobal() {
        return global;
    }

    /** @return the status of every SDP solved (candidate check, global check, level search, ...), in order */
    public List<SdpStatus> sdpStatuses() {
        return sdpStatuses;
    }

    /**
     * @return the certificates of the final level-set program, in the order added: an SOS multiplier's, the
     *     S-procedure multipliers' and containments of a state region or parameter box, the level set last
     */
    public List<SosCertificate> certificates() {
        return certificates;
    }

    /** @return the simulation cross-check, or null if it was turned off */
    public SimulationCheck simulation() {
        return simulation;
    }

    /** @return the enlargement report (V-iteration, or a Lyapunov degree above 2), or null if neither ran */
    public EnlargementReport enlargement() {
        return enlargement;
    }

    /** @return SDPs solved (candidate check, level search, certificate, enlargement) */
    public int sdpSolves() {
        return sdpSolves;
    }

    /** @return interior-point iterations over all SDPs */
    public int iterations() {
        return iterations;
    }

    /** @return seconds spent building and solving SDPs */
    public double solverSeconds() {
        return solverSeconds;
    }

    /**
     * @return the exact proof of the kept certificate (or, when none was proved, of the last one tried); empty
     *     unless {@link RegionOfAttractionOptions#withExactProof} asked for one and a certificate was verified
     */
    public java.util.Optional<ExactProof> exactProof() {
        return java.util.Optional.ofNullable(exactProof);
    }

    /** @return seconds for the whole analysis */
    public double totalSeconds() {
        return totalSeconds;
    }

    @Override
    public String toString() {
        return "RegionOfAttractionResult[" + (verified ? "verified" : "NOT verified") + ", V = " + candidate
                + (global ? ", global" : "") + ", rho = " + rho + " (optimal " + optimalRho + "), multiplier " + (multiplierFree ? "free" : "SOS")
                + ", " + sdpSolves + " SDPs, " + iterations + " iterations, " + totalSeconds + " s"
                + (Double.isNaN(shapeLevel) ? "" : ", shape level " + shapeLevel)
                + (simulation == null ? "" : ", " + simulation) + (enlargement == null ? "" : ", " + enlargement)
                + (stateRegion == null ? "" : ", inside " + stateRegion)
                + (uncertainParameters.isEmpty() ? "" : ", for every " + uncertainParameters) + "]";
    }
}
