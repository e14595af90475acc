package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.numbers.fraction.BigFraction;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;

/**
 * The largest certified level of a fixed Lyapunov function: the largest rho with
 * {@code (y'y)^d (V - rho) - lambda Vdot [+ sum_i lambda_g,i g_i]} SOS, the multiplier lambda free when Vdot
 * is locally negative definite (its Hessian at the origin, on the tangent space of {@code g = 0} in the
 * implicit form) and SOS otherwise. One SDP maximises rho directly (rho enters linearly for fixed V); a
 * second, at rho backed off slightly, maximises the Gram margin so that the certificate can be checked with a
 * margin.
 */
final class LevelSetSearch {

    /** What the search found. */
    static final class Outcome {
        double optimalRho;
        double certifiedRho;
        boolean lambdaFree;
        boolean verified;
        /** The multiplier in the unbalanced variables y. */
        Polynomial lambda;
        /** The positive form multiplying V - rho, in the unbalanced variables y. */
        Polynomial norm;
        final List<SosCertificate> certificates = new ArrayList<>();
        /** The status of every SDP solved, in order. */
        final List<SdpStatus> statuses = new ArrayList<>();
        /** The exact proof of the certificate kept, or of the last one tried; null unless asked for. */
        ExactProof exactProof;
        int solves;
        int iterations;
        double solverSeconds;
    }

    private final List<Variable> y;
    private final List<Variable> z;
    private final Polynomial v;
    private final Polynomial vdot;
    private final List<Polynomial> g;
    private final RegionOfAttractionOptions options;
    private final LevelSetConstraints constraints;
    /** The vector field of Vdot, exact, for the exact proof; null: Vdot's own coefficients are taken. */
    private List<ExactPolynomial> velocity;
    private boolean multiplierInDerivatives;

    /**
     * @param y the displacement variables
     * @param z the derivative variables of the implicit form (empty for explicit)
     * @param v V in y
     * @param vdot its time derivative (in y, or in y and z)
     * @param g the implicit residuals (empty for explicit)
     * @param options settings
     */
    LevelSetSearch(List<Variable> y, List<Variable> z, Polynomial v, Polynomial vdot, List<Polynomial> g,
            RegionOfAttractionOptions options) {
        this(y, z, v, vdot, g, options, LevelSetConstraints.NONE);
    }

    /**
     * @param y the displacement variables
     * @param z the derivative variables of the implicit form (empty for explicit)
     * @param v V in y
     * @param vdot its time derivative (in y, or in y and z; and in the uncertain parameters)
     * @param g the implicit residuals (empty for explicit)
     * @param options settings
     * @param constraints a state region and uncertain parameters, by the S-procedure
     */
    LevelSetSearch(List<Variable> y, List<Variable> z, Polynomial v, Polynomial vdot, List<Polynomial> g,
            RegionOfAttractionOptions options, LevelSetConstraints constraints) {
        this.constraints = constraints;
        this.y = y;
        this.z = z;
        this.v = v;
        this.vdot = vdot;
        this.g = g;
        this.options = options;
    }

    /**
     * @param field the vector field whose derivative of V is Vdot ({@code ydot = field(y)}; in the implicit form
     *     the derivative variables z), one entry per variable of y: the exact proof computes Vdot from V and it
     *     exactly, instead of taking Vdot's rounded coefficients
     * @return this
     */
    LevelSetSearch withVelocity(List<Polynomial> field) {
        return withExactVelocity(ExactPolynomial.of(field));
    }

    /**
     * @param field as for {@link #withVelocity}, given exactly (a field whose exact coefficients are not doubles,
     *     as the products of the cleared denominators, {@link ClearedDenominators})
     * @return this
     */
    LevelSetSearch withExactVelocity(List<ExactPolynomial> field) {
        this.velocity = List.copyOf(field);
        return this;
    }

