package dev.mallard.symbolic;

import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.Scalar;

/**
 * The {@code Scalar} of symbolic expressions, {@link Expression#SCALAR}. Not numeric: {@link #value}
 * and the comparisons work on constant expressions and throw {@link NonNumericValueException} naming the
 * expression when it has free variables. Never starts Symja.
 */
final class ExpressionScalar implements Scalar<Expression> {

    static final ExpressionScalar INSTANCE = new ExpressionScalar();

    private ExpressionScalar() {
    }

    @Override public String name() { return "Expression"; }
    @Override public Class<Expression> type() { return Expression.class; }
    @Override public boolean isNumeric() { return false; }
    @Override public Expression of(double value) { return Expression.constant(value); }
    @Override public Expression zero() { return Expression.ZERO; }
    @Override public Expression one() { return Expression.ONE; }

    @Override
    public double value(Expression a) {
        if (!a.isConstant()) {
            throw new NonNumericValueException("the expression " + a + " has no numeric value: it depends on "
                    + a.getVariables());
        }
        return a.constantValue();
    }

    @Override
    public Expression[] newArray(int length) {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0, got " + length);
        }
        return new Expression[length];
    }

    @Override public Expression add(Expression a, Expression b) { return Expression.add(a, b); }
    @Override public Expression add(Expression a, double b) { return Expression.add(a, Expression.constant(b)); }
    @Override public Expression sub(Expression a, Expression b) { return Expression.sub(a, b); }
    @Override public Expression sub(Expression a, double b) { return Expression.sub(a, Expression.constant(b)); }
    @Override public Expression sub(double a, Expression b) { return Expression.sub(Expression.constant(a), b); }
    @Override public Expression mul(Expression a, Expression b) { return Expression.mul(a, b); }
    @Override public Expression mul(Expression a, double b) { return Expression.mul(a, Expression.constant(b)); }
    @Override public Expression div(Expression a, Expression b) { return Expression.div(a, b); }
    @Override public Expression div(Expression a, double b) { return Expression.div(a, Expression.constant(b)); }
    @Override public Expression div(double a, Expression b) { return Expression.div(Expression.constant(a), b); }
    @Override public Expression neg(Expression a) { return Expression.neg(a); }
    @Override public Expression square(Expression a) { return Expression.pow(a, 2); }

    @Override public Expression sin(Expression a) { return Expression.sin(a); }
    @Override public Expression cos(Expression a) { return Expression.cos(a); }
    @Override public Expression tan(Expression a) { return Expression.tan(a); }
    @Override public Expression asin(Expression a) { return Expression.asin(a); }
    @Override public Expression acos(Expression a) { return Expression.acos(a); }
    @Override public Expression atan(Expression a) { return Expression.atan(a); }
    @Override public Expression atan2(Expression y, Expression x) { return Expression.atan2(y, x); }
    @Override public Expression sinh(Expression a) { return Expression.sinh(a); }
    @Override public Expression cosh(Expression a) { return Expression.cosh(a); }
    @Override public Expression tanh(Expression a) { return Expression.tanh(a); }
    @Override public Expression exp(Expression a) { return Expression.exp(a); }
    @Override public Expression expm1(Expression a) { return Expression.expm1(a); }
    @Override public Expression log(Expression a) { return Expression.log(a); }
    @Override public Expression log1p(Expression a) { return Expression.log1p(a); }
    @Override public Expression sqrt(Expression a) { return Expression.sqrt(a); }
    @Override public Expression cbrt(Expression a) { return Expression.cbrt(a); }
    @Override public Expression pow(Expression a, double p) { return Expression.pow(a, p); }
    @Override public Expression pow(Expression a, int n) { return Expression.pow(a, n); }
    @Override public Expression pow(Expression a, Expression p) { return Expression.pow(a, p); }
    @Override public Expression abs(Expression a) { return Expression.abs(a); }
    @Override public Expression sign(Expression a) { return Expression.sign(a); }
    @Override public Expression min(Expression a, Expression b) { return Expression.min(a, b); }
    @Override public Expression max(Expression a, Expression b) { return Expression.max(a, b); }
    @Override public Expression hypot(Expression a, Expression b) { return Expression.hypot(a, b); }

    @Override
    public String toString() {
        return "Expression.SCALAR";
    }
}
