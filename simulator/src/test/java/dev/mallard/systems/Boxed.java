package dev.mallard.systems;

import dev.mallard.scalar.Scalar;

/** A number type holding a double as an object, to exercise the generic (non-primitive) paths. */
public record Boxed(double v) {

    public static final Scalar<Boxed> SCALAR = new Type();

    private static final class Type implements Scalar<Boxed> {
        @Override public String name() { return "boxed"; }
        @Override public Class<Boxed> type() { return Boxed.class; }
        @Override public boolean isNumeric() { return true; }
        @Override public Boxed of(double value) { return new Boxed(value); }
        @Override public double value(Boxed a) { return a.v; }
        @Override public Boxed[] newArray(int length) { return new Boxed[length]; }
        @Override public Boxed add(Boxed a, Boxed b) { return of(a.v + b.v); }
        @Override public Boxed add(Boxed a, double b) { return of(a.v + b); }
        @Override public Boxed sub(Boxed a, Boxed b) { return of(a.v - b.v); }
        @Override public Boxed sub(Boxed a, double b) { return of(a.v - b); }
        @Override public Boxed sub(double a, Boxed b) { return of(a - b.v); }
        @Override public Boxed mul(Boxed a, Boxed b) { return of(a.v * b.v); }
        @Override public Boxed mul(Boxed a, double b) { return of(a.v * b); }
        @Override public Boxed div(Boxed a, Boxed b) { return of(a.v / b.v); }
        @Override public Boxed div(Boxed a, double b) { return of(a.v / b); }
        @Override public Boxed div(double a, Boxed b) { return of(a / b.v); }
        @Override public Boxed neg(Boxed a) { return of(-a.v); }
        @Override public Boxed sin(Boxed a) { return of(Math.sin(a.v)); }
        @Override public Boxed cos(Boxed a) { return of(Math.cos(a.v)); }
        @Override public Boxed tan(Boxed a) { return of(Math.tan(a.v)); }
        @Override public Boxed asin(Boxed a) { return of(Math.asin(a.v)); }
        @Override public Boxed acos(Boxed a) { return of(Math.acos(a.v)); }
        @Override public Boxed atan(Boxed a) { return of(Math.atan(a.v)); }
        @Override public Boxed atan2(Boxed y, Boxed x) { return of(Math.atan2(y.v, x.v)); }
        @Override public Boxed sinh(Boxed a) { return of(Math.sinh(a.v)); }
        @Override public Boxed cosh(Boxed a) { return of(Math.cosh(a.v)); }
        @Override public Boxed tanh(Boxed a) { return of(Math.tanh(a.v)); }
        @Override public Boxed exp(Boxed a) { return of(Math.exp(a.v)); }
        @Override public Boxed expm1(Boxed a) { return of(Math.expm1(a.v)); }
        @Override public Boxed log(Boxed a) { return of(Math.log(a.v)); }
        @Override public Boxed log1p(Boxed a) { return of(Math.log1p(a.v)); }
        @Override public Boxed sqrt(Boxed a) { return of(Math.sqrt(a.v)); }
        @Override public Boxed cbrt(Boxed a) { return of(Math.cbrt(a.v)); }
        @Override public Boxed pow(Boxed a, double p) { return of(Math.pow(a.v, p)); }
        @Override public Boxed pow(Boxed a, int n) { return of(Math.pow(a.v, n)); }
        @Override public Boxed pow(Boxed a, Boxed p) { return of(Math.pow(a.v, p.v)); }
        @Override public Boxed abs(Boxed a) { return of(Math.abs(a.v)); }
        @Override public Boxed sign(Boxed a) { return of(Math.signum(a.v)); }
        @Override public Boxed min(Boxed a, Boxed b) { return b.v < a.v ? b : a; }
        @Override public Boxed max(Boxed a, Boxed b) { return b.v > a.v ? b : a; }
        @Override public Boxed hypot(Boxed a, Boxed b) { return of(Math.hypot(a.v, b.v)); }
    }
}
