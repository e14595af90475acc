package dev.mallard.scalar;

/**
 * A value of a number type together with its {@link Scalar}, so that generic code reads like the equations:
 * {@code th.sin().mul(sum).neg().div(m)} instead of {@code s.div(s.neg(s.mul(s.sin(th), sum)), m)}. Every
 * operation gives exactly what the corresponding {@code Scalar} method gives (same operation, same order), so a
 * system written with {@code Num} computes bit for bit what the one spelled through the type class computes,
 * with doubles, AutoDiff and symbolic expressions alike; traced symbolically and compiled ({@code CompiledSystems})
 * both give the same expression graph and so the same code.
 *
 * <p>For {@link Scalar#DOUBLE} a {@code Num} holds a primitive {@code double} and computes with {@code Math}
 * directly (no boxing, no call through the type class), boxing only in {@link #get()}; the JIT removes the
 * short-lived {@code Num} objects when the arithmetic inlines. The measured cost is in docs/PERFORMANCE.md,
 * "Models (issue 32)".
 *
 * <p>The operands of one operation must come from the same number type ({@code Num.of} with the same
 * {@code Scalar}); mixing two types throws {@link ClassCastException}. Immutable and thread-safe when {@code T}
 * is.
 *
 * @param <T> the number type
 */
public abstract class Num<T> {

    private Num() {
    }

