package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.Arrays;

/**
 * A vector of AutoDiff values that the tangent steps ({@link TangentSteps}) can fill with a value array and a
 * row-major gradient array instead of objects: while it is <em>held</em> that way, its AutoDiff objects are made
 * only when an entry is read ({@link #get}), all at once, and a copy into another such vector copies the arrays.
 * A step of the tangent path then makes no object for its end state or its derivatives unless an interpolant,
 * an event or the caller reads them. The objects made are {@link AutoDiff#of(double, double[], int, int)} of
 * the held rows, so they equal bit for bit what the tangent steps would have made at once.
 *
 * <p>Setting an entry ends the holding (the other entries keep their values, now as objects).
 */
final class TangentVector implements ScalarVector<AutoDiff> {

    private final AutoDiff[] entries;
    private final double[] values;
    private double[] tangents = new double[0];
    private int width;
    /** Whether the arrays are the entries (objects made on demand), rather than {@link #entries}. */
    private boolean held;
    /** While held: whether {@link #entries} holds the objects made from the arrays. */
    private boolean made;

    /**
     * A vector of zeros (as objects).
     *
     * @param size the number of entries, {@code >= 0}
     */
    TangentVector(int size) {
        this.entries = new AutoDiff[Checks.nonNegative(size, "size")];
        this.values = new double[size];
        Arrays.fill(entries, AutoDiff.ZERO);
    }

    /**
     * Holds value {@code j} as {@code values[valuesAt + j]} with gradient row {@code tangents[tangentsAt + j w,
     * + w)}, for every entry {@code j}; the arrays are copied, not modified.
     *
     * @param from the values
     * @param valuesAt where they start
     * @param rows the gradient rows, row-major
     * @param tangentsAt where they start
     * @param w the gradient size, {@code >= 0}
     */
    void hold(double[] from, int valuesAt, double[] rows, int tangentsAt, int w) {
        int n = values.length;
        if (tangents.length != n * w) {
            tangents = new double[n * w];
        }
        width = w;
        System.arraycopy(from, valuesAt, values, 0, n);
        System.arraycopy(rows, tangentsAt, tangents, 0, n * w);
        held = true;
        made = false;
    }

    /** @return whether the entries are held as arrays (see {@link #hold}) */
    boolean isHeld() {
        return held;
    }

    /** @return the gradient size of the held entries; meaningful only while {@link #isHeld()} */
    int width() {
        return width;
    }

    /**
     * Copies the held values to {@code to[valuesAt...]} and gradient rows to {@code rows[tangentsAt...]}.
     *
     * @param to receives the values
     * @param valuesAt where they start
     * @param rows receives the gradient rows, row-major
     * @param tangentsAt where they start
     * @throws IllegalStateException if the entries are not held
     */
    void copyHeldTo(double[] to, int valuesAt, double[] rows, int tangentsAt) {
        if (!held) {
            throw new IllegalStateException("the entries are objects, not held arrays");
        }
        System.arraycopy(values, 0, to, valuesAt, values.length);
        System.arraycopy(tangents, 0, rows, tangentsAt, tangents.length);
    }

    @Override
    public Scalar<AutoDiff> scalar() {
        return AutoDiff.SCALAR;
    }

    @Override
    public int size() {
        return entries.length;
    }

    @Override
    public AutoDiff get(int i) {
        Checks.index(i, entries.length, "index");
        if (held && !made) {
            makeEntries();
        }
        return entries[i];
    }

    /** The held rows as objects, into {@link #entries}. */
    private void makeEntries() {
        int w = width;
        for (int j = 0; j < entries.length; j++) {
            entries[j] = AutoDiff.of(values[j], tangents, j * w, w);
        }
        made = true;
    }

    @Override
    public void set(int i, AutoDiff value) {
        Checks.index(i, entries.length, "index");
        Checks.notNull(value, "value");
        if (held) {
            if (!made) {
                makeEntries();
            }
            held = false;
        }
        entries[i] = value;
    }

    @Override
    public double getValue(int i) {
        Checks.index(i, entries.length, "index");
        return held ? values[i] : entries[i].value();
    }

    @Override
    public void setValue(int i, double value) {
        set(i, AutoDiff.constant(value));
    }

    /** From another held tangent vector, its arrays; otherwise entry by entry. */
    @Override
    public void setFrom(ScalarVector<AutoDiff> source) {
        Checks.size(source.size(), entries.length, "source");
        if (source instanceof TangentVector t && t.held) {
            hold(t.values, 0, t.tangents, 0, t.width);
            return;
        }
        for (int i = 0; i < entries.length; i++) {
            set(i, source.get(i));
        }
    }

    @Override
    public ScalarVector<AutoDiff> copy() {
        ScalarVector<AutoDiff> c = AutoDiff.SCALAR.newVector(entries.length);
        c.setFrom(this);
        return c;
    }
}