    /**
     * In the implicit form the multiplier lambda is first a polynomial in y alone: for polynomial dynamics a
     * lambda with terms in z puts monomials {@code y_i z_j} into the Gram basis whose block must be singular
     * ({@code lambda_yz(y, z) y'Pz} vanishes wherever {@code y'Pz} does), no certificate has a margin, and the
     * program grows with the monomials of degree 4 in 2n variables. Rational dynamics may need lambda in y and
     * z (its free multiple of Vdot can then be reduced, see {@link FreeMultipleReduction}): if the first search
     * fails or certifies nothing, it is repeated with lambda in y and z, and its SDP counts include the first.
     *
     * @return the outcome
     * @throws RegionOfAttractionException if the SDP fails or no positive level is found
     */
    Outcome run() {
        if (z.isEmpty()) {
            return search();
        }
        Outcome first = null;
        try {
            first = search();
            if (first.verified) {
                return first;
            }
        } catch (RegionOfAttractionException e) {
            first = null;
        }
        multiplierInDerivatives = true;
        Outcome second;
        try {
            second = search();
        } catch (RegionOfAttractionException e) {
            if (first != null) {
                return first;
            }
            throw e;
        }
        if (first != null) {
            second.statuses.addAll(0, first.statuses);
            second.solves += first.solves;
            second.iterations += first.iterations;
            second.solverSeconds += first.solverSeconds;
        }
        return second;
    }

