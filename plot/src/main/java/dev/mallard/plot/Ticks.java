package dev.mallard.plot;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The ticks of one axis: equally spaced values at a step of 1, 2 or 5 times a power of ten, from a multiple of
 * the step at or below the range's low end to one at or above its high end, with labels that all share one
 * format (the same number of decimals, or the same power of ten), so that "0.05" stands beside "0.10", never
 * beside "0.1".
 *
 * <p>Labels are written with plain decimals while the step is at least 1e-4 and every value is below 1e5 in
 * magnitude, and otherwise as a mantissa times a power of ten shared by the whole axis ({@code "1.5e6"}). They
 * never depend on the locale.
 *
 * <p>Immutable and thread-safe.
 */
public final class Ticks {

    /** How far, in steps, a data end may lie beyond the axis's end. */
    private static final double END_TOLERANCE = 1e-3;

    private final double step;
    private final List<Double> values;
    private final List<String> labels;

    private Ticks(double step, List<Double> values, List<String> labels) {
        this.step = step;
        this.values = List.copyOf(values);
        this.labels = List.copyOf(labels);
    }

    /**
     * The ticks of the smallest range that covers {@code [lo, hi]} in at most {@code maxIntervals} steps of
     * 1, 2 or 5 times a power of ten (the smallest such step that does), where an end within a thousandth of a
     * step beyond a tick counts as covered (a ball's height of -1e-7 m does not add a tick at -0.2 m). A range of one point is widened to
     * a tenth of its magnitude on either side (to {@code [-1, 1]} at zero).
     *
     * @param lo the low end of the data, finite
     * @param hi the high end of the data, finite, {@code >= lo}
     * @param maxIntervals the most intervals between ticks, {@code >= 1}
     * @return the ticks, at least two, the first {@code <= lo + step / 1000} and the last
     *     {@code >= hi - step / 1000}
     * @throws IllegalArgumentException if an end is not finite, {@code hi < lo} or {@code maxIntervals < 1}
     */
    public static Ticks covering(double lo, double hi, int maxIntervals) {
        if (!Double.isFinite(lo) || !Double.isFinite(hi) || hi < lo || maxIntervals < 1) {
            throw new IllegalArgumentException("no ticks for the range [" + lo + ", " + hi + "] in " + maxIntervals
                    + " intervals: the ends must be finite, in order, and the intervals at least 1");
        }
        if (hi == lo) {
            double half = lo == 0 ? 1 : Math.abs(lo) / 10;
            lo -= half;
            hi += half;
        }
        // The step is m * 10^e with m in {1, 2, 5}; start at the power of ten just below the even split.
        int e = (int) Math.floor(Math.log10((hi - lo) / maxIntervals));
        int[] mantissas = {1, 2, 5};
        for (int i = 0; ; i++) {
            int m = mantissas[i % 3];
            int exponent = e + i / 3;
            BigDecimal unit = BigDecimal.valueOf(m).scaleByPowerOfTen(exponent);
            double s = unit.doubleValue();
            // A data end within a thousandth of a step beyond a multiple of the step (rounding, or an event
            // located to a tolerance) ends the axis there: the curve then overshoots by a fraction of a pixel.
            long first = (long) Math.floor(lo / s + END_TOLERANCE);
            long last = (long) Math.ceil(hi / s - END_TOLERANCE);
            if (last - first <= maxIntervals) {
                if (last == first) {
                    last++;
                }
                List<BigDecimal> exact = new ArrayList<>();
                for (long k = first; k <= last; k++) {
                    exact.add(unit.multiply(BigDecimal.valueOf(k)));
                }
                return new Ticks(s, exact.stream().map(BigDecimal::doubleValue).toList(),
                        labels(exact, exponent));
            }
        }
    }

    private static List<String> labels(List<BigDecimal> exact, int stepExponent) {
        BigDecimal largest = exact.stream().map(BigDecimal::abs).max(BigDecimal::compareTo).orElseThrow();
        boolean plain = stepExponent >= -4 && largest.compareTo(BigDecimal.valueOf(100_000)) < 0;
        if (plain) {
            int decimals = Math.max(0, -stepExponent);
            return exact.stream().map(v -> v.setScale(decimals).toPlainString()).toList();
        }
        int power = largest.signum() == 0 ? stepExponent : largest.precision() - largest.scale() - 1;
        int decimals = Math.max(0, power - stepExponent);
        return exact.stream().map(v -> v.scaleByPowerOfTen(-power).setScale(decimals).toPlainString() + "e" + power)
                .toList();
    }

    /** @return the distance between neighbouring ticks, {@code > 0} */
    public double step() {
        return step;
    }

    /** @return the first tick: the low end of the axis */
    public double min() {
        return values.get(0);
    }

    /** @return the last tick: the high end of the axis */
    public double max() {
        return values.get(values.size() - 1);
    }

    /** @return the tick values in increasing order, at least two (unmodifiable) */
    public List<Double> values() {
        return values;
    }

    /** @return one label per value, in the same order and format (unmodifiable) */
    public List<String> labels() {
        return labels;
    }
}
