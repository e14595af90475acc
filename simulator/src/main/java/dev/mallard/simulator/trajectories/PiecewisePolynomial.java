package dev.mallard.simulator.trajectories;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Format;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.internal.PackageAccess;
import java.util.ArrayList;
import java.util.List;

/**
 * A vector-valued function of time that is a polynomial on each of its segments {@code [t_k, t_k+1]}: the
 * dense output of an integrator. Each segment of degree {@code d} is held by its values at the {@code d + 1}
 * Chebyshev points (second kind) of the segment and evaluated in barycentric form, which is numerically
 * stable for every degree an integrator uses; its derivative is the exact derivative of that polynomial
 * (through the nodes' differentiation matrix). Segments are contiguous; at a shared break the later segment
 * is used. Segments are appended in time order only (by the integrator). Not thread-safe while being built.
 *
 * <p>An integrator's dense output ({@link IntegratorBase#startDenseIntegration()}) is one; {@link Trajectories}
 * builds others from samples (zero- and first-order hold, cubic splines), as Drake's
 * {@code PiecewisePolynomial} factories do.
 *
 * @param <T> the number type of the values
 */
public final class PiecewisePolynomial<T> {

    static {
        PackageAccess.register(new PackageAccess.TrajectoryMembers() {
            @Override
            public <U> PiecewisePolynomial<U> create(Scalar<U> scalar, int rows) {
                return new PiecewisePolynomial<>(scalar, rows);
            }

            @Override
            public <U> void appendSegment(PiecewisePolynomial<U> trajectory, double t0, double t1, int degree,
                    ScalarVector<U>[] values) {
                trajectory.appendSegment(t0, t1, degree, values);
            }

            @Override
            public double[] nodes(int degree) {
                return PiecewisePolynomial.nodes(degree);
            }

            @Override
            public void truncateLastSegment(PiecewisePolynomial<?> trajectory, double tEnd) {
                trajectory.truncateLastSegment(tEnd);
            }
        });
    }

    private final Scalar<T> scalar;
    private final int rows;
    private final List<Segment<T>> segments = new ArrayList<>();
    private final List<Double> breaks = new ArrayList<>();

    /**
     * An empty function, filled by {@link #appendSegment}: only an integrator's dense output and
     * {@link Trajectories}' factories build one, so a user never holds an empty, unfillable object.
     *
     * @param scalar the number type of the values
     * @param rows the number of entries of each value, {@code >= 0}
     */
    PiecewisePolynomial(Scalar<T> scalar, int rows) {
        this.scalar = Checks.notNull(scalar, "scalar");
        this.rows = Checks.nonNegative(rows, "rows");
    }

    /**
     * One segment: its nodes' values, {@code values[j]} at node j of {@code [t0, t1]}; it is used on
     * {@code [t0, end]}, {@code end <= t1} (shorter when the step was truncated).
     */
    private record Segment<T>(double t0, double t1, Nodes nodes, ScalarVector<T>[] values) {
    }

    /**
     * Ends the function at {@code tEnd} inside its last segment (the integrator's last step was cut short at
     * a witness crossing); the segment keeps its polynomial. A {@code tEnd} equal to the segment's start
     * removes the segment.
     *
     * @param tEnd seconds, in (start of the last segment, end]
     * @throws IllegalArgumentException if tEnd is outside the last segment
     */
    void truncateLastSegment(double tEnd) {
        requireSegments();
        Segment<T> last = segments.get(segments.size() - 1);
        if (!(tEnd >= last.t0 && tEnd <= getEndTime())) {
            throw new IllegalArgumentException("tEnd = " + tEnd + " is outside the last segment [" + last.t0 + ", "
                    + getEndTime() + "]");
        }
        breaks.remove(breaks.size() - 1);
        if (tEnd == last.t0) {
            segments.remove(segments.size() - 1);
            if (segments.isEmpty()) {
                breaks.clear();
            }
        } else {
            breaks.add(tEnd);
        }
    }

