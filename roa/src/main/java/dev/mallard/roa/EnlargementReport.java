package dev.mallard.roa;

/**
 * What V-iteration, or the search for a Lyapunov function of higher degree, achieved: the area (volume in n
 * dimensions) of the certified estimate before (the quadratic estimate) and after, both estimated by the same
 * seeded Monte Carlo samples in one box around the fixed point. Immutable.
 */
public final class EnlargementReport {

    private final int iterations;
    private final double volumeBefore;
    private final double volumeAfter;
    private final double boxVolume;
    private final int samples;

    EnlargementReport(int iterations, double volumeBefore, double volumeAfter, double boxVolume, int samples) {
        this.iterations = iterations;
        this.volumeBefore = volumeBefore;
        this.volumeAfter = volumeAfter;
        this.boxVolume = boxVolume;
        this.samples = samples;
    }

    /** @return the rounds of V-iteration (or V-steps of the higher-degree search) whose result was kept */
    public int iterations() {
        return iterations;
    }

    /** @return estimated volume of the fixed-candidate estimate */
    public double volumeBefore() {
        return volumeBefore;
    }

    /** @return estimated volume of the enlarged estimate */
    public double volumeAfter() {
        return volumeAfter;
    }

    /** @return {@code volumeAfter / volumeBefore} */
    public double gain() {
        return volumeAfter / volumeBefore;
    }

    /** @return the volume of the sampling box (the estimates' resolution is about box / samples) */
    public double boxVolume() {
        return boxVolume;
    }

    /** @return the Monte Carlo sample count */
    public int samples() {
        return samples;
    }

    @Override
    public String toString() {
        return "EnlargementReport[" + iterations + " iterations, volume " + volumeBefore + " -> " + volumeAfter
                + " (x" + gain() + "), " + samples + " samples in a box of volume " + boxVolume + "]";
    }
}
