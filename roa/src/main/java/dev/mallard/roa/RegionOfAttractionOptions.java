package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Format;
import dev.mallard.sdp.SdpOptions;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;

import java.util.List;

/**
 * Immutable settings of {@link RegionOfAttraction#analyze}. Start from {@link #defaults()}; each
 * {@code with*} method returns a new object. Drake's RegionOfAttractionOptions are
 * {@link #withLyapunovCandidate}, {@link #withStateVariables}, {@link #withUseImplicitDynamics} and
 * {@link #withSolverOptions} (Drake's {@code solver_options}); Drake's {@code solver_id} has no counterpart, since
 * Mallard has one SDP solver. The rest control what Mallard adds (a matrix candidate, the SOS cone, the
 * certificate back-off, the simulation cross-check, enlargement, state regions, uncertain parameters).
 */
public final class RegionOfAttractionOptions {

    private Expression lyapunovCandidate = Expression.ZERO;
    private double[][] quadraticCandidate;
    private double[][] shapeMatrix;
    private List<Variable> stateVariables = List.of();
    private boolean useImplicitDynamics;
    private SosOptions sosOptions = SosOptions.defaults();
    private double certificateBackoff = 1e-7;
    private int simulationSamples = 16;
    private double simulationHorizon = 20.0;
    private double convergenceTolerance = 1e-3;
    private long seed = 1;
    private int enlargementIterations;
    private int volumeSamples = 20000;
    private int multiplierDegree = -1;
    private StateRegion stateRegion;
    private ParameterBox uncertainParameters = ParameterBox.empty();
    private LevelSearchObserver levelSearchObserver = (problem, c, unit) -> { };
    private int lyapunovDegree = 2;
    private boolean simulationGuidance = true;
    private boolean exactProof;

    private RegionOfAttractionOptions() {
    }

    private RegionOfAttractionOptions copy() {
        RegionOfAttractionOptions o = new RegionOfAttractionOptions();
        o.lyapunovCandidate = lyapunovCandidate;
        o.quadraticCandidate = quadraticCandidate;
        o.shapeMatrix = shapeMatrix;
        o.stateVariables = stateVariables;
        o.useImplicitDynamics = useImplicitDynamics;
        o.sosOptions = sosOptions;
        o.certificateBackoff = certificateBackoff;
        o.simulationSamples = simulationSamples;
        o.simulationHorizon = simulationHorizon;
        o.convergenceTolerance = convergenceTolerance;
        o.seed = seed;
        o.enlargementIterations = enlargementIterations;
        o.volumeSamples = volumeSamples;
        o.multiplierDegree = multiplierDegree;
        o.stateRegion = stateRegion;
        o.uncertainParameters = uncertainParameters;
        o.levelSearchObserver = levelSearchObserver;
        o.lyapunovDegree = lyapunovDegree;
        o.simulationGuidance = simulationGuidance;
        o.exactProof = exactProof;
        return o;
    }

    /**
     * @return no candidate (solve the Lyapunov equation), no state variables (x0, x1, ...), explicit
     *     dynamics, default SOS options, certificate back-off 1e-7 (then 1e-6, ... up to 0.1), 16 simulated samples over 20 s with
     *     convergence tolerance 1e-3 and seed 1, no enlargement, 20000 volume samples
     */
    public static RegionOfAttractionOptions defaults() {
        return new RegionOfAttractionOptions();
    }

    /**
     * @param candidate a polynomial Lyapunov candidate in the state variables (or in variables named x0, x1,
     *     ... when no state variables are given); {@link Expression#ZERO} for none
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withLyapunovCandidate(Expression candidate) {
        RegionOfAttractionOptions o = copy();
        o.lyapunovCandidate = Checks.notNull(candidate, "lyapunovCandidate");
        o.quadraticCandidate = null;
        return o;
    }

    /**
     * The candidate {@code V = (x - x*)' P (x - x*)} about the context's fixed point x*: for a plant under LQR,
     * the cost-to-go {@code S} of {@link dev.mallard.systems.controllers.LinearQuadraticRegulator.Result#s()},
     * whose decrease {@code (x - x*)'(Q + K'RK)(x - x*)} along the linearisation is the controller's own.
     * Replaces a {@link #withLyapunovCandidate} candidate.
     *
     * @param p an n x n symmetric matrix (n the continuous states), finite; not modified (copied). It is checked
     *     positive definite by the analysis
     * @return a copy with it set
     * @throws IllegalArgumentException if p is not square, symmetric (to 1e-9 relative) and finite
     */
    public RegionOfAttractionOptions withQuadraticCandidate(double[][] p) {
        double[][] copy = symmetricCopy(p, "quadraticCandidate");
        RegionOfAttractionOptions o = copy();
        o.quadraticCandidate = copy;
        o.lyapunovCandidate = Expression.ZERO;
        return o;
    }

