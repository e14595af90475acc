package dev.mallard.roa;

import java.util.List;

/**
 * The outcome of proving a certificate in exact rational arithmetic (see
 * {@link RegionOfAttractionOptions#withExactProof}): either the polynomial identity {@code p = m'Qm} holds
 * exactly with every Gram matrix positive semidefinite by an exact LDL' factorisation (every pivot
 * {@code >= 0}, a zero pivot only over a zero column), so that the level is proved for the dynamics and V with
 * their coefficients as the doubles Mallard holds; or the reason why not. Immutable.
 */
public final class ExactProof {

    private final boolean proved;
    private final String reason;
    private final double level;
    private final double smallestPivot;
    private final List<ExactCertificateCheck.Projected> identities;

    ExactProof(boolean proved, String reason, double level, double smallestPivot,
            List<ExactCertificateCheck.Projected> identities) {
        this.proved = proved;
        this.reason = reason;
        this.level = level;
        this.smallestPivot = smallestPivot;
        this.identities = List.copyOf(identities);
    }

    /**
     * @param unit a power of two: the proof was about V in units of it
     * @return the same proof, its level in V's own units
     */
    ExactProof inLevelUnit(double unit) {
        return new ExactProof(proved, reason, level * unit, smallestPivot, identities);
    }

    /**
     * @param other the proof of further certificates the answer rests on (the same level or none)
     * @return a proof of both: proved when both are, its reason both reasons, its smallest pivot the lesser
     */
    ExactProof and(ExactProof other) {
        List<ExactCertificateCheck.Projected> both = new java.util.ArrayList<>(identities);
        both.addAll(other.identities);
        double pivot = Double.isNaN(smallestPivot) ? other.smallestPivot
                : Double.isNaN(other.smallestPivot) ? smallestPivot : Math.min(smallestPivot, other.smallestPivot);
        return new ExactProof(proved && other.proved, reason + "; and " + other.reason, level, pivot, both);
    }

    /** @return the identities projected exactly, in order (empty if the proof stopped before projecting) */
    List<ExactCertificateCheck.Projected> identities() {
        return identities;
    }

    /** @return whether the certificate was proved exactly */
    public boolean proved() {
        return proved;
    }

    /** @return what was proved, or why the proof failed (in words, naming the failing pivot or term) */
    public String reason() {
        return reason;
    }

    /** @return the level rho of V that the proof is about */
    public double level() {
        return level;
    }

    /**
     * @return the smallest positive LDL' pivot over the Gram matrices (rounded to a double; its sign is exact),
     *     or the failing pivot when the proof failed at one; NaN when no factorisation was reached
     */
    public double smallestPivot() {
        return smallestPivot;
    }

    @Override
    public String toString() {
        return (proved ? "proved exactly" : "not proved exactly") + " at rho = " + level + ": " + reason;
    }
}
