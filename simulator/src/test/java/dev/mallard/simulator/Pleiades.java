package dev.mallard.simulator;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * Drake's Pleiades problem (systems/analysis/test_utilities/pleiades_system.h, after Hairer, Norsett and
 * Wanner): seven bodies of masses 1..7 in the plane under gravity with G = 1; state {@code [x(7), y(7),
 * xdot(7), ydot(7)]} (q then v).
 */
final class Pleiades<T> extends LeafSystem<T> {

    static final int BODIES = 7;
    static final double END_TIME = 3.0;

    /** Positions {@code [x, y]} at {@link #END_TIME}, Drake's reference solution. */
    static final double[] SOLUTION = {
        0.3706139143970502, 3.237284092057233, -3.222559032418324, 0.6597091455775310, 0.3425581707156584,
        1.562172101400631, -0.7003092922212495, -3.943437585517392, -3.271380973972550, 5.225081843456543,
        -2.590612434977470, 1.198213693392275, -0.2429682344935824, 1.091449240428980};

    Pleiades(Scalar<T> scalar) {
        super(scalar, "pleiades");
        declareContinuousState(2 * BODIES, 2 * BODIES, 0);
        setDefaultContinuousState(
                3, 3, -1, -3, 2, -2, 2, 3, -3, 2, 0, 0, -4, 4,
                0, 0, 0, 0, 0, 1.75, -1.5, 0, 0, 0, -1.25, 1, 0, 0);
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Pleiades<>(target);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ContinuousState<T> x = context.getContinuousState();
        int nq = 2 * BODIES;
        for (int i = 0; i < nq; i++) {
            derivatives.set(i, x.get(nq + i));
        }
        for (int i = 0; i < BODIES; i++) {
            T fx = s.zero();
            T fy = s.zero();
            for (int j = 0; j < BODIES; j++) {
                if (i == j) {
                    continue;
                }
                T dx = s.sub(x.get(j), x.get(i));
                T dy = s.sub(x.get(BODIES + j), x.get(BODIES + i));
                T r = s.sqrt(s.add(s.mul(dx, dx), s.mul(dy, dy)));
                T w = s.div(j + 1.0, s.mul(r, s.mul(r, r)));
                fx = s.add(fx, s.mul(w, dx));
                fy = s.add(fy, s.mul(w, dy));
            }
            derivatives.set(nq + i, fx);
            derivatives.set(nq + BODIES + i, fy);
        }
    }
}