    /**
     * Asks for the estimate that holds the largest sublevel set {@code {(x - x*)'M(x - x*) <= beta}} of a given
     * shape (for a plant under LQR, the cost-to-go S): the analysis searches a quadratic V for it
     * (Jarvis-Wloszek's alternation with Topcu, Packard and Seiler's shape function), each V kept certified from
     * scratch, starting from the {@link #withQuadraticCandidate} candidate, else M when it is a Lyapunov
     * function of the linearisation, else the Lyapunov equation's; the level beta is
     * {@link RegionOfAttractionResult#shapeLevel()}. For dynamics polynomial in the state, or polynomial in it
     * and affine in each of sin and cos of the angles (an angle may also enter polynomially, as under a linear
     * feedback), without denominators; not with implicit dynamics, enlargement, a Lyapunov degree above 2, a
     * state region, uncertain parameters or an exact proof (the analysis refuses them).
     *
     * @param m an n x n symmetric positive definite matrix (n the continuous states), finite; copied
     * @return a copy with it set
     * @throws IllegalArgumentException if m is not square, symmetric (to 1e-9 relative) and finite (positive
     *     definiteness is checked by the analysis)
     */
    public RegionOfAttractionOptions withShapeMatrix(double[][] m) {
        double[][] copy = symmetricCopy(m, "shapeMatrix");
        RegionOfAttractionOptions o = copy();
        o.shapeMatrix = copy;
        return o;
    }

    /** @return the shape M of {@link #withShapeMatrix} (a copy), or null for none */
    public double[][] shapeMatrix() {
        return shapeMatrix == null ? null : copyOf(shapeMatrix);
    }

    private static double[][] copyOf(double[][] p) {
        double[][] out = new double[p.length][];
        for (int i = 0; i < out.length; i++) {
            out[i] = p[i].clone();
        }
        return out;
    }

    private static double[][] symmetricCopy(double[][] p, String name) {
        Checks.notNull(p, name);
        int n = p.length;
        double largest = 0.0;
        double[][] copy = new double[n][];
        for (int i = 0; i < n; i++) {
            if (p[i] == null || p[i].length != n) {
                throw new IllegalArgumentException(name + " must be square, got row " + i + " of "
                        + (p[i] == null ? "null" : p[i].length + " entries") + " in a matrix of " + n + " rows");
            }
            copy[i] = p[i].clone();
            for (double e : p[i]) {
                if (!Double.isFinite(e)) {
                    throw new IllegalArgumentException(name + " must be finite, got " + e + " in row " + i);
                }
                largest = Math.max(largest, Math.abs(e));
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                if (!(Math.abs(p[i][j] - p[j][i]) <= 1e-9 * largest)) {
                    throw new IllegalArgumentException(name + " must be symmetric, got " + p[i][j] + " at ("
                            + i + ", " + j + ") and " + p[j][i] + " at (" + j + ", " + i + ")");
                }
            }
        }
        return copy;
    }

    /** @return the matrix P of the candidate {@code (x - x*)'P(x - x*)} (a copy), or null for none */
    public double[][] quadraticCandidate() {
        return quadraticCandidate == null ? null : copyOf(quadraticCandidate);
    }

    /**
     * @param variables one variable per continuous state entry, in order, naming them in the candidate and
     *     in the result; empty for fresh variables x0, x1, ...
     * @return a copy with them set
     */
    public RegionOfAttractionOptions withStateVariables(List<Variable> variables) {
        RegionOfAttractionOptions o = copy();
        o.stateVariables = List.copyOf(Checks.notNull(variables, "stateVariables"));
        return o;
    }

    /**
     * @param on whether to analyse the implicit form {@code g(x, xdot) = d(x) xdot - n(x) = 0} obtained by
     *     clearing the denominators of rational dynamics (more indeterminates, but rational systems are
     *     admitted); for a {@code SymbolicVectorSystem} in mass-matrix form the implicit form is its own
     *     {@code M(x) xdot - f(x) = 0}, with no solve
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withUseImplicitDynamics(boolean on) {
        RegionOfAttractionOptions o = copy();
        o.useImplicitDynamics = on;
        return o;
    }

    /**
     * @param options settings of the SOS programs (cone, Newton reduction, SDP solver settings)
     * @return a copy with them set
     */
    public RegionOfAttractionOptions withSosOptions(SosOptions options) {
        RegionOfAttractionOptions o = copy();
        o.sosOptions = Checks.notNull(options, "sosOptions");
        return o;
    }

