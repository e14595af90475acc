package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The variables a Lyapunov function is searched in, with the dynamics there and the equations they must
 * satisfy: the displacements y themselves for polynomial dynamics (no equations), or the exact sin/cos recast
 * (s_i, c_i for each angle, the other displacements; the circles {@code s_i^2 + c_i^2 + 2 c_i = 0}). Every
 * SOS condition on V need only hold on the equations, so each gets a free polynomial multiple of each circle
 * ({@link #addSosConstraint}); sampling along rays is done in the user's displacements and mapped to these
 * variables ({@link #evaluator}).
 */
final class LyapunovCoordinates {

    /** The SOS indeterminates. */
    final List<Variable> variables;
    /** Their time derivatives, polynomial in them. */
    final List<Polynomial> dynamics;
    /** Polynomials that vanish on every state (empty for polynomial dynamics). */
    final List<Polynomial> equations;
    /** The number of displacement coordinates the user's state has. */
    final int dimension;
    /** The recast, or null for polynomial dynamics. */
    private final TrigonometricRecast recast;

    private LyapunovCoordinates(List<Variable> variables, List<Polynomial> dynamics, List<Polynomial> equations,
            int dimension, TrigonometricRecast recast) {
        this.variables = variables;
        this.dynamics = dynamics;
        this.equations = equations;
        this.dimension = dimension;
        this.recast = recast;
    }

    /**
     * @param y the displacement variables
     * @param f the polynomial dynamics in y
     * @return y itself
     */
    static LyapunovCoordinates polynomial(List<Variable> y, List<Polynomial> f) {
        return new LyapunovCoordinates(y, f, List.of(), y.size(), null);
    }

    /**
     * @param recast the exact recast of sin/cos dynamics
     * @return its variables ({@link TrigonometricRecast#all()}), dynamics and circles
     */
    static LyapunovCoordinates recast(TrigonometricRecast recast) {
        return new LyapunovCoordinates(recast.all(), recast.dynamics, recast.circles, recast.reduced.size(), recast);
    }

    /**
     * @param p a polynomial in {@link #variables}
     * @return p as a function of the user's displacement y (for the recast, of sin and cos of the angles)
     */
    PolynomialEvaluator evaluator(Polynomial p) {
        return recast == null ? new PolynomialEvaluator(p, variables)
                : new PolynomialEvaluator(p, variables, chart());
    }

    /**
     * The set {@code {V <= 1}} in the user's displacements. For the recast, each angle within half a turn of
     * the equilibrium: on the circles the certified set is connected (each component is invariant with V
     * decreasing, so holds the equilibrium), so where it does not reach the opposite angle its part within the
     * half turn is the certified component; a ray's first crossing may otherwise jump over a thin neck at a
     * saddle into a copy a turn away.
     *
     * @param v V in {@link #variables}, normalised
     * @return the set
     */
    SublevelSet sublevelSet(Polynomial v) {
        return new SublevelSet(evaluator(v), bounds());
    }

    /**
     * @param y a point in the user's displacements; not modified
     * @return the point in {@link #variables} (a new array; y's copy for polynomial dynamics)
     */
    double[] point(double[] y) {
        return recast == null ? y.clone() : chart().apply(y);
    }

    /**
     * The time derivatives of the user's displacements as functions of them: the dynamics themselves, or for
     * the recast the original velocities y_i' (polynomials in the recast variables) through sin and cos.
     *
     * @return one evaluator per displacement
     */
    List<PolynomialEvaluator> velocityField() {
        List<PolynomialEvaluator> out = new ArrayList<>();
        for (int i = 0; i < dimension; i++) {
            out.add(recast == null ? new PolynomialEvaluator(dynamics.get(i), variables)
                    : new PolynomialEvaluator(recast.velocities.get(i), variables, chart()));
        }
        return out;
    }

    /**
     * @return the largest |y_i| a point of an estimate may have along each displacement: half a turn for an
     *     angle of the recast (see {@link #sublevelSet}), unbounded otherwise
     */
    double[] bounds() {
        double[] bounds = new double[dimension];
        for (int i = 0; i < dimension; i++) {
            bounds[i] = recast != null && recast.angle[i] ? Math.PI : Double.POSITIVE_INFINITY;
        }
        return bounds;
    }

    /** y to (s, other displacements, c), the order of {@link TrigonometricRecast#all()}. */
    private UnaryOperator<double[]> chart() {
        boolean[] angle = recast.angle;
        int total = variables.size();
        return y -> {
            double[] z = new double[total];
            for (int i = 0, k = angle.length; i < angle.length; i++) {
                if (angle[i]) {
                    z[i] = Math.sin(y[i]);
                    // cos(y) - 1 without cancellation near 0
                    double h = Math.sin(0.5 * y[i]);
                    z[k++] = -2 * h * h;
                } else {
                    z[i] = y[i];
                }
            }
            return z;
        };
    }

    /**
     * The coefficient of y_i^2 in V's second-order expansion in the user's displacements, least over i: for
     * an angle, {@code V_{s_i s_i} - V_{c_i} / 2} (as {@code c_i = -y_i^2 / 2 + ...}). A scale for V, 1e-6
     * if not positive.
     *
     * @param v V in {@link #variables}
     * @return the scale
     */
    double curvature(Polynomial v) {
        double smallest = Double.POSITIVE_INFINITY;
        for (int i = 0, k = 0; i < dimension; i++) {
            double c = v.coefficient(Monomial.of(variables.get(i), 2));
            if (recast != null && recast.angle[i]) {
                c -= 0.5 * v.coefficient(Monomial.of(recast.cosines.get(k++)));
            }
            smallest = Math.min(smallest, c);
        }
        return smallest > 0 ? smallest : 1e-6;
    }

    /**
     * The monomials of a V of the given degree that vanishes at the equilibrium with zero gradient there:
     * degree 2 up; for the recast, one representative per class modulo the circles (no c_i^2, which is
     * {@code -s_i^2 - 2 c_i} there, so that V is unique on the circles and the SDP has no free direction) and
     * each c_i alone (second order on its circle).
     *
     * @param degree the degree of V, even
     * @return the basis
     */
    List<Monomial> lyapunovBasis(int degree) {
        if (recast == null) {
            return Monomial.range(variables, 2, degree);
        }
        List<Monomial> out = new ArrayList<>();
        for (Variable c : recast.cosines) {
            out.add(Monomial.of(c));
        }
        for (Monomial m : Monomial.range(variables, 2, degree)) {
            if (recast.cosines.stream().allMatch(c -> m.degree(c) <= 1)) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * Adds {@code e + sum_i lambda_i h_i} SOS, the lambda_i free (of the degree e needs) and declared as free
     * multiples of the equations h_i; e alone for polynomial dynamics.
     *
     * @param program the program, modified
     * @param name the constraint's name
     * @param e the polynomial that must be nonnegative on the equations
     * @return the constraint
     */
    SosConstraint addSosConstraint(SosProgram program, String name, PolynomialExpression e) {
        List<PolynomialExpression> multipliers = new ArrayList<>();
        PolynomialExpression certificate = e;
        for (int i = 0; i < equations.size(); i++) {
            int degree = Math.max(0, e.totalDegree() - equations.get(i).totalDegree());
            PolynomialExpression lambda = program.newFreePolynomial(name + " circle" + i, degree);
            multipliers.add(lambda);
            certificate = certificate.plus(lambda.times(equations.get(i)));
        }
        SosConstraint constraint = program.addSosConstraint(name, certificate);
        for (int i = 0; i < equations.size(); i++) {
            program.declareFreeMultiple(constraint, multipliers.get(i), equations.get(i));
        }
        return constraint;
    }

    /**
     * Checks V positive definite: for polynomial dynamics by {@link LyapunovCandidateCheck}; for the recast,
     * zero at the equilibrium with no linear term in s or the other displacements, and
     * {@code V - 1e-6 k |z|^2 + sum_i lambda_i h_i} SOS (k = {@link #curvature}) with a verified certificate
     * whose Gram matrix is positive definite, so that V > 0 on the circles away from the equilibrium (the
     * opposite angles included, where |z| >= 2).
     *
     * @param v the candidate
     * @param options SOS settings
     * @return the solution (for statistics)
     * @throws IllegalArgumentException if V is not positive definite (on the circles)
     */
    SosSolution checkPositive(Polynomial v, SosOptions options) {
        if (recast == null) {
            return LyapunovCandidateCheck.check(v, variables, options);
        }
        double scale = PolynomialAlgebra.maxAbsCoefficient(v);
        boolean flat = Math.abs(v.coefficient(Monomial.ONE)) <= 1e-9 * scale;
        for (int i = 0; i < dimension; i++) {
            flat &= Math.abs(v.coefficient(Monomial.of(variables.get(i)))) <= 1e-9 * scale;
        }
        if (!flat) {
            throw new IllegalArgumentException("V is not zero with zero gradient at the equilibrium: " + v);
        }
        SosSolution s = positivityProgram(v).program().solve(options);
        if (!verifies(s)) {
            throw new IllegalArgumentException("V is not certified positive on the circles (Gram margin "
                    + s.gramMargin() + ", solver " + s.status() + ")");
        }
        return s;
    }

    /**
     * The program of V's positivity with a floor: {@code V - l + sum_i lambda_i h_i} SOS, {@code l = 1e-6 k
     * |z|^2} ({@code k = }{@link #curvature}, the lambda_i free multiples of the equations), its Gram margin
     * maximised; a certificate makes {@code V >= l > 0} away from the equilibrium (on the circles).
     *
     * @param v V in {@link #variables}
     * @return the program, not solved, with its constraint and floor
     */
    PositivityProgram positivityProgram(Polynomial v) {
        SosProgram program = new SosProgram(variables);
        Polynomial floor = floor(1e-6 * curvature(v));
        SosConstraint constraint = addSosConstraint(program, "V positive", PolynomialExpression.of(v.sub(floor)));
        program.maximizeGramMargin(1.0);
        return new PositivityProgram(program, constraint, floor);
    }

    /** A positivity program ({@link #positivityProgram}): the program, its SOS constraint and the floor l. */
    record PositivityProgram(SosProgram program, SosConstraint constraint, Polynomial floor) {
    }

    /**
     * @param constraint a constraint made by {@link #addSosConstraint}
     * @return its free multiples of the equations: the i-th multiplier, of {@code equations.get(i)}
     */
    List<PolynomialExpression> equationMultipliers(SosConstraint constraint) {
        return List.copyOf(constraint.freeMultipliers.subList(0, equations.size()));
    }

    /**
     * Whether a solution's certificates hold with a positive Gram margin. For polynomial dynamics the solve
     * must also have succeeded ({@link SosSolution#isVerified()}); on the circles a solver that stalls
     * (NUMERICAL_ERROR: the free multiples of the circles leave directions along which it loses accuracy)
     * often still returns a certificate, and the certificate's own check, which is independent of the solver,
     * decides.
     *
     * @param s a solution of a margin-maximising program
     * @return whether it certifies
     */
    boolean verifies(SosSolution s) {
        if (!(s.gramMargin() > 0)) {
            return false;
        }
        if (equations.isEmpty()) {
            return s.isVerified();
        }
        return !s.certificates().isEmpty() && s.certificates().stream().allMatch(SosCertificate::isVerified);
    }

    /**
     * @param epsilon the weight
     * @return {@code epsilon |z|^2} over all {@link #variables}
     */
    Polynomial floor(double epsilon) {
        Polynomial out = Polynomial.ZERO;
        for (Variable z : variables) {
            out = out.add(Polynomial.of(Monomial.of(z, 2), epsilon));
        }
        return out;
    }
}
