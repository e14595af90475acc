package dev.mallard.systems;

import dev.mallard.scalar.Scalar;

/** u = -kp q - kd v (direct feedthrough from its input (q, v)); gains are numeric parameters. */
final class PdController<T> extends LeafSystem<T> {

    PdController(Scalar<T> scalar, double kp, double kd, String name) {
        super(scalar, name);
        declareNumericParameter(kp, kd);
        declareVectorInputPort("x", 2);
        declareVectorOutputPort("u", 1, (c, y) -> {
            Scalar<T> s = scalar();
            var x = getInputPort(0).eval(c);
            var k = c.getNumericParameter(0);
            y.set(0, s.neg(s.add(s.mul(k.get(0), x.get(0)), s.mul(k.get(1), x.get(1)))));
        });
    }

    PdController(Scalar<T> scalar) {
        this(scalar, 4, 4, "controller");
    }
}
