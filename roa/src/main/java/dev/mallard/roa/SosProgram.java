package dev.mallard.roa;

import dev.mallard.roa.sdp.LinearExpression;
import dev.mallard.roa.sdp.ModelSolution;
import dev.mallard.roa.sdp.PsdMatrixVariable;
import dev.mallard.roa.sdp.ScalarVariable;
import dev.mallard.roa.sdp.SdpModel;
import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sum-of-squares program: decision variables, polynomials in fixed indeterminates whose coefficients
 * are affine in them ({@link PolynomialExpression}), constraints "p is a sum of squares", linear
 * constraints on the decision variables, and a linear objective. {@link #solve(SosOptions)} compiles it to
 * an {@link SdpModel}: each SOS constraint becomes a Gram matrix Q on a monomial basis m (reduced by the
 * {@link NewtonPolytope}) with {@code p = m'Qm} imposed coefficient by coefficient as linear equalities;
 * Q is PSD (SOS) or diagonally dominant (DSOS, a linear program). After the solve each Gram matrix is
 * checked independently ({@link SosCertificate}).
 *
 * <p>The program is only recorded until {@link #solve}; it may be solved again after more constraints
 * are added. Not thread-safe.
 */
public final class SosProgram {

    private final List<Variable> indeterminates;
    private final List<DecisionVariable> variables = new ArrayList<>();
    private final List<SosConstraint> sosConstraints = new ArrayList<>();
    private final List<AffineForm> linearForms = new ArrayList<>();
    private final List<Integer> linearSenses = new ArrayList<>();
    private AffineForm objective = AffineForm.ZERO;
    private boolean maximize;
    private double marginCap = Double.NaN;

    /**
     * @param indeterminates the polynomial variables x, not null, no duplicates; copied
     * @throws IllegalArgumentException if a variable repeats
     */
    public SosProgram(List<Variable> indeterminates) {
        Checks.notNull(indeterminates, "indeterminates");
        if (new java.util.HashSet<>(indeterminates).size() != indeterminates.size()) {
            throw new IllegalArgumentException("indeterminates repeat: " + indeterminates);
        }
        this.indeterminates = List.copyOf(indeterminates);
    }

    /** @return the indeterminates, unmodifiable */
    public List<Variable> indeterminates() {
        return indeterminates;
    }

    /**
     * @param name a name for messages
     * @return a new free (unbounded) decision variable
     */
    public DecisionVariable newVariable(String name) {
        DecisionVariable v = new DecisionVariable(this, variables.size(), Checks.notNull(name, "name"));
        variables.add(v);
        return v;
    }

    /** @return the number of decision variables created */
    public int variableCount() {
        return variables.size();
    }

    /**
     * A polynomial with a fresh free decision variable as the coefficient of each basis monomial.
     *
     * @param name prefix of the coefficient names ({@code name[monomial]})
     * @param basis the monomials, not null; not modified
     * @return {@code sum_k c_k basis_k}
     */
    public PolynomialExpression newFreePolynomial(String name, List<Monomial> basis) {
        Checks.notNull(basis, "basis");
        PolynomialExpression p = PolynomialExpression.ZERO;
        for (Monomial m : basis) {
            p = p.plus(PolynomialExpression.of(m, AffineForm.of(newVariable(name + "[" + m + "]"))));
        }
        return p;
    }

    /**
     * @param name prefix of the coefficient names
     * @param degree the total degree, {@code >= 0}
     * @return a free polynomial on every monomial of the indeterminates up to that degree
     * @throws IllegalArgumentException if the degree is negative
     */
    public PolynomialExpression newFreePolynomial(String name, int degree) {
        Checks.nonNegative(degree, "degree");
        return newFreePolynomial(name, Monomial.upToDegree(indeterminates, degree));
    }

    /**
     * A free polynomial of the given degree constrained to be a sum of squares (a non-negative multiplier).
     *
     * @param name prefix of the coefficient names and name of the SOS constraint
     * @param degree the total degree, even and {@code >= 0}
     * @return the polynomial
     * @throws IllegalArgumentException if the degree is negative or odd
     */
    public PolynomialExpression newSosPolynomial(String name, int degree) {
        if (degree < 0 || degree % 2 != 0) {
            throw new IllegalArgumentException("degree of SOS polynomial " + name + " must be even and >= 0, got "
                    + degree);
        }
        PolynomialExpression p = newFreePolynomial(name, degree);
        addSosConstraint(name, p);
        return p;
    }

    /**
     * Adds "p is a sum of squares".
     *
     * @param name a name for messages
     * @param p a polynomial in (a subset of) the indeterminates, with coefficients over this program's
     *     variables
     * @return the constraint's handle
     * @throws IllegalArgumentException if p has a variable that is not an indeterminate, or a coefficient over
     *     another program's variables
     */
    public SosConstraint addSosConstraint(String name, PolynomialExpression p) {
        Checks.notNull(p, "polynomial");
        for (Variable v : p.indeterminates()) {
            if (!indeterminates.contains(v)) {
                throw new IllegalArgumentException("SOS constraint " + name + " has variable '" + v
                        + "' that is not an indeterminate " + indeterminates);
            }
        }
        p.terms().values().forEach(this::checkOwner);
        SosConstraint c = new SosConstraint(this, sosConstraints.size(), Checks.notNull(name, "name"), p);
        sosConstraints.add(c);
        return c;
    }

    /**
     * @param form an affine form over this program's variables
     * @param value the right-hand side, finite
     */
    public void addEquality(AffineForm form, double value) {
        addLinear(form, value, 0);
    }

    /**
     * @param form an affine form over this program's variables
     * @param value the right-hand side, finite
     */
    public void addLessOrEqual(AffineForm form, double value) {
        addLinear(form, value, -1);
    }

    /**
     * @param form an affine form over this program's variables
     * @param value the right-hand side, finite
     */
    public void addGreaterOrEqual(AffineForm form, double value) {
        addLinear(form, value, 1);
    }

    private void addLinear(AffineForm form, double value, int sense) {
        checkOwner(Checks.notNull(form, "form"));
        linearForms.add(form.minus(AffineForm.constant(Checks.finite(value, "value"))));
        linearSenses.add(sense);
    }

    /**
     * Sets the objective to minimise, replacing any earlier objective.
     *
     * @param form an affine form over this program's variables
     */
    public void minimize(AffineForm form) {
        setObjective(form, false);
    }

    /**
     * Sets the objective to maximise, replacing any earlier objective.
     *
     * @param form an affine form over this program's variables
     */
    public void maximize(AffineForm form) {
        setObjective(form, true);
    }

    private void setObjective(AffineForm form, boolean max) {
        checkOwner(Checks.notNull(form, "objective"));
        objective = form;
        maximize = max;
        marginCap = Double.NaN;
    }

    /**
     * Replaces the objective by: maximise the margin t such that every Gram matrix minus {@code t I} is still
     * in its cone, with {@code t <= cap}. The solution is then as far inside the cones as the constraints
     * allow, which is what a certificate check with a margin needs; a negative optimal t says by how much
     * the constraints miss being SOS.
     *
     * @param cap an upper bound on the margin (it keeps the problem bounded), finite and {@code > 0}
     */
    public void maximizeGramMargin(double cap) {
        marginCap = Checks.positive(cap, "cap");
        objective = AffineForm.ZERO;
    }

    private void checkOwner(AffineForm form) {
        if (form.program() != null && form.program() != this) {
            throw new IllegalArgumentException("affine form " + form + " is over another program's variables");
        }
    }

    /**
     * The Gram basis {@link #solve} would use for a constraint.
     *
     * @param constraint a constraint of this program
     * @param options the options (Newton reduction or not)
     * @return the monomial basis
     */
    public List<Monomial> gramBasis(SosConstraint constraint, SosOptions options) {
        PolynomialExpression p = constraint.polynomial();
        return options.newtonReduction() ? NewtonPolytope.gramBasis(p.monomials(), indeterminates)
                : Monomial.upToDegree(indeterminates, (p.totalDegree()) / 2);
    }

    /** @return the solution with {@link SosOptions#defaults()} */
    public SosSolution solve() {
        return solve(SosOptions.defaults());
    }

    /**
     * Compiles and solves the program, then checks every SOS certificate.
     *
     * @param options settings, not null
     * @return the solution (check {@link SosSolution#isSuccess()} and {@link SosSolution#isVerified()})
     * @throws IllegalStateException if the program has no constraint at all
     */
    public SosSolution solve(SosOptions options) {
        Checks.notNull(options, "options");
        long start = System.nanoTime();
        SdpModel model = new SdpModel();
        ScalarVariable[] vars = new ScalarVariable[variables.size()];
        for (int i = 0; i < vars.length; i++) {
            vars[i] = model.addFreeVariable(variables.get(i).name());
        }
        ScalarVariable margin = null;
        if (!Double.isNaN(marginCap)) {
            margin = model.addFreeVariable("gram margin");
            model.addLessOrEqual(LinearExpression.of(margin), marginCap);
            model.maximize(LinearExpression.of(margin));
        } else if (maximize) {
            model.maximize(linear(objective, vars));
        } else {
            model.minimize(linear(objective, vars));
        }
        for (int k = 0; k < linearForms.size(); k++) {
            LinearExpression e = linear(linearForms.get(k), vars);
            switch (linearSenses.get(k)) {
                case 0 -> model.addEquality(e, 0.0);
                case -1 -> model.addLessOrEqual(e, 0.0);
                default -> model.addGreaterOrEqual(e, 0.0);
            }
        }
        List<List<Monomial>> bases = new ArrayList<>();
        List<ScalarVariable[][]> grams = new ArrayList<>();
        for (SosConstraint c : sosConstraints) {
            List<Monomial> basis = gramBasis(c, options);
            ScalarVariable[][] gram = options.cone() == SosOptions.Cone.SOS
                    ? psdGram(model, c.name(), basis.size()) : ddGram(model, c.name(), basis.size());
            matchCoefficients(model, c.polynomial(), basis, gram, margin, vars);
            bases.add(basis);
            grams.add(gram);
        }
        double buildSeconds = (System.nanoTime() - start) * 1e-9;
        ModelSolution solution = model.solve(options.sdpOptions());
        return new SosSolution(this, solution, vars, margin, sosConstraints, bases, grams, options, buildSeconds,
                model.variableCount(), model.constraintCount());
    }

    private static ScalarVariable[][] psdGram(SdpModel model, String name, int n) {
        ScalarVariable[][] g = new ScalarVariable[n][n];
        if (n == 0) {
            return g;
        }
        PsdMatrixVariable q = model.addPsdMatrix("Q(" + name + ")", n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = q.entry(i, j);
            }
        }
        return g;
    }

    /** Q_ii >= sum_{j != i} t_ij with t_ij >= |Q_ij|: diagonal dominance as linear inequalities. */
    private static ScalarVariable[][] ddGram(SdpModel model, String name, int n) {
        ScalarVariable[][] g = new ScalarVariable[n][n];
        ScalarVariable[][] bound = new ScalarVariable[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                g[i][j] = model.addFreeVariable("Q(" + name + ")[" + i + "," + j + "]");
                g[j][i] = g[i][j];
                if (j > i) {
                    ScalarVariable t = model.addNonNegativeVariable("|Q(" + name + ")[" + i + "," + j + "]|");
                    bound[i][j] = t;
                    bound[j][i] = t;
                    model.addGreaterOrEqual(new LinearExpression().add(1, t).add(-1, g[i][j]), 0.0);
                    model.addGreaterOrEqual(new LinearExpression().add(1, t).add(1, g[i][j]), 0.0);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            LinearExpression row = LinearExpression.of(g[i][i]);
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    row.add(-1, bound[i][j]);
                }
            }
            model.addGreaterOrEqual(row, 0.0);
        }
        return g;
    }

    private static void matchCoefficients(SdpModel model, PolynomialExpression p, List<Monomial> basis,
            ScalarVariable[][] gram, ScalarVariable margin, ScalarVariable[] vars) {
        Map<Monomial, LinearExpression> rows = new LinkedHashMap<>();
        int n = basis.size();
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                LinearExpression row = rows.computeIfAbsent(basis.get(i).multiply(basis.get(j)),
                        m -> new LinearExpression());
                row.add(i == j ? 1 : 2, gram[i][j]);
                if (i == j && margin != null) {
                    row.add(1, margin);
                }
            }
        }
        p.terms().forEach((m, c) -> rows.computeIfAbsent(m, k -> new LinearExpression()).add(-1, linear(c, vars)));
        for (LinearExpression row : rows.values()) {
            model.addEquality(row, 0.0);
        }
    }

    private static LinearExpression linear(AffineForm form, ScalarVariable[] vars) {
        LinearExpression e = new LinearExpression().addConstant(form.constantTerm());
        for (int k = 0; k < form.termCount(); k++) {
            e.add(form.coefficient(k), vars[form.variable(k).index()]);
        }
        return e;
    }
}
