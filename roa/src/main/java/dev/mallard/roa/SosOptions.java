package dev.mallard.roa;

import dev.mallard.sdp.SdpOptions;
import dev.mallard.sdp.SdpProblem;
import dev.mallard.scalar.Checks;

import java.util.function.Consumer;

/**
 * Immutable settings of {@link SosProgram#solve(SosOptions)}: the cone of the Gram matrices, whether the
 * Gram bases are reduced by the Newton polytope, the SDP solver's settings, and the tolerance of the
 * certificate check. Start from {@link #defaults()}; each {@code with*} method returns a new object.
 */
public final class SosOptions {

    /** The cone a Gram matrix is constrained to. */
    public enum Cone {
        /** Positive semidefinite: exactly the sums of squares (an SDP). */
        SOS,
        /**
         * Diagonally dominant with a non-negative diagonal ({@code Q_ii >= sum_{j != i} |Q_ij|}): a subset of
         * the PSD matrices, so a more conservative certificate, but a linear program.
         */
        DSOS,
        /**
         * Scaled diagonally dominant: a sum of PSD matrices each non-zero on two rows and columns only (2 x 2
         * blocks, second-order cones). Between DSOS and SOS: every DSOS certificate is one, every one is SOS.
         */
        SDSOS
    }

    /** Which structure of an SOS constraint's polynomial splits its Gram matrix (beyond sign symmetry). */
    public enum Sparsity {
        /** One Gram matrix per constraint over its whole (reduced) basis. */
        NONE,
        /**
         * Correlative sparsity (Waki, Kim, Kojima and Muramatsu 2006): the polynomial is written as a sum of
         * SOS parts, one per maximal clique of a chordal extension of its variables' graph (an edge when two
         * variables share a term), each on the basis monomials in that clique's variables. A restriction: any
         * certificate found is valid, but a polynomial may be SOS and have no such decomposition. With one
         * clique the program is the one of {@link #NONE}. In a region-of-attraction analysis it also changes
         * the level-set certificate to one that has such cliques (V split along them, a multiplier per
         * clique; see {@link RegionOfAttraction}).
         */
        CORRELATIVE,
        /**
         * Term sparsity (Wang, Magron and Lasserre's TSSOS, SIAM J. Optim. 2021), block closure iterated to its
         * fixed point: the basis monomials are joined when their product lies in the polynomial's support
         * (decision-variable terms included) or is the square of a basis monomial; the support gains every
         * product within a connected component and the graph is built again until the components stop
         * changing; then one Gram matrix per component (each still split by sign symmetry where that applies).
         * Not a restriction: every Gram matrix on the whole basis, cut to its blocks, is still one of the same
         * polynomial, so a program has the same feasible decision variables and optimum as with {@link #NONE}
         * (the certificate found is checked as always). The blocks lie within the sign-symmetry classes, so with
         * the SOS cone they save only where they are finer; with DSOS and SDSOS every split saves. With one
         * component the program is the one of {@link #NONE}. A region-of-attraction analysis keeps its
         * certificates and only builds their Gram matrices so.
         */
        TERM
    }

    private final Cone cone;
    private final Sparsity sparsity;
    private final boolean newtonReduction;
    private final SdpOptions sdpOptions;
    private final double certificateTolerance;
    private final Consumer<SdpProblem> problemObserver;

    private SosOptions(Cone cone, Sparsity sparsity, boolean newtonReduction, SdpOptions sdpOptions,
            double certificateTolerance, Consumer<SdpProblem> problemObserver) {
        this.cone = cone;
        this.sparsity = sparsity;
        this.newtonReduction = newtonReduction;
        this.sdpOptions = sdpOptions;
        this.certificateTolerance = certificateTolerance;
        this.problemObserver = problemObserver;
    }

    /**
     * @return SOS cone, no sparsity, Newton-polytope reduction on, {@link SdpOptions#defaults()},
     *     certificate tolerance 1e-9
     */
    public static SosOptions defaults() {
        return new SosOptions(Cone.SOS, Sparsity.NONE, true, SdpOptions.defaults(), 1e-9, problem -> { });
    }

    /**
     * @param c the Gram cone, not null
     * @return a copy with it set
     */
    public SosOptions withCone(Cone c) {
        return new SosOptions(Checks.notNull(c, "cone"), sparsity, newtonReduction, sdpOptions, certificateTolerance,
                problemObserver);
    }

    /**
     * @param s the sparsity exploited in the Gram matrices, not null
     * @return a copy with it set
     */
    public SosOptions withSparsity(Sparsity s) {
        return new SosOptions(cone, Checks.notNull(s, "sparsity"), newtonReduction, sdpOptions, certificateTolerance,
                problemObserver);
    }

    /**
     * @param on whether to reduce Gram bases by the Newton polytope and by the declared free multiples
     *     (off: every monomial up to half the degree, for comparison)
     * @return a copy with it set
     */
    public SosOptions withNewtonReduction(boolean on) {
        return new SosOptions(cone, sparsity, on, sdpOptions, certificateTolerance,
                problemObserver);
    }

    /**
     * @param options the SDP solver's settings, not null
     * @return a copy with them set
     */
    public SosOptions withSdpOptions(SdpOptions options) {
        return new SosOptions(cone, sparsity, newtonReduction, Checks.notNull(options, "sdpOptions"), certificateTolerance,
                problemObserver);
    }

    /**
     * @param tolerance the largest coefficient of {@code p - m'Qm} that may remain unabsorbed by the Gram
     *     matrix, relative to the largest coefficient of p; finite and {@code > 0}
     * @return a copy with it set
     */
    public SosOptions withCertificateTolerance(double tolerance) {
        return new SosOptions(cone, sparsity, newtonReduction, sdpOptions, Checks.positive(tolerance, "certificateTolerance"),
                problemObserver);
    }

    /**
     * Sets what receives each SDP before it is solved: the compiled problem exactly as the solver gets it
     * (for example, to write it with {@link dev.mallard.sdp.SdpaFormat} and solve it with another solver).
     * A region-of-attraction analysis hands over every SDP it solves.
     *
     * @param observer called once per solve, on the solving thread; not null
     * @return a copy with it set
     */
    public SosOptions withProblemObserver(Consumer<SdpProblem> observer) {
        return new SosOptions(cone, sparsity, newtonReduction, sdpOptions, certificateTolerance,
                Checks.notNull(observer, "problemObserver"));
    }

    /** @return what receives each compiled SDP before it is solved (by default, nothing is done) */
    public Consumer<SdpProblem> problemObserver() {
        return problemObserver;
    }

    /** @return the Gram cone */
    public Cone cone() {
        return cone;
    }

    /** @return the sparsity exploited in the Gram matrices */
    public Sparsity sparsity() {
        return sparsity;
    }

    /** @return whether Gram bases are reduced by the Newton polytope */
    public boolean newtonReduction() {
        return newtonReduction;
    }

    /** @return the SDP solver's settings */
    public SdpOptions sdpOptions() {
        return sdpOptions;
    }

    /** @return the relative tolerance of the certificate's polynomial identity */
    public double certificateTolerance() {
        return certificateTolerance;
    }

    @Override
    public String toString() {
        return "SosOptions[" + cone + ", sparsity=" + sparsity + ", newtonReduction=" + newtonReduction + ", certificateTolerance="
                + certificateTolerance + "]";
    }
}