    private Outcome search() {
        Outcome out = new Outcome();
        out.lambdaFree = !constraints.parameters.isEmpty() ? constraints.negativeDefiniteOverBox(vdot, y)
                : z.isEmpty() ? explicitNegativeDefinite() : implicitNegativeDefinite();
        // In units where the estimate and its level are of order 1 (powers of two: exact), then balanced. Not
        // with equations g = 0 (implicit residuals, the recast's circles), which the rays do not keep to.
        ProblemScaling scaling = z.isEmpty() && g.isEmpty() && constraints.parameters.isEmpty()
                ? ProblemScaling.estimate(v, vdot, constraints.region, y, options.seed()) : ProblemScaling.NONE;
        Polynomial vs = scaling.v(v, y);
        Polynomial vdots = scaling.vdot(vdot, y);
        LevelSetConstraints constraintss = scaling.constraints(constraints, y);
        Polynomial vb = vs;
        Polynomial vdotb = vdots;
        double[][] t = null;
        LevelSetConstraints constraintsb = constraintss;
        // Balancing reads Vdot's Hessian at p = 0, which means nothing for uncertain parameters.
        if (out.lambdaFree && z.isEmpty() && constraints.parameters.isEmpty()) {
            t = Balancing.transform(PolynomialAlgebra.hessianAtOrigin(vs, y),
                    negate(PolynomialAlgebra.hessianAtOrigin(vdots, y)));
            if (t != null) {
                vb = PolynomialAlgebra.substituteLinear(vs, y, t);
                vdotb = PolynomialAlgebra.substituteLinear(vdots, y, t);
                constraintsb = constraintss.balanced(y, t);
                if (balancingHidesSparsity(vs, vdots, constraintss, vb, vdotb, constraintsb, out.lambdaFree)) {
                    t = null;
                    vb = vs;
                    vdotb = vdots;
                    constraintsb = constraintss;
                }
            }
        }
        double levelUnit = scaling.levelUnit();
        Program first = build(vb, vdotb, constraintsb, out.lambdaFree, Double.NaN);
        first.program.maximize(first.rho.toAffineForm());
        dev.mallard.sdp.SdpProblem[] compiled = new dev.mallard.sdp.SdpProblem[1];
        SosSolution s1 = first.program.solve(options.sosOptions().withProblemObserver(
                options.sosOptions().problemObserver().andThen(problem -> compiled[0] = problem)));
        options.levelSearchObserver().observe(compiled[0], s1.objectiveConstant(), levelUnit);
        record(out, s1);
        if (!nearlyOptimal(s1)) {
            throw new RegionOfAttractionException("the SDP for the largest level set failed: " + describe(s1),
                    out.statuses);
        }
        // Levels in the scaled units until the end.
        out.optimalRho = s1.value(first.rho);
        if (!(out.optimalRho > 0)) {
            throw new RegionOfAttractionException("no positive level set of V is certified: the largest rho is "
                    + out.optimalRho * levelUnit + " (V is not a local Lyapunov function of the dynamics)",
                    out.statuses);
        }
        // The certificate decides: if it fails at the first back-off (the level found was slightly too
        // optimistic, or its Gram matrix too close to singular), it is retried ten times further inside, up
        // to 10%. Small to large, so the first level that verifies is the highest of the schedule.
        Program second = null;
        SosSolution s2 = null;
        // With an exact proof asked for, a level verified in floating point but not proved exactly is kept
        // (the highest such) in case no level of the schedule is proved.
        Program numericProgram = null;
        SosSolution numericSolution = null;
        double numericLevel = Double.NaN;
        for (double backoff = options.certificateBackoff(); backoff <= 0.1 && !out.verified; backoff *= 10) {
            out.certifiedRho = out.optimalRho * (1.0 - backoff);
            // A margin cap of 1 resolves the margin to the solver's absolute accuracy, about 1e-8. Where the
            // margin a small back-off buys is below that, a cap of ten times the level's change (by which the
            // margin grows at most) makes the solver resolve it relative to its own size.
            double delta = out.optimalRho - out.certifiedRho;
            double[] caps = 10 * delta < 1.0 ? new double[] {1.0, 10 * delta} : new double[] {1.0};
            for (int k = 0; k < caps.length && !out.verified; k++) {
                second = build(vb, vdotb, constraintsb, out.lambdaFree, out.certifiedRho);
                second.program.maximizeGramMargin(caps[k]);
                s2 = second.program.solve(options.sosOptions());
                record(out, s2);
                out.verified = s2.isVerified() && s2.gramMargin() > 0;
                if (out.verified && options.exactProof()) {
                    out.exactProof = exactProof(second, s2, out.certifiedRho, scaling, t);
                    out.verified = out.exactProof.proved();
                    if (!out.verified && numericProgram == null) {
                        numericProgram = second;
                        numericSolution = s2;
                        numericLevel = out.certifiedRho;
                    }
                }
            }
        }
        if (!out.verified && numericProgram != null) {
            out.verified = true;
            out.certifiedRho = numericLevel;
            second = numericProgram;
            s2 = numericSolution;
        }
        out.certificates.addAll(s2.certificates());
        Polynomial lambda = s2.isSuccess() ? s2.value(second.lambda) : s1.value(first.lambda);
        Polynomial norm = PolynomialAlgebra.squaredNormPower(y, second.normDegree);
        if (t != null || !scaling.isNone()) {
            // Back from the scaled and balanced variables w = (S T)^-1 y, V and Vdot in their own units.
            double[][] st = t == null ? scaling.stateMatrix(y.size()) : multiply(scaling.stateMatrix(y.size()), t);
            double[][] inverse = Balancing.inverse(st);
            lambda = PolynomialAlgebra.substituteLinear(lambda, y, inverse).scale(levelUnit / scaling.timeUnit());
            norm = PolynomialAlgebra.substituteLinear(norm, y, inverse);
        }
        out.lambda = lambda;
        out.norm = norm;
        out.optimalRho *= levelUnit;
        out.certifiedRho *= levelUnit;
        if (out.exactProof != null) {
            out.exactProof = out.exactProof.inLevelUnit(levelUnit);
        }
        return out;
    }