    /**
     * Appends the segment {@code [t0, t1]} given by its values at the nodes {@link #nodes(int)} of its degree.
     *
     * @param t0 the segment's start, equal to the current end time if there are segments already
     * @param t1 the segment's end, {@code > t0}
     * @param degree the polynomial degree, in [0, 8]
     * @param values {@code degree + 1} vectors of size {@link #rows()}, the values at
     *     {@code t0 + nodes(degree)[j] (t1 - t0)}; kept (not copied)
     * @throws IllegalArgumentException if the segment does not continue the function or the shapes are wrong
     */
    void appendSegment(double t0, double t1, int degree, ScalarVector<T>[] values) {
        if (!(t1 > t0)) {
            throw new IllegalArgumentException("segment end " + t1 + " must be after its start " + t0);
        }
        if (!segments.isEmpty() && t0 != getEndTime()) {
            throw new IllegalArgumentException("segment start " + t0 + " does not continue the end time "
                    + getEndTime());
        }
        Checks.size(values.length, degree + 1, "segment values");
        if (breaks.isEmpty()) {
            breaks.add(t0);
        }
        breaks.add(t1);
        segments.add(new Segment<>(t0, t1, Nodes.of(degree), values));
    }

    /**
     * The interpolation nodes of a segment of degree {@code d} as fractions of the segment:
     * {@code (1 - cos(j pi / d)) / 2}, {@code j = 0..d} (just {@code 0} for degree 0).
     *
     * @param degree the degree, in [0, 8]
     * @return a copy of the nodes, from 0 to 1
     */
    static double[] nodes(int degree) {
        return Nodes.of(degree).theta.clone();
    }

    /** @return the number of entries of each value */
    public int rows() {
        return rows;
    }

    /** @return the number type of the values */
    public Scalar<T> scalar() {
        return scalar;
    }

    /** @return the number of polynomial segments */
    public int getNumberOfSegments() {
        return segments.size();
    }

    /** @return true if there is no segment (the function is defined nowhere) */
    public boolean isEmpty() {
        return segments.isEmpty();
    }

    /**
     * @return the break times {@code t_0 < t_1 < ... < t_N}, seconds, a copy
     */
    public double[] getBreaks() {
        double[] out = new double[breaks.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = breaks.get(i);
        }
        return out;
    }

    /**
     * @return the start of the span, seconds
     * @throws IllegalStateException if empty
     */
    public double getStartTime() {
        requireSegments();
        return breaks.get(0);
    }

    /**
     * @return the end of the span, seconds
     * @throws IllegalStateException if empty
     */
    public double getEndTime() {
        requireSegments();
        return breaks.get(breaks.size() - 1);
    }

    /**
     * The value at time {@code t}.
     *
     * @param t seconds, within [start, end]
     * @return a new vector of {@link #rows()} entries
     * @throws IllegalArgumentException if t is outside the span (naming the span)
     * @throws IllegalStateException if empty
     */
    public ScalarVector<T> value(double t) {
        return evaluate(t, 0);
    }

    /**
     * The time derivative at {@code t} (at a break, the later segment's).
     *
     * @param t seconds, within [start, end]
     * @return a new vector of {@link #rows()} entries, per second
     * @throws IllegalArgumentException if t is outside the span
     * @throws IllegalStateException if empty
     */
    public ScalarVector<T> derivative(double t) {
        return evaluate(t, 1);
    }

    /**
     * The time derivative of order {@code order} at {@code t} (at a break, the later segment's): the exact
     * derivative of the segment's polynomial, zero above its degree (Drake's {@code derivative(order).value(t)}).
     *
     * @param t seconds, within [start, end]
     * @param order 0 for the value, 1 for the first derivative, ...; {@code >= 0}
     * @return a new vector of {@link #rows()} entries, per second to the power {@code order}
     * @throws IllegalArgumentException if t is outside the span or the order is negative
     * @throws IllegalStateException if empty
     */
    public ScalarVector<T> derivative(double t, int order) {
        return evaluate(t, Checks.nonNegative(order, "order"));
    }

    /**
     * The value of entry {@code row} at {@code t}, as a double (the value part for non-double numbers).
     *
     * @param t seconds, within the span
     * @param row the entry, in [0, rows)
     * @return the value
     */
    public double valueAt(double t, int row) {
        Checks.index(row, rows, "row");
        return evaluate(t, 0).getValue(row);
    }

