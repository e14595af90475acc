package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The largest level of a fixed V certified with correlative sparsity ({@link SosOptions.Sparsity#CORRELATIVE}),
 * in the form of Waki, Kim, Kojima and Muramatsu (2006): every constraint in the variables of one clique, with
 * a multiplier per clique in that clique's variables.
 *
 * <p>Drake's certificate {@code (y'y)^d (V - rho) - lambda Vdot} has no correlative sparsity: any multiplier
 * that is not constant joins every variable of its own terms with every variable of V (or of Vdot). So the
 * level set is split instead. V is the sum of its components V_c (the connected components of the graph of its
 * terms, with disjoint variables). The graph joins the variables of each term of Vdot and all the variables of
 * each component; its chordal extension's maximal cliques C_k ({@link ChordalCliques}) each hold some
 * components whole, whose sum is W_k. For a fixed rho the program is
 * <pre>
 *   -Vdot - sum_k s_k (rho - W_k)   SOS with correlative sparsity,   s_k SOS in C_k's variables,
 * </pre>
 * (no s_k where C_k holds no component), its Gram margin maximised ({@link SosProgram#maximizeGramMargin});
 * the s_k have no terms below degree 2 (at y = 0 the certificate is {@code -rho sum s_k(0)}). It is sound:
 * each component of V is at least 0 ({@code V - c0} is, c0 its constant term, which the candidate's check
 * proves, and setting the other components' variables to 0 leaves the one component), so
 * {@code V - c0 <= rho} gives {@code W_k <= rho} for every k, and then {@code -Vdot >= margin |m(y)|^2 > 0}
 * for y != 0 (a level counts as certified only when the Gram basis holds every y_i); a level rho of the
 * components is the level {@code rho + c0} of V. It is more conservative than the dense certificate: it proves
 * Vdot negative on the larger set {@code {W_k <= rho for all k}}.
 *
 * <p>The multipliers have degree {@code deg Vdot - deg V} rounded down to even, at least 2, or
 * {@link RegionOfAttractionOptions#multiplierDegree()} so rounded when it is set; only their monomials invariant
 * under the sign symmetries of V and Vdot ({@link SignSymmetry}), as in the dense search. The level is not
 * linear in this form (rho multiplies the s_k), so it is found by bisection, each step one SDP whose
 * certificate is checked ({@link SosSolution#isVerified()} with a positive margin): the certified level is the
 * highest that verified, to a relative {@link #RELATIVE_PRECISION}; the optimal level reported is the lowest that
 * did not. Levels are searched in the units of {@link ProblemScaling} (diagonal, so the cliques are the same).
 */
final class CorrelativeLevelSearch {

    /** The bisection stops when the levels certified and refused are this close, relative to the refused. */
    static final double RELATIVE_PRECISION = 1e-3;
    /** Doublings or halvings of the level tried while bracketing it. */
    private static final int MAX_BRACKET_STEPS = 40;

    private final List<Variable> y;
    private final Polynomial v;
    private final Polynomial vdot;
    private final RegionOfAttractionOptions options;
    private final List<List<Variable>> cliques;

    /**
     * @param y the displacement variables
     * @param v V in y, positive definite (checked by the caller)
     * @param vdot its time derivative, in y
     * @param options settings
     */
    CorrelativeLevelSearch(List<Variable> y, Polynomial v, Polynomial vdot, RegionOfAttractionOptions options) {
        this.y = y;
        this.v = v;
        this.vdot = vdot;
        this.options = options;
        Set<Monomial> support = new HashSet<>(vdot.monomials());
        for (List<Variable> component : components(v, y)) {
            Map<Variable, Integer> all = new HashMap<>();
            component.forEach(x -> all.put(x, 1));
            support.add(Monomial.of(all));
        }
        this.cliques = ChordalCliques.ofSupport(support, y);
    }

    /**
     * Refuses the options this search does not carry into its program.
     *
     * @param options the settings
     * @throws IllegalArgumentException naming the option that cannot go with correlative sparsity
     */
    static void checkApplicable(RegionOfAttractionOptions options) {
        if (options.sosOptions().sparsity() != SosOptions.Sparsity.CORRELATIVE) {
            return;
        }
        String other = options.useImplicitDynamics() ? "useImplicitDynamics"
                : options.stateRegion() != null ? "a state region"
                : !options.uncertainParameters().entries().isEmpty() ? "uncertain parameters"
                : options.exactProof() ? "exactProof"
                : options.enlargementIterations() > 0 ? "enlargement"
                : options.lyapunovDegree() > 2 ? "lyapunovDegree " + options.lyapunovDegree()
                : options.shapeMatrix() != null ? "a shape matrix" : null;
        if (other != null) {
            throw new IllegalArgumentException("correlative sparsity is available for a fixed V of explicit "
                    + "polynomial dynamics, not with " + other + " (leave the sparsity at NONE)");
        }
    }

    /** @return whether the graph is one clique of every variable (then the dense search is today's program) */
    boolean isOneClique() {
        return cliques.size() == 1 && cliques.get(0).size() == y.size();
    }

    /** @return the cliques, each in the order of y */
    List<List<Variable>> cliques() {
        return cliques;
    }

    /**
     * @return the outcome (verified, with the certificate of the level certified)
     * @throws RegionOfAttractionException if no positive level verifies
     */
    LevelSetSearch.Outcome run() {
        ProblemScaling scaling = ProblemScaling.estimate(v, vdot, List.of(), y, options.seed());
        Polynomial vs = scaling.v(v, y);
        Polynomial vdots = scaling.vdot(vdot, y);
        Set<Monomial> symmetric = new HashSet<>(vs.monomials());
        symmetric.addAll(vdots.monomials());
        int wanted = options.multiplierDegree() >= 0 ? options.multiplierDegree()
                : vdots.totalDegree() - vs.totalDegree();
        Levels levels = new Levels(vdots, split(vs), new SignSymmetry(symmetric, y),
                Math.max(2, wanted - Math.floorMod(wanted, 2)));
        levels.bracket();
        levels.bisect();
        LevelSetSearch.Outcome out = levels.out;
        if (levels.best == null) {
            throw new RegionOfAttractionException("no positive level set of V is certified with correlative "
                    + "sparsity (down to " + levels.hi * scaling.levelUnit() + "): the per-clique certificate is "
                    + "too conservative for this V, or V is not a local Lyapunov function", out.statuses);
        }
        out.verified = true;
        out.lambdaFree = false;
        // The parts sum to V less its constant term c0 (V's check proved V - c0 a sum of squares), so the level
        // rho of the parts is the level rho + c0 of V.
        double c0 = v.coefficient(Monomial.ONE);
        out.certifiedRho = levels.lo * scaling.levelUnit() + c0;
        out.optimalRho = (levels.hi < Double.POSITIVE_INFINITY ? levels.hi : levels.lo) * scaling.levelUnit() + c0;
        out.lambda = Polynomial.ZERO;
        out.norm = Polynomial.constant(1.0);
        out.certificates.addAll(levels.best.certificates());
        return out;
    }

    /** The levels tried (in scaled units): the highest certified with its solution, the lowest refused. */
    private final class Levels {
        final Polynomial vdots;
        final List<Polynomial> parts;
        final SignSymmetry symmetry;
        final int multiplierDegree;
        final LevelSetSearch.Outcome out = new LevelSetSearch.Outcome();
        double lo;
        double hi = Double.POSITIVE_INFINITY;
        SosSolution best;

        Levels(Polynomial vdots, List<Polynomial> parts, SignSymmetry symmetry, int multiplierDegree) {
            this.vdots = vdots;
            this.parts = parts;
            this.symmetry = symmetry;
            this.multiplierDegree = multiplierDegree;
        }

        /** From 1, doubles while certified or halves while refused, until a level of each kind is known. */
        void bracket() {
            double rho = 1.0;
            for (int step = 0; step < MAX_BRACKET_STEPS && (best == null || hi == Double.POSITIVE_INFINITY); step++) {
                rho = tryLevel(rho) ? 2 * rho : rho / 2;
            }
        }

        /** Halves the bracket until it is within the relative precision. */
        void bisect() {
            while (best != null && hi < Double.POSITIVE_INFINITY && hi - lo > RELATIVE_PRECISION * hi) {
                tryLevel(0.5 * (lo + hi));
            }
        }

        private boolean tryLevel(double rho) {
            SosSolution s = attempt(rho, vdots, parts, symmetry, multiplierDegree, out);
            if (certifies(s)) {
                lo = rho;
                best = s;
                return true;
            }
            hi = rho;
            return false;
        }
    }

    /**
     * Verified with a positive margin, the certificate's basis holding every y_i (the last constraint is the
     * certificate): then it is at least {@code margin |y|^2}, positive away from the origin.
     */
    private boolean certifies(SosSolution s) {
        if (!s.isVerified() || !(s.gramMargin() > 0)) {
            return false;
        }
        List<SosCertificate> all = s.certificates();
        List<Monomial> basis = all.get(all.size() - 1).basis();
        return y.stream().allMatch(x -> basis.contains(Monomial.of(x)));
    }

    /** The program at level rho (in scaled units), solved; its statistics recorded in {@code out}. */
    private SosSolution attempt(double rho, Polynomial vdots, List<Polynomial> parts, SignSymmetry symmetry,
            int multiplierDegree, LevelSetSearch.Outcome out) {
        SosProgram program = new SosProgram(y);
        PolynomialExpression certificate = PolynomialExpression.of(vdots.negate());
        for (int k = 0; k < cliques.size(); k++) {
            Polynomial inClique = Polynomial.ZERO;
            for (Polynomial part : parts) {
                if (cliques.get(k).containsAll(part.variables())) {
                    inClique = inClique.add(part);
                }
            }
            if (!inClique.isZero()) {
                List<Monomial> basis = symmetry.invariantOf(Monomial.range(cliques.get(k), 2, multiplierDegree));
                PolynomialExpression s = program.newFreePolynomial("s" + k, basis);
                program.addSosConstraint("s" + k, s);
                certificate = certificate.minus(s.times(Polynomial.constant(rho).sub(inClique)));
            }
        }
        program.addSosConstraint("Vdot < 0 where every W_k <= rho", certificate);
        program.maximizeGramMargin(1.0);
        SosSolution s = program.solve(options.sosOptions());
        out.solves++;
        out.statuses.add(s.status());
        out.iterations += s.iterations();
        out.solverSeconds += s.solveSeconds() + s.buildSeconds();
        return s;
    }

    /** The components of V (constant term dropped), each as the polynomial of its terms. */
    private List<Polynomial> split(Polynomial vs) {
        List<Polynomial> parts = new ArrayList<>();
        for (List<Variable> component : components(vs, y)) {
            Map<Monomial, Double> terms = new HashMap<>();
            vs.terms().forEach((m, c) -> {
                if (!m.variables().isEmpty() && component.containsAll(m.variables())) {
                    terms.put(m, c);
                }
            });
            parts.add(Polynomial.of(terms));
        }
        return parts;
    }

    /** The connected components of the graph of p's terms on y (variables that share a term are joined). */
    static List<List<Variable>> components(Polynomial p, List<Variable> y) {
        int[] parent = new int[y.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        Set<Integer> occurring = new HashSet<>();
        for (Monomial m : p.monomials()) {
            int first = -1;
            for (int i = 0; i < y.size(); i++) {
                if (m.degree(y.get(i)) > 0) {
                    occurring.add(i);
                    if (first < 0) {
                        first = i;
                    } else {
                        parent[root(parent, i)] = root(parent, first);
                    }
                }
            }
        }
        Map<Integer, List<Variable>> byRoot = new java.util.TreeMap<>();
        for (int i = 0; i < y.size(); i++) {
            if (occurring.contains(i)) {
                byRoot.computeIfAbsent(root(parent, i), r -> new ArrayList<>()).add(y.get(i));
            }
        }
        return new ArrayList<>(byRoot.values());
    }

    private static int root(int[] parent, int i) {
        int r = i;
        while (parent[r] != r) {
            r = parent[r];
        }
        return r;
    }
}