    /**
     * @param scalar the number type, not null
     * @param value a value of it, not null
     * @param <T> the number type
     * @return the value with its number type
     * @throws NullPointerException if an argument is null
     */
    @SuppressWarnings("unchecked")
    public static <T> Num<T> of(Scalar<T> scalar, T value) {
        Checks.notNull(value, "value");
        if (Checks.notNull(scalar, "scalar") == Scalar.DOUBLE) {
            return (Num<T>) new OfDouble((Double) value);
        }
        return new Generic<>(scalar, value);
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
    @SuppressWarnings("unchecked")
    public static <T> Num<T> of(ScalarVector<T> vector, int i) {
        if (vector.scalar() == Scalar.DOUBLE) {
            return (Num<T>) new OfDouble(vector.getValue(i));
        }
        return new Generic<>(vector.scalar(), vector.get(i));
    }

    /**
     * @param scalar the number type, not null
     * @param value any double
     * @param <T> the number type
     * @return the constant {@code scalar.of(value)}
     */
    public static <T> Num<T> constant(Scalar<T> scalar, double value) {
        return of(scalar, Checks.notNull(scalar, "scalar").of(value));
    }

    /** @return the value, never null */
    public abstract T get();

    /** @return the number type */
    public abstract Scalar<T> scalar();

    /**
     * @param b the other operand, of the same number type
     * @return {@code this + b}
     */
    public abstract Num<T> add(Num<T> b);

    /**
     * @param b a constant
     * @return {@code this + b}
     */
    public abstract Num<T> add(double b);

    /**
     * @param b the other operand, of the same number type
     * @return {@code this - b}
     */
    public abstract Num<T> sub(Num<T> b);

    /**
     * @param b a constant
     * @return {@code this - b}
     */
    public abstract Num<T> sub(double b);

    /**
     * @param a a constant
     * @return {@code a - this}
     */
    public abstract Num<T> subFrom(double a);

    /**
     * @param b the other operand, of the same number type
     * @return {@code this * b}
     */
    public abstract Num<T> mul(Num<T> b);

    /**
     * @param b a constant
     * @return {@code this * b}
     */
    public abstract Num<T> mul(double b);

    /**
     * @param b the denominator, of the same number type
     * @return {@code this / b} (IEEE for numeric types: {@code 1/0 = Infinity})
     */
    public abstract Num<T> div(Num<T> b);

    /**
     * @param b a constant denominator
     * @return {@code this / b}
     */
    public abstract Num<T> div(double b);

    /**
     * @return {@code -this}
     */
    public abstract Num<T> neg();

    /**
     * @return {@code this * this}, as {@link Scalar#square}
     */
    public abstract Num<T> sq();

    /**
     * @param n an integer exponent, negative allowed
     * @return {@code this^n}, as {@link Scalar#pow(Object, int)}
     */
    public abstract Num<T> pow(int n);

    /**
     * @param p a real exponent
     * @return {@code this^p} as {@link Math#pow}
     */
    public abstract Num<T> pow(double p);

    /**
     * @return the square root (NaN below 0)
     */
    public abstract Num<T> sqrt();

    /**
     * @return the sine of this angle in radians
     */
    public abstract Num<T> sin();

    /**
     * @return the cosine of this angle in radians
     */
    public abstract Num<T> cos();

    /**
     * @return the tangent of this angle in radians
     */
    public abstract Num<T> tan();

    /**
     * @param x the abscissa, of the same number type
     * @return the angle of the point (x, this) in [-pi, pi], as {@link Math#atan2}
     */
    public abstract Num<T> atan2(Num<T> x);

    /**
     * @return {@code e^this}
     */
    public abstract Num<T> exp();

    /**
     * @return the natural logarithm (NaN below 0, -Infinity at 0)
     */
    public abstract Num<T> log();

    /**
     * @return the hyperbolic tangent
     */
    public abstract Num<T> tanh();

    /**
     * @return the absolute value
     */
    public abstract Num<T> abs();

    /** @return the value's text, as {@code T} prints it */
    @Override
    public String toString() {
        return String.valueOf(get());
    }

    /** Any number type: each operation calls the type class. */
    private static final class Generic<T> extends Num<T> {
        private final Scalar<T> s;
        private final T v;

        Generic(Scalar<T> scalar, T value) {
            this.s = scalar;
            this.v = value;
        }

        private static <T> T g(Num<T> n) {
            return ((Generic<T>) n).v;
        }

        @Override
        public T get() {
            return v;
        }

        @Override
        public Scalar<T> scalar() {
            return s;
        }

        @Override
        public Num<T> add(Num<T> b) {
            return new Generic<>(s, s.add(v, g(b)));
        }

        @Override
        public Num<T> add(double b) {
            return new Generic<>(s, s.add(v, b));
        }

        @Override
        public Num<T> sub(Num<T> b) {
            return new Generic<>(s, s.sub(v, g(b)));
        }

        @Override
        public Num<T> sub(double b) {
            return new Generic<>(s, s.sub(v, b));
        }

        @Override
        public Num<T> subFrom(double a) {
            return new Generic<>(s, s.sub(a, v));
        }

        @Override
        public Num<T> mul(Num<T> b) {
            return new Generic<>(s, s.mul(v, g(b)));
        }

        @Override
        public Num<T> mul(double b) {
            return new Generic<>(s, s.mul(v, b));
        }

        @Override
        public Num<T> div(Num<T> b) {
            return new Generic<>(s, s.div(v, g(b)));
        }

        @Override
        public Num<T> div(double b) {
            return new Generic<>(s, s.div(v, b));
        }

        @Override
        public Num<T> neg() {
            return new Generic<>(s, s.neg(v));
        }

        @Override
        public Num<T> sq() {
            return new Generic<>(s, s.square(v));
        }

        @Override
        public Num<T> pow(int n) {
            return new Generic<>(s, s.pow(v, n));
        }

        @Override
        public Num<T> pow(double p) {
            return new Generic<>(s, s.pow(v, p));
        }

        @Override
        public Num<T> sqrt() {
            return new Generic<>(s, s.sqrt(v));
        }

        @Override
        public Num<T> sin() {
            return new Generic<>(s, s.sin(v));
        }

        @Override
        public Num<T> cos() {
            return new Generic<>(s, s.cos(v));
        }

        @Override
        public Num<T> tan() {
            return new Generic<>(s, s.tan(v));
        }

        @Override
        public Num<T> atan2(Num<T> x) {
            return new Generic<>(s, s.atan2(v, g(x)));
        }

        @Override
        public Num<T> exp() {
            return new Generic<>(s, s.exp(v));
        }

        @Override
        public Num<T> log() {
            return new Generic<>(s, s.log(v));
        }

        @Override
        public Num<T> tanh() {
            return new Generic<>(s, s.tanh(v));
        }

        @Override
        public Num<T> abs() {
            return new Generic<>(s, s.abs(v));
        }
    }

    /** {@link Scalar#DOUBLE}: a primitive double and the arithmetic of {@link DoubleScalar}, written out. */
    private static final class OfDouble extends Num<Double> {
        private final double x;

        OfDouble(double value) {
            this.x = value;
        }

        private static double d(Num<Double> n) {
            return ((OfDouble) n).x;
        }

        @Override
        public Double get() {
            return x;
        }

        @Override
        public Scalar<Double> scalar() {
            return Scalar.DOUBLE;
        }

        @Override
        public Num<Double> add(Num<Double> b) {
            return new OfDouble(x + d(b));
        }

        @Override
        public Num<Double> add(double b) {
            return new OfDouble(x + b);
        }

        @Override
        public Num<Double> sub(Num<Double> b) {
            return new OfDouble(x - d(b));
        }

        @Override
        public Num<Double> sub(double b) {
            return new OfDouble(x - b);
        }

        @Override
        public Num<Double> subFrom(double a) {
            return new OfDouble(a - x);
        }

        @Override
        public Num<Double> mul(Num<Double> b) {
            return new OfDouble(x * d(b));
        }

        @Override
        public Num<Double> mul(double b) {
            return new OfDouble(x * b);
        }

        @Override
        public Num<Double> div(Num<Double> b) {
            return new OfDouble(x / d(b));
        }

        @Override
        public Num<Double> div(double b) {
            return new OfDouble(x / b);
        }

        @Override
        public Num<Double> neg() {
            return new OfDouble(-x);
        }

        @Override
        public Num<Double> sq() {
            return new OfDouble(x * x);
        }

        @Override
        public Num<Double> pow(int n) {
            return new OfDouble(DoubleScalar.powInt(x, n));
        }

        @Override
        public Num<Double> pow(double p) {
            return new OfDouble(Math.pow(x, p));
        }

        @Override
        public Num<Double> sqrt() {
            return new OfDouble(Math.sqrt(x));
        }

        @Override
        public Num<Double> sin() {
            return new OfDouble(Math.sin(x));
        }

        @Override
        public Num<Double> cos() {
            return new OfDouble(Math.cos(x));
        }

        @Override
        public Num<Double> tan() {
            return new OfDouble(Math.tan(x));
        }

        @Override
        public Num<Double> atan2(Num<Double> x) {
            return new OfDouble(Math.atan2(this.x, d(x)));
        }

        @Override
        public Num<Double> exp() {
            return new OfDouble(Math.exp(x));
        }

        @Override
        public Num<Double> log() {
            return new OfDouble(Math.log(x));
        }

        @Override
        public Num<Double> tanh() {
            return new OfDouble(Math.tanh(x));
        }

        @Override
        public Num<Double> abs() {
            return new OfDouble(Math.abs(x));
        }
    }
}
