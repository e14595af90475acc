package dev.mallard.symbolic;

import java.util.Collection;
import java.util.TreeSet;

/**
 * Thrown by {@link Expression#toPolynomial} when an expression is not a polynomial with numeric
 * coefficients in the requested variables. The message and {@link #culprit()} name the offending
 * subexpression.
 */
public class NotPolynomialException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient Expression culprit;

    NotPolynomialException(Expression expression, Expression culprit, Collection<Variable> variables, String why) {
        super(expression + " is not a polynomial in " + new TreeSet<>(variables) + ": " + culprit + " " + why);
        this.culprit = culprit;
    }

    /**
     * @return the subexpression that is not polynomial (a function call, a division by a
     *     non-constant, a non-integer or negative power, or a foreign variable)
     */
    public Expression culprit() {
        return culprit;
    }
}
