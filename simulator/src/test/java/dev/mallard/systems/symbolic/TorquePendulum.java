package dev.mallard.systems.symbolic;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A damped pendulum with an input torque, written against Scalar: q' = v,
 * v' = -(g/l) sin q - b v + u / (m l^2); parameters (g/l, b, 1/(m l^2)) = (9.81, 0.5, 2); outputs
 * y0 = l sin q (horizontal position, l = 1) and y1 = u (the torque, fed through).
 */
final class TorquePendulum<T> extends LeafSystem<T> {

    TorquePendulum(Scalar<T> scalar) {
        super(scalar, "pendulum");
        declareContinuousState(1, 1, 0);
        declareNumericParameter(9.81, 0.5, 2.0);
        declareVectorInputPort("torque", 1);
        declareVectorOutputPort("position", 1, (c, y) -> y.set(0, scalar().sin(c.getContinuousState().get(0))),
                Feedthrough.none());
        declareVectorOutputPort("torque", 1, (c, y) -> y.set(0, getInputPort(0).eval(c, 0)), Feedthrough.all());
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        T q = context.getContinuousState().get(0);
        T v = context.getContinuousState().get(1);
        T u = getInputPort(0).eval(context, 0);
        var p = context.getNumericParameter(0);
        derivatives.set(0, v);
        derivatives.set(1, s.add(s.sub(s.neg(s.mul(p.get(0), s.sin(q))), s.mul(p.get(1), v)), s.mul(p.get(2), u)));
    }
}
