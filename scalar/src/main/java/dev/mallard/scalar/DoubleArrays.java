package dev.mallard.scalar;

/**
 * Copies of short runs of doubles on hot paths (integrator state copies, compiled systems gathering their
 * inputs). {@code System.arraycopy} is an intrinsic whose fixed cost exceeds a plain loop for the few entries
 * of small systems (measured: Van der Pol, 2 states) and is faster for longer runs (measured: a 20-state
 * chain); the switch between them lives here so every copy follows the same measured rule. Runs of one and
 * two entries (a small system's state, a single parameter) are copied without a loop: the JIT's loop
 * set-up for an unknown trip count cost a compiled Van der Pol system, which makes three such copies per
 * evaluation, about 15% of its run time.
 */
public final class DoubleArrays {

    /** Runs up to this length are copied by a loop. */
    private static final int SHORT_RUN = 8;

    private DoubleArrays() {
    }

    /**
     * Copies {@code from[fromPos, fromPos + n)} into {@code to[toPos, toPos + n)}. Bounds are checked as by
     * array access.
     *
     * @param from the source; not modified
     * @param fromPos the first source index
     * @param to the destination; modified in {@code [toPos, toPos + n)}
     * @param toPos the first destination index
     * @param n the number of entries, at least 0
     * @throws IndexOutOfBoundsException if a range lies outside its array
     */
    public static void copy(double[] from, int fromPos, double[] to, int toPos, int n) {
        switch (n) {
            case 1 -> to[toPos] = from[fromPos];
            case 2 -> {
                to[toPos] = from[fromPos];
                to[toPos + 1] = from[fromPos + 1];
            }
            default -> {
                if (n > SHORT_RUN) {
                    System.arraycopy(from, fromPos, to, toPos, n);
                    return;
                }
                for (int i = 0; i < n; i++) {
                    to[toPos + i] = from[fromPos + i];
                }
            }
        }
    }

    /**
     * Copies {@code from[0, n)} into {@code to[0, n)}.
     *
     * @param from the source; not modified
     * @param to the destination; modified in {@code [0, n)}
     * @param n the number of entries, at least 0
     * @throws IndexOutOfBoundsException if n exceeds either array's length
     */
    public static void copy(double[] from, double[] to, int n) {
        copy(from, 0, to, 0, n);
    }
}
