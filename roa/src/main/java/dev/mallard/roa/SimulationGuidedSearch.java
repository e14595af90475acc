package dev.mallard.roa;

import dev.mallard.symbolic.Polynomial;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The bilinear alternation ({@link BilinearLyapunovSearch}) guided by simulation and by its own results, for
 * explicit polynomial dynamics and for the exact sin/cos recast (there the simulations run in the user's
 * displacements, each angle within half a turn of x*, and the fit is refined by cutting planes, see
 * {@link SampledLyapunovFit}): where the alternation from the quadratic estimate stalls (on the stiff
 * time-reversed Van der Pol oscillator with mu = 3 its degree-6 search stops at about half of the true area),
 * it is continued in two ways and the larger certified estimate is returned:
 * <ol>
 * <li>restarts of the alternation with the shape function p replaced by the last certified V (normalised), so
 *     that growth is no longer measured by one fixed ellipse, until a restart grows the area by less than
 *     {@value #MIN_GROWTH} or {@value #MAX_RESTARTS} restarts have run;</li>
 * <li>a start from simulation: the boundary of the true region sampled along rays ({@link TrueRegionSampler}),
 *     a V of the requested degree fitted to it ({@link SampledLyapunovFit}), certified from scratch at its
 *     largest level, then grown by the same restarts.</li>
 * </ol>
 * The restarts run first; the fitted start (whose growth costs more SDPs) only if the restarted estimate holds
 * less than {@value #COVERED} of the volume of the simulated true region (star-shaped between the sampled
 * boundary points). Every V returned is certified from
 * scratch by the alternation's own checks (positive definite, its level by a verified SOS certificate),
 * whatever guided it: the simulations only choose what is proposed. The areas that choose between the
 * estimates are Monte Carlo counts in a box around the sampled true region, with the analysis' seed and volume
 * samples.
 */
final class SimulationGuidedSearch {

    /** The most restarts of the alternation from one start. */
    static final int MAX_RESTARTS = 12;
    /** Relative area growth of a restart below which the restarts stop. */
    static final double MIN_GROWTH = 2e-3;
    /** The fraction of the simulated true region's volume at which the fitted start is not tried. */
    static final double COVERED = 0.95;
    /** Rays sampled in two dimensions (16 n in n dimensions). */
    private static final int PLANAR_RAYS = 40;

    private final LyapunovCoordinates coordinates;
    private final BilinearLyapunovSearch search;
    private final RegionOfAttractionOptions options;
    /** Half-widths of the box areas are counted in (set by {@link #run}). */
    private double[] box;

    /**
     * @param search the alternation (polynomial or recast coordinates); its tallies receive every SDP
     * @param options the analysis' options (degree, SOS options, seed, volume samples)
     */
    SimulationGuidedSearch(BilinearLyapunovSearch search, RegionOfAttractionOptions options) {
        this.coordinates = search.coordinates;
        this.search = search;
        this.options = options;
    }

    /**
     * @param quadratic the certified quadratic estimate
     * @return the alternation's estimate from the quadratic one grown by restarts, or the fitted start grown
     *     by restarts if that is tried and larger; quadratic if neither accepted a V
     */
    BilinearLyapunovSearch.Estimate run(BilinearLyapunovSearch.Estimate quadratic) {
        BilinearLyapunovSearch.Estimate bilinear = search.run(quadratic);
        Polynomial certified = bilinear.normalised();
        List<double[]> boundary = boundary(certified);
        box = box(boundary);
        BilinearLyapunovSearch.Estimate best = bilinear == quadratic ? quadratic : restart(bilinear);
        if (area(best) >= COVERED * starVolume(boundary)) {
            return best;
        }
        Polynomial fitted = new SampledLyapunovFit(coordinates, options.lyapunovDegree(), options, search::record)
                .fit(boundary, coordinates.curvature(certified));
        BilinearLyapunovSearch.Estimate start = fitted == null ? null
                : search.certify(fitted, 1.0, BilinearLyapunovSearch.START_TRIALS);
        BilinearLyapunovSearch.Estimate guided = start == null ? null : restart(start);
        return guided != null && area(guided) > area(best) ? guided : best;
    }

    /** Restarts of the alternation from e with the shape p := the last certified V. */
    private BilinearLyapunovSearch.Estimate restart(BilinearLyapunovSearch.Estimate e) {
        BilinearLyapunovSearch.Estimate best = e;
        double area = area(e);
        for (int k = 0; k < MAX_RESTARTS; k++) {
            BilinearLyapunovSearch.Estimate next = search.climbFrom(best.normalised(), best);
            double nextArea = next == best ? area : area(next);
            if (!(nextArea > area)) {
                break;
            }
            boolean stalled = !(nextArea > area * (1 + MIN_GROWTH));
            best = next;
            area = nextArea;
            if (stalled) {
                break;
            }
        }
        return best;
    }

    /** The simulated true boundary along evenly spaced (2-D) or seeded rays, each starting at the certified one. */
    private List<double[]> boundary(Polynomial certified) {
        TrueRegionSampler sampler = new TrueRegionSampler(coordinates, certified, options.seed());
        SublevelSet set = coordinates.sublevelSet(certified);
        int n = coordinates.dimension;
        List<double[]> out = new ArrayList<>();
        for (double[] u : TrueRegionSampler.directions(n, n == 2 ? PLANAR_RAYS : 16 * n,
                new Random(options.seed()))) {
            out.add(SublevelSet.along(u, sampler.boundaryRadius(u, set.boundaryRadius(u))));
        }
        return out;
    }

    /**
     * The volume of the star-shaped set with the sampled boundary: the unit ball's volume times the mean of
     * r^n over the rays (in 2-D, evenly spaced, the polar area's Riemann sum).
     */
    private double starVolume(List<double[]> boundary) {
        int n = coordinates.dimension;
        double mean = 0.0;
        for (double[] b : boundary) {
            double squared = 0.0;
            for (double bi : b) {
                squared += bi * bi;
            }
            mean += Math.pow(squared, 0.5 * n) / boundary.size();
        }
        // the unit ball's volume by V_n = 2 pi / n V_{n-2}, V_0 = 1, V_1 = 2
        double ball = n % 2 == 0 ? 1.0 : 2.0;
        for (int k = n % 2 == 0 ? 2 : 3; k <= n; k += 2) {
            ball *= 2 * Math.PI / k;
        }
        return ball * mean;
    }

    /** Half-widths 1.05 times the sampled boundary's extent along each axis. */
    private double[] box(List<double[]> boundary) {
        double[] h = new double[coordinates.dimension];
        for (double[] b : boundary) {
            for (int i = 0; i < h.length; i++) {
                h[i] = Math.max(h[i], 1.05 * Math.abs(b[i]));
            }
        }
        return h;
    }

    private double area(BilinearLyapunovSearch.Estimate e) {
        return coordinates.sublevelSet(e.normalised()).volume(box, options.volumeSamples(), options.seed());
    }
}