    /**
     * The derivative of order {@code order} (0: the value), by the Lagrange weights times the differentiation
     * matrix, {@code order} times (exact: each derivative of the polynomial is interpolated by its node values).
     */
    private ScalarVector<T> evaluate(double t, int order) {
        Segment<T> seg = segments.get(segmentIndex(t));
        double h = seg.t1 - seg.t0;
        double theta = (t - seg.t0) / h;
        Nodes nodes = seg.nodes;
        double[] w = nodes.lagrangeWeights(theta);
        for (int k = 0; k < order; k++) {
            w = nodes.derivativeWeights(w, h);
        }
        ScalarVector<T> out = scalar.newVector(rows);
        for (int i = 0; i < rows; i++) {
            T sum = scalar.zero();
            for (int j = 0; j < w.length; j++) {
                if (w[j] != 0) {
                    sum = scalar.add(sum, scalar.mul(seg.values[j].get(i), w[j]));
                }
            }
            out.set(i, sum);
        }
        return out;
    }

    private int segmentIndex(double t) {
        requireSegments();
        double start = breaks.get(0);
        double end = breaks.get(breaks.size() - 1);
        if (!(t >= start && t <= end)) {
            throw new IllegalArgumentException("t = " + t + " is outside the dense output's span [" + start + ", "
                    + end + "]");
        }
        int lo = 0;
        int hi = segments.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (breaks.get(mid) <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * @return the size and the time span, as {@code PiecewisePolynomial[2 rows, 14 segments on [0.0, 1.5]]}
     *     ({@code no segments} while empty)
     */
    @Override
    public String toString() {
        return "PiecewisePolynomial[" + Format.count(rows, "row") + ", " + (segments.isEmpty() ? "no segments"
                : Format.count(segments.size(), "segment") + " on [" + getStartTime() + ", " + getEndTime() + "]")
                + "]";
    }

    private void requireSegments() {
        if (segments.isEmpty()) {
            throw new IllegalStateException("the dense output has no segment yet (no step was taken)");
        }
    }

    /** Chebyshev nodes of one degree with their barycentric weights and differentiation matrix. */
    private static final class Nodes {

        private static final int MAX_DEGREE = 8;
        private static final Nodes[] CACHE = new Nodes[MAX_DEGREE + 1];

        static {
            for (int d = 0; d <= MAX_DEGREE; d++) {
                CACHE[d] = new Nodes(d);
            }
        }

        private final double[] theta;
        private final double[] bary;
        private final double[][] diff;

        private Nodes(int degree) {
            int m = degree + 1;
            theta = new double[m];
            bary = new double[m];
            for (int j = 0; j < m; j++) {
                theta[j] = degree == 0 ? 0 : (1 - Math.cos(j * Math.PI / degree)) / 2;
                // barycentric weights of Chebyshev points of the second kind: (-1)^j, halved at the ends
                bary[j] = ((j & 1) == 0 ? 1 : -1) * (j == 0 || j == degree ? 0.5 : 1);
            }
            diff = new double[m][m];
            for (int i = 0; i < m; i++) {
                double rowSum = 0;
                for (int j = 0; j < m; j++) {
                    if (i != j) {
                        diff[i][j] = bary[j] / bary[i] / (theta[i] - theta[j]);
                        rowSum += diff[i][j];
                    }
                }
                diff[i][i] = -rowSum;
            }
        }

        static Nodes of(int degree) {
            if (degree < 0 || degree > MAX_DEGREE) {
                throw new IllegalArgumentException("segment degree must be in [0, " + MAX_DEGREE + "], got "
                        + degree);
            }
            return CACHE[degree];
        }

        /** The Lagrange basis values l_j(theta). */
        double[] lagrangeWeights(double x) {
            int m = theta.length;
            double[] w = new double[m];
            for (int j = 0; j < m; j++) {
                if (x == theta[j]) {
                    w[j] = 1;
                    return w;
                }
            }
            double sum = 0;
            for (int j = 0; j < m; j++) {
                w[j] = bary[j] / (x - theta[j]);
                sum += w[j];
            }
            for (int j = 0; j < m; j++) {
                w[j] /= sum;
            }
            return w;
        }

        /** Weights giving p'(t) from the node values: l(theta)^T D / h. */
        double[] derivativeWeights(double[] l, double h) {
            int m = theta.length;
            double[] w = new double[m];
            for (int i = 0; i < m; i++) {
                if (l[i] != 0) {
                    for (int j = 0; j < m; j++) {
                        w[j] += l[i] * diff[i][j] / h;
                    }
                }
            }
            return w;
        }
    }
}
