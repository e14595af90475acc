package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.WitnessDirection;
import java.util.ArrayList;
import java.util.List;

/**
 * A ball falling under gravity g onto the ground z = 0, bouncing with restitution e: q = height z, v = dz/dt.
 * The witness z (positive then non-positive) triggers an unrestricted update v+ = -e v-. Impact times
 * (from rest at height h): t1 = sqrt(2h/g), then t_{k+1} = t_k + 2 e^k sqrt(2gh) / g.
 */
final class BouncingBall<T> extends LeafSystem<T> {

    static final double G = 9.81;
    final List<Double> impactTimes = new ArrayList<>();

    BouncingBall(Scalar<T> scalar, double height, double restitution) {
        super(scalar, "ball");
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(height, 0);
        declareNumericParameter(restitution);
        declareWitnessFunctionWithUnrestrictedUpdate("height", WitnessDirection.POSITIVE_THEN_NON_POSITIVE,
                c -> c.getContinuousState().get(0), (c, state) -> {
                    impactTimes.add(c.getTimeValue());
                    T v = c.getContinuousState().get(1);
                    state.getMutableContinuousState().set(1, scalar.neg(scalar.mul(v,
                            c.getNumericParameter(0).get(0))));
                    return EventStatus.succeeded();
                });
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        derivatives.set(0, context.getContinuousState().get(1));
        derivatives.set(1, scalar().of(-G));
    }

    static double impactTime(int k, double height, double e) {
        double t = Math.sqrt(2 * height / G);
        double speed = Math.sqrt(2 * G * height);
        for (int j = 1; j <= k; j++) {
            t += 2 * Math.pow(e, j) * speed / G;
        }
        return t;
    }
}
