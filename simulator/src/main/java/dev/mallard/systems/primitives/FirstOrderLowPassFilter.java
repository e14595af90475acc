package dev.mallard.systems.primitives;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * A first-order low-pass filter per entry, Drake's {@code FirstOrderLowPassFilter}: {@code xdot_i = (u_i - x_i) /
 * tau_i}, {@code y = x}, transfer function {@code 1 / (tau s + 1)}. Input port {@code "u"} and output port
 * {@code "y"} of the same size, continuous state {@code x} (z states, default zero), no direct feedthrough.
 * Time constants in seconds; {@code u} and {@code y} share their units.
 *
 * @param <T> the number type
 */
public final class FirstOrderLowPassFilter<T> extends LeafSystem<T> {

    private final double[] timeConstants;

    /**
     * One time constant for every entry.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param timeConstant seconds, finite and {@code > 0}
     * @param size the number of entries, {@code >= 1}
     * @throws IllegalArgumentException for a bad time constant or size
     */
    public FirstOrderLowPassFilter(Scalar<T> scalar, String name, double timeConstant, int size) {
        this(scalar, name, filled(Checks.positive(timeConstant, "timeConstant"), Arguments.positiveSize(size, "size")));
    }

    /**
     * A time constant per entry.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param timeConstants seconds, each finite and {@code > 0}, at least one; copied
     * @throws IllegalArgumentException if empty or a time constant is not finite and positive (naming it)
     */
    public FirstOrderLowPassFilter(Scalar<T> scalar, String name, double... timeConstants) {
        super(scalar, name);
        this.timeConstants = Arguments.finiteVector(timeConstants, "timeConstants");
        for (int i = 0; i < this.timeConstants.length; i++) {
            Checks.positive(this.timeConstants[i], "timeConstants[" + i + "]");
        }
        int n = this.timeConstants.length;
        declareContinuousState(n);
        declareVectorInputPort("u", n);
        declareVectorOutputPort("y", n, (c, y) -> y.setFrom(c.getContinuousState()), Feedthrough.none());
    }

    private static double[] filled(double value, int size) {
        double[] v = new double[size];
        java.util.Arrays.fill(v, value);
        return v;
    }

    /** @return the time constants, seconds, a copy */
    public double[] getTimeConstants() {
        return timeConstants.clone();
    }

    /**
     * Sets the filter's state (its output) in a context of this system, e.g. to start it in steady state.
     *
     * @param context a context of this system; modified
     * @param value the output value, of this system's size
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     */
    public void setInitialOutputValue(Context<T> context, double... value) {
        checkContext(context);
        context.setContinuousStateValues(value);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ScalarVector<T> u = getInputPort(0).eval(context);
        ScalarVector<T> x = context.getContinuousState();
        for (int i = 0; i < timeConstants.length; i++) {
            derivatives.set(i, s.div(s.sub(u.get(i), x.get(i)), timeConstants[i]));
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new FirstOrderLowPassFilter<>(target, getName(), timeConstants);
    }
}
