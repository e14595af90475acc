package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.EventStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * Records its vector input at a period (a test fixture: a system with side effects). The records live in
 * the logger, so one logger serves one simulation.
 */
final class SampleLogger<T> extends dev.mallard.systems.LeafSystem<T> {

    final List<Double> times = new ArrayList<>();
    final List<double[]> values = new ArrayList<>();

    SampleLogger(Scalar<T> scalar, int size, double period) {
        super(scalar, "logger");
        declareVectorInputPort("u", size);
        declarePeriodicPublishEvent(period, 0.0, context -> {
            times.add(context.getTimeValue());
            values.add(getInputPort(0).eval(context).toValueArray());
            return EventStatus.succeeded();
        });
    }
}
