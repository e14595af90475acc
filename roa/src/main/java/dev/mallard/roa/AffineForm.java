package dev.mallard.roa;

import dev.mallard.scalar.Checks;

import java.util.Arrays;

/**
 * An affine function {@code constant + sum_k c_k v_k} of the decision variables of one {@link SosProgram}:
 * the coefficient of a monomial in a {@link PolynomialExpression}. Terms are kept sorted by variable
 * index with no zero coefficients, so equal forms have equal term arrays. Immutable.
 */
public final class AffineForm {

    /** The constant 0. */
    public static final AffineForm ZERO = new AffineForm(null, new DecisionVariable[0], new double[0], 0.0);

    private final SosProgram program;
    private final DecisionVariable[] variables;
    private final double[] coefficients;
    private final double constant;

    private AffineForm(SosProgram program, DecisionVariable[] variables, double[] coefficients, double constant) {
        this.program = program;
        this.variables = variables;
        this.coefficients = coefficients;
        this.constant = constant;
    }

    /**
     * @param value a finite number
     * @return the constant form
     * @throws IllegalArgumentException if {@code value} is not finite
     */
    public static AffineForm constant(double value) {
        Checks.finite(value, "constant");
        return value == 0.0 ? ZERO : new AffineForm(null, new DecisionVariable[0], new double[0], value);
    }

    /**
     * @param v a decision variable, not null
     * @return {@code 1 * v}
     */
    public static AffineForm of(DecisionVariable v) {
        Checks.notNull(v, "variable");
        return new AffineForm(v.program, new DecisionVariable[] {v}, new double[] {1.0}, 0.0);
    }

    /** @return the constant term */
    public double constantTerm() {
        return constant;
    }

    /** @return the number of variables with a non-zero coefficient */
    public int termCount() {
        return variables.length;
    }

    /**
     * @param k a term number in [0, termCount()), in increasing variable index
     * @return the term's variable
     */
    public DecisionVariable variable(int k) {
        return variables[k];
    }

    /**
     * @param k a term number in [0, termCount())
     * @return the term's coefficient (non-zero)
     */
    public double coefficient(int k) {
        return coefficients[k];
    }

    /** @return whether this is the constant 0 */
    public boolean isZero() {
        return variables.length == 0 && constant == 0.0;
    }

    /** @return whether no decision variable occurs */
    public boolean isConstant() {
        return variables.length == 0;
    }

    /**
     * @param other another form over the same program's variables
     * @return {@code this + other}
     * @throws IllegalArgumentException if the forms belong to different programs
     */
    public AffineForm plus(AffineForm other) {
        return plusScaled(1.0, other);
    }

    /**
     * @param other another form over the same program's variables
     * @return {@code this - other}
     */
    public AffineForm minus(AffineForm other) {
        return plusScaled(-1.0, other);
    }

    /**
     * @param factor a finite number
     * @return {@code factor * this}
     */
    public AffineForm times(double factor) {
        Checks.finite(factor, "factor");
        if (factor == 0.0) {
            return ZERO;
        }
        double[] c = coefficients.clone();
        for (int k = 0; k < c.length; k++) {
            c[k] *= factor;
        }
        return new AffineForm(program, variables, c, constant * factor);
    }

    /**
     * The merge of two sorted term lists: the inner loop of multiplying polynomials with decision
     * coefficients.
     *
     * @param factor a finite number
     * @param other another form
     * @return {@code this + factor * other}
     */
    public AffineForm plusScaled(double factor, AffineForm other) {
        Checks.notNull(other, "other");
        SosProgram owner = program != null ? program : other.program;
        if (program != null && other.program != null && program != other.program) {
            throw new IllegalArgumentException("affine forms over variables of different SOS programs");
        }
        DecisionVariable[] vs = new DecisionVariable[variables.length + other.variables.length];
        double[] cs = new double[vs.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < variables.length || j < other.variables.length) {
            int order = i == variables.length ? 1
                    : j == other.variables.length ? -1
                    : Integer.compare(variables[i].index(), other.variables[j].index());
            double c;
            DecisionVariable v;
            if (order < 0) {
                v = variables[i];
                c = coefficients[i++];
            } else if (order > 0) {
                v = other.variables[j];
                c = factor * other.coefficients[j++];
            } else {
                v = variables[i];
                c = coefficients[i++] + factor * other.coefficients[j++];
            }
            if (c != 0.0) {
                vs[n] = v;
                cs[n++] = c;
            }
        }
        return new AffineForm(owner, Arrays.copyOf(vs, n), Arrays.copyOf(cs, n), constant + factor * other.constant);
    }

    /**
     * @param values decision variable values indexed by {@link DecisionVariable#index()}; not modified
     * @return the value of this form
     */
    double evaluate(double[] values) {
        double s = constant;
        for (int k = 0; k < variables.length; k++) {
            s += coefficients[k] * values[variables[k].index()];
        }
        return s;
    }

    SosProgram program() {
        return program;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AffineForm)) {
            return false;
        }
        AffineForm f = (AffineForm) o;
        return constant == f.constant && Arrays.equals(variables, f.variables)
                && Arrays.equals(coefficients, f.coefficients);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(coefficients) + Double.hashCode(constant);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < variables.length; k++) {
            s.append(k == 0 ? "" : " + ").append(coefficients[k]).append('*').append(variables[k].name());
        }
        if (constant != 0.0 || variables.length == 0) {
            s.append(variables.length == 0 ? "" : " + ").append(constant);
        }
        return s.toString();
    }
}
