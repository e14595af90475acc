package dev.mallard.scalar;

/**
 * The type class of {@code double} (boxed as {@link Double}). Every operation is the corresponding
 * {@link Math} method; vectors and matrices are backed by primitive arrays. Obtain it as
 * {@link Scalar#DOUBLE}.
 */
public final class DoubleScalar implements Scalar<Double> {

    static final DoubleScalar INSTANCE = new DoubleScalar();

    /** Largest exponent {@link #powInt} computes by repeated squaring (a few ulps at most). */
    private static final int MAX_SQUARING_EXPONENT = 16;

    private DoubleScalar() {
    }

    @Override public String name() { return "double"; }
    @Override public Class<Double> type() { return Double.class; }
    @Override public boolean isNumeric() { return true; }
    @Override public Double of(double value) { return value; }
    @Override public double value(Double a) { return a; }

    @Override
    public Double[] newArray(int length) {
        Checks.nonNegative(length, "length");
        return new Double[length];
    }

    @Override public DoubleVector newVector(int size) { return new DoubleVector(size); }
    @Override public DoubleMatrix newMatrix(int rows, int cols) { return new DoubleMatrix(rows, cols); }

    @Override public Double add(Double a, Double b) { return a + b; }
    @Override public Double add(Double a, double b) { return a + b; }
    @Override public Double sub(Double a, Double b) { return a - b; }
    @Override public Double sub(Double a, double b) { return a - b; }
    @Override public Double sub(double a, Double b) { return a - b; }
    @Override public Double mul(Double a, Double b) { return a * b; }
    @Override public Double mul(Double a, double b) { return a * b; }
    @Override public Double div(Double a, Double b) { return a / b; }
    @Override public Double div(Double a, double b) { return a / b; }
    @Override public Double div(double a, Double b) { return a / b; }
    @Override public Double neg(Double a) { return -a; }

    @Override public Double sin(Double a) { return Math.sin(a); }
    @Override public Double cos(Double a) { return Math.cos(a); }
    @Override public Double tan(Double a) { return Math.tan(a); }
    @Override public Double asin(Double a) { return Math.asin(a); }
    @Override public Double acos(Double a) { return Math.acos(a); }
    @Override public Double atan(Double a) { return Math.atan(a); }
    @Override public Double atan2(Double y, Double x) { return Math.atan2(y, x); }
    @Override public Double sinh(Double a) { return Math.sinh(a); }
    @Override public Double cosh(Double a) { return Math.cosh(a); }
    @Override public Double tanh(Double a) { return Math.tanh(a); }
    @Override public Double exp(Double a) { return Math.exp(a); }
    @Override public Double expm1(Double a) { return Math.expm1(a); }
    @Override public Double log(Double a) { return Math.log(a); }
    @Override public Double log1p(Double a) { return Math.log1p(a); }
    @Override public Double sqrt(Double a) { return Math.sqrt(a); }
    @Override public Double cbrt(Double a) { return Math.cbrt(a); }
    @Override public Double pow(Double a, double p) { return Math.pow(a, p); }
    @Override public Double pow(Double a, Double p) { return Math.pow(a, p); }
    @Override public Double abs(Double a) { return Math.abs(a); }
    @Override public Double sign(Double a) { return Math.signum(a); }
    @Override public Double hypot(Double a, Double b) { return Math.hypot(a, b); }

    @Override
    public Double pow(Double a, int n) {
        return powInt(a, n);
    }

    @Override
    public Double min(Double a, Double b) {
        return minValue(a, b);
    }

    @Override
    public Double max(Double a, Double b) {
        return maxValue(a, b);
    }

    /**
     * {@code a^n} for an integer exponent: by repeated squaring for {@code 0 <= n <= 16} (within a few
     * ulps of {@link Math#pow}, and much faster), otherwise by {@link Math#pow}; equals {@link Math#pow(double, double)}
     * for the special values (0^0 = 1, NaN^0 = 1, 0^-1 = Infinity).
     *
     * @param a base
     * @param n exponent, any int
     * @return {@code a^n}
     */
    public static double powInt(double a, int n) {
        if (n < 0 || n > MAX_SQUARING_EXPONENT || Math.abs(a) < 1e-150 || Math.abs(a) > 1e150 || !Double.isFinite(a)) {
            // Repeated squaring loses the IEEE special cases and exact over/underflow, and its rounding
            // error grows with n (about 40 ulps at n = 100): defer to Math there.
            return Math.pow(a, n);
        }
        double result = 1.0;
        double base = a;
        int e = n;
        while (e != 0) {
            if ((e & 1) != 0) {
                result *= base;
            }
            base *= base;
            e >>>= 1;
        }
        return result;
    }

    /**
     * The smaller value, {@code a} on a tie, NaN if either is NaN (as {@link Math#min} except that a
     * tie between 0.0 and -0.0 keeps {@code a}, matching the generic tie rule).
     *
     * @param a first value
     * @param b second value
     * @return the smaller
     */
    public static double minValue(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Double.NaN;
        }
        return b < a ? b : a;
    }

    /**
     * The larger value, {@code a} on a tie, NaN if either is NaN.
     *
     * @param a first value
     * @param b second value
     * @return the larger
     */
    public static double maxValue(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Double.NaN;
        }
        return b > a ? b : a;
    }

    @Override
    public String toString() {
        return "Scalar.DOUBLE";
    }
}
