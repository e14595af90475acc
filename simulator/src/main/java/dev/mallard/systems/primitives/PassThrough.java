package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.LeafSystem;

/**
 * The identity {@code y = u}, Drake's {@code PassThrough}: input port {@code "u"} and output port {@code "y"}
 * of the same size, direct feedthrough, no state. As in Drake, an input with no value (neither connected nor
 * fixed) gives the model value: zero, or the value given to {@link #PassThrough(Scalar, String, double[])}.
 * Units: those of {@code u}.
 *
 * @param <T> the number type
 */
public final class PassThrough<T> extends LeafSystem<T> {

    private final double[] modelValue;

    /**
     * A pass-through whose model value is zero.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of {@code u} and {@code y}, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public PassThrough(Scalar<T> scalar, String name, int size) {
        this(scalar, name, new double[Arguments.positiveSize(size, "size")]);
    }

    /**
     * A pass-through of the size of {@code modelValue}, which it outputs while its input has no value.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param modelValue the output of an unconnected, unfixed input, finite, at least one entry; copied
     * @throws IllegalArgumentException if {@code modelValue} is empty or holds a non-finite entry
     */
    public PassThrough(Scalar<T> scalar, String name, double[] modelValue) {
        super(scalar, name);
        this.modelValue = Arguments.finiteVector(modelValue, "modelValue");
        declareVectorInputPort("u", this.modelValue.length);
        declareVectorOutputPort("y", this.modelValue.length, this::calc);
    }

    private void calc(Context<T> context, ScalarVector<T> y) {
        if (getInputPort(0).hasValue(context)) {
            y.setFrom(getInputPort(0).eval(context));
        } else {
            y.setValuesFrom(modelValue, 0);
        }
    }

    /** @return the model value (the output of an input without value), a copy */
    public double[] getModelValue() {
        return modelValue.clone();
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PassThrough<>(target, getName(), modelValue);
    }
}