    /**
     * Drake's {@code solver_options}: the settings of the SDP solver that solves every SOS program of the
     * analysis (tolerances, iteration limit, step fraction, listener). The same as
     * {@code withSosOptions(sosOptions().withSdpOptions(options))}, keeping the other SOS settings.
     *
     * @param options the SDP solver's settings, not null
     * @return a copy with them set
     * @throws NullPointerException naming sdpOptions if {@code options} is null
     */
    public RegionOfAttractionOptions withSolverOptions(SdpOptions options) {
        return withSosOptions(sosOptions.withSdpOptions(options));
    }

    /** @return the SDP solver's settings, those of {@link #sosOptions()} (Drake's {@code solver_options}) */
    public SdpOptions solverOptions() {
        return sosOptions.sdpOptions();
    }

    /**
     * @param backoff the first relative amount by which the certified level is below the optimal one, so
     *     that the certificate has a strictly feasible Gram matrix; in (0, 0.1]. If the certificate fails
     *     its check, the back-off is multiplied by 10 and the certificate retried, while it stays
     *     {@code <= 0.1}: the level certified is the first, so the highest, of these whose projected
     *     certificate verifies
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withCertificateBackoff(double backoff) {
        if (!(backoff > 0 && backoff <= 0.1)) {
            throw new IllegalArgumentException("certificateBackoff must be in (0, 0.1], got " + backoff);
        }
        RegionOfAttractionOptions o = copy();
        o.certificateBackoff = backoff;
        return o;
    }

    /**
     * @param samples initial states to simulate (half inside, half on the boundary of the estimate),
     *     {@code >= 0}; 0 turns the cross-check off
     * @param horizon simulated time per sample, seconds, finite and {@code > 0}
     * @param tolerance distance from the fixed point counted as converged, {@code > 0}
     * @param randomSeed seed of the sampling
     * @return a copy with them set
     */
    public RegionOfAttractionOptions withSimulationCheck(int samples, double horizon, double tolerance,
            long randomSeed) {
        RegionOfAttractionOptions o = copy();
        o.simulationSamples = Checks.nonNegative(samples, "samples");
        o.simulationHorizon = Checks.positive(horizon, "horizon");
        o.convergenceTolerance = Checks.positive(tolerance, "tolerance");
        o.seed = randomSeed;
        return o;
    }

    /**
     * @param iterations rounds of V-iteration (alternating between the multiplier and V) after the
     *     fixed-candidate analysis, {@code >= 0}; 0 turns enlargement off
     * @param samples Monte Carlo samples for the area/volume estimates, {@code >= 100}
     * @return a copy with them set
     */
    public RegionOfAttractionOptions withEnlargement(int iterations, int samples) {
        if (samples < 100) {
            throw new IllegalArgumentException("volume samples must be >= 100, got " + samples);
        }
        RegionOfAttractionOptions o = copy();
        o.enlargementIterations = Checks.nonNegative(iterations, "iterations");
        o.volumeSamples = samples;
        return o;
    }

