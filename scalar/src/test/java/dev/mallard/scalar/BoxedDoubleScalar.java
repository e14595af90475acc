package dev.mallard.scalar;

/**
 * A test-only {@code Scalar<Double>} that computes with {@link Math} like {@link DoubleScalar} but keeps
 * the interface's default vectors and matrices, so {@link MatrixOps} takes its generic path
 * ({@link GenericVector}, {@link GenericMatrix}) instead of EJML. Comparing the two paths on the same
 * numbers checks each against the other. A non-numeric variant exercises the checks for symbolic types.
 */
final class BoxedDoubleScalar implements Scalar<Double> {

    static final BoxedDoubleScalar NUMERIC = new BoxedDoubleScalar(true);
    static final BoxedDoubleScalar NON_NUMERIC = new BoxedDoubleScalar(false);

    private final boolean numeric;

    private BoxedDoubleScalar(boolean numeric) {
        this.numeric = numeric;
    }

    @Override public String name() { return numeric ? "boxed" : "pretend-symbolic"; }
    @Override public Class<Double> type() { return Double.class; }
    @Override public boolean isNumeric() { return numeric; }
    @Override public Double of(double value) { return value; }
    @Override public double value(Double a) { return a; }
    @Override public Double[] newArray(int length) { return new Double[Checks.nonNegative(length, "length")]; }
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
    @Override public Double pow(Double a, int n) { return Math.pow(a, n); }
    @Override public Double pow(Double a, Double p) { return Math.pow(a, p); }
    @Override public Double abs(Double a) { return Math.abs(a); }
    @Override public Double sign(Double a) { return Math.signum(a); }
    @Override public Double min(Double a, Double b) { return DoubleScalar.minValue(a, b); }
    @Override public Double max(Double a, Double b) { return DoubleScalar.maxValue(a, b); }
    @Override public Double hypot(Double a, Double b) { return Math.hypot(a, b); }
}
