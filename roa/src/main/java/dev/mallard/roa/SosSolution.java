package dev.mallard.roa;

import dev.mallard.sdp.SdpResult;
import dev.mallard.sdp.SdpStatus;
import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;

import java.util.ArrayList;
import java.util.List;

/**
 * The solution of an {@link SosProgram}: the solver's status and statistics, the decision variables'
 * values, the Gram matrices, and the independently checked certificate of every SOS constraint.
 * Values are meaningful when {@link #isSuccess()}; a certificate is only to be trusted when
 * {@link #isVerified()}. Immutable.
 */
public final class SosSolution {

    private final SosProgram program;
    private final SdpResult result;
    private final double[] values;
    private final double margin;
    private final List<SosCertificate> certificates = new ArrayList<>();
    private final double objectiveValue;
    private final double buildSeconds;
    private final int sdpVariables;
    private final int sdpConstraints;
    private double objectiveConstant;

    SosSolution(SosProgram program, SdpResult result, double[] values, double margin, double objectiveValue,
            List<SosConstraint> constraints, List<List<Monomial>> bases, List<double[][]> grams, SosOptions options,
            double buildSeconds, int sdpVariables, int sdpConstraints) {
        this.program = program;
        this.result = result;
        this.values = values;
        this.margin = margin;
        for (int k = 0; k < constraints.size(); k++) {
            Polynomial p = constraints.get(k).polynomial().evaluate(values);
            certificates.add(CertificateCheck.check(p, bases.get(k), grams.get(k), options.certificateTolerance()));
        }
        this.objectiveValue = objectiveValue;
        this.buildSeconds = buildSeconds;
        this.sdpVariables = sdpVariables;
        this.sdpConstraints = sdpConstraints;
    }

    /** Records the objective's constant part (set once, by the solve); returns this. */
    SosSolution withObjectiveConstant(double constant) {
        objectiveConstant = constant;
        return this;
    }

    /**
     * @return the objective's part that is not in the compiled SDP, whose (D) objective {@code C . Y} is
     *     maximised: a maximised objective is this constant plus {@code C . Y}, a minimised one this constant
     *     minus {@code C . Y}; 0 for {@link SosProgram#maximizeGramMargin}
     */
    public double objectiveConstant() {
        return objectiveConstant;
    }

    /** @return whether the solver reached an optimum (OPTIMAL or NEAR_OPTIMAL) */
    public boolean isSuccess() {
        return result.status() == SdpStatus.OPTIMAL || result.status() == SdpStatus.NEAR_OPTIMAL;
    }

    /** @return whether the solve succeeded and every SOS certificate was verified */
    public boolean isVerified() {
        if (!isSuccess()) {
            return false;
        }
        for (SosCertificate c : certificates) {
            if (!c.isVerified()) {
                return false;
            }
        }
        return true;
    }

    /** @return the SDP solver's status (on the (D) side of the compiled problem, see {@code ModelSolution}) */
    public SdpStatus status() {
        return result.status();
    }

    /** @return the objective value (for {@link SosProgram#maximizeGramMargin}, the margin) */
    public double objectiveValue() {
        return objectiveValue;
    }

    /** @return the Gram margin t (0 unless {@link SosProgram#maximizeGramMargin} was used) */
    public double gramMargin() {
        return margin;
    }

    /**
     * @param v a decision variable of the solved program
     * @return its value
     * @throws IllegalArgumentException if it belongs to another program or was created after solving
     */
    public double value(DecisionVariable v) {
        Checks.notNull(v, "variable");
        if (v.program != program || v.index() >= values.length) {
            throw new IllegalArgumentException("variable " + v.name() + " is not part of the solved program");
        }
        return values[v.index()];
    }

    /**
     * @param form an affine form over the solved program's variables
     * @return its value
     */
    public double value(AffineForm form) {
        return Checks.notNull(form, "form").evaluate(values);
    }

    /**
     * @param p a polynomial expression over the solved program's variables
     * @return it with every coefficient evaluated
     */
    public Polynomial value(PolynomialExpression p) {
        return Checks.notNull(p, "polynomial").evaluate(values);
    }

    /**
     * @param c a constraint of the solved program
     * @return its certificate check
     * @throws IllegalArgumentException if the constraint belongs to another program or was added later
     */
    public SosCertificate certificate(SosConstraint c) {
        Checks.notNull(c, "constraint");
        if (c.program != program || c.index() >= certificates.size()) {
            throw new IllegalArgumentException(c + " is not part of the solved program");
        }
        return certificates.get(c.index());
    }

    /** @return every SOS constraint's certificate, in order of addition (unmodifiable) */
    public List<SosCertificate> certificates() {
        return List.copyOf(certificates);
    }

    /**
     * @param c a constraint of the solved program
     * @return its Gram matrix (a fresh copy)
     */
    public double[][] gram(SosConstraint c) {
        return certificate(c).gram();
    }

    /** @return the underlying SDP solver result (iterations, residuals, time) */
    public SdpResult solverResult() {
        return result;
    }

    /** @return interior-point iterations taken */
    public int iterations() {
        return result.iterations();
    }

    /** @return seconds spent in the SDP solver */
    public double solveSeconds() {
        return result.solveSeconds();
    }

    /** @return seconds spent building the SDP (Newton polytopes, coefficient matching) */
    public double buildSeconds() {
        return buildSeconds;
    }

    /** @return scalar variables of the compiled SDP model (Gram entries included) */
    public int sdpVariableCount() {
        return sdpVariables;
    }

    /** @return constraints of the compiled SDP model */
    public int sdpConstraintCount() {
        return sdpConstraints;
    }

    @Override
    public String toString() {
        return "SosSolution[" + status() + (isVerified() ? ", verified" : ", not verified") + ", objective "
                + objectiveValue + ", " + iterations() + " iterations, " + solveSeconds() + " s]";
    }
}
