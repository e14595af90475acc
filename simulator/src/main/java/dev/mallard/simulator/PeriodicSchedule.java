package dev.mallard.simulator;

/**
 * Sample times of periodic events, {@code offset + k period} for integer {@code k >= 0}, computed from the
 * integer count (never by accumulating periods), so that a 0.5 s event lands on 0.5, 1.0, 1.5 exactly and a
 * 0.02 s event on {@code k * 0.02} rounded once.
 */
final class PeriodicSchedule {

    private PeriodicSchedule() {
    }

    /**
     * The first sample time after {@code t} (or at {@code t}, when {@code inclusive}).
     *
     * @param period seconds, {@code > 0}
     * @param offset seconds, {@code >= 0}
     * @param t the current time, seconds
     * @param inclusive whether a sample exactly at {@code t} counts
     * @return the sample time
     */
    static double next(double period, double offset, double t, boolean inclusive) {
        return time(period, offset, nextIndex(period, offset, t, inclusive));
    }

    /**
     * The index {@code k} of the first sample time after {@code t} (or at {@code t}, when {@code inclusive}).
     *
     * @param period seconds, {@code > 0}
     * @param offset seconds, {@code >= 0}
     * @param t the current time, seconds
     * @param inclusive whether a sample exactly at {@code t} counts
     * @return {@code k >= 0}
     */
    static long nextIndex(double period, double offset, double t, boolean inclusive) {
        if (inclusive ? offset >= t : offset > t) {
            return 0;
        }
        // The division may round either way; step from one below the estimate to the first valid k.
        long k = Math.max(0, (long) Math.floor((t - offset) / period) - 1);
        while (true) {
            double tk = time(period, offset, k);
            if (inclusive ? tk >= t : tk > t) {
                return k;
            }
            k++;
        }
    }

    /**
     * @param period seconds
     * @param offset seconds
     * @param k the sample index
     * @return the sample time {@code offset + k period}, seconds
     */
    static double time(double period, double offset, long k) {
        return offset + k * period;
    }
}
