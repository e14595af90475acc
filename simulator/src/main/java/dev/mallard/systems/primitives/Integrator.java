package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * The integral of its input, Drake's {@code Integrator}: {@code xdot = u}, {@code y = x}, with input port
 * {@code "u"} and output port {@code "y"} of the same size and continuous state {@code x} (z states, default
 * zero). No direct feedthrough. Units: those of {@code u} times seconds.
 *
 * @param <T> the number type
 */
public final class Integrator<T> extends LeafSystem<T> {

    private final int size;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of {@code u}, {@code x} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public Integrator(Scalar<T> scalar, String name, int size) {
        super(scalar, name);
        this.size = Arguments.positiveSize(size, "size");
        declareContinuousState(size);
        declareVectorInputPort("u", size);
        declareVectorOutputPort("y", size, (c, y) -> y.setFrom(c.getContinuousState()), Feedthrough.none());
    }

    /**
     * Sets the integral (the state, and so the output) in a context of this system.
     *
     * @param context a context of this system; modified
     * @param value the value, of this system's size
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     */
    public void setIntegralValue(Context<T> context, double... value) {
        if (context.getSystem() != this) {
            throw new IllegalArgumentException("the context is of " + context.getSystem().getName() + ", not of "
                    + getName());
        }
        dev.mallard.scalar.Checks.size(value.length, size, "integral value");
        for (int i = 0; i < size; i++) {
            context.getMutableContinuousState().setValue(i, value[i]);
        }
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        derivatives.setFrom(getInputPort(0).eval(context));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Integrator<>(target, getName(), size);
    }
}
