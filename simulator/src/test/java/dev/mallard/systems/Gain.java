package dev.mallard.systems;

import dev.mallard.scalar.Scalar;

/** y = k u, direct feedthrough, no state. */
final class Gain<T> extends LeafSystem<T> {

    Gain(Scalar<T> scalar, double k, String name) {
        super(scalar, name);
        declareVectorInputPort("u", 1);
        declareVectorOutputPort("y", 1, (c, y) -> y.set(0, scalar().mul(getInputPort(0).eval(c, 0), k)));
    }
}
