package dev.mallard.simulator.gradients;

import dev.mallard.scalar.Format;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A loss at given sample times, {@code sum_k l_k(t_k, x(t_k), p)}, for {@link AdjointGradient}: the sum of
 * squared residuals of a fit to measured states, for example. Each {@code l_k} is a {@link CostFunction} called
 * with the sample's time {@code t_k}, the continuous state the simulator holds at {@code t_k} and the numeric
 * parameters; the sample times are constants (the loss has no derivative with respect to them).
 *
 * <p>The state at a sample time is the one {@link GradientSimulation#sample} returns there: the run's steps land
 * on each sample time, and at a time where an event happens it is the state before that event's updates (which
 * are dispatched at the start of the next step, as in Drake). Times may repeat (each loss is then evaluated at
 * the same state). Immutable: the times are copied in and out.
 */
public final class SampleLoss {

    private final double[] times;
    private final List<CostFunction> losses;

    private SampleLoss(double[] times, List<CostFunction> losses) {
        this.times = times;
        this.losses = losses;
    }

    /**
     * A loss with its own function at each time.
     *
     * @param times the sample times, seconds: at least one, finite, non-decreasing; copied
     * @param losses {@code l_k} for each time, as many as times, none null; copied
     * @return the loss
     * @throws IllegalArgumentException if there are no times, a time is not finite or is before the one before
     *     it (naming its index and value), or the counts differ
     * @throws NullPointerException naming the argument if the times, the list or one of its entries is null
     */
    public static SampleLoss of(double[] times, List<CostFunction> losses) {
        Objects.requireNonNull(times, "times must not be null");
        Objects.requireNonNull(losses, "losses must not be null");
        if (times.length == 0) {
            throw new IllegalArgumentException("a sample loss needs at least one sample time");
        }
        if (losses.size() != times.length) {
            throw new IllegalArgumentException("there are " + times.length + " sample times but " + losses.size()
                    + " losses");
        }
        for (int k = 0; k < times.length; k++) {
            if (!Double.isFinite(times[k])) {
                throw new IllegalArgumentException("sample time " + k + " = " + times[k] + " is not finite");
            }
            if (k > 0 && times[k] < times[k - 1]) {
                throw new IllegalArgumentException("sample time " + k + " = " + times[k] + " is before sample time "
                        + (k - 1) + " = " + times[k - 1] + ": the times must be sorted");
            }
            Objects.requireNonNull(losses.get(k), "loss " + k + " must not be null");
        }
        return new SampleLoss(times.clone(), Collections.unmodifiableList(new ArrayList<>(losses)));
    }

    /**
     * A loss with the same function at each time ({@code l_k = l}; it may depend on the time it is given).
     *
     * @param times the sample times, seconds: at least one, finite, non-decreasing; copied
     * @param loss {@code l(t, x, p)}
     * @return the loss
     * @throws IllegalArgumentException as {@link #of(double[], List)}
     * @throws NullPointerException naming the argument if the times or the loss is null
     */
    public static SampleLoss of(double[] times, CostFunction loss) {
        Objects.requireNonNull(times, "times must not be null");
        Objects.requireNonNull(loss, "loss must not be null");
        return of(times, Collections.nCopies(times.length, loss));
    }

    /** @return the number of samples */
    public int size() {
        return times.length;
    }

    /** @return the sample times, seconds, a fresh copy */
    public double[] times() {
        return times.clone();
    }

    /**
     * @param k a sample index, {@code 0 <= k < size()}
     * @return its time, seconds
     * @throws IndexOutOfBoundsException if k is out of range
     */
    public double time(int k) {
        return times[Objects.checkIndex(k, times.length)];
    }

    /**
     * @param k a sample index, {@code 0 <= k < size()}
     * @return {@code l_k}
     * @throws IndexOutOfBoundsException if k is out of range
     */
    public CostFunction loss(int k) {
        return losses.get(k);
    }

    /** @return the sample count and the first and last times */
    @Override
    public String toString() {
        return "SampleLoss[" + Format.count(times.length, "sample") + " from t = " + times[0] + " to t = "
                + times[times.length - 1] + "]";
    }
}
