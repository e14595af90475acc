package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The quadratic Lyapunov function whose certified sublevel set holds the largest sublevel set
 * {@code {y'My <= beta}} of a given shape, by the alternation of Jarvis-Wloszek (2003) with the shape
 * function of Topcu, Packard and Seiler (2008): maximise beta over {@code V = y'Py} such that
 * {@code {y'My <= beta}} lies in {@code {V <= 1}} ({@code beta P <= M}, a matrix inequality) and {@code {V <= 1}}
 * is certified on the dynamics lifted to polynomials ({@link LiftedDynamics}: per angle q, {@code s = sin q} and
 * {@code c = cos q - 1} as variables, with constraints g_i >= 0 and h_j = 0 that every true state of the box
 * {@code |q| <= h_q <= pi} satisfies) by
 * {@code N (V - 1) - lambda Vdot - sum_i sigma_i g_i + sum_j mu_j h_j} SOS with a positive Gram margin (N a
 * positive definite quadratic form in the state, lambda a positive number, sigma_i SOS of degree 2 in the state
 * and the lifted variables, mu_j free; for polynomial dynamics no g_i, h_j): at a true state of the box other
 * than the equilibrium with {@code V <= 1}, {@code N (V - 1) <= 0} and every {@code sigma_i g_i >= 0}, so
 * {@code lambda Vdot < 0}, and the lifted Vdot is the true one there. The box contains {@code {V <= 1}} (its
 * level is capped at {@code h_q^2 / (P^-1)_qq}). The lifted certificate sees that sin and cos are tied by the
 * circle and may use s and c in its multipliers, so it certifies more than vertex fields (sin and cos replaced
 * by the ends of their chords, each vertex certified alone): on the planar quadrotor 1.108 against 1.068, and
 * 1.149 with every multiplier restricted to the monomials invariant under the problem's sign symmetries
 * ({@code symmetry}), which loses nothing in exact arithmetic and halves the time.
 * <ol>
 * <li>P fixed: the largest level of y'Py with N fixed (|y|^2 at first, then the last certificate's; one SDP),
 *     then at a level backed off from it a certificate with N free (trace n), of maximal Gram margin, checked
 *     independently; P is rescaled to that level.</li>
 * <li>N and lambda fixed: the conditions are linear in P and 1/beta; one SDP minimises 1/beta (with
 *     {@code P >= e_q e_q' / h_q^2} for a box 40% beyond the current estimate's extent), a second centres P in
 *     the cones at 1/beta nine tenths of the way there.</li>
 * </ol>
 * Step 2 only proposes; a proposal is kept when step 1 certifies it from scratch and its beta, the exact
 * {@code 1 / lambda_max(M^-1 P)} backed off until {@code M - beta P} passes a Cholesky factorisation, is
 * larger. When it is not larger by 2e-3 relative, the current V is certified anew on the grown box and
 * step 2 tried once more from that certificate; the alternation stops when neither grows beta by that much. The
 * programs are solved in units where the shape's sublevel set {@code {y'My <= 1}} has unit extent
 * along every axis ({@code y = D w}), which is a change of variables: the certificates hold in y too.
 */
final class ShapeContainmentSearch {

    /** The most V-steps. */
    static final int MAX_STEPS = 20;
    /** The box on the angles for a V-step, relative to the current estimate's extent. */
    static final double BOX_GROWTH = 1.4;
    /** The box of the first estimate, relative to the extent of the sampled exact level. */
    static final double BOX_MARGIN = 1.1;
    /** How often the first box is halved when the start certifies on none. */
    static final int FIRST_BOX_HALVINGS = 4;
    /** Relative growth of beta below which the alternation stops. */
    private static final double STALL = 2e-3;
    private static final int RAYS = 2000;
    /** The floor under the free norm N of a level certificate: {@code N - NORM_FLOOR |w|^2} SOS. */
    static final double NORM_FLOOR = 1e-3;

    private final LiftedDynamics fields;
    /** The scaled variables w, {@code y = D w}. */
    final List<Variable> w = new ArrayList<>();
    /** The diagonal of D. */
    private final double[] d;
    /** M in w. */
    final double[][] shape;
    private final RegionOfAttractionOptions options;
    /** The status of every SDP solved, in order. */
    final List<SdpStatus> statuses = new ArrayList<>();
    int solves;
    int iterations;
    double solverSeconds;

    /**
     * A certified estimate {@code {w'Pw <= 1}} in the scaled variables, its box, the multipliers of its
     * certificate and the shape's level beta it holds.
     */
    record Estimate(double[][] p, double[] halfWidths, Polynomial norm, double lambda, double beta,
            List<SosCertificate> certificates) {
    }

    /**
     * @param fields the dynamics, lifted when they have angles
     * @param shape M, symmetric positive definite, in y
     * @param options settings (SOS options, back-off, seed)
     * @throws IllegalArgumentException if M is not positive definite or not of the state's size
     */
    ShapeContainmentSearch(LiftedDynamics fields, double[][] shape, RegionOfAttractionOptions options) {
        int n = fields.y.size();
        if (shape.length != n) {
            throw new IllegalArgumentException("shapeMatrix is " + shape.length + " x " + shape.length
                    + ", the system has " + n + " continuous states");
        }
        DMatrixRMaj inverse = new DMatrixRMaj(shape);
        if (!isPositiveDefinite(inverse) || !CommonOps_DDRM.invert(inverse)) {
            throw new IllegalArgumentException("shapeMatrix must be positive definite");
        }
        this.fields = fields;
        this.options = options;
        this.d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = Math.sqrt(inverse.get(i, i));
            w.add(new Variable("w" + i));
        }
        this.shape = toScaled(shape);
    }

    /**
     * @param start P of a quadratic candidate in y, positive definite, whose linearised Vdot is negative
     * @return the best certified estimate, or null when not even the start certifies
     */
    Estimate run(double[][] start) {
        double[][] p = toScaled(start);
        Estimate best = certifyFirst(p);
        if (best == null) {
            return null;
        }
        for (int k = 0; k < MAX_STEPS; k++) {
            double[] box = grownBox(best.p());
            Estimate next = improved(best, best, box);
            if (!grew(best, next)) {
                next = larger(next, retried(best, box));
            }
            if (next == null) {
                break;
            }
            boolean stalled = !grew(best, next);
            best = next;
            if (stalled) {
                break;
            }
        }
        return best;
    }

    /**
     * The V-step once more, from the current V certified anew on the grown box: the current certificate's N and
     * lambda were found on the previous, smaller box, where the lifted constraints are tighter, and with them the
     * V-step on the grown box can be a fixed point (on the planar quadrotor, with the solver's perturbed-pass
     * patience of 20, its 5th V-step returned 1/beta 0.93208 against the current 0.93168) while a certificate
     * of the same V on the grown box, of a level a little lower, leads on (c 1.07333 to 1.14672). Null if
     * neither certificate nor its proposal beats the current beta.
     */
    private Estimate retried(Estimate current, double[] box) {
        Estimate recentred = certify(current.p(), box, current.norm());
        return recentred == null ? null : improved(recentred, current, box);
    }

    /** Whether next's beta exceeds current's by more than {@link #STALL} relative; false if next is null. */
    private static boolean grew(Estimate current, Estimate next) {
        return next != null && next.beta() > current.beta() * (1 + STALL);
    }

    /** The estimate of larger beta, either possibly null; null if both are. */
    private static Estimate larger(Estimate a, Estimate b) {
        if (a == null) {
            return b;
        }
        return b == null || a.beta() >= b.beta() ? a : b;
    }

    /**
     * The V-step from an estimate's certificate on a box, its proposal certified from scratch there; null
     * unless that beta is larger than the current estimate's.
     */
    private Estimate improved(Estimate from, Estimate current, double[] box) {
        double[][] proposal = vStep(from, box);
        Estimate next = proposal == null ? null : certify(proposal, box, from.norm());
        return next != null && next.beta() > current.beta() ? next : null;
    }

    /**
     * The start certified on the first box, or on a box halved up to {@value #FIRST_BOX_HALVINGS} times: on a wide
     * box the chords of sin lose its slope at 0 (at half a turn the lower chord is 0, so {@code sin q} may be 0 and
     * an angle's restoring term vanishes), and no level of any V certifies, while a narrower box keeps it.
     */
    private Estimate certifyFirst(double[][] p) {
        double[] box = firstBox(p);
        Estimate best = certify(p, box, squaredNorm());
        for (int k = 0; k < FIRST_BOX_HALVINGS && best == null && fields.lifted(); k++) {
            for (int i = 0; i < box.length; i++) {
                box[i] *= 0.5;
            }
            best = certify(p, box, squaredNorm());
        }
        return best;
    }

    /** @return y'Py for P in w: {@code P_y = D^-1 P D^-1} */
    double[][] inDisplacement(double[][] p) {
        double[][] out = new double[p.length][p.length];
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p.length; j++) {
                out[i][j] = p[i][j] / (d[i] * d[j]);
            }
        }
        return out;
    }

    private double[][] toScaled(double[][] p) {
        double[][] out = new double[p.length][p.length];
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p.length; j++) {
                out[i][j] = p[i][j] * d[i] * d[j];
            }
        }
        return out;
    }

    /**
     * The dynamics in w ({@code wdot_j = f_j(D w) / d_j}), lifted when they have angles, with the lifted
     * constraints on the box (inequalities and equations), all in w and the lifted variables.
     */
    record Piece(List<Polynomial> field, List<Polynomial> region, List<Polynomial> equations) {
    }

    /** The dynamics and their constraints on the box {@code |w_q| <= halfWidths[q]}, in w. */
    Piece piece(double[] halfWidths) {
        int n = d.length;
        double[] outer = new double[n];
        for (int i = 0; i < n; i++) {
            outer[i] = fields.angle[i] ? halfWidths[i] * d[i] : Double.NaN;
        }
        LiftedDynamics.Form form = fields.form(outer);
        List<Polynomial> field = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            field.add(inW(form.field().get(j)).scale(1 / d[j]));
        }
        List<Polynomial> region = new ArrayList<>();
        form.inequalities().forEach(g -> region.add(inW(g)));
        List<Polynomial> equations = new ArrayList<>();
        form.equations().forEach(g -> equations.add(inW(g)));
        return new Piece(field, region, equations);
    }

    /** A polynomial in y and the lifted variables, in w ({@code y = D w}) and the lifted variables. */
    private Polynomial inW(Polynomial p) {
        List<Polynomial> to = new ArrayList<>();
        for (int i = 0; i < d.length; i++) {
            to.add(Polynomial.of(w.get(i)).scale(d[i]));
        }
        List<Variable> from = new ArrayList<>(fields.y);
        for (Variable l : fields.liftVariables()) {
            from.add(l);
            to.add(Polynomial.of(l));
        }
        return PolynomialAlgebra.compose(p, from, to);
    }

    /**
     * Step 1: P certified from scratch on the box, or null if it is not positive definite or no level of it
     * certifies with every certificate verified.
     */
    private Estimate certify(double[][] p, double[] halfWidths, Polynomial norm) {
        if (!isPositiveDefinite(new DMatrixRMaj(p))) {
            return null;
        }
        double boxLevel = boxLevel(p, halfWidths);
        Piece dynamics = piece(halfWidths);
        Polynomial v = quadratic(p);
        LevelProgram optimal = new LevelProgram(v, dynamics, norm);
        optimal.program.addLessOrEqual(AffineForm.of(optimal.rho), Math.min(boxLevel, 1e6 * trace(p)));
        optimal.program.maximize(AffineForm.of(optimal.rho));
        SosSolution first = optimal.program.solve(options.sosOptions());
        record(first);
        double top = Math.min(first.value(optimal.rho), boxLevel);
        if (!(top > 0) || !Double.isFinite(top)) {
            return null;
        }
        for (double backoff = Math.max(options.certificateBackoff(), 1e-6); backoff <= 0.1; backoff *= 10) {
            Estimate e = atLevel(p, v, dynamics, halfWidths, top * (1 - backoff));
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    /**
     * The certificate at a fixed level with a free norm, of maximal Gram margin; the estimate if it is verified
     * with lambda positive, else null.
     */
    private Estimate atLevel(double[][] p, Polynomial v, Piece dynamics, double[] halfWidths, double level) {
        LevelProgram centred = new LevelProgram(v, dynamics, level);
        centred.program.maximizeGramMargin(1.0);
        SosSolution solution = centred.program.solve(options.sosOptions());
        record(solution);
        double lambda = solution.value(centred.lambda);
        if (!(solution.isVerified() && solution.gramMargin() > 0 && lambda > 0)) {
            return null;
        }
        double[][] normalised = scale(p, 1 / level);
        return new Estimate(normalised, halfWidths, solution.value(centred.norm), lambda, containedLevel(normalised),
                solution.certificates());
    }

    /**
     * The level certificate {@code N (V - rho) - lambda Vdot - sum_i sigma_i g_i + sum_j mu_j h_j} SOS (g_i and h_j
     * the lifted constraints, {@link #addLevelSet}), with N fixed and rho a variable, or N free and rho fixed.
     */
    final class LevelProgram {
        final SosProgram program = new SosProgram(indeterminates());
        final DecisionVariable rho = program.newVariable("rho");
        final DecisionVariable lambda = program.newVariable("lambda");
        /** The fixed norm with the level free; a free positive definite form of trace n with the level fixed. */
        final PolynomialExpression norm;
        /** {@code N - 1e-3 |w|^2} SOS, with N free; else null. */
        SosConstraint normConstraint;
        /** The level certificate and its multipliers. */
        final LevelSet levelSet;

        /** The largest level with a fixed norm. */
        LevelProgram(Polynomial v, Piece dynamics, Polynomial fixedNorm) {
            this(v, dynamics, fixedNorm, Double.NaN, 0.0);
        }

        /** A fixed level with a free norm. */
        LevelProgram(Polynomial v, Piece dynamics, double level) {
            this(v, dynamics, level, 0.0);
        }

        /**
         * A fixed level with a free norm and {@code floor |w|^2} subtracted from the certificate, so that Vdot is
         * negative on the whole of {@code {V <= level}} but at the equilibrium, its boundary included.
         */
        LevelProgram(Polynomial v, Piece dynamics, double level, double floor) {
            this(v, dynamics, null, level, floor);
        }

        private LevelProgram(Polynomial v, Piece dynamics, Polynomial fixedNorm, double level, double floor) {
            SignSymmetry symmetry = symmetry(v, dynamics, fixedNorm);
            if (fixedNorm != null) {
                norm = PolynomialExpression.of(fixedNorm);
            } else {
                program.addEquality(AffineForm.of(rho), level);
                norm = program.newFreePolynomial("N", symmetry.invariantOf(Monomial.range(w, 2, 2)));
                normConstraint = program.addSosConstraint("N positive definite",
                        norm.minus(squaredNorm().scale(NORM_FLOOR)));
                AffineForm trace = AffineForm.ZERO;
                for (Variable wi : w) {
                    trace = trace.plus(norm.coefficient(Monomial.of(wi, 2)));
                }
                program.addEquality(trace, w.size());
            }
            Polynomial vdot = PolynomialAlgebra.directional(v, w, dynamics.field());
            PolynomialExpression e = (fixedNorm != null
                    ? norm.times(v).minus(PolynomialExpression.of(rho).times(fixedNorm))
                    : norm.times(v.sub(Polynomial.constant(level))))
                    .minus(PolynomialExpression.of(lambda).times(vdot));
            if (floor != 0.0) {
                e = e.minus(squaredNorm().scale(floor));
            }
            levelSet = addLevelSet(program, "level set", e, dynamics, symmetry);
        }
    }

    /**
     * Step 2: with the norm N and the multiplier lambda of the current estimate fixed, the P that holds the
     * largest level of the shape, centred in the cones; null if none improves on the current beta.
     */
    private double[][] vStep(Estimate current, double[] halfWidths) {
        Piece dynamics = piece(halfWidths);
        VProgram optimal = new VProgram(current, dynamics, halfWidths);
        optimal.program.minimize(AffineForm.of(optimal.t));
        SosSolution first = optimal.program.solve(options.sosOptions());
        record(first);
        double tCurrent = 1 / current.beta();
        double tBest = first.value(optimal.t);
        if (!Double.isFinite(tBest) || !(tBest < tCurrent)) {
            return null;
        }
        VProgram centred = new VProgram(current, dynamics, halfWidths);
        centred.program.addEquality(AffineForm.of(centred.t), tCurrent + 0.9 * (tBest - tCurrent));
        centred.program.maximizeGramMargin(1.0);
        SosSolution second = centred.program.solve(options.sosOptions());
        record(second);
        Polynomial v = second.isSuccess() && second.gramMargin() > 0 ? second.value(centred.v)
                : first.value(optimal.v);
        double[][] p = new double[w.size()][w.size()];
        for (int i = 0; i < w.size(); i++) {
            for (int j = 0; j < w.size(); j++) {
                double c = v.coefficient(Monomial.of(w.get(i)).multiply(Monomial.of(w.get(j))));
                p[i][j] = i == j ? c : 0.5 * c;
                if (!Double.isFinite(p[i][j])) {
                    return null;
                }
            }
        }
        return p;
    }

    /** The V-step's constraints: the level sets (lambda fixed), the shape inside, the box outside, V positive. */
    private final class VProgram {
        final SosProgram program = new SosProgram(indeterminates());
        final DecisionVariable t = program.newVariable("t");
        final PolynomialExpression v;

        VProgram(Estimate current, Piece dynamics, double[] halfWidths) {
            Polynomial norm = current.norm();
            SignSymmetry symmetry = symmetry(quadratic(current.p()), dynamics, norm);
            v = program.newFreePolynomial("V", symmetry.invariantOf(Monomial.range(w, 2, 2)));
            PolynomialExpression vdot = PolynomialExpression.ZERO;
            for (int i = 0; i < w.size(); i++) {
                vdot = vdot.plus(v.differentiate(w.get(i)).times(dynamics.field().get(i)));
            }
            addLevelSet(program, "level set", v.times(norm).minus(norm).minus(vdot.times(current.lambda())),
                    dynamics, symmetry);
            program.addSosConstraint("shape inside", PolynomialExpression.of(t).times(quadratic(shape)).minus(v));
            for (int q = 0; q < w.size(); q++) {
                if (fields.angle[q]) {
                    Polynomial wq = Polynomial.of(w.get(q));
                    program.addSosConstraint("box " + q, v.minus(wq.multiply(wq).scale(1 / (halfWidths[q]
                            * halfWidths[q]))));
                }
            }
            double floor = 1e-3 * smallestEigenvalue(current.p());
            program.addSosConstraint("V positive definite", v.minus(squaredNorm().scale(floor)));
        }
    }

    /** The box for a V-step: BOX_GROWTH times the extent of the current estimate along each angle. */
    private double[] grownBox(double[][] p) {
        double[] extent = extents(p);
        double[] out = new double[extent.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = fields.angle[i] ? Math.min(BOX_GROWTH * extent[i], Math.PI / d[i]) : Double.POSITIVE_INFINITY;
        }
        return out;
    }

    /**
     * The first box: BOX_MARGIN times the extent along each angle of the candidate's sublevel set at the least
     * level where the true Vdot turns non-negative along seeded rays (an estimate of its exact level, used only
     * to size the box; half a turn if no ray meets it).
     */
    private double[] firstBox(double[][] p) {
        Polynomial v = quadratic(p);
        PolynomialEvaluator value = new PolynomialEvaluator(v, w);
        Random random = new Random(options.seed());
        int n = w.size();
        double level = Double.POSITIVE_INFINITY;
        for (int k = 0; k < RAYS && fields.lifted(); k++) {
            double[] u = SublevelSet.unitDirection(random, n);
            for (double r = 1e-3; r < 1e2; r *= 1.02) {
                double[] point = SublevelSet.along(u, r);
                if (rate(p, point) >= 0) {
                    level = Math.min(level, value.evaluate(point));
                    break;
                }
            }
        }
        double[] extent = extents(p);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = !fields.angle[i] ? Double.POSITIVE_INFINITY
                    : Math.min(BOX_MARGIN * Math.sqrt(level) * extent[i], Math.PI / d[i]);
        }
        return out;
    }

    /** The true Vdot of w'Pw at a point w. */
    private double rate(double[][] p, double[] point) {
        double[] y = new double[point.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = d[i] * point[i];
        }
        double[] ydot = fields.rate(y);
        double out = 0;
        for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y.length; j++) {
                out += 2 * point[i] * p[i][j] * ydot[j] / d[j];
            }
        }
        return out;
    }

    /** The largest level of w'Pw whose sublevel set lies in the box: {@code min_q h_q^2 / (P^-1)_qq}. */
    private double boxLevel(double[][] p, double[] halfWidths) {
        double[] extent = extents(p);
        double out = Double.POSITIVE_INFINITY;
        for (int q = 0; q < extent.length; q++) {
            if (fields.angle[q]) {
                out = Math.min(out, halfWidths[q] * halfWidths[q] / (extent[q] * extent[q]));
            }
        }
        return out;
    }

    /** The extents of {@code {w'Pw <= 1}} along the axes: {@code sqrt((P^-1)_ii)}. */
    private static double[] extents(double[][] p) {
        DMatrixRMaj inverse = new DMatrixRMaj(p);
        CommonOps_DDRM.invert(inverse);
        double[] out = new double[p.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.sqrt(inverse.get(i, i));
        }
        return out;
    }

    /**
     * The largest beta with {@code {w'Mw <= beta}} inside {@code {w'Pw <= 1}}, that is {@code M - beta P}
     * positive semidefinite: {@code 1 / lambda_max(L^-1 P L^-T)} (M = LL'), lowered by 1e-9 relative steps
     * until {@code M - beta P} passes a Cholesky factorisation, so that the containment is checked, not only
     * computed.
     */
    double containedLevel(double[][] p) {
        DMatrixRMaj l = new DMatrixRMaj(shape);
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(l.numRows, true);
        chol.decompose(l);
        DMatrixRMaj lower = chol.getT(null);
        DMatrixRMaj inverse = new DMatrixRMaj(l.numRows, l.numRows);
        CommonOps_DDRM.invert(lower, inverse);
        DMatrixRMaj tmp = new DMatrixRMaj(l.numRows, l.numRows);
        DMatrixRMaj relative = new DMatrixRMaj(l.numRows, l.numRows);
        CommonOps_DDRM.mult(inverse, new DMatrixRMaj(p), tmp);
        CommonOps_DDRM.multTransB(tmp, inverse, relative);
        double beta = 1 / largestEigenvalue(relative);
        for (double back = 1e-9; back < 1; back *= 10) {
            double trial = beta * (1 - back);
            DMatrixRMaj difference = new DMatrixRMaj(shape);
            for (int i = 0; i < p.length; i++) {
                for (int j = 0; j < p.length; j++) {
                    difference.add(i, j, -trial * p[i][j]);
                }
            }
            if (isPositiveDefinite(difference)) {
                return trial;
            }
        }
        return 0.0;
    }

    /**
     * Adds {@code e - sum_i sigma_i g_i + sum_j mu_j h_j} SOS: the S-procedure on the piece's inequalities g_i
     * (sigma_i SOS: a quadratic form where g_i is not zero at the equilibrium, else of degree 2 with a
     * constant) and free multiples mu_j of its equations h_j, declared as such; every multiplier on the monomials
     * invariant under the problem's sign symmetries.
     */
    private LevelSet addLevelSet(SosProgram program, String name, PolynomialExpression e, Piece piece,
            SignSymmetry symmetry) {
        List<Variable> z = indeterminates();
        PolynomialExpression out = e;
        List<PolynomialExpression> sigmas = new ArrayList<>();
        List<SosConstraint> sigmaConstraints = new ArrayList<>();
        for (int i = 0; i < piece.region().size(); i++) {
            Polynomial g = piece.region().get(i);
            // a constant term in sigma would make the certificate's value at the equilibrium nonzero
            List<Monomial> basis = symmetry.invariantOf(g.coefficient(Monomial.ONE) != 0 ? Monomial.range(z, 2, 2)
                    : Monomial.upToDegree(z, 2));
            PolynomialExpression sigma = program.newFreePolynomial(name + " sigma" + i, basis);
            sigmaConstraints.add(program.addSosConstraint(name + " sigma" + i, sigma));
            sigmas.add(sigma);
            out = out.minus(sigma.times(g));
        }
        List<PolynomialExpression> multiples = new ArrayList<>();
        for (int j = 0; j < piece.equations().size(); j++) {
            PolynomialExpression mu = program.newFreePolynomial(name + " mu" + j,
                    symmetry.invariantOf(Monomial.upToDegree(z, 2)));
            multiples.add(mu);
            out = out.plus(mu.times(piece.equations().get(j)));
        }
        SosConstraint constraint = program.addSosConstraint(name, out);
        for (int j = 0; j < multiples.size(); j++) {
            program.declareFreeMultiple(constraint, multiples.get(j), piece.equations().get(j));
        }
        return new LevelSet(constraint, sigmas, sigmaConstraints, multiples);
    }

    /**
     * A level certificate as declared: its constraint, the SOS multipliers sigma_i of the piece's inequalities
     * (each with its own SOS constraint) and the free multiples mu_j of its equations, in the piece's order.
     */
    record LevelSet(SosConstraint constraint, List<PolynomialExpression> sigmas, List<SosConstraint> sigmaConstraints,
            List<PolynomialExpression> multiples) {
    }

    /**
     * The sign changes of the variables that leave V, its Vdot, the constraints, the norm and the shape unchanged
     * ({@link SignSymmetry}; the quadrotor's mirror image x, th, xd, thd, s -> -x, -th, -xd, -thd, -s). Averaging a
     * certificate over them gives one whose multipliers are invariant, so restricting the multipliers (and the
     * V-step's V) to invariant monomials loses nothing; the constraints' polynomials are then symmetric and
     * their Gram matrices split into blocks, which makes each SDP smaller.
     */
    private SignSymmetry symmetry(Polynomial v, Piece dynamics, Polynomial norm) {
        java.util.Set<Monomial> support = new java.util.HashSet<>(v.monomials());
        support.addAll(PolynomialAlgebra.directional(v, w, dynamics.field()).monomials());
        dynamics.region().forEach(g -> support.addAll(g.monomials()));
        dynamics.equations().forEach(h -> support.addAll(h.monomials()));
        support.addAll(quadratic(shape).monomials());
        if (norm != null) {
            support.addAll(norm.monomials());
        }
        return new SignSymmetry(support, indeterminates());
    }

    /** The SOS programs' indeterminates: w, then the lifted variables when the dynamics are lifted. */
    private List<Variable> indeterminates() {
        List<Variable> out = new ArrayList<>(w);
        out.addAll(fields.liftVariables());
        return out;
    }

    /** @return {@code |w|^2} */
    Polynomial squaredNorm() {
        return PolynomialAlgebra.squaredNormPower(w, 1);
    }

    /** @return {@code w'Pw} */
    Polynomial quadratic(double[][] p) {
        Polynomial out = Polynomial.ZERO;
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p.length; j++) {
                out = out.add(Polynomial.of(w.get(i)).multiply(Polynomial.of(w.get(j))).scale(p[i][j]));
            }
        }
        return out;
    }

    private static double[][] scale(double[][] p, double factor) {
        double[][] out = new double[p.length][];
        for (int i = 0; i < p.length; i++) {
            out[i] = p[i].clone();
            for (int j = 0; j < p.length; j++) {
                out[i][j] *= factor;
            }
        }
        return out;
    }

    private static double trace(double[][] p) {
        double out = 0;
        for (int i = 0; i < p.length; i++) {
            out += p[i][i];
        }
        return out;
    }

    private static boolean isPositiveDefinite(DMatrixRMaj m) {
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(m.numRows, true);
        return chol.decompose(m.copy());
    }

    private static double largestEigenvalue(DMatrixRMaj symmetric) {
        return eigenvalues(symmetric)[symmetric.numRows - 1];
    }

    private static double smallestEigenvalue(double[][] p) {
        return eigenvalues(new DMatrixRMaj(p))[0];
    }

    private static double[] eigenvalues(DMatrixRMaj symmetric) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(symmetric.numRows, false, true);
        eig.decompose(symmetric.copy());
        double[] out = new double[symmetric.numRows];
        for (int i = 0; i < out.length; i++) {
            out[i] = eig.getEigenvalue(i).getReal();
        }
        java.util.Arrays.sort(out);
        return out;
    }

    /** Adds a solved program to the tallies. */
    void record(SosSolution s) {
        statuses.add(s.status());
        solves++;
        iterations += s.iterations();
        solverSeconds += s.solveSeconds() + s.buildSeconds();
    }
}
