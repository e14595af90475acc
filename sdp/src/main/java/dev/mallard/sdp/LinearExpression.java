package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import java.util.Arrays;

/**
 * A mutable affine expression {@code constant + sum_k coefficient_k * variable_k} over the variables
 * of one {@link SdpModel}, stored in growable primitive arrays so that building thousands of
 * constraints allocates little. A variable may appear more than once; its coefficients add up.
 * Every {@code add} method returns this expression, for chaining. Not thread-safe.
 */
public final class LinearExpression {

    ScalarVariable[] variables;
    double[] coefficients;
    int size;
    double constant;

    /** An empty expression (the constant 0). */
    public LinearExpression() {
        variables = new ScalarVariable[4];
        coefficients = new double[4];
    }

    /**
     * @param variable a variable
     * @return the expression {@code 1 * variable}
     */
    public static LinearExpression of(ScalarVariable variable) {
        return new LinearExpression().add(1, variable);
    }

    /**
     * @param variables variables
     * @return their sum
     */
    public static LinearExpression sum(ScalarVariable... variables) {
        LinearExpression e = new LinearExpression();
        for (ScalarVariable v : variables) {
            e.add(1, v);
        }
        return e;
    }

    /**
     * Adds {@code coefficient * variable}.
     *
     * @param coefficient a finite number
     * @param variable the variable
     * @return this
     */
    public LinearExpression add(double coefficient, ScalarVariable variable) {
        Checks.notNull(variable, "variable");
        Checks.finite(coefficient, "coefficient of " + variable.name());
        if (size == variables.length) {
            variables = Arrays.copyOf(variables, 2 * size);
            coefficients = Arrays.copyOf(coefficients, 2 * size);
        }
        variables[size] = variable;
        coefficients[size++] = coefficient;
        return this;
    }

    /**
     * Adds {@code 1 * variable}.
     *
     * @param variable the variable
     * @return this
     */
    public LinearExpression add(ScalarVariable variable) {
        return add(1, variable);
    }

    /**
     * Adds {@code factor * other} (other is not modified).
     *
     * @param factor a finite number
     * @param other another expression
     * @return this
     */
    public LinearExpression add(double factor, LinearExpression other) {
        Checks.notNull(other, "other");
        Checks.finite(factor, "factor");
        for (int k = 0; k < other.size; k++) {
            add(factor * other.coefficients[k], other.variables[k]);
        }
        constant += factor * other.constant;
        return this;
    }

    /**
     * Adds a constant.
     *
     * @param value a finite number
     * @return this
     */
    public LinearExpression addConstant(double value) {
        constant += Checks.finite(value, "constant");
        return this;
    }

    /** @return the constant term */
    public double constant() {
        return constant;
    }

    /** @return the number of terms added (repeated variables counted each time) */
    public int termCount() {
        return size;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < size; k++) {
            s.append(k == 0 ? "" : " + ").append(coefficients[k]).append('*').append(variables[k].name());
        }
        if (constant != 0 || size == 0) {
            s.append(size == 0 ? "" : " + ").append(constant);
        }
        return s.toString();
    }
}
