package dev.mallard.spark;

/**
 * Where sample {@code i} of a distributed Monte Carlo study gets its generator.
 */
public enum RandomnessMode {

    /**
     * Drake's and {@code MonteCarlo}'s rule: one generator, seeded once; sample {@code i} starts where sample
     * {@code i-1} left it. Since only running sample {@code i-1}'s {@code makeSimulator} tells where that is,
     * the driver runs every {@code makeSimulator} in order, keeps the generator's state before each, and ships
     * the states (32 bytes per sample) to the executors, which make the simulators again from them and
     * simulate. The results equal {@code MonteCarlo}'s bit for bit; the driver's serial pass bounds the
     * speed-up (Amdahl: the time of making a simulator over the time of making and running one).
     */
    SEQUENTIAL,

    /**
     * For large studies: sample {@code i}'s generator is seeded from the study's seed and {@code i} alone
     * ({@link IndexedStreams#generator(long, long)}), so executors draw without the driver, and results do
     * not depend on the partitioning or on the number of executors. A different sequence from
     * {@link #SEQUENTIAL}'s, equally reproducible.
     */
    INDEXED
}
