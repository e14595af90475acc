package dev.mallard.simulator.studies;

/**
 * How many threads a batch computation (Monte Carlo, batch evaluation) may use. Immutable.
 */
public final class Parallelism {

    private static final Parallelism NONE = new Parallelism(1);

    private final int numThreads;

    private Parallelism(int numThreads) {
        this.numThreads = numThreads;
    }

    /** @return serial execution on the calling thread */
    public static Parallelism none() {
        return NONE;
    }

    /** @return one thread per available processor ({@link Runtime#availableProcessors()}) */
    public static Parallelism max() {
        return new Parallelism(Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * @param numThreads the number of threads, {@code >= 1} (1 means serial)
     * @return the parallelism
     * @throws IllegalArgumentException if {@code numThreads < 1}
     */
    public static Parallelism of(int numThreads) {
        if (numThreads < 1) {
            throw new IllegalArgumentException("numThreads must be >= 1, got " + numThreads);
        }
        return numThreads == 1 ? NONE : new Parallelism(numThreads);
    }

    /** @return the number of threads, {@code >= 1} */
    public int numThreads() {
        return numThreads;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Parallelism p && p.numThreads == numThreads;
    }

    @Override
    public int hashCode() {
        return numThreads;
    }

    @Override
    public String toString() {
        return "Parallelism(numThreads=" + numThreads + ")";
    }
}
