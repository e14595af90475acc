package dev.mallard.bench.model;

import org.hipparchus.CalculusFieldElement;
import org.hipparchus.ode.FieldOrdinaryDifferentialEquation;
import org.hipparchus.util.MathArrays;

/**
 * {@link MassSpringChain} over a Hipparchus field, with stiffness and damping field elements.
 *
 * @param <T> the field element type
 */
public final class FieldMassSpringChain<T extends CalculusFieldElement<T>>
        implements FieldOrdinaryDifferentialEquation<T> {

    private static final int N = MassSpringChain.MASSES;
    private final T k;
    private final T c;

    /**
     * @param k stiffness, N/m
     * @param c damping, N s/m
     */
    public FieldMassSpringChain(T k, T c) {
        this.k = k;
        this.c = c;
    }

    @Override
    public int getDimension() {
        return 2 * N;
    }

    @Override
    public T[] computeDerivatives(T t, T[] y) {
        T[] yDot = MathArrays.buildArray(t.getField(), 2 * N);
        for (int i = 0; i < N; i++) {
            T q = y[i];
            T left = i == 0 ? q.negate() : y[i - 1].subtract(q);
            T stretch = i == N - 1 ? left : left.add(y[i + 1].subtract(q));
            T v = y[N + i];
            yDot[i] = v;
            yDot[N + i] = k.multiply(stretch).subtract(c.multiply(v));
        }
        return yDot;
    }
}
