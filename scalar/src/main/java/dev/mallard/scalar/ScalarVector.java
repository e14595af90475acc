package dev.mallard.scalar;

/**
 * A mutable, fixed-size vector over a number type. Created by {@link Scalar#newVector(int)}: over
 * {@link Scalar#DOUBLE} it is a {@link DoubleVector} storing primitive doubles, so that code holding
 * double state never boxes when it uses {@link #getValue}/{@link #setValue}.
 *
 * @param <T> the number type
 */
public interface ScalarVector<T> {

    /** @return the type class of the entries, never null */
    Scalar<T> scalar();

    /** @return the number of entries, {@code >= 0} */
    int size();

    /**
     * @param i index in [0, size)
     * @return entry i
     * @throws IndexOutOfBoundsException if i is outside [0, size)
     */
    T get(int i);

    /**
     * Replaces entry i. Modifies this vector.
     *
     * @param i index in [0, size)
     * @param value the new entry, not null
     * @throws IndexOutOfBoundsException if i is outside [0, size)
     * @throws NullPointerException if value is null
     */
    void set(int i, T value);

    /**
     * @param i index in [0, size)
     * @return the numeric value of entry i (no boxing for a {@link DoubleVector})
     * @throws NonNumericValueException if the entry has no numeric value
     */
    double getValue(int i);

    /**
     * Sets entry i to the constant {@code scalar().of(value)}. Modifies this vector.
     *
     * @param i index in [0, size)
     * @param value the value
     */
    void setValue(int i, double value);

    /**
     * Copies every entry of {@code source} into this vector. Modifies this vector; {@code source} is not
     * modified.
     *
     * @param source a vector of the same size
     * @throws IllegalArgumentException if the sizes differ
     */
    default void setFrom(ScalarVector<T> source) {
        Checks.size(source.size(), size(), "source");
        for (int i = 0; i < size(); i++) {
            set(i, source.get(i));
        }
    }

    /** @return an independent copy of this vector */
    ScalarVector<T> copy();

    /**
     * @return a new array holding the numeric values of the entries
     * @throws NonNumericValueException if an entry has no numeric value
     */
    default double[] toValueArray() {
        double[] out = new double[size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = getValue(i);
        }
        return out;
    }

    /**
     * Copies the numeric values of all entries into {@code out[offset, offset + size())}; a vector over a
     * primitive array copies it in one block.
     *
     * @param out receives the values; modified in that range only
     * @param offset where entry 0 goes, {@code >= 0}
     * @throws IndexOutOfBoundsException if the range does not fit in {@code out}
     * @throws NonNumericValueException if an entry has no numeric value
     */
    default void copyValuesTo(double[] out, int offset) {
        Checks.range(offset, size(), out.length, "offset");
        for (int i = 0; i < size(); i++) {
            out[offset + i] = getValue(i);
        }
    }

    /**
     * Sets every entry to a constant, entry {@code i} to {@code in[offset + i]}; a vector over a primitive
     * array copies into it in one block.
     *
     * @param in the values; not modified
     * @param offset where entry 0's value is, {@code >= 0}
     * @throws IndexOutOfBoundsException if the range does not fit in {@code in}
     */
    default void setValuesFrom(double[] in, int offset) {
        Checks.range(offset, size(), in.length, "offset");
        for (int i = 0; i < size(); i++) {
            setValue(i, in[offset + i]);
        }
    }

    /**
     * A new vector holding the given constants.
     *
     * @param scalar the number type
     * @param values the values, not modified
     * @param <T> the number type
     * @return the vector
     */
    static <T> ScalarVector<T> ofValues(Scalar<T> scalar, double... values) {
        Checks.notNull(values, "values");
        ScalarVector<T> v = Checks.notNull(scalar, "scalar").newVector(values.length);
        for (int i = 0; i < values.length; i++) {
            v.setValue(i, values[i]);
        }
        return v;
    }

    /**
     * A new vector holding the given entries.
     *
     * @param scalar the number type
     * @param entries the entries, none null; the array is not kept
     * @param <T> the number type
     * @return the vector
     */
    @SafeVarargs
    static <T> ScalarVector<T> of(Scalar<T> scalar, T... entries) {
        Checks.notNull(entries, "entries");
        ScalarVector<T> v = Checks.notNull(scalar, "scalar").newVector(entries.length);
        for (int i = 0; i < entries.length; i++) {
            v.set(i, Checks.notNull(entries[i], "entries[" + i + "]"));
        }
        return v;
    }
}
