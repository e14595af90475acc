package dev.mallard.scalar;

/**
 * Argument checks shared by every Mallard module. Each throws an exception whose message names the
 * argument and the offending value, so that bad input is reported where it enters.
 */
public final class Checks {

    private Checks() {
    }

    /**
     * @param value the argument
     * @param name its name, for the message
     * @param <V> its type
     * @return {@code value}
     * @throws NullPointerException naming the argument if it is null
     */
    public static <V> V notNull(V value, String name) {
        // no message supplier: a capturing lambda would allocate on every call, and this runs per vector entry
        if (value == null) {
            throw new NullPointerException(name + " must not be null");
        }
        return value;
    }

    /**
     * @param value the argument
     * @param name its name
     * @return {@code value}
     * @throws IllegalArgumentException if it is negative
     */
    public static int nonNegative(int value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
        return value;
    }

    /**
     * @param value the argument
     * @param name its name
     * @return {@code value}
     * @throws IllegalArgumentException if it is NaN or infinite
     */
    public static double finite(double value, String name) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite, got " + value);
        }
        return value;
    }

    /**
     * @param value the argument
     * @param name its name
     * @return {@code value}
     * @throws IllegalArgumentException if it is not a finite number {@code > 0}
     */
    public static double positive(double value, String name) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and > 0, got " + value);
        }
        return value;
    }

    /**
     * @param index the index
     * @param size the size of what it indexes
     * @param name its name
     * @return {@code index}
     * @throws IndexOutOfBoundsException naming the index and the size if it is outside [0, size)
     */
    public static int index(int index, int size, String name) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(name + " = " + index + " is outside [0, " + size + ")");
        }
        return index;
    }

    /**
     * @param offset the start of a block of {@code length} entries
     * @param length the block's length, {@code >= 0}
     * @param size the size of the array or vector the block must fit in
     * @param name the offset's name
     * @return {@code offset}
     * @throws IndexOutOfBoundsException naming the offset, length and size if the block does not fit
     */
    public static int range(int offset, int length, int size, String name) {
        if (offset < 0 || offset > size - length) {
            throw new IndexOutOfBoundsException(name + " = " + offset + " with length " + length
                    + " does not fit in [0, " + size + ")");
        }
        return offset;
    }

    /**
     * @param actual the size found
     * @param expected the size required
     * @param name what was sized
     * @throws IllegalArgumentException naming both sizes if they differ
     */
    public static void size(int actual, int expected, String name) {
        if (actual != expected) {
            throw new IllegalArgumentException(name + " has size " + actual + ", expected " + expected);
        }
    }
}
