package dev.mallard.roa;

import dev.mallard.sdp.LinearExpression;
import dev.mallard.sdp.ModelSolution;
import dev.mallard.sdp.PsdMatrixVariable;
import dev.mallard.sdp.ScalarVariable;
import dev.mallard.sdp.SdpModel;
import dev.mallard.sdp.SdpProblem;
import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sum-of-squares program: decision variables, polynomials in fixed indeterminates whose coefficients
 * are affine in them ({@link PolynomialExpression}), constraints "p is a sum of squares", linear
 * constraints on the decision variables, and a linear objective. {@link #solve(SosOptions)} compiles it to
 * an {@link SdpModel}: each SOS constraint becomes a Gram matrix Q on a monomial basis m (reduced by the
 * {@link NewtonPolytope}) with {@code p = m'Qm} imposed coefficient by coefficient as linear equalities;
 * Q is PSD (SOS), diagonally dominant (DSOS, a linear program) or scaled diagonally dominant (SDSOS, 2 x 2
 * blocks, see {@link SdsosGram}). With {@link SosOptions.Sparsity#CORRELATIVE} the Gram matrix is instead a
 * sum of one such matrix per maximal clique of a chordal extension of the polynomial's correlative sparsity
 * graph (variables joined when they share a term), each on the basis monomials in its clique's variables; with
 * {@link SosOptions.Sparsity#TERM}, one such matrix per block of the basis at the fixed point of term sparsity's
 * block closure ({@code TermSparsity}), which loses no certificate.
 * After the solve each Gram matrix (for cliques, the sum on the union of their bases) is checked
 * independently ({@link SosCertificate}).
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
     * Declares that the constraint's polynomial is {@code multiplier * q + r}, the multiplier a free polynomial
     * of this program ({@link #newFreePolynomial}) whose coefficients appear nowhere but in this product. Then
     * the Gram matrices along q's coefficient vector are unbounded (any amount of {@code q^2} is absorbed by
     * the multiplier), which costs the SDP solver its accuracy near the optimum; {@link #solve} instead drops
     * one monomial of q from the Gram basis, which loses no certificate (see {@link FreeMultipleReduction}).
     * The declaration is checked when the program is solved.
     *
     * @param constraint a constraint of this program
     * @param multiplier the free polynomial: each term's coefficient a distinct decision variable
     * @param q the fixed polynomial it multiplies, not zero
     * @throws IllegalArgumentException if the constraint is another program's, the multiplier has a term
     *     whose coefficient is not a single variable with coefficient 1, or q is zero
     */
    public void declareFreeMultiple(SosConstraint constraint, PolynomialExpression multiplier, Polynomial q) {
        Checks.notNull(constraint, "constraint");
        Checks.notNull(multiplier, "multiplier");
        Checks.notNull(q, "q");
        if (constraint.program != this) {
            throw new IllegalArgumentException(constraint + " belongs to another program");
        }
        if (q.isZero()) {
            throw new IllegalArgumentException("the fixed factor q of a free multiple of " + constraint + " is zero");
        }
        for (Map.Entry<Monomial, AffineForm> t : multiplier.terms().entrySet()) {
            AffineForm c = t.getValue();
            if (c.termCount() != 1 || c.coefficient(0) != 1.0 || c.constantTerm() != 0.0) {
                throw new IllegalArgumentException("the multiplier's coefficient of " + t.getKey() + " is " + c
                        + ", not a single decision variable: declare a polynomial made by newFreePolynomial");
            }
            checkOwner(c);
        }
        constraint.freeMultiples.add(new FreeMultipleReduction.Multiple(q, multiplier.monomials()));
        constraint.freeMultipliers.add(multiplier);
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
     * the constraints miss being SOS. The solver minimises {@code (cap - t) / cap}, so it resolves t to about
     * its tolerance times the cap: a cap near the margin expected resolves a small margin that a cap of 1
     * would leave in the solver's rounding.
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
     * The Gram basis {@link #solve} would use for a constraint: with the reduction on, the Newton polytope's
     * monomials less one per declared free multiple ({@link #declareFreeMultiple}), the polytope taken over the
     * terms whose coefficients are not forced to zero by the terms no basis product reaches
     * ({@link ForcedZeroSupport}), repeated until the basis no longer shrinks.
     *
     * @param constraint a constraint of this program
     * @param options the options (Newton reduction or not)
     * @return the monomial basis
     */
    public List<Monomial> gramBasis(SosConstraint constraint, SosOptions options) {
        PolynomialExpression p = constraint.polynomial();
        if (!options.newtonReduction()) {
            return Monomial.upToDegree(indeterminates, (p.totalDegree()) / 2);
        }
        Set<Monomial> support = p.monomials();
        while (true) {
            List<Monomial> basis = FreeMultipleReduction.reduce(NewtonPolytope.gramBasis(support, indeterminates),
                    constraint.freeMultiples);
            Set<Monomial> effective = ForcedZeroSupport.effective(p, support, basis);
            if (effective.size() == support.size()) {
                return basis;
            }
            support = effective;
        }
    }

    /**
     * Checks every declared free multiple: its multiplier's variables enter its constraint exactly as
     * {@code multiplier * q} and appear in no other constraint nor the objective.
     */
    private void checkFreeMultiples() {
        for (SosConstraint c : sosConstraints) {
            for (int k = 0; k < c.freeMultipliers.size(); k++) {
                PolynomialExpression multiplier = c.freeMultipliers.get(k);
                Polynomial q = c.freeMultiples.get(k).q();
                Set<DecisionVariable> own = new HashSet<>();
                multiplier.terms().values().forEach(form -> own.add(form.variable(0)));
                Map<DecisionVariable, Map<Monomial, Double>> expected = byVariable(multiplier.times(q), own);
                if (!expected.equals(byVariable(c.polynomial(), own))) {
                    throw new IllegalStateException("the multiplier declared free in " + c + " does not enter it "
                            + "as multiplier * (" + q + ") alone");
                }
                List<AffineForm> elsewhere = new ArrayList<>(linearForms);
                elsewhere.add(objective);
                for (SosConstraint other : sosConstraints) {
                    if (other != c) {
                        elsewhere.addAll(other.polynomial().terms().values());
                    }
                }
                for (AffineForm form : elsewhere) {
                    for (int t = 0; t < form.termCount(); t++) {
                        if (own.contains(form.variable(t))) {
                            throw new IllegalStateException("the multiplier declared free in " + c + " has the "
                                    + "coefficient " + form.variable(t) + ", which another constraint or the "
                                    + "objective also uses");
                        }
                    }
                }
            }
        }
    }

    /** For each of the given variables, its coefficient in each term of p. */
    private static Map<DecisionVariable, Map<Monomial, Double>> byVariable(PolynomialExpression p,
            Set<DecisionVariable> of) {
        Map<DecisionVariable, Map<Monomial, Double>> out = new HashMap<>();
        p.terms().forEach((m, form) -> {
            for (int t = 0; t < form.termCount(); t++) {
                if (of.contains(form.variable(t)) && form.coefficient(t) != 0.0) {
                    out.computeIfAbsent(form.variable(t), v -> new HashMap<>()).put(m, form.coefficient(t));
                }
            }
        });
        return out;
    }

    /** @return the solution with {@link SosOptions#defaults()} */
    public SosSolution solve() {
        return solve(SosOptions.defaults());
    }

    /**
     * Compiles and solves the program, then checks every SOS certificate. The free decision variables are
     * eliminated from the equalities first ({@link SparseElimination}), so the SDP holds only cone
     * variables; their values are recovered after the solve.
     *
     * @param options settings, not null
     * @return the solution (check {@link SosSolution#isSuccess()} and {@link SosSolution#isVerified()})
     * @throws IllegalStateException if the program has no constraint, or its objective depends on a decision
     *     variable that no constraint determines (it would be unbounded)
     */
    public SosSolution solve(SosOptions options) {
        Checks.notNull(options, "options");
        checkFreeMultiples();
        long start = System.nanoTime();
        SdpModel model = new SdpModel();
        List<Row> rows = new ArrayList<>();
        ScalarVariable marginSlack = Double.isNaN(marginCap) ? null : model.addNonNegativeVariable("cap - margin");
        for (int k = 0; k < linearForms.size(); k++) {
            Row row = new Row(linearForms.get(k), 1.0);
            int sense = linearSenses.get(k);
            if (sense != 0) {
                row.rest.put(model.addNonNegativeVariable("slack" + k), sense < 0 ? 1.0 : -1.0);
            }
            rows.add(row);
        }
        List<List<Monomial>> bases = new ArrayList<>();
        List<List<List<Map<ScalarVariable, Double>>>> grams = new ArrayList<>();
        for (SosConstraint c : sosConstraints) {
            List<Monomial> basis = gramBasis(c, options);
            List<List<Integer>> cliques = cliqueBases(c, basis, options);
            List<List<Map<ScalarVariable, Double>>> gram;
            if (cliques.size() == 1 && cliques.get(0).size() == basis.size()) {
                gram = coneGram(model, c, c.name(), basis, options);
            } else {
                // The union of the cliques' bases; each clique's Gram block is added into its rows and columns.
                List<Integer> kept = cliques.stream().flatMap(List::stream).distinct().sorted().toList();
                List<Monomial> union = kept.stream().map(basis::get).toList();
                int[] row = new int[basis.size()];
                for (int r = 0; r < kept.size(); r++) {
                    row[kept.get(r)] = r;
                }
                gram = zeroGram(union.size());
                for (int k = 0; k < cliques.size(); k++) {
                    List<Integer> members = cliques.get(k);
                    List<Monomial> part = members.stream().map(basis::get).toList();
                    List<List<Map<ScalarVariable, Double>>> block = coneGram(model, c, c.name() + "{" + k + "}",
                            part, options);
                    for (int a = 0; a < members.size(); a++) {
                        for (int b = 0; b < members.size(); b++) {
                            Map<ScalarVariable, Double> entry = gram.get(row[members.get(a)]).get(row[members.get(b)]);
                            block.get(a).get(b).forEach((var, w) -> entry.merge(var, w, Double::sum));
                        }
                    }
                }
                basis = union;
            }
            matchCoefficients(c.polynomial(), basis, gram, marginSlack, rows);
            bases.add(basis);
            grams.add(gram);
        }
        Compiled compiled = compile(model, rows, marginSlack);
        double buildSeconds = (System.nanoTime() - start) * 1e-9;
        SdpProblem problem = model.toProblem();
        options.problemObserver().accept(problem);
        ModelSolution solution = model.solve(problem, options.sdpOptions());
        Map<ScalarVariable, Double> cone = new HashMap<>();
        for (Row row : rows) {
            row.rest.keySet().forEach(var -> cone.computeIfAbsent(var, solution::value));
        }
        double[] values = compiled.recover(cone);
        double margin = marginSlack == null ? 0.0 : marginCap - solution.value(marginSlack);
        List<double[][]> gramValues = new ArrayList<>();
        for (List<List<Map<ScalarVariable, Double>>> g : grams) {
            int n = g.size();
            double[][] q = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    q[i][j] = valueOf(g.get(i).get(j), solution) + (i == j ? margin : 0.0);
                }
            }
            gramValues.add(q);
        }
        double objectiveValue = marginSlack == null ? objective.evaluate(values) : margin;
        return new SosSolution(this, solution.solverResult(), values, margin, objectiveValue, sosConstraints, bases,
                gramValues, options, buildSeconds, model.variableCount(), model.constraintCount())
                .withObjectiveConstant(objective.constantTerm() + compiled.objectiveConstant);
    }

    /** An equality {@code free . w + rest(u) = rhs}: w the decision variables, u the SDP's cone variables. */
    private static final class Row extends SparseElimination.Row {
        Row() {
        }

        /** The row {@code sign * form = 0}. */
        Row(AffineForm form, double sign) {
            addFree(form, sign);
            rhs = -sign * form.constantTerm();
        }

        void addFree(AffineForm form, double sign) {
            for (int k = 0; k < form.termCount(); k++) {
                free.merge(form.variable(k).index(), sign * form.coefficient(k), Double::sum);
            }
            free.values().removeIf(c -> c == 0.0);
        }
    }

    /** The compiled rows, with the elimination that recovers the decision variables. */
    private final class Compiled {
        SparseElimination elimination;
        /** The objective's part not in the SDP: objective = constant + the SDP's objective. */
        double objectiveConstant;

        double[] recover(Map<ScalarVariable, Double> cone) {
            return elimination.recover(cone);
        }
    }

    private Compiled compile(SdpModel model, List<Row> rows, ScalarVariable marginSlack) {
        Compiled compiled = new Compiled();
        compiled.elimination = new SparseElimination(new ArrayList<>(rows), variables.size());
        for (SparseElimination.Row row : compiled.elimination.remainingRows()) {
            model.addEquality(expression(row.rest), row.rhs);
        }
        if (compiled.elimination.remainingRows().isEmpty()) {
            // Every equality determined a free variable (a symmetric program can be that small): the SDP still
            // needs a constraint, so s = 1 on a fresh non-negative s, which constrains nothing else.
            model.addEquality(LinearExpression.of(model.addNonNegativeVariable("one")), 1.0);
        }
        LinearExpression coneObjective = new LinearExpression();
        if (marginSlack == null && objective.termCount() > 0) {
            double[] c = new double[variables.size()];
            for (int k = 0; k < objective.termCount(); k++) {
                c[objective.variable(k).index()] = objective.coefficient(k);
            }
            Map<ScalarVariable, Double> cone = new LinkedHashMap<>();
            compiled.objectiveConstant = compiled.elimination.rewriteObjective(c, cone);
            if (Double.isNaN(compiled.objectiveConstant)) {
                throw new IllegalStateException("the objective " + objective + " is unbounded: it depends on "
                        + "decision variables that no constraint determines");
            }
            cone.forEach((var, coef) -> coneObjective.add(coef, var));
        }
        if (marginSlack != null) {
            model.minimize(new LinearExpression().add(1 / marginCap, marginSlack));
        } else if (maximize) {
            model.maximize(coneObjective);
        } else {
            model.minimize(coneObjective);
        }
        return compiled;
    }

    private static LinearExpression expression(Map<ScalarVariable, Double> row) {
        LinearExpression e = new LinearExpression();
        row.forEach((var, c) -> e.add(c, var));
        return e;
    }

    private static double valueOf(Map<ScalarVariable, Double> entry, ModelSolution solution) {
        double s = 0.0;
        for (Map.Entry<ScalarVariable, Double> e : entry.entrySet()) {
            s += e.getValue() * solution.value(e.getKey());
        }
        return s;
    }

    /**
     * The blocks of a constraint's Gram basis under the options' sparsity. Correlative
     * ({@link SosOptions.Sparsity#CORRELATIVE}): for each maximal clique of the chordal extension of the graph of
     * its polynomial's terms ({@link ChordalCliques}), the positions of the basis monomials whose variables all
     * lie in the clique; a clique whose positions are all another's is left out (its block would add nothing),
     * and so are basis monomials in no clique (the restriction). Term ({@link SosOptions.Sparsity#TERM}): the
     * connected components of the term-sparsity graph at its block-closure fixed point ({@link TermSparsity}), a
     * partition of the basis.
     *
     * @param constraint a constraint of this program
     * @param basis its Gram basis ({@link #gramBasis})
     * @param options the options (the sparsity)
     * @return the blocks' positions in the basis, each ascending; one list of every position when the sparsity
     *     is {@link SosOptions.Sparsity#NONE} or the graph is one clique (one component)
     */
    List<List<Integer>> cliqueBases(SosConstraint constraint, List<Monomial> basis, SosOptions options) {
        List<Integer> all = java.util.stream.IntStream.range(0, basis.size()).boxed().toList();
        if (options.sparsity() == SosOptions.Sparsity.NONE) {
            return List.of(all);
        }
        Set<Monomial> support = new HashSet<>();
        constraint.polynomial().terms().forEach((m, form) -> {
            if (!form.equals(AffineForm.ZERO)) {
                support.add(m);
            }
        });
        if (options.sparsity() == SosOptions.Sparsity.TERM) {
            return TermSparsity.blocks(support, basis);
        }
        List<List<Integer>> positions = new ArrayList<>();
        for (List<Variable> clique : ChordalCliques.ofSupport(support, indeterminates)) {
            List<Integer> inClique = new ArrayList<>();
            for (int i = 0; i < basis.size(); i++) {
                if (clique.containsAll(basis.get(i).variables())) {
                    inClique.add(i);
                }
            }
            positions.add(inClique);
        }
        if (positions.isEmpty()) {
            return List.of(all);
        }
        List<List<Integer>> out = new ArrayList<>();
        for (int k = 0; k < positions.size(); k++) {
            List<Integer> c = positions.get(k);
            boolean subsumed = c.isEmpty();
            for (int j = 0; j < positions.size() && !subsumed; j++) {
                List<Integer> other = positions.get(j);
                subsumed = j != k && other.containsAll(c) && (other.size() > c.size() || j < k);
            }
            if (!subsumed) {
                out.add(c);
            }
        }
        return out.isEmpty() ? List.of(all) : out;
    }

    /** A Gram matrix on {@code basis} in the options' cone, its SDP variables named after {@code name}. */
    private List<List<Map<ScalarVariable, Double>>> coneGram(SdpModel model, SosConstraint c, String name,
            List<Monomial> basis, SosOptions options) {
        return switch (options.cone()) {
            case SOS -> psdGram(model, name,
                    new SignSymmetry(c.polynomial().monomials(), indeterminates).classes(basis), basis.size());
            case DSOS -> ddGram(model, name, basis.size());
            case SDSOS -> SdsosGram.build(model, name, basis.size());
        };
    }

    /** An n x n Gram matrix of empty (zero), mutable entries. */
    private static List<List<Map<ScalarVariable, Double>>> zeroGram(int n) {
        List<List<Map<ScalarVariable, Double>>> g = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Map<ScalarVariable, Double>> row = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                row.add(new LinkedHashMap<>());
            }
            g.add(row);
        }
        return g;
    }

    /**
     * A PSD Gram matrix, block diagonal over the sign-symmetry classes of the basis ({@link SignSymmetry}):
     * one PSD block per class, no variable between classes (the averaged certificate has zeros there).
     */
    private static List<List<Map<ScalarVariable, Double>>> psdGram(SdpModel model, String name,
            List<List<Integer>> classes, int n) {
        List<List<Map<ScalarVariable, Double>>> g = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Map<ScalarVariable, Double>> row = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                row.add(Map.of());
            }
            g.add(row);
        }
        for (int k = 0; k < classes.size(); k++) {
            List<Integer> members = classes.get(k);
            PsdMatrixVariable q = model.addPsdMatrix("Q(" + name + ")" + (classes.size() > 1 ? "[" + k + "]" : ""),
                    members.size());
            for (int a = 0; a < members.size(); a++) {
                for (int b = 0; b < members.size(); b++) {
                    g.get(members.get(a)).set(members.get(b), Map.of(q.entry(a, b), 1.0));
                }
            }
        }
        return g;
    }

    /**
     * Diagonally dominant with cone variables only: {@code Q_ii = d_i >= 0}, {@code Q_ij = p_ij - n_ij} with
     * {@code p, n >= 0}, and {@code d_i >= sum_{j != i} (p_ij + n_ij)}.
     */
    private static List<List<Map<ScalarVariable, Double>>> ddGram(SdpModel model, String name, int n) {
        List<List<Map<ScalarVariable, Double>>> g = new ArrayList<>();
        ScalarVariable[][] plus = new ScalarVariable[n][n];
        ScalarVariable[][] minus = new ScalarVariable[n][n];
        ScalarVariable[] diagonal = new ScalarVariable[n];
        for (int i = 0; i < n; i++) {
            diagonal[i] = model.addNonNegativeVariable("Q(" + name + ")[" + i + "," + i + "]");
            for (int j = i + 1; j < n; j++) {
                plus[i][j] = model.addNonNegativeVariable("Q(" + name + ")[" + i + "," + j + "]+");
                minus[i][j] = model.addNonNegativeVariable("Q(" + name + ")[" + i + "," + j + "]-");
                plus[j][i] = plus[i][j];
                minus[j][i] = minus[i][j];
            }
        }
        for (int i = 0; i < n; i++) {
            List<Map<ScalarVariable, Double>> row = new ArrayList<>();
            LinearExpression dominance = LinearExpression.of(diagonal[i]);
            for (int j = 0; j < n; j++) {
                if (j == i) {
                    row.add(Map.of(diagonal[i], 1.0));
                } else {
                    row.add(Map.of(plus[i][j], 1.0, minus[i][j], -1.0));
                    dominance.add(-1, plus[i][j]).add(-1, minus[i][j]);
                }
            }
            if (n > 1) {
                model.addGreaterOrEqual(dominance, 0.0);
            }
            g.add(row);
        }
        return g;
    }

    /** Rows {@code sum_{m_i m_j = m} Q_ij - p_m(w) = 0}, Q = Q' + t I with t = cap - slack in margin mode. */
    private void matchCoefficients(PolynomialExpression p, List<Monomial> basis,
            List<List<Map<ScalarVariable, Double>>> gram, ScalarVariable marginSlack, List<Row> rows) {
        Map<Monomial, Row> byMonomial = new LinkedHashMap<>();
        int n = basis.size();
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                Row row = byMonomial.computeIfAbsent(basis.get(i).multiply(basis.get(j)), m -> new Row());
                double factor = i == j ? 1 : 2;
                gram.get(i).get(j).forEach((var, c) -> row.rest.merge(var, factor * c, Double::sum));
                if (i == j && marginSlack != null) {
                    row.rest.merge(marginSlack, -1.0, Double::sum);
                    row.rhs -= marginCap;
                }
            }
        }
        p.terms().forEach((m, c) -> {
            Row row = byMonomial.computeIfAbsent(m, k -> new Row());
            row.addFree(c, -1.0);
            row.rhs += c.constantTerm();
        });
        rows.addAll(byMonomial.values());
    }
}
