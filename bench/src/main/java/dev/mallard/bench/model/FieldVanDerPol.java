package dev.mallard.bench.model;

import org.hipparchus.CalculusFieldElement;
import org.hipparchus.ode.FieldOrdinaryDifferentialEquation;
import org.hipparchus.util.MathArrays;

/**
 * {@link VanDerPol} over a Hipparchus field (for gradients: {@code Gradient}), with {@code mu} a field element
 * so derivatives with respect to it flow through.
 *
 * @param <T> the field element type
 */
public final class FieldVanDerPol<T extends CalculusFieldElement<T>> implements FieldOrdinaryDifferentialEquation<T> {

    private final T mu;

    /** @param mu the damping parameter (a variable of the field when differentiating with respect to it) */
    public FieldVanDerPol(T mu) {
        this.mu = mu;
    }

    @Override
    public int getDimension() {
        return 2;
    }

    @Override
    public T[] computeDerivatives(T t, T[] y) {
        T[] yDot = MathArrays.buildArray(t.getField(), 2);
        T q = y[0];
        T v = y[1];
        yDot[0] = v;
        yDot[1] = mu.multiply(q.multiply(q).negate().add(1).multiply(v)).subtract(q);
        return yDot;
    }
}
