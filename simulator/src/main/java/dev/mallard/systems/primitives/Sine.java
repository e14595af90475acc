package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * Sinusoids of time, Drake's {@code Sine} (time-based form): output ports {@code "y0"} = {@code a sin(w t + p)},
 * {@code "y1"} = its time derivative {@code a w cos(w t + p)} and {@code "y2"} = its second derivative
 * {@code -a w^2 sin(w t + p)}, entry by entry, each of the size of the parameter vectors; no input, no state.
 * Amplitudes in output units, frequencies in rad/s, phases in rad. The outputs are computed from the context's
 * time in the number type, so AutoDiff time gradients and symbolic times pass through.
 *
 * @param <T> the number type
 */
public final class Sine<T> extends LeafSystem<T> {

    private final double[] amplitudes;
    private final double[] frequencies;
    private final double[] phases;

    /**
     * The same sinusoid on every entry.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param amplitude finite
     * @param frequency rad/s, finite
     * @param phase rad, finite
     * @param size the number of entries, {@code >= 1}
     * @throws IllegalArgumentException for a non-finite parameter or size {@code < 1}
     */
    public Sine(Scalar<T> scalar, String name, double amplitude, double frequency, double phase, int size) {
        this(scalar, name, filled(amplitude, size), filled(frequency, size), filled(phase, size));
    }

    /**
     * A sinusoid per entry.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param amplitudes finite, at least one; copied
     * @param frequencies rad/s, finite, same length; copied
     * @param phases rad, finite, same length; copied
     * @throws IllegalArgumentException if the lengths differ or are 0, or a parameter is not finite
     */
    public Sine(Scalar<T> scalar, String name, double[] amplitudes, double[] frequencies, double[] phases) {
        super(scalar, name);
        this.amplitudes = Arguments.finiteVector(amplitudes, "amplitudes");
        this.frequencies = Arguments.finiteVector(frequencies, "frequencies");
        this.phases = Arguments.finiteVector(phases, "phases");
        Arguments.sameLength(this.amplitudes, "amplitudes", this.frequencies, "frequencies");
        Arguments.sameLength(this.amplitudes, "amplitudes", this.phases, "phases");
        int n = this.amplitudes.length;
        declareVectorOutputPort("y0", n, (c, y) -> calc(c, y, 0), Feedthrough.none());
        declareVectorOutputPort("y1", n, (c, y) -> calc(c, y, 1), Feedthrough.none());
        declareVectorOutputPort("y2", n, (c, y) -> calc(c, y, 2), Feedthrough.none());
    }

    private static double[] filled(double value, int size) {
        double[] v = new double[Arguments.positiveSize(size, "size")];
        java.util.Arrays.fill(v, value);
        return v;
    }

    /** Writes derivative {@code order} (0, 1 or 2) of the sinusoids. */
    private void calc(Context<T> context, ScalarVector<T> y, int order) {
        Scalar<T> s = scalar();
        T t = context.getTime();
        for (int i = 0; i < amplitudes.length; i++) {
            T angle = s.add(s.mul(t, frequencies[i]), phases[i]);
            double w = frequencies[i];
            T v = switch (order) {
                case 0 -> s.mul(s.sin(angle), amplitudes[i]);
                case 1 -> s.mul(s.cos(angle), amplitudes[i] * w);
                default -> s.mul(s.sin(angle), -amplitudes[i] * w * w);
            };
            y.set(i, v);
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new Sine<>(target, getName(), amplitudes, frequencies, phases);
    }
}
