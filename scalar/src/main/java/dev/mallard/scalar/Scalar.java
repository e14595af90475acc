package dev.mallard.scalar;

/**
 * The type class of a number type {@code T}: an object that knows how to build, combine and inspect
 * values of {@code T}. Mallard's systems are written once against a {@code Scalar<T>} and run with
 * {@link #DOUBLE} (fast simulation), with forward-mode AutoDiff (gradients) or with symbolic
 * expressions (equations, polynomials).
 *
 * <p>Values of {@code T} are immutable: no operation modifies its arguments. Every operation follows
 * the IEEE 754 semantics of the corresponding {@link Math} method for the numeric value (NaN in, NaN
 * out; {@code log(0) = -Infinity}; {@code sqrt(-1) = NaN}); number types carrying more than a value
 * (derivatives, structure) document what they do at the edges of a function's domain.
 *
 * <p>Comparisons ({@link #compare}, {@link #lessThan}, ...) act on the numeric value only. A number type
 * that is not {@linkplain #isNumeric() numeric} (a symbolic expression with free variables) throws
 * {@link NonNumericValueException} from them and from {@link #value}; algorithms that need to compare
 * values (step-size control, event isolation) check {@link #isNumeric()} first.
 *
 * @param <T> the number type; its values are immutable
 */
public interface Scalar<T> {

    /** The type class of {@code double}, boxed as {@link Double}; its vectors store primitive {@code double[]}. */
    Scalar<Double> DOUBLE = DoubleScalar.INSTANCE;

    /**
     * A short name of the number type, used in messages ("double", "AutoDiff", "Expression").
     *
     * @return the name, never null
     */
    String name();

    /**
     * The Java class of the values.
     *
     * @return the class of {@code T}, never null
     */
    Class<T> type();

    /**
     * Whether every value of this type has a numeric value ({@link #value} never throws). True for
     * double and AutoDiff; false for symbolic expressions, whose values may contain free variables.
     *
     * @return true when values can always be compared and converted to double
     */
    boolean isNumeric();

    // ---- constants -------------------------------------------------------------------------------

    /**
     * The constant with the given value (for AutoDiff: zero gradient).
     *
     * @param value any double, including NaN and infinities
     * @return the constant, never null
     */
    T of(double value);

    /**
     * The additive identity.
     *
     * @return {@code of(0)}
     */
    default T zero() {
        return of(0.0);
    }

    /**
     * The multiplicative identity.
     *
     * @return {@code of(1)}
     */
    default T one() {
        return of(1.0);
    }

    /**
     * The numeric value of {@code a}.
     *
     * @param a a value, not null
     * @return its double value
     * @throws NonNumericValueException if {@code a} has no numeric value (a symbolic expression with
     *     free variables)
     * @throws NullPointerException if {@code a} is null
     */
    double value(T a);

    /**
     * A new array of {@code T} of the given length, filled with nulls.
     *
     * @param length the length, {@code >= 0}
     * @return the array
     * @throws IllegalArgumentException if {@code length < 0}
     */
    T[] newArray(int length);

    /**
     * A new vector of zeros over this type. For {@link #DOUBLE} it is a {@link DoubleVector} backed by a
     * primitive {@code double[]}.
     *
     * @param size the number of entries, {@code >= 0}
     * @return the vector, all entries {@link #zero()}
     * @throws IllegalArgumentException if {@code size < 0}
     */
    default ScalarVector<T> newVector(int size) {
        return new GenericVector<>(this, size);
    }

    /**
     * A new matrix of zeros over this type. For {@link #DOUBLE} it is a {@link DoubleMatrix} backed by a
     * primitive row-major {@code double[]}.
     *
     * @param rows the number of rows, {@code >= 0}
     * @param cols the number of columns, {@code >= 0}
     * @return the matrix, all entries {@link #zero()}
     * @throws IllegalArgumentException if a dimension is negative
     */
    default ScalarMatrix<T> newMatrix(int rows, int cols) {
        return new GenericMatrix<>(this, rows, cols);
    }

    // ---- arithmetic ------------------------------------------------------------------------------

    /**
     * The sum of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a + b}
     */
    T add(T a, T b);

    /**
     * The sum of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a + b}
     */
    T add(T a, double b);

    /**
     * The difference of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a - b}
     */
    T sub(T a, T b);

    /**
     * The difference of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a - b}
     */
    T sub(T a, double b);

    /**
     * The difference of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a - b}
     */
    T sub(double a, T b);

    /**
     * The product of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a * b}
     */
    T mul(T a, T b);

    /**
     * The product of two values.
     *
     * @param a left operand
     * @param b right operand
     * @return {@code a * b}
     */
    T mul(T a, double b);

    /**
     * The quotient of two values.
     *
     * @param a numerator
     * @param b denominator
     * @return {@code a / b} (IEEE: {@code 1/0 = Infinity})
     */
    T div(T a, T b);

    /**
     * The quotient of two values.
     *
     * @param a numerator
     * @param b denominator
     * @return {@code a / b}
     */
    T div(T a, double b);

