package dev.mallard.examples.programs;

import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable record of vector samples {@code (t_k, y_k)}, oldest first. Appending returns a new log that
 * shares the old one, so a log can live in a context's abstract state: cloning the context shares it, and
 * every append costs O(1) whatever the log's length.
 *
 * <p>Instances are immutable and safe to share between threads.
 */
public final class SampleLog {

    /** The log with no samples. */
    public static final SampleLog EMPTY = new SampleLog(null, Double.NaN, new double[0]);

    private final SampleLog earlier;
    private final double time;
    private final double[] values;
    private final int size;

    private SampleLog(SampleLog earlier, double time, double[] values) {
        this.earlier = earlier;
        this.time = time;
        this.values = values;
        this.size = earlier == null ? 0 : earlier.size + 1;
    }

    /**
     * @param t the sample's time, seconds, finite and not before the last sample's time
     * @param y the sample, not null; copied
     * @return this log with the sample appended (this log is unchanged)
     * @throws IllegalArgumentException if {@code t} is not finite or goes back in time
     */
    public SampleLog append(double t, double[] y) {
        Objects.requireNonNull(y, "y must not be null");
        if (!Double.isFinite(t) || (size > 0 && t < time)) {
            throw new IllegalArgumentException("sample time must be finite and not before " + time + ", got " + t);
        }
        return new SampleLog(this, t, y.clone());
    }

    /** @return the number of samples */
    public int size() {
        return size;
    }

    /** @return the sample times, seconds, oldest first; a new array */
    public double[] times() {
        double[] out = new double[size];
        for (SampleLog s = this; s.size > 0; s = s.earlier) {
            out[s.size - 1] = s.time;
        }
        return out;
    }

    /** @return the samples, oldest first: {@code values()[k]} was taken at {@code times()[k]}; new arrays */
    public double[][] values() {
        double[][] out = new double[size][];
        for (SampleLog s = this; s.size > 0; s = s.earlier) {
            out[s.size - 1] = s.values.clone();
        }
        return out;
    }

    /** @return one line per sample, {@code t: [y...]} */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        double[] t = times();
        double[][] y = values();
        for (int k = 0; k < size; k++) {
            b.append(t[k]).append(": ").append(Arrays.toString(y[k])).append('\n');
        }
        return b.toString();
    }
}