    /**
     * Whether the certificate's Gram basis is smaller in the user's coordinates than in the balanced ones.
     * A rotation fills in the support: when V's top-degree form vanishes along a coordinate axis (V = x1^2
     * + x2^2 + x1^4, say), the Newton polytope drops the monomials that point along it, and every
     * certificate has a Gram matrix singular along them; in rotated coordinates those monomials stay, the
     * Gram matrix is singular at every feasible point, no certificate has a positive margin, and the solver
     * loses its accuracy near the optimum. The unbalanced program is then the better conditioned one.
     */
    private boolean balancingHidesSparsity(Polynomial vs, Polynomial vdots, LevelSetConstraints constraintss,
            Polynomial vb, Polynomial vdotb, LevelSetConstraints constraintsb, boolean lambdaFree) {
        Program plain = build(vs, vdots, constraintss, lambdaFree, Double.NaN);
        Program balanced = build(vb, vdotb, constraintsb, lambdaFree, Double.NaN);
        return plain.program.gramBasis(plain.constraint, options.sosOptions()).size()
                < balanced.program.gramBasis(balanced.constraint, options.sosOptions()).size();
    }

    private static void record(Outcome out, SosSolution s) {
        out.solves++;
        out.statuses.add(s.status());
        out.iterations += s.iterations();
        out.solverSeconds += s.solveSeconds() + s.buildSeconds();
    }

    /**
     * Optimal, or stalled (INACCURATE, NUMERICAL_ERROR, ITERATION_LIMIT) within 1e-3 of optimality with the constraints
     * met to 1e-3: good enough to propose a level, since only the checked certificate is trusted (a level
     * proposed too high fails its check and the back-off grows).
     */
    private static boolean nearlyOptimal(SosSolution s) {
        if (s.isSuccess()) {
            return true;
        }
        boolean stalled = s.status() == SdpStatus.INACCURATE || s.status() == SdpStatus.NUMERICAL_ERROR
                || s.status() == SdpStatus.ITERATION_LIMIT;
        return stalled && s.solverResult().relativeGap() < 1e-3 && s.solverResult().primalInfeasibility() < 1e-3
                && s.solverResult().dualInfeasibility() < 1e-3;
    }

    static String describe(SosSolution s) {
        return "status " + s.status() + " after " + s.iterations() + " iterations (relative primal infeasibility "
                + s.solverResult().primalInfeasibility() + ", dual infeasibility "
                + s.solverResult().dualInfeasibility() + ", gap " + s.solverResult().relativeGap() + ")";
    }

    private static final class Program {
        SosProgram program;
        DecisionVariable rho;
        PolynomialExpression lambda;
        /** lambda's own SOS constraint, null when lambda is free. */
        SosConstraint lambdaConstraint;
        final List<PolynomialExpression> multipliers = new ArrayList<>();
        SosConstraint constraint;
        int normDegree;
    }