    /**
     * @param degree the degree of the level-set multiplier lambda (SOSTOOLS' and Drake's multiplier degree),
     *     {@code >= 0}, even when lambda must be SOS (Vdot not locally negative definite, which the analysis
     *     then refuses naming the degree); -1 for the default: the degree of Vdot rounded up to even, or 0 (a
     *     constant) with uncertain parameters, which raise the certificate's degree (a higher degree there
     *     gives a larger SDP that the solver may fail to resolve). The
     *     S-procedure multipliers of a region or parameter box take the largest even degree within the
     *     certificate's degree. With {@link SosOptions.Sparsity#CORRELATIVE} it is the degree of the
     *     per-clique multipliers instead (rounded down to even, at least 2)
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withMultiplierDegree(int degree) {
        if (degree < -1) {
            throw new IllegalArgumentException("multiplierDegree must be >= 0 (or -1 for the default), got " + degree);
        }
        RegionOfAttractionOptions o = copy();
        o.multiplierDegree = degree;
        return o;
    }

    /**
     * @param region the region of the state space the analysis is restricted to (the estimate is certified to
     *     lie inside it, see {@link StateRegion}), or null for none; explicit polynomial or implicit dynamics
     *     only, without enlargement
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withStateRegion(StateRegion region) {
        RegionOfAttractionOptions o = copy();
        o.stateRegion = region;
        return o;
    }

    /**
     * @param box uncertain numeric parameters: one certificate for every parameter vector in the box (robust
     *     analysis), the default candidate from the linearisation at the context's parameter values and the
     *     default multiplier a constant (see {@link #withMultiplierDegree}); explicit polynomial dynamics only,
     *     with an equilibrium that does not move with the parameters, without enlargement.
     *     {@link ParameterBox#empty()} for none
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withUncertainParameters(ParameterBox box) {
        RegionOfAttractionOptions o = copy();
        o.uncertainParameters = Checks.notNull(box, "uncertainParameters");
        return o;
    }

    /**
     * @param observer receives, after it is solved, the SDP of the largest level (the one whose optimum is
     *     {@link RegionOfAttractionResult#optimalRho()}, before back-off), with the constant and unit that turn
     *     its objective into rho (see {@link LevelSearchObserver}). Called once per level search (with
     *     enlargement, once per V-iteration step too: the last is the final estimate's); not null
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withLevelSearchObserver(LevelSearchObserver observer) {
        RegionOfAttractionOptions o = copy();
        o.levelSearchObserver = Checks.notNull(observer, "levelSearchObserver");
        return o;
    }

    /** @return the level-set multiplier's degree (-1: the default) */
    public int multiplierDegree() {
        return multiplierDegree;
    }

    /** @return the state region the analysis is restricted to, or null for none */
    public StateRegion stateRegion() {
        return stateRegion;
    }

    /** @return the uncertain parameters (empty: none) */
    public ParameterBox uncertainParameters() {
        return uncertainParameters;
    }

    /** @return what receives the SDP of the largest level and its objective's constant */
    public LevelSearchObserver levelSearchObserver() {
        return levelSearchObserver;
    }

    /**
     * @param degree the degree of the Lyapunov function: 2 (the default) certifies the candidate's own level;
     *     4, 6 or 8 searches V of that degree by bilinear alternation from the quadratic estimate (see
     *     {@link RegionOfAttraction}; guided by simulation unless {@link #withSimulationGuidance} turns it off),
     *     so that {@code {V <= 1}} fills more of the region; explicit polynomial
     *     dynamics, or dynamics in sin and cos of angles recast exactly (V then a polynomial in sin, cos - 1
     *     and the other states); refused where sin and cos are enclosed
     * @return a copy with it set
     * @throws IllegalArgumentException if the degree is not 2, 4, 6 or 8
     */
    public RegionOfAttractionOptions withLyapunovDegree(int degree) {
        if (degree < 2 || degree > 8 || degree % 2 != 0) {
            throw new IllegalArgumentException("lyapunovDegree must be 2, 4, 6 or 8, got " + degree);
        }
        RegionOfAttractionOptions o = copy();
        o.lyapunovDegree = degree;
        return o;
    }

    /** @return the degree of the Lyapunov function searched (2: the fixed candidate) */
    public int lyapunovDegree() {
        return lyapunovDegree;
    }

    /**
     * @param guided whether the search for V of degree 4, 6 or 8 (explicit polynomial dynamics, or dynamics in
     *     sin and cos of the angles by their exact recast) is guided by
     *     simulation (the default, true): besides the alternation from the quadratic estimate, restarts of it
     *     whose shape function is the last certified V, and a start from a V fitted to the simulated boundary
     *     of the true region, the largest certified estimate kept (on the time-reversed Van der Pol oscillator
     *     with mu = 3 and degree 6 it certifies 94% of the true area instead of 53%, at about four times the
     *     SDPs; on the two-machine power system, degree 4, 53% of the true region in its box instead of 22%
     *     at about 1.6 times the SDPs; see {@code SimulationGuidedSearch}). False: the alternation from the
     *     quadratic estimate alone. Enclosed sin and cos, and degree 2, ignore it. Every V returned is
     *     certified either way.
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withSimulationGuidance(boolean guided) {
        RegionOfAttractionOptions o = copy();
        o.simulationGuidance = guided;
        return o;
    }

    /** @return whether the search for V of higher degree is guided by simulation (default true) */
    public boolean simulationGuidance() {
        return simulationGuidance;
    }

    /** @return the Lyapunov candidate ({@link Expression#ZERO}: none) */
    public Expression lyapunovCandidate() {
        return lyapunovCandidate;
    }

    /** @return the state variables (empty: x0, x1, ...), unmodifiable */
    public List<Variable> stateVariables() {
        return stateVariables;
    }