    /**
     * The quotient of two values.
     *
     * @param a numerator
     * @param b denominator
     * @return {@code a / b}
     */
    T div(double a, T b);

    /**
     * The negation of a value.
     *
     * @param a operand
     * @return {@code -a}
     */
    T neg(T a);

    /**
     * The square of a value.
     *
     * @param a operand
     * @return {@code a * a}
     */
    default T square(T a) {
        return mul(a, a);
    }

    /**
     * The linear combination {@code base + c[0] t[0] + c[1] t[1] + ... + c[count-1] t[count-1]}, added
     * left to right as {@code add(...add(add(base, mul(t[0], c[0])), mul(t[1], c[1]))..., mul(t[count-1],
     * c[count-1]))}; implementations may fuse it (AutoDiff computes value and gradient in one pass with one
     * gradient array) but must give the same result. Every coefficient is used, zeros included (a zero
     * coefficient times a NaN term is NaN); callers that want zero coefficients skipped leave them out.
     *
     * @param base the value added to, not null
     * @param coefficients the coefficients {@code c}; entries from {@code count} on are ignored; not
     *     modified
     * @param terms the terms {@code t}; entries from {@code count} on are ignored (may be null); not
     *     modified
     * @param count the number of terms, {@code 0 <= count <= min(coefficients.length, terms.length)};
     *     0 gives {@code base}
     * @return the combination
     * @throws NullPointerException if {@code base}, {@code coefficients}, {@code terms} or one of the first
     *     {@code count} terms is null (the message names the index)
     * @throws IllegalArgumentException if {@code count} is negative or exceeds either array's length
     */
    default T linearCombination(T base, double[] coefficients, T[] terms, int count) {
        checkLinearCombination(base, coefficients, terms, count);
        T sum = base;
        for (int i = 0; i < count; i++) {
            sum = add(sum, mul(terms[i], coefficients[i]));
        }
        return sum;
    }

    /**
     * The scaled linear combination {@code base + scale (c[0] t[0] + ... + c[count-1] t[count-1])}, computed as
     * {@code add(base, mul(scale, linearCombination(zero(), c, t, count)))}: the shape of an explicit
     * Runge-Kutta stage {@code x0 + h sum(a_m k_m)}. Implementations may fuse it (AutoDiff computes value and
     * gradient with one gradient array instead of three) but must give the same result.
     *
     * @param base the value added to, not null
     * @param scale the factor of the sum, not null
     * @param coefficients the coefficients {@code c}, as in {@link #linearCombination}; not modified
     * @param terms the terms {@code t}, as in {@link #linearCombination}; not modified
     * @param count the number of terms, as in {@link #linearCombination}; 0 gives {@code base + scale * 0}
     * @return the combination
     * @throws NullPointerException if {@code base}, {@code scale}, {@code coefficients}, {@code terms} or one of
     *     the first {@code count} terms is null (the message names it)
     * @throws IllegalArgumentException if {@code count} is negative or exceeds either array's length
     */
    default T scaledLinearCombination(T base, T scale, double[] coefficients, T[] terms, int count) {
        Checks.notNull(scale, "scale");
        checkLinearCombination(base, coefficients, terms, count);
        return add(base, mul(scale, linearCombination(zero(), coefficients, terms, count)));
    }

    /**
     * Checks the arguments of {@link #linearCombination} as documented there; for implementations that
     * override it.
     *
     * @param <V> the number type
     * @param base the value added to
     * @param coefficients the coefficients
     * @param terms the terms
     * @param count the number of terms
     * @throws NullPointerException if {@code base}, {@code coefficients}, {@code terms} or one of the first
     *     {@code count} terms is null
     * @throws IllegalArgumentException if {@code count} is negative or exceeds either array's length
     */
    static <V> void checkLinearCombination(V base, double[] coefficients, V[] terms, int count) {
        Checks.notNull(base, "base");
        Checks.notNull(coefficients, "coefficients");
        Checks.notNull(terms, "terms");
        Checks.nonNegative(count, "count");
        if (count > coefficients.length || count > terms.length) {
            throw new IllegalArgumentException("count must be at most coefficients.length = "
                    + coefficients.length + " and terms.length = " + terms.length + ", got " + count);
        }
        for (int i = 0; i < count; i++) {
            if (terms[i] == null) {
                throw new NullPointerException("terms[" + i + "] must not be null");
            }
        }
    }

    // ---- elementary functions --------------------------------------------------------------------

    /**
     * The sine.
     *
     * @param a angle in radians
     * @return {@code sin(a)}
     */
    T sin(T a);

    /**
     * The cosine.
     *
     * @param a angle in radians
     * @return {@code cos(a)}
     */
    T cos(T a);

    /**
     * The tangent.
     *
     * @param a angle in radians
     * @return {@code tan(a)}
     */
    T tan(T a);

    /**
     * The arc sine.
     *
     * @param a operand, NaN outside [-1, 1]
     * @return {@code asin(a)} in [-pi/2, pi/2]
     */
    T asin(T a);

