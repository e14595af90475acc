package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A constant vector, Drake's {@code ConstantVectorSource}: output port {@code "y0"} of the value's size,
 * no input, no state. The value is numeric parameter group 0 (default: the constructor's value), so a context
 * can change it ({@code context.getMutableNumericParameter(0)}) and AutoDiff can differentiate with respect
 * to it. Units are those of the value.
 *
 * @param <T> the number type
 */
public final class ConstantVectorSource<T> extends LeafSystem<T> {

    private final double[] value;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param value the output value, at least one entry, finite; copied
     * @throws IllegalArgumentException if the value is empty or holds a non-finite entry
     */
    public ConstantVectorSource(Scalar<T> scalar, String name, double... value) {
        super(scalar, name);
        this.value = Arguments.finiteVector(value, "value");
        declareNumericParameter(this.value);
        declareVectorOutputPort("y0", this.value.length, (c, y) -> y.setFrom(c.getNumericParameter(0)),
                Feedthrough.none());
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new ConstantVectorSource<>(target, getName(), value);
    }
}