    /** The SOS program for fixed V; rho a decision variable when {@code fixedRho} is NaN. */
    private Program build(Polynomial vb, Polynomial vdotb, LevelSetConstraints constraintsb, boolean lambdaFree,
            double fixedRho) {
        List<Variable> indeterminates = new ArrayList<>(y);
        indeterminates.addAll(z);
        indeterminates.addAll(constraintsb.parameters);
        Program p = new Program();
        p.program = new SosProgram(indeterminates);
        int vdotDegree = vdotb.totalDegree();
        // Uncertain parameters raise Vdot's degree and with it the whole certificate's: there a constant
        // multiplier keeps the SDP small and well conditioned.
        int lambdaDegree = options.multiplierDegree() >= 0 ? options.multiplierDegree()
                : constraintsb.parameters.isEmpty() ? MultiplierDegree.of(vb.totalDegree(), vdotDegree) : 0;
        if (!lambdaFree && lambdaDegree % 2 != 0) {
            throw new IllegalArgumentException("multiplierDegree " + lambdaDegree + " is odd, but the multiplier must "
                    + "be SOS here (Vdot is not locally negative definite), so of even degree");
        }
        // Rounded up: with an odd-degree Vdot, (y'y)^d (V - rho) must reach past lambda Vdot's odd top degree.
        int d = Math.max(0, (lambdaDegree + vdotDegree - vb.totalDegree() + 1) / 2);
        p.lambda = p.program.newFreePolynomial("lambda", multiplierBasis(vb, vdotb, lambdaDegree));
        if (!lambdaFree) {
            p.lambdaConstraint = p.program.addSosConstraint("lambda", p.lambda);
        }
        Polynomial norm = PolynomialAlgebra.squaredNormPower(y, d);
        p.normDegree = d;
        PolynomialExpression rho;
        if (Double.isNaN(fixedRho)) {
            p.rho = p.program.newVariable("rho");
            rho = PolynomialExpression.of(p.rho);
        } else {
            rho = PolynomialExpression.of(Polynomial.constant(fixedRho));
        }
        PolynomialExpression level = PolynomialExpression.of(vb.multiply(norm)).minus(rho.times(norm));
        PolynomialExpression certificate = level.minus(p.lambda.times(vdotb));
        List<PolynomialExpression> multipliers = p.multipliers;
        for (int i = 0; i < g.size(); i++) {
            int degree = Math.max(0, lambdaDegree + vdotDegree - g.get(i).totalDegree());
            multipliers.add(p.program.newFreePolynomial("lambda_g" + i, degree));
            certificate = certificate.plus(multipliers.get(i).times(g.get(i)));
        }
        certificate = constraintsb.apply(p.program, y, certificate, PolynomialExpression.of(vb).minus(rho));
        SosConstraint constraint = p.program.addSosConstraint("level set", certificate);
        p.constraint = constraint;
        // Free multipliers make the Gram matrices unbounded along their factors: reduce the basis.
        if (lambdaFree) {
            p.program.declareFreeMultiple(constraint, p.lambda, vdotb.negate());
        }
        for (int i = 0; i < g.size(); i++) {
            p.program.declareFreeMultiple(constraint, multipliers.get(i), g.get(i));
        }
        return p;
    }

    /**
     * The certificate of {@code level}, rebuilt in exact arithmetic from V and the velocity (in the balanced
     * variables if t is not null) and the solver's multipliers and Gram matrices, proved or refused by
     * {@link ExactCertificateCheck}.
     */
    private ExactProof exactProof(Program p, SosSolution s, double level, ProblemScaling scaling, double[][] t) {
        ExactPolynomial vExact = ExactPolynomial.of(v);
        ExactPolynomial vdotExact;
        if (velocity == null) {
            vdotExact = ExactPolynomial.of(vdot);
        } else {
            vdotExact = vExact.directional(y, velocity);
        }
        if (!scaling.isNone()) {
            double[][] units = scaling.stateMatrix(y.size());
            vExact = vExact.substituteLinear(y, units).multiply(ExactPolynomial.of(Monomial.ONE,
                    BigFraction.from(scaling.levelUnit()).reciprocal()));
            vdotExact = vdotExact.substituteLinear(y, units).multiply(ExactPolynomial.of(Monomial.ONE,
                    BigFraction.from(scaling.timeUnit()).reciprocal()));
        }
        if (t != null) {
            vExact = vExact.substituteLinear(y, t);
            vdotExact = vdotExact.substituteLinear(y, t);
        }
        ExactPolynomial fixed = ExactPolynomial.squaredNormPower(y, p.normDegree)
                .multiply(vExact.subtract(ExactPolynomial.of(Monomial.ONE, BigFraction.from(level))));
        double[] w = new double[p.program.variableCount()];
        Map<Integer, ExactPolynomial> directions = new HashMap<>();
        Map<Integer, ExactPolynomial> lambdaTerms = new HashMap<>();
        ExactPolynomial vdotFinal = vdotExact;
        p.lambda.terms().forEach((m, form) -> {
            int k = form.variable(0).index();
            w[k] = s.value(form.variable(0));
            ExactPolynomial term = ExactPolynomial.of(m, BigFraction.ONE);
            directions.put(k, term.multiply(vdotFinal).negate());
            lambdaTerms.put(k, term);
        });
        for (int i = 0; i < p.multipliers.size(); i++) {
            ExactPolynomial gi = ExactPolynomial.of(g.get(i));
            p.multipliers.get(i).terms().forEach((m, form) -> {
                int k = form.variable(0).index();
                w[k] = s.value(form.variable(0));
                directions.put(k, ExactPolynomial.of(m, BigFraction.ONE).multiply(gi));
            });
        }
        List<ExactCertificateCheck.Identity> identities = new ArrayList<>();
        SosCertificate main = s.certificate(p.constraint);
        identities.add(new ExactCertificateCheck.Identity("the level-set certificate", fixed, directions,
                main.basis(), main.gram()));
        if (p.lambdaConstraint != null) {
            SosCertificate own = s.certificate(p.lambdaConstraint);
            identities.add(new ExactCertificateCheck.Identity("the multiplier lambda", ExactPolynomial.ZERO,
                    lambdaTerms, own.basis(), own.gram()));
        }
        return ExactCertificateCheck.prove(identities, w, level);
    }

