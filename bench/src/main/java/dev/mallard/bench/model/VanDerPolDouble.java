package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * {@link VanDerPol} hand-specialised to double: the same dynamics written with {@code getValue}/{@code setValue},
 * so nothing boxes. It separates the framework's own cost from the cost of boxing in generic user code.
 */
public final class VanDerPolDouble extends LeafSystem<Double> {

    /** A system with {@link VanDerPol#MU} and {@link VanDerPol#INITIAL_STATE}. */
    public VanDerPolDouble() {
        super(Scalar.DOUBLE, "van der Pol (double)");
        declareContinuousState(1, 1, 0);
        setDefaultContinuousState(VanDerPol.INITIAL_STATE);
        declareNumericParameter(VanDerPol.MU);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
        ContinuousState<Double> x = context.getContinuousState();
        double q = x.getValue(0);
        double v = x.getValue(1);
        double mu = context.getNumericParameter(0).getValue(0);
        derivatives.setValue(0, v);
        derivatives.setValue(1, mu * ((1 - q * q) * v) - q);
    }
}
