package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;

/**
 * Sinusoids, Drake's {@code Sine}: output ports {@code "y0"} = {@code a sin(w t + p)}, {@code "y1"} = its
 * derivative {@code a w cos(w t + p)} and {@code "y2"} = its second derivative {@code -a w^2 sin(w t + p)},
 * entry by entry, each of the size of the parameter vectors; no state. Time-based (the default), {@code t} is the
 * context's time and there is no input; otherwise (Drake's {@code is_time_based = false}) {@code t} is entry by
 * entry the input port {@code "u"} of the same size, with direct feedthrough. Amplitudes in output units,
 * frequencies in rad per unit of {@code t}, phases in rad. The outputs are computed in the number type, so
 * AutoDiff gradients and symbolic times or inputs pass through.
 *
 * @param <T> the number type
 */
public final class Sine<T> extends LeafSystem<T> {

    private final double[] amplitudes;
    private final double[] frequencies;
    private final double[] phases;
    private final boolean timeBased;

    /**
     * The same sinusoid of time on every entry.
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
        this(scalar, name, amplitude, frequency, phase, size, true);
    }

    /**
     * The same sinusoid on every entry, of time or of the input.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param amplitude finite
     * @param frequency rad per unit of the argument, finite
     * @param phase rad, finite
     * @param size the number of entries, {@code >= 1}
     * @param timeBased true for sinusoids of time, false for sinusoids of the input port {@code "u"}
     * @throws IllegalArgumentException for a non-finite parameter or size {@code < 1}
     */
    public Sine(Scalar<T> scalar, String name, double amplitude, double frequency, double phase, int size,
            boolean timeBased) {
        this(scalar, name, filled(amplitude, size), filled(frequency, size), filled(phase, size), timeBased);
    }

    /**
     * A sinusoid of time per entry.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param amplitudes finite, at least one; copied
     * @param frequencies rad/s, finite, same length; copied
     * @param phases rad, finite, same length; copied
     * @throws IllegalArgumentException if the lengths differ or are 0, or a parameter is not finite
     */
    public Sine(Scalar<T> scalar, String name, double[] amplitudes, double[] frequencies, double[] phases) {
        this(scalar, name, amplitudes, frequencies, phases, true);
    }

    /**
     * A sinusoid per entry, of time or of the input.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param amplitudes finite, at least one; copied
     * @param frequencies rad per unit of the argument, finite, same length; copied
     * @param phases rad, finite, same length; copied
     * @param timeBased true for sinusoids of time, false for sinusoids of the input port {@code "u"}
     * @throws IllegalArgumentException if the lengths differ or are 0, or a parameter is not finite
     */
    public Sine(Scalar<T> scalar, String name, double[] amplitudes, double[] frequencies, double[] phases,
            boolean timeBased) {
        super(scalar, name);
        this.amplitudes = Arguments.finiteVector(amplitudes, "amplitudes");
        this.frequencies = Arguments.finiteVector(frequencies, "frequencies");
        this.phases = Arguments.finiteVector(phases, "phases");
        Arguments.sameLength(this.amplitudes, "amplitudes", this.frequencies, "frequencies");
        Arguments.sameLength(this.amplitudes, "amplitudes", this.phases, "phases");
        this.timeBased = timeBased;
        int n = this.amplitudes.length;
        if (!timeBased) {
            declareVectorInputPort("u", n);
        }
        Feedthrough feedthrough = timeBased ? Feedthrough.none() : Feedthrough.all();
        declareVectorOutputPort("y0", n, (c, y) -> calc(c, y, 0), feedthrough);
        declareVectorOutputPort("y1", n, (c, y) -> calc(c, y, 1), feedthrough);
        declareVectorOutputPort("y2", n, (c, y) -> calc(c, y, 2), feedthrough);
    }

    /** @return true for sinusoids of time, false for sinusoids of the input */
    public boolean isTimeBased() {
        return timeBased;
    }

    /** @return the amplitudes, a copy */
    public double[] getAmplitudeVector() {
        return amplitudes.clone();
    }

    /** @return the frequencies, a copy */
    public double[] getFrequencyVector() {
        return frequencies.clone();
    }

    /** @return the phases, a copy */
    public double[] getPhaseVector() {
        return phases.clone();
    }

    /**
     * @return the one amplitude of every entry
     * @throws IllegalStateException if the entries have different amplitudes
     */
    public double getAmplitude() {
        return uniform(amplitudes, "amplitudes");
    }

    /**
     * @return the one frequency of every entry
     * @throws IllegalStateException if the entries have different frequencies
     */
    public double getFrequency() {
        return uniform(frequencies, "frequencies");
    }

    /**
     * @return the one phase of every entry
     * @throws IllegalStateException if the entries have different phases
     */
    public double getPhase() {
        return uniform(phases, "phases");
    }

    private double uniform(double[] values, String what) {
        for (double v : values) {
            if (v != values[0]) {
                throw new IllegalStateException(getName() + " has the " + what + " " + Arrays.toString(values)
                        + ", not one value");
            }
        }
        return values[0];
    }

    private static double[] filled(double value, int size) {
        double[] v = new double[Arguments.positiveSize(size, "size")];
        Arrays.fill(v, value);
        return v;
    }

    /** Writes derivative {@code order} (0, 1 or 2) of the sinusoids. */
    private void calc(Context<T> context, ScalarVector<T> y, int order) {
        Scalar<T> s = scalar();
        ScalarVector<T> u = timeBased ? null : getInputPort(0).eval(context);
        for (int i = 0; i < amplitudes.length; i++) {
            T t = timeBased ? context.getTime() : u.get(i);
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
        return new Sine<>(target, getName(), amplitudes, frequencies, phases, timeBased);
    }
}