    /**
     * lambda's monomials up to its degree, in y (and z, see {@link #run}); in the explicit form only those invariant under the sign symmetries
     * of V and Vdot ({@link SignSymmetry}): averaging a certificate over the symmetries gives one with such a
     * lambda, so nothing is lost, and the constraint's polynomial is then symmetric, so its Gram matrix splits
     * into blocks (for dynamics odd in the state, as Van der Pol's, the odd and the even monomials).
     */
    private List<Monomial> multiplierBasis(Polynomial vb, Polynomial vdotb, int degree) {
        List<Variable> variables = new ArrayList<>(y);
        if (multiplierInDerivatives) {
            variables.addAll(z);
        }
        List<Monomial> all = Monomial.upToDegree(variables, degree);
        if (!g.isEmpty()) {
            return all;
        }
        java.util.Set<Monomial> support = new java.util.HashSet<>(vb.monomials());
        support.addAll(vdotb.monomials());
        SignSymmetry symmetry = new SignSymmetry(support, y);
        return symmetry.invariantOf(all);
    }

    private boolean explicitNegativeDefinite() {
        return CertificateCheck.choleskySucceeds(negate(PolynomialAlgebra.hessianAtOrigin(vdot, y)), 1e-8);
    }

    /** -N'PN positive definite, N a basis of the null space of dg/d(y, z) at the origin. */
    private boolean implicitNegativeDefinite() {
        List<Variable> all = new ArrayList<>(y);
        all.addAll(z);
        double[][] p = PolynomialAlgebra.hessianAtOrigin(vdot, all);
        double[][] jac = PolynomialAlgebra.jacobianAtOrigin(g, all);
        org.ejml.interfaces.decomposition.SingularValueDecomposition_F64<DMatrixRMaj> svd =
                org.ejml.dense.row.factory.DecompositionFactory_DDRM.svd(jac.length, all.size(), false, true, false);
        if (!svd.decompose(new DMatrixRMaj(jac))) {
            return false;
        }
        DMatrixRMaj nullSpace = SingularOps_DDRM.nullSpace(svd, null, 1e-10);
        if (nullSpace == null || nullSpace.numCols == 0) {
            return false;
        }
        // The Hessian restricted to the null space, N' P N, must be negative definite.
        DMatrixRMaj pn = new DMatrixRMaj(p.length, nullSpace.numCols);
        CommonOps_DDRM.mult(new DMatrixRMaj(p), nullSpace, pn);
        DMatrixRMaj reduced = new DMatrixRMaj(nullSpace.numCols, nullSpace.numCols);
        CommonOps_DDRM.multTransA(nullSpace, pn, reduced);
        double[][] r = new double[reduced.numRows][reduced.numCols];
        for (int i = 0; i < r.length; i++) {
            for (int j = 0; j < r.length; j++) {
                r[i][j] = reduced.get(i, j);
            }
        }
        return CertificateCheck.choleskySucceeds(negate(r), 1e-8);
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] out = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < n; j++) {
                    out[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        return out;
    }

    private static double[][] negate(double[][] a) {
        double[][] out = new double[a.length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a.length; j++) {
                out[i][j] = -a[i][j];
            }
        }
        return out;
    }
}
