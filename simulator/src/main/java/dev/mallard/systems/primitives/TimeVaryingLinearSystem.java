package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;

/**
 * The linear system with coefficients that vary in time: {@code xdot = A(t) x + B(t) u},
 * {@code y = C(t) x + D(t) u} (continuous), or {@code x[n+1] = A(t) x[n] + B(t) u[n]}, {@code y = C(t) x + D(t) u}
 * updated every {@code timePeriod} seconds from time 0 (discrete): the {@link TimeVaryingAffineSystem} with
 * {@code f0 = 0} and {@code y0 = 0}. A subclass implements {@link #getA}, {@link #getB}, {@link #getC},
 * {@link #getD} and {@link #convertTo}; ports, state and units are those of {@link TimeVaryingAffineSystem}.
 *
 * <p>Immutable and thread-safe when the subclass's coefficients are.
 *
 * @param <T> the number type
 */
public abstract class TimeVaryingLinearSystem<T> extends TimeVaryingAffineSystem<T> {

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param numStates {@code n >= 0}
     * @param numInputs {@code m >= 0}
     * @param numOutputs {@code p >= 0}
     * @param timePeriod 0 for a continuous system, else the update period in seconds ({@code > 0}, finite)
     * @throws IllegalArgumentException if a size is negative or the period is bad
     */
    protected TimeVaryingLinearSystem(Scalar<T> scalar, String name, int numStates, int numInputs, int numOutputs,
            double timePeriod) {
        super(scalar, name, numStates, numInputs, numOutputs, timePeriod);
    }

    /**
     * @param t the time, seconds (unused)
     * @return a new zero vector of length {@code n}
     */
    @Override
    public final ScalarVector<T> getF0(T t) {
        return scalar().newVector(getNumStates());
    }

    /**
     * @param t the time, seconds (unused)
     * @return a new zero vector of length {@code p}
     */
    @Override
    public final ScalarVector<T> getY0(T t) {
        return scalar().newVector(getNumOutputs());
    }
}
