package dev.mallard.symbolic;

import dev.mallard.scalar.Scalar;
import java.util.List;

/**
 * Formulas written once against {@code Scalar<T>}, covering every operation, for the cross-representation
 * tests. Sample points: x in [0.2, 0.9], y in [-2, 2] (away from 0), z in [0.5, 3].
 */
abstract class SampleFormulas {

    final String name;

    SampleFormulas(String name) {
        this.name = name;
    }

    abstract <T> T apply(Scalar<T> s, T x, T y, T z);

    @Override
    public String toString() {
        return name;
    }

    static double[] samplePoint(java.util.Random random) {
        double y = 0.3 + 1.7 * random.nextDouble();
        return new double[] {0.2 + 0.7 * random.nextDouble(), random.nextBoolean() ? y : -y, 0.5 + 2.5 * random.nextDouble()};
    }

    static final List<SampleFormulas> ALL = List.of(
            new SampleFormulas("x^2*sin(y) - 3*x") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    return s.sub(s.mul(s.pow(x, 2), s.sin(y)), s.mul(x, 3.0));
                }
            },
            new SampleFormulas("atan2(y, x) + hypot(x, z)*cos(x*y)") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    return s.add(s.atan2(y, x), s.mul(s.hypot(x, z), s.cos(s.mul(x, y))));
                }
            },
            new SampleFormulas("exp(-x)*log(z) + sqrt(z)/(1 + y^2)") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    return s.add(s.mul(s.exp(s.neg(x)), s.log(z)), s.div(s.sqrt(z), s.add(s.square(y), 1.0)));
                }
            },
            new SampleFormulas("asin(x) + acos(x/2) + atan(y) + tan(x)") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    return s.add(s.add(s.asin(x), s.acos(s.div(x, 2.0))), s.add(s.atan(y), s.tan(x)));
                }
            },
            new SampleFormulas("sinh(y)*cosh(x) - tanh(z) + expm1(x) + log1p(z)") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    T a = s.sub(s.mul(s.sinh(y), s.cosh(x)), s.tanh(z));
                    return s.add(a, s.add(s.expm1(x), s.log1p(z)));
                }
            },
            new SampleFormulas("cbrt(y) + abs(y)*sign(y) + min(x, y) + max(y, z)") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    return s.add(s.add(s.cbrt(y), s.mul(s.abs(y), s.sign(y))), s.add(s.min(x, y), s.max(y, z)));
                }
            },
            new SampleFormulas("z^y + x^2.5 + y^3 + x^-2 - 1/z + (2 - x)/3") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    T a = s.add(s.pow(z, y), s.add(s.pow(x, 2.5), s.pow(y, 3)));
                    return s.add(s.sub(s.add(a, s.pow(x, -2)), s.div(1.0, z)), s.div(s.sub(2.0, x), s.of(3.0)));
                }
            },
            new SampleFormulas("nested: sin(cos(x*y + z))^2 + exp(sin(x)/z) - sqrt(1 + tanh(y)^2)") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    T inner = s.square(s.sin(s.cos(s.add(s.mul(x, y), z))));
                    return s.sub(s.add(inner, s.exp(s.div(s.sin(x), z))), s.sqrt(s.add(s.square(s.tanh(y)), 1.0)));
                }
            },
            new SampleFormulas("pendulum step: y + 0.01*(-9.81*sin(x) - 0.1*y), x + 0.01*y, repeated") {
                <T> T apply(Scalar<T> s, T x, T y, T z) {
                    T q = x;
                    T v = y;
                    for (int k = 0; k < 8; k++) {
                        T a = s.sub(s.mul(s.sin(q), -9.81), s.mul(v, 0.1));
                        T qNext = s.add(q, s.mul(v, 0.01));
                        v = s.add(v, s.mul(a, 0.01));
                        q = qNext;
                    }
                    return s.add(q, s.mul(v, z));
                }
            });
}