    /**
     * The arc cosine.
     *
     * @param a operand, NaN outside [-1, 1]
     * @return {@code acos(a)} in [0, pi]
     */
    T acos(T a);

    /**
     * The arc tangent.
     *
     * @param a operand
     * @return {@code atan(a)} in (-pi/2, pi/2)
     */
    T atan(T a);

    /**
     * The angle of the point (x, y), as {@link Math#atan2(double, double)}.
     *
     * @param y ordinate
     * @param x abscissa
     * @return the angle in [-pi, pi]
     */
    T atan2(T y, T x);

    /**
     * The hyperbolic sine.
     *
     * @param a operand
     * @return {@code sinh(a)}
     */
    T sinh(T a);

    /**
     * The hyperbolic cosine.
     *
     * @param a operand
     * @return {@code cosh(a)}
     */
    T cosh(T a);

    /**
     * The hyperbolic tangent.
     *
     * @param a operand
     * @return {@code tanh(a)}
     */
    T tanh(T a);

    /**
     * The exponential function.
     *
     * @param a operand
     * @return {@code e^a}
     */
    T exp(T a);

    /**
     * The exponential function minus one.
     *
     * @param a operand
     * @return {@code e^a - 1}, accurate near 0
     */
    T expm1(T a);

    /**
     * The natural logarithm.
     *
     * @param a operand; NaN below 0, -Infinity at 0
     * @return the natural logarithm
     */
    T log(T a);

    /**
     * The natural logarithm of one plus the value.
     *
     * @param a operand; NaN below -1
     * @return {@code log(1 + a)}, accurate near 0
     */
    T log1p(T a);

    /**
     * The square root.
     *
     * @param a operand; NaN below 0
     * @return the square root
     */
    T sqrt(T a);

    /**
     * The cube root.
     *
     * @param a operand
     * @return the cube root
     */
    T cbrt(T a);

    /**
     * A power with a constant real exponent.
     *
     * @param a base
     * @param p exponent
     * @return {@code a^p} as {@link Math#pow}
     */
    T pow(T a, double p);

    /**
     * A power with an integer exponent.
     *
     * @param a base
     * @param n integer exponent (negative allowed)
     * @return {@code a^n}
     */
    T pow(T a, int n);

    /**
     * A power whose exponent is itself a value of this type.
     *
     * @param a base
     * @param p exponent
     * @return {@code a^p} as {@link Math#pow}
     */
    T pow(T a, T p);

    /**
     * The absolute value.
     *
     * @param a operand
     * @return {@code |a|}
     */
    T abs(T a);

    /**
     * The sign of a value.
     *
     * @param a operand
     * @return -1, 0 or 1 by the sign of the value (NaN for NaN), as {@link Math#signum}
     */
    T sign(T a);

    /**
     * The smaller of two values, comparing numeric values; on a tie, {@code a}.
     *
     * @param a first operand
     * @param b second operand
     * @return the smaller; NaN if either is NaN
     */
    T min(T a, T b);

    /**
     * The larger of two values, comparing numeric values; on a tie, {@code a}.
     *
     * @param a first operand
     * @param b second operand
     * @return the larger; NaN if either is NaN
     */
    T max(T a, T b);

    /**
     * The Euclidean length of the vector (a, b).
     *
     * @param a first leg
     * @param b second leg
     * @return {@code sqrt(a^2 + b^2)} without undue overflow
     */
    T hypot(T a, T b);

    // ---- comparisons on values -------------------------------------------------------------------

    /**
     * Compares numeric values as {@link Double#compare} does (NaN is greater than everything).
     *
     * @param a first value
     * @param b second value
     * @return negative, zero or positive
     * @throws NonNumericValueException if either has no numeric value
     */
    default int compare(T a, T b) {
        return Double.compare(value(a), value(b));
    }

    /**
     * @param a first value
     * @param b second value
     * @return {@code value(a) < value(b)} (false if either is NaN)
     * @throws NonNumericValueException if either has no numeric value
     */
    default boolean lessThan(T a, T b) {
        return value(a) < value(b);
    }

    /**
     * @param a first value
     * @param b second value
     * @return {@code value(a) <= value(b)} (false if either is NaN)
     * @throws NonNumericValueException if either has no numeric value
     */
    default boolean lessOrEqual(T a, T b) {
        return value(a) <= value(b);
    }

    /**
     * @param a first value
     * @param b second value
     * @return {@code value(a) > value(b)} (false if either is NaN)
     * @throws NonNumericValueException if either has no numeric value
     */
    default boolean greaterThan(T a, T b) {
        return value(a) > value(b);
    }

    /**
     * @param a a value
     * @return whether its numeric value is NaN
     * @throws NonNumericValueException if it has no numeric value
     */
    default boolean isNaN(T a) {
        return Double.isNaN(value(a));
    }

    /**
     * @param a a value
     * @return whether its numeric value is neither NaN nor infinite
     * @throws NonNumericValueException if it has no numeric value
     */
    default boolean isFinite(T a) {
        return Double.isFinite(value(a));
    }
}
