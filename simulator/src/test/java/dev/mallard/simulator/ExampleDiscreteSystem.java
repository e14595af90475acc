package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's discrete-system example (ExampleDiscreteSystem in its documentation): x_{n+1} = x_n + 1 at 50 Hz
 * from t = 0, output y_n = 10 x_n, x_0 = 0.
 */
final class ExampleDiscreteSystem<T> extends LeafSystem<T> {

    static final double PERIOD = 1 / 50.0;

    ExampleDiscreteSystem(Scalar<T> scalar) {
        super(scalar, "example");
        declareDiscreteState(1);
        declarePeriodicDiscreteUpdateEvent(PERIOD, 0.0, (context, xd) -> {
            xd.get().set(0, scalar.add(context.getDiscreteState(0).get(0), 1.0));
            return EventStatus.succeeded();
        });
        declareVectorOutputPort("Sn", 1, (context, y) -> y.set(0, scalar.mul(context.getDiscreteState(0).get(0), 10.0)),
                Feedthrough.none());
    }
}
