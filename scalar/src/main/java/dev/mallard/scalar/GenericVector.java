package dev.mallard.scalar;

import java.util.Arrays;

/**
 * A vector over any number type, storing its entries as objects. Used for every number type but
 * double (see {@link DoubleVector}).
 *
 * @param <T> the number type
 */
public final class GenericVector<T> implements ScalarVector<T> {

    private final Scalar<T> scalar;
    /**
     * The entries, in an {@code Object[]} rather than the number type's own array class: a store into an array
     * whose runtime class is not its static one ({@code Object[]}, the erasure of {@code T[]}) is checked by the
     * JIT the long way (the array's element class, then a subtype test of the value), a chain of dependent loads
     * on every {@link #set}; into an {@code Object[]} the check is one compare. Never escapes, so the class
     * is never seen outside.
     */
    private final Object[] entries;

    /**
     * A vector of zeros.
     *
     * @param scalar the number type, not null
     * @param size the number of entries, {@code >= 0}
     */
    public GenericVector(Scalar<T> scalar, int size) {
        this.scalar = Checks.notNull(scalar, "scalar");
        this.entries = new Object[Checks.nonNegative(size, "size")];
        Arrays.fill(entries, scalar.zero());
    }

    private GenericVector(Scalar<T> scalar, Object[] entries) {
        this.scalar = scalar;
        this.entries = entries;
    }

    @Override public Scalar<T> scalar() { return scalar; }
    @Override public int size() { return entries.length; }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int i) {
        // only set stores into entries, and only values of T
        return (T) entries[Checks.index(i, entries.length, "index")];
    }

    @Override
    public void set(int i, T value) {
        entries[Checks.index(i, entries.length, "index")] = Checks.notNull(value, "value");
    }

    @Override
    public double getValue(int i) {
        return scalar.value(get(i));
    }

    @Override
    public void setValue(int i, double value) {
        set(i, scalar.of(value));
    }

    /**
     * Copies every entry of {@code source}; from another {@code GenericVector} without checks (its entries are
     * never null), from any other vector entry by entry.
     *
     * @param source a vector of the same size
     * @throws IllegalArgumentException if the sizes differ
     */
    @Override
    public void setFrom(ScalarVector<T> source) {
        Checks.size(source.size(), entries.length, "source");
        if (source instanceof GenericVector<T> g) {
            Object[] from = g.entries;
            // A reference array copy ends in a call into the VM for G1's card marking; a short loop marks inline
            // (a state vector of a few entries is copied several times per integration step).
            if (from.length <= 8) {
                for (int i = 0; i < from.length; i++) {
                    entries[i] = from[i];
                }
            } else {
                System.arraycopy(from, 0, entries, 0, entries.length);
            }
        } else {
            ScalarVector.super.setFrom(source);
        }
    }

    @Override
    public GenericVector<T> copy() {
        return new GenericVector<>(scalar, entries.clone());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenericVector<?> g && scalar.equals(g.scalar) && Arrays.equals(entries, g.entries);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(entries);
    }

    @Override
    public String toString() {
        return Arrays.toString(entries);
    }
}