    /** @return whether the implicit form is analysed */
    public boolean useImplicitDynamics() {
        return useImplicitDynamics;
    }

    /** @return the SOS settings */
    public SosOptions sosOptions() {
        return sosOptions;
    }

    /** @return the relative back-off of the certified level */
    public double certificateBackoff() {
        return certificateBackoff;
    }

    /** @return the number of simulated samples (0: no cross-check) */
    public int simulationSamples() {
        return simulationSamples;
    }

    /** @return the simulated time per sample, seconds */
    public double simulationHorizon() {
        return simulationHorizon;
    }

    /** @return the distance from the fixed point counted as converged */
    public double convergenceTolerance() {
        return convergenceTolerance;
    }

    /** @return the random seed of the sampling */
    public long seed() {
        return seed;
    }

    /**
     * @param on whether to prove the certificate in exact rational arithmetic as well ({@link ExactProof}): the
     *     polynomial identity rebuilt exactly from V, the dynamics and the rounded multipliers, the Gram matrices
     *     projected onto it exactly and factored LDL' exactly. A level that verifies in floating point but is
     *     not proved exactly is backed off further like a failed check; if no level of the schedule is proved,
     *     the highest level verified in floating point is kept and {@link RegionOfAttractionResult#exactProof()}
     *     says why the proof failed. With {@link #withLyapunovDegree} above 2 the searched V is proved (its
     *     positivity, its multiplier and its level certificate, on the circles for sin/cos dynamics), its level
     *     backed off by 0.1%, 1% and 10% if needed. With {@link #withShapeMatrix} the shape search's final
     *     certificate is proved (V positive definite, its level certificate on the lifted sin and cos with the
     *     circles, {@code {V <= rho}} in the angles' boxes and the shape's level inside it), rho backed off the
     *     same way and the shape's level with it. Refused (IllegalArgumentException at analysis) where the
     *     certificate is not a polynomial identity of the dynamics: sin and cos enclosed by Taylor bounds (the
     *     enclosure's vertex polynomials), a state region, uncertain parameters, V-iteration
     * @return a copy with it set
     */
    public RegionOfAttractionOptions withExactProof(boolean on) {
        RegionOfAttractionOptions o = copy();
        o.exactProof = on;
        return o;
    }

    /** @return whether the certificate is also proved in exact rational arithmetic */
    public boolean exactProof() {
        return exactProof;
    }

    /** @return the rounds of V-iteration (0: none) */
    public int enlargementIterations() {
        return enlargementIterations;
    }

    /** @return the Monte Carlo samples of the area/volume estimates */
    public int volumeSamples() {
        return volumeSamples;
    }

    /**
     * @return every setting, as {@code RegionOfAttractionOptions[lyapunovCandidate=none, stateVariables=[],
     *     useImplicitDynamics=false, SosOptions[...], certificateBackoff=1.0E-5, simulation check of 16 samples
     *     over 20.0 s to 0.001 (randomSeed=1), 0 enlargement iterations with 20000 volume samples]}, followed
     *     by the Lyapunov degree, multiplier degree, state region and parameter box when set
     */
    @Override
    public String toString() {
        return "RegionOfAttractionOptions[lyapunovCandidate="
                + (quadraticCandidate != null ? "(x - x*)'P(x - x*) with a " + quadraticCandidate.length + " x "
                        + quadraticCandidate.length + " P" : lyapunovCandidate.equals(Expression.ZERO) ? "none"
                        : lyapunovCandidate) + ", stateVariables="
                + stateVariables + ", useImplicitDynamics=" + useImplicitDynamics + ", " + sosOptions
                + ", certificateBackoff=" + certificateBackoff + ", simulation check of "
                + Format.count(simulationSamples, "sample") + " over " + simulationHorizon + " s to "
                + convergenceTolerance + " (randomSeed=" + seed + "), "
                + Format.count(enlargementIterations, "enlargement iteration") + " with "
                + Format.count(volumeSamples, "volume sample")
                + (lyapunovDegree == 2 ? "" : ", lyapunovDegree=" + lyapunovDegree)
                + (simulationGuidance ? "" : ", simulationGuidance=false")
                + (shapeMatrix == null ? "" : ", shape (x - x*)'M(x - x*) with a " + shapeMatrix.length + " x "
                        + shapeMatrix.length + " M")
                + (multiplierDegree < 0 ? "" : ", multiplierDegree=" + multiplierDegree)
                + (stateRegion == null ? "" : ", inside " + stateRegion)
                + (uncertainParameters.isEmpty() ? "" : ", for every " + uncertainParameters) + "]";
    }
}
