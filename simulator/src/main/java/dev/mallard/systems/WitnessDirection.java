package dev.mallard.systems;

/**
 * Which zero crossings of a witness function {@code w} trigger it, over a step from {@code t0} to
 * {@code t1} (the half-open interval {@code (t0, t1]}). A witness never triggers when {@code w(t0) = 0}.
 */
public enum WitnessDirection {
    /** Never triggers. */
    NONE,
    /** Triggers when {@code w(t0) > 0} and {@code w(t1) <= 0}. */
    POSITIVE_THEN_NON_POSITIVE,
    /** Triggers when {@code w(t0) < 0} and {@code w(t1) >= 0}. */
    NEGATIVE_THEN_NON_NEGATIVE,
    /** Triggers on either of the two crossings ({@code w(t0) != 0} and {@code w(t0) w(t1) <= 0}). */
    CROSSES_ZERO;

    /**
     * The trigger rule for values at the ends of an interval.
     *
     * @param w0 the witness value at the start
     * @param w1 the witness value at the end
     * @return whether a witness with this direction triggers (false if either value is NaN)
     */
    public boolean triggers(double w0, double w1) {
        return switch (this) {
            case NONE -> false;
            case POSITIVE_THEN_NON_POSITIVE -> w0 > 0 && w1 <= 0;
            case NEGATIVE_THEN_NON_NEGATIVE -> w0 < 0 && w1 >= 0;
            case CROSSES_ZERO -> (w0 > 0 && w1 <= 0) || (w0 < 0 && w1 >= 0);
        };
    }
}
