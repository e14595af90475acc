package dev.mallard.systems;

import dev.mallard.scalar.Scalar;

/** q'' = u with output (q, v) computed from state only. */
final class DoubleIntegrator<T> extends LeafSystem<T> {

    DoubleIntegrator(Scalar<T> scalar) {
        super(scalar, "plant");
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(1, 0);
        declareVectorInputPort("u", 1);
        declareVectorOutputPort("x", 2, (c, y) -> {
            y.set(0, c.getContinuousState().get(0));
            y.set(1, c.getContinuousState().get(1));
        }, Feedthrough.none());
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        derivatives.set(0, context.getContinuousState().get(1));
        derivatives.set(1, getInputPort(0).eval(context, 0));
    }
}
