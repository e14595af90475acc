package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * The integral of its input, Drake's {@code Integrator}: {@code xdot = u}, {@code y = x}, with input port
 * {@code "u"} and output port {@code "y"} of the same size and continuous state {@code x} (z states, default
 * zero or the given initial value). No direct feedthrough. Units: those of {@code u} times seconds.
 *
 * @param <T> the number type
 */
public final class Integrator<T> extends LeafSystem<T> {

    private final double[] initialValue;

    /**
     * An integrator starting from zero.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of {@code u}, {@code x} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public Integrator(Scalar<T> scalar, String name, int size) {
        this(scalar, name, new double[Arguments.positiveSize(size, "size")]);
    }

    /**
     * Drake's {@code Integrator(initial_value)}: an integrator whose default integral (state and output of a
     * default context) is {@code initialValue}. Drake's {@code set_default_integral_value} changes the system;
     * Mallard's systems are constant, so the default is given here.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param initialValue the default integral, finite, at least one entry (its length is the size); copied
     * @throws IllegalArgumentException if it is empty or holds a non-finite entry
     */
    public Integrator(Scalar<T> scalar, String name, double[] initialValue) {
        super(scalar, name);
        this.initialValue = Arguments.finiteVector(initialValue, "initialValue");
        int size = this.initialValue.length;
        declareContinuousStateWithDefaults(this.initialValue);
        declareVectorInputPort("u", size);
        declareVectorOutputPort("y", size, (c, y) -> y.setFrom(c.getContinuousState()), Feedthrough.none());
    }

    /** @return the default integral (of a default context), a copy */
    public double[] getDefaultIntegralValue() {
        return initialValue.clone();
    }

    /**
     * Sets the integral (the state, and so the output) in a context of this system.
     *
     * @param context a context of this system; modified
     * @param value the value, of this system's size
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     */
    public void setIntegralValue(Context<T> context, double... value) {
        checkContext(context);
        dev.mallard.scalar.Checks.size(value.length, initialValue.length, "integral value");
        for (int i = 0; i < value.length; i++) {
            context.getMutableContinuousState().setValue(i, value[i]);
        }
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        derivatives.setFrom(getInputPort(0).eval(context));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Integrator<>(target, getName(), initialValue);
    }
}
