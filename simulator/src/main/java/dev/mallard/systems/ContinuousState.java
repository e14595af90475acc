package dev.mallard.systems;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.DoubleArrays;
import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.List;

/**
 * The continuous state {@code xc = (q, v, z)} of one system, or a vector laid out like it (time
 * derivatives). It is a view: the values live in one backing vector owned by the root context, laid out
 * as {@code [q of every subsystem, v of every subsystem, z of every subsystem]}, so that an integrator works
 * on a single array (a primitive {@code double[]} when the number type is double) and a subsystem sees its
 * own {@code q}, {@code v} and {@code z} as three segments of it.
 *
 * <p>Entries are indexed {@code [0, numQ)} for the generalised positions q, {@code [numQ, numQ + numV)} for
 * the generalised velocities v and the rest for the miscellaneous states z. Writing through the view
 * modifies the backing vector; writes made directly (not through a {@link Context} method) are not seen by
 * the context's output caches, so systems write their state through {@link Context} or the handler
 * arguments they are given.
 *
 * @param <T> the number type
 */
public final class ContinuousState<T> implements ScalarVector<T> {

    private final ScalarVector<T> backing;
    private final int numQ;
    private final int numV;
    private final int numZ;
    private final int qStart;
    private final int vStart;
    private final int zStart;
    private final boolean contiguous;
    private final int size;
    /**
     * The backing array when the backing vector is a {@link DoubleVector} and this view is contiguous (entry
     * {@code i} is {@code values[qStart + i]}), else null. Derivative code reads and writes the state entry by
     * entry many times per step; through this array an access costs one index check instead of the view's
     * layout arithmetic plus a call into the backing vector and its own check.
     */
    private final double[] values;
    private final List<ContinuousState<T>> children;

    ContinuousState(ScalarVector<T> backing, int numQ, int numV, int numZ, int qStart, int vStart, int zStart,
            List<ContinuousState<T>> children) {
        this.backing = backing;
        this.numQ = numQ;
        this.numV = numV;
        this.numZ = numZ;
        this.qStart = qStart;
        this.vStart = vStart;
        this.zStart = zStart;
        this.contiguous = vStart == qStart + numQ && zStart == vStart + numV;
        this.size = numQ + numV + numZ;
        this.values = contiguous && backing instanceof DoubleVector d ? d.data() : null;
        this.children = List.copyOf(children);
    }

    /** @return the number of generalised positions q, {@code >= 0} */
    public int numQ() {
        return numQ;
    }

    /** @return the number of generalised velocities v, {@code >= 0} */
    public int numV() {
        return numV;
    }

    /** @return the number of miscellaneous continuous states z, {@code >= 0} */
    public int numZ() {
        return numZ;
    }

    /**
     * The vector all views of one context tree share. Integrators read and write it directly (for double it
     * is a {@link dev.mallard.scalar.DoubleVector} whose array they use); for the root system's state it is
     * laid out exactly like this view.
     *
     * @return the backing vector (not a copy)
     */
    public ScalarVector<T> backingVector() {
        return backing;
    }

    /**
     * Whether this view's entries are one contiguous block of the backing vector, starting at
     * {@link #startInBacking()} (true for the root of every context and for every leaf system).
     *
     * @return true if contiguous
     */
    public boolean isContiguous() {
        return contiguous;
    }

    /** @return the index in the backing vector of this view's entry 0 (meaningful when contiguous) */
    public int startInBacking() {
        return qStart;
    }

    /**
     * The index in the backing vector of entry {@code i} of this view.
     *
     * @param i index in [0, size)
     * @return the backing index
     * @throws IndexOutOfBoundsException if i is outside [0, size)
     */
    public int backingIndex(int i) {
        Checks.index(i, size, "continuous state index");
        if (contiguous) {
            return qStart + i;
        }
        if (i < numQ) {
            return qStart + i;
        }
        return i < numQ + numV ? vStart + i - numQ : zStart + i - numQ - numV;
    }

    /**
     * The views of the subsystems, for a diagram's state (in subsystem order, skipping none: a subsystem
     * without continuous state has an empty view); empty for a leaf system.
     *
     * @return the children, unmodifiable
     */
    List<ContinuousState<T>> children() {
        return children;
    }

    /**
     * Entry {@code i} of q.
     *
     * @param i index in [0, numQ)
     * @return q[i]
     */
    public T getQ(int i) {
        return backing.get(qStart + Checks.index(i, numQ, "q index"));
    }

    /**
     * Entry {@code i} of v.
     *
     * @param i index in [0, numV)
     * @return v[i]
     */
    public T getV(int i) {
        return backing.get(vStart + Checks.index(i, numV, "v index"));
    }

    /**
     * Entry {@code i} of z.
     *
     * @param i index in [0, numZ)
     * @return z[i]
     */
    public T getZ(int i) {
        return backing.get(zStart + Checks.index(i, numZ, "z index"));
    }

    @Override
    public Scalar<T> scalar() {
        return backing.scalar();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int i) {
        if (values != null) {
            // values is only set when T is Double (the backing vector is a DoubleVector)
            return (T) Double.valueOf(values[directIndex(i)]);
        }
        return backing.get(backingIndex(i));
    }

    @Override
    public void set(int i, T value) {
        if (values != null) {
            values[directIndex(i)] = (Double) Checks.notNull(value, "value");
            return;
        }
        backing.set(backingIndex(i), value);
    }

    @Override
    public double getValue(int i) {
        if (values != null) {
            return values[directIndex(i)];
        }
        return backing.getValue(backingIndex(i));
    }

    @Override
    public void setValue(int i, double value) {
        if (values != null) {
            values[directIndex(i)] = value;
            return;
        }
        backing.setValue(backingIndex(i), value);
    }

    @Override
    public void copyValuesTo(double[] out, int offset) {
        if (values == null) {
            ScalarVector.super.copyValuesTo(out, offset);
            return;
        }
        Checks.range(offset, size, out.length, "offset");
        DoubleArrays.copy(values, qStart, out, offset, size);
    }

    @Override
    public void setValuesFrom(double[] in, int offset) {
        if (values == null) {
            ScalarVector.super.setValuesFrom(in, offset);
            return;
        }
        Checks.range(offset, size, in.length, "offset");
        DoubleArrays.copy(in, offset, values, qStart, size);
    }

    /** The index in {@link #values} of entry {@code i}, checked against this view's size. */
    private int directIndex(int i) {
        return qStart + Checks.index(i, size, "continuous state index");
    }

    /**
     * An independent vector holding this view's entries (not a view).
     *
     * @return the copy, of size {@link #size()}
     */
    @Override
    public ScalarVector<T> copy() {
        ScalarVector<T> out = scalar().newVector(size());
        for (int i = 0; i < out.size(); i++) {
            out.set(i, get(i));
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < size(); i++) {
            b.append(i == 0 ? "" : ", ").append(get(i));
        }
        return b.append(']').toString();
    }
}
