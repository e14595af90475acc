package dev.mallard.simulator;

import java.util.Arrays;

/**
 * Sample times of periodic events, {@code offset + k period} for integer {@code k >= 0}, computed from the
 * integer count (never by accumulating periods), so that a 0.5 s event lands on 0.5, 1.0, 1.5 exactly and a
 * 0.02 s event on {@code k * 0.02} rounded once.
 *
 * <p>An instance is the schedule of one simulator's periodic events: per event its next sample after the start
 * of the step that last brought it up to date, and the earliest next publish and update. It answers a step
 * that starts before every next sample with one comparison, so a simulation without periodic events (an
 * empty schedule: both next times infinite) pays nothing for it.
 */
final class PeriodicSchedule {

    private final double[] period;
    private final double[] offset;
    private final boolean[] publish;
    /** Per event, its first sample time after the start of the step that last computed it. */
    private final double[] next;
    /** Per event, the sample index of {@link #next}, or -1 when not computed. */
    private final long[] index;
    /** The earliest periodic publish and update in {@link #next} (infinite if none); NaN until computed. */
    private double nextPublish = Double.NaN;
    private double nextUpdate = Double.NaN;

    /**
     * @param period per event, seconds, {@code > 0}; not modified
     * @param offset per event, seconds, {@code >= 0}; not modified
     * @param publish per event, whether it is a publish (else an update); not modified
     */
    PeriodicSchedule(double[] period, double[] offset, boolean[] publish) {
        this.period = period.clone();
        this.offset = offset.clone();
        this.publish = publish.clone();
        this.next = new double[period.length];
        this.index = new long[period.length];
        forget();
    }

    /** Makes {@link #update} recompute every event's next sample (the time moved back). */
    void forget() {
        Arrays.fill(next, Double.NaN);
        Arrays.fill(index, -1);
        nextPublish = Double.NaN;
        nextUpdate = Double.NaN;
    }

    /**
     * Brings the next samples up to date for a step from {@code ts}. Only the events whose next sample
     * {@code ts} has reached are recomputed: the first sample after an earlier start that is still after
     * {@code ts} is also the first after {@code ts}. A step starting before every next sample does no work here.
     *
     * @param ts the step's start time, seconds
     */
    void update(double ts) {
        if (ts < nextPublish && ts < nextUpdate) {
            return;
        }
        nextPublish = Double.POSITIVE_INFINITY;
        nextUpdate = Double.POSITIVE_INFINITY;
        for (int i = 0; i < next.length; i++) {
            if (!(next[i] > ts)) {
                // Steps end on sample times, so the next index is usually one more; else search from ts.
                long k = index[i] + 1;
                if (index[i] < 0 || !(time(period[i], offset[i], k) > ts)) {
                    k = nextIndex(period[i], offset[i], ts, false);
                }
                index[i] = k;
                next[i] = time(period[i], offset[i], k);
            }
            if (publish[i]) {
                nextPublish = Math.min(nextPublish, next[i]);
            } else {
                nextUpdate = Math.min(nextUpdate, next[i]);
            }
        }
    }

    /** @return the earliest next periodic publish after the last {@link #update}, seconds; infinite if none */
    double nextPublish() {
        return nextPublish;
    }

    /** @return the earliest next periodic update after the last {@link #update}, seconds; infinite if none */
    double nextUpdate() {
        return nextUpdate;
    }

    /**
     * @param te the time a step reached, seconds
     * @return whether some event has a sample at {@code te} (then {@link #isDue} says which)
     */
    boolean anyDue(double te) {
        return te >= Math.min(nextPublish, nextUpdate);
    }

    /**
     * @param i the event index
     * @param te the time a step reached, seconds
     * @return whether event {@code i}'s next sample is {@code te}
     */
    boolean isDue(int i, double te) {
        return next[i] == te;
    }

    /** @return per event, its next sample time, seconds (the array itself: not to be modified) */
    double[] nextTimes() {
        return next;
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
