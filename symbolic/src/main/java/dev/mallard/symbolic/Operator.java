package dev.mallard.symbolic;

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
}
