package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;

/**
 * A number type holding a double as an object: it runs the generic (non-primitive) code paths with double
 * arithmetic, so they can be compared with the primitive double path to rounding.
 */
record BoxedDouble(double v) {

    static final Scalar<BoxedDouble> SCALAR = new Type(true);

    /** The same arithmetic posing as a symbolic type: not numeric, {@code value} throws. */
    static final Scalar<BoxedDouble> OPAQUE = new Type(false);

    private static final class Type implements Scalar<BoxedDouble> {
        private final boolean numeric;

        Type(boolean numeric) {
            this.numeric = numeric;
        }

        @Override public String name() { return numeric ? "boxed double" : "opaque"; }
        @Override public Class<BoxedDouble> type() { return BoxedDouble.class; }
        @Override public boolean isNumeric() { return numeric; }
        @Override public BoxedDouble of(double value) { return new BoxedDouble(value); }

        @Override
        public double value(BoxedDouble a) {
            if (!numeric) {
                throw new dev.mallard.scalar.NonNumericValueException("opaque values have no numeric value");
            }
            return a.v;
        }
        @Override public BoxedDouble[] newArray(int length) { return new BoxedDouble[length]; }
        @Override public BoxedDouble add(BoxedDouble a, BoxedDouble b) { return of(a.v + b.v); }
        @Override public BoxedDouble add(BoxedDouble a, double b) { return of(a.v + b); }
        @Override public BoxedDouble sub(BoxedDouble a, BoxedDouble b) { return of(a.v - b.v); }
        @Override public BoxedDouble sub(BoxedDouble a, double b) { return of(a.v - b); }
        @Override public BoxedDouble sub(double a, BoxedDouble b) { return of(a - b.v); }
        @Override public BoxedDouble mul(BoxedDouble a, BoxedDouble b) { return of(a.v * b.v); }
        @Override public BoxedDouble mul(BoxedDouble a, double b) { return of(a.v * b); }
        @Override public BoxedDouble div(BoxedDouble a, BoxedDouble b) { return of(a.v / b.v); }
        @Override public BoxedDouble div(BoxedDouble a, double b) { return of(a.v / b); }
        @Override public BoxedDouble div(double a, BoxedDouble b) { return of(a / b.v); }
        @Override public BoxedDouble neg(BoxedDouble a) { return of(-a.v); }
        @Override public BoxedDouble atan2(BoxedDouble y, BoxedDouble x) { return of(Math.atan2(y.v, x.v)); }
        @Override public BoxedDouble pow(BoxedDouble a, double p) { return of(Math.pow(a.v, p)); }
        @Override public BoxedDouble pow(BoxedDouble a, int n) { return of(Math.pow(a.v, n)); }
        @Override public BoxedDouble pow(BoxedDouble a, BoxedDouble p) { return of(Math.pow(a.v, p.v)); }
        @Override public BoxedDouble sign(BoxedDouble a) { return of(Math.signum(a.v)); }
        @Override public BoxedDouble min(BoxedDouble a, BoxedDouble b) { return b.v < a.v ? b : a; }
        @Override public BoxedDouble max(BoxedDouble a, BoxedDouble b) { return b.v > a.v ? b : a; }
        @Override public BoxedDouble hypot(BoxedDouble a, BoxedDouble b) { return of(Math.hypot(a.v, b.v)); }
        @Override public BoxedDouble sin(BoxedDouble a) { return of(Math.sin(a.v)); }
        @Override public BoxedDouble cos(BoxedDouble a) { return of(Math.cos(a.v)); }
        @Override public BoxedDouble tan(BoxedDouble a) { return of(Math.tan(a.v)); }
        @Override public BoxedDouble asin(BoxedDouble a) { return of(Math.asin(a.v)); }
        @Override public BoxedDouble acos(BoxedDouble a) { return of(Math.acos(a.v)); }
        @Override public BoxedDouble atan(BoxedDouble a) { return of(Math.atan(a.v)); }
        @Override public BoxedDouble sinh(BoxedDouble a) { return of(Math.sinh(a.v)); }
        @Override public BoxedDouble cosh(BoxedDouble a) { return of(Math.cosh(a.v)); }
        @Override public BoxedDouble tanh(BoxedDouble a) { return of(Math.tanh(a.v)); }
        @Override public BoxedDouble exp(BoxedDouble a) { return of(Math.exp(a.v)); }
        @Override public BoxedDouble expm1(BoxedDouble a) { return of(Math.expm1(a.v)); }
        @Override public BoxedDouble log(BoxedDouble a) { return of(Math.log(a.v)); }
        @Override public BoxedDouble log1p(BoxedDouble a) { return of(Math.log1p(a.v)); }
        @Override public BoxedDouble sqrt(BoxedDouble a) { return of(Math.sqrt(a.v)); }
        @Override public BoxedDouble cbrt(BoxedDouble a) { return of(Math.cbrt(a.v)); }
        @Override public BoxedDouble abs(BoxedDouble a) { return of(Math.abs(a.v)); }
    }
}
