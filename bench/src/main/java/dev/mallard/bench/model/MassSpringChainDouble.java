package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/** {@link MassSpringChain} hand-specialised to double with {@code getValue}/{@code setValue} (nothing boxes). */
public final class MassSpringChainDouble extends LeafSystem<Double> {

    private static final int N = MassSpringChain.MASSES;

    /** A chain with the default stiffness, damping and initial state of {@link MassSpringChain}. */
    public MassSpringChainDouble() {
        super(Scalar.DOUBLE, "mass-spring chain (double)");
        declareContinuousState(N, N, 0);
        setDefaultContinuousState(MassSpringChain.INITIAL_STATE);
        declareNumericParameter(MassSpringChain.STIFFNESS, MassSpringChain.DAMPING);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
        ContinuousState<Double> x = context.getContinuousState();
        double k = context.getNumericParameter(0).getValue(0);
        double c = context.getNumericParameter(0).getValue(1);
        for (int i = 0; i < N; i++) {
            double q = x.getValue(i);
            double left = i == 0 ? -q : x.getValue(i - 1) - q;
            double stretch = i == N - 1 ? left : left + (x.getValue(i + 1) - q);
            double v = x.getValue(N + i);
            derivatives.setValue(i, v);
            derivatives.setValue(N + i, k * stretch - c * v);
        }
    }
}
