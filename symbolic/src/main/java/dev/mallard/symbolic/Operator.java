package dev.mallard.symbolic;

import dev.mallard.scalar.DoubleScalar;

/**
 * The kind of an {@link Expression} node. Every operation of {@code Scalar<T>} has one operator; a
 * node of arity 1 or 2 holds that many arguments, {@link #CONSTANT} holds a double and
 * {@link #VARIABLE} a {@link Variable}.
 *
 * <p>The numeric meaning of each operator is the {@link Math} method of the same name (and
 * {@link dev.mallard.scalar.DoubleScalar#powInt}, {@link dev.mallard.scalar.DoubleScalar#minValue},
 * {@link dev.mallard.scalar.DoubleScalar#maxValue} for integer powers, min and max), so that evaluating
 * an expression reproduces {@code Scalar.DOUBLE}.
 */
public enum Operator {
    /** A double constant. */
    CONSTANT(0, null),
    /** A free variable. */
    VARIABLE(0, null),
    /** {@code a + b}. */
    ADD(2, null),
    /** {@code a - b}. */
    SUB(2, null),
    /** {@code a * b}. */
    MUL(2, null),
    /** {@code a / b}. */
    DIV(2, null),
    /** {@code -a}. */
    NEG(1, null),
    /** {@code a ^ b}; an integral constant exponent is evaluated by repeated squaring. */
    POW(2, null),
    /** {@code sin(a)}, radians. */
    SIN(1, "sin"),
    /** {@code cos(a)}, radians. */
    COS(1, "cos"),
    /** {@code tan(a)}, radians. */
    TAN(1, "tan"),
    /** {@code asin(a)}. */
    ASIN(1, "asin"),
    /** {@code acos(a)}. */
    ACOS(1, "acos"),
    /** {@code atan(a)}. */
    ATAN(1, "atan"),
    /** {@code atan2(y, x)}: first argument the ordinate. */
    ATAN2(2, "atan2"),
    /** {@code sinh(a)}. */
    SINH(1, "sinh"),
    /** {@code cosh(a)}. */
    COSH(1, "cosh"),
    /** {@code tanh(a)}. */
    TANH(1, "tanh"),
    /** {@code e^a}. */
    EXP(1, "exp"),
    /** {@code e^a - 1}. */
    EXPM1(1, "expm1"),
    /** Natural logarithm. */
    LOG(1, "log"),
    /** {@code log(1 + a)}. */
    LOG1P(1, "log1p"),
    /** Square root. */
    SQRT(1, "sqrt"),
    /** Cube root. */
    CBRT(1, "cbrt"),
    /** Absolute value. */
    ABS(1, "abs"),
    /** Sign: -1, 0 or 1. */
    SIGN(1, "sign"),
    /** Smaller value, the first on a tie. */
    MIN(2, "min"),
    /** Larger value, the first on a tie. */
    MAX(2, "max"),
    /** {@code sqrt(a^2 + b^2)}. */
    HYPOT(2, "hypot");

    private final int arity;
    private final String functionName;

    Operator(int arity, String functionName) {
        this.arity = arity;
        this.functionName = functionName;
    }

    /**
     * @return the number of arguments: 0 for constants and variables, 1 or 2 otherwise
     */
    public int arity() {
        return arity;
    }

    /**
     * @return the name written in formulas for a function ({@code "sin"}, {@code "atan2"}), or null
     *     for constants, variables and the arithmetic operators
     */
    public String functionName() {
        return functionName;
    }

    /**
     * @return whether this operator is written as a function call {@code name(args)}
     */
    public boolean isFunction() {
        return functionName != null;
    }

    /**
     * The function operator with the given formula name.
     *
     * @param name a name such as {@code "sin"}, not null
     * @return the operator, or null if no function has that name
     */
    public static Operator functionNamed(String name) {
        for (Operator op : values()) {
            if (name.equals(op.functionName)) {
                return op;
            }
        }
        return null;
    }

    /**
     * The numeric meaning of this operator, as {@code Scalar.DOUBLE} computes it.
     *
     * @param x the first argument
     * @param y the second argument (ignored by operators of arity 1)
     * @return the value
     * @throws IllegalStateException for {@link #CONSTANT} and {@link #VARIABLE}, which have no arguments
     */
    public double evaluate(double x, double y) {
        switch (this) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case NEG: return -x;
            case POW: return Math.pow(x, y);
            case SIN: return Math.sin(x);
            case COS: return Math.cos(x);
            case TAN: return Math.tan(x);
            case ASIN: return Math.asin(x);
            case ACOS: return Math.acos(x);
            case ATAN: return Math.atan(x);
            case ATAN2: return Math.atan2(x, y);
            case SINH: return Math.sinh(x);
            case COSH: return Math.cosh(x);
            case TANH: return Math.tanh(x);
            case EXP: return Math.exp(x);
            case EXPM1: return Math.expm1(x);
            case LOG: return Math.log(x);
            case LOG1P: return Math.log1p(x);
            case SQRT: return Math.sqrt(x);
            case CBRT: return Math.cbrt(x);
            case ABS: return Math.abs(x);
            case SIGN: return Math.signum(x);
            case MIN: return DoubleScalar.minValue(x, y);
            case MAX: return DoubleScalar.maxValue(x, y);
            case HYPOT: return Math.hypot(x, y);
            
            default: throw new IllegalStateException(this + " has no arguments to evaluate");
        }
    }
}
