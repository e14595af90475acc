package dev.mallard.scalar;

/**
 * A value of a number type together with its {@link Scalar}, so that generic code reads like the equations:
 * {@code th.sin().mul(sum).neg().div(m)} instead of {@code s.div(s.neg(s.mul(s.sin(th), sum)), m)}. Every
 * operation returns a new {@code Num} whose value is exactly what the corresponding {@code Scalar} method gives
 * (same operation, same order), so a system written with {@code Num} computes bit for bit what the one spelled
 * through the type class computes, with doubles, AutoDiff and symbolic expressions alike; traced symbolically
 * and compiled ({@code CompiledSystems}), both give the same compiled code.
 *
 * <p>On the uncompiled double path a {@code Num} is one small object per operation beside the boxed
 * {@code Double}; the JIT removes most of them when the arithmetic inlines (measured in docs/PERFORMANCE.md,
 * "Models (issue 32)").
 *
 * <p>Immutable and thread-safe when {@code T} is.
 *
 * @param <T> the number type
 */
public final class Num<T> {

    private final Scalar<T> s;
    private final T v;

    private Num(Scalar<T> scalar, T value) {
        this.s = scalar;
        this.v = value;
    }

    /**
     * @param scalar the number type, not null
     * @param value a value of it, not null
     * @param <T> the number type
     * @return the value with its number type
     * @throws NullPointerException if an argument is null
     */
    public static <T> Num<T> of(Scalar<T> scalar, T value) {
        return new Num<>(Checks.notNull(scalar, "scalar"), Checks.notNull(value, "value"));
    }

    /**
     * Entry {@code i} of a vector (a state, a parameter group, an input's value).
     *
     * @param vector the vector, not null; not modified
     * @param i the entry, in [0, size)
     * @param <T> the number type
     * @return the entry with the vector's number type
     * @throws IndexOutOfBoundsException if {@code i} is outside the vector
     */
    public static <T> Num<T> of(ScalarVector<T> vector, int i) {
        return new Num<>(vector.scalar(), vector.get(i));
    }

    /**
     * @param scalar the number type, not null
     * @param value any double
     * @param <T> the number type
     * @return the constant {@code scalar.of(value)}
     */
    public static <T> Num<T> constant(Scalar<T> scalar, double value) {
        return new Num<>(Checks.notNull(scalar, "scalar"), scalar.of(value));
    }

    /** @return the value, never null */
    public T get() {
        return v;
    }

    /** @return the number type */
    public Scalar<T> scalar() {
        return s;
    }

    private Num<T> with(T value) {
        return new Num<>(s, value);
    }

    /**
     * @param b the other operand, of the same number type
     * @return {@code this + b}
     */
    public Num<T> add(Num<T> b) {
        return with(s.add(v, b.v));
    }

    /**
     * @param b a constant
     * @return {@code this + b}
     */
    public Num<T> add(double b) {
        return with(s.add(v, b));
    }

    /**
     * @param b the other operand
     * @return {@code this - b}
     */
    public Num<T> sub(Num<T> b) {
        return with(s.sub(v, b.v));
    }

    /**
     * @param b a constant
     * @return {@code this - b}
     */
    public Num<T> sub(double b) {
        return with(s.sub(v, b));
    }

    /**
     * @param a a constant
     * @return {@code a - this}
     */
    public Num<T> subFrom(double a) {
        return with(s.sub(a, v));
    }

    /**
     * @param b the other operand
     * @return {@code this * b}
     */
    public Num<T> mul(Num<T> b) {
        return with(s.mul(v, b.v));
    }

    /**
     * @param b a constant
     * @return {@code this * b}
     */
    public Num<T> mul(double b) {
        return with(s.mul(v, b));
    }

    /**
     * @param b the denominator
     * @return {@code this / b} (IEEE for numeric types: {@code 1/0 = Infinity})
     */
    public Num<T> div(Num<T> b) {
        return with(s.div(v, b.v));
    }

    /**
     * @param b a constant denominator
     * @return {@code this / b}
     */
    public Num<T> div(double b) {
        return with(s.div(v, b));
    }

    /** @return {@code -this} */
    public Num<T> neg() {
        return with(s.neg(v));
    }

    /** @return {@code this * this}, as {@link Scalar#square} */
    public Num<T> sq() {
        return with(s.square(v));
    }

    /**
     * @param n an integer exponent, negative allowed
     * @return {@code this^n}
     */
    public Num<T> pow(int n) {
        return with(s.pow(v, n));
    }

    /**
     * @param p a real exponent
     * @return {@code this^p} as {@link Math#pow}
     */
    public Num<T> pow(double p) {
        return with(s.pow(v, p));
    }

    /** @return the square root (NaN below 0) */
    public Num<T> sqrt() {
        return with(s.sqrt(v));
    }

    /** @return the sine of this angle in radians */
    public Num<T> sin() {
        return with(s.sin(v));
    }

    /** @return the cosine of this angle in radians */
    public Num<T> cos() {
        return with(s.cos(v));
    }

    /** @return the tangent of this angle in radians */
    public Num<T> tan() {
        return with(s.tan(v));
    }

    /**
     * @param x the abscissa
     * @return the angle of the point (x, this) in [-pi, pi], as {@link Math#atan2}
     */
    public Num<T> atan2(Num<T> x) {
        return with(s.atan2(v, x.v));
    }

    /** @return {@code e^this} */
    public Num<T> exp() {
        return with(s.exp(v));
    }

    /** @return the natural logarithm (NaN below 0, -Infinity at 0) */
    public Num<T> log() {
        return with(s.log(v));
    }

    /** @return the hyperbolic tangent */
    public Num<T> tanh() {
        return with(s.tanh(v));
    }

    /** @return the absolute value */
    public Num<T> abs() {
        return with(s.abs(v));
    }

    /** @return the value's text, as {@code T} prints it */
    @Override
    public String toString() {
        return String.valueOf(v);
    }
}
