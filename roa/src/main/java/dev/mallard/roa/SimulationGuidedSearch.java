package dev.mallard.roa;

import dev.mallard.symbolic.Polynomial;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The bilinear alternation ({@link BilinearLyapunovSearch}) guided by simulation and by its own results, for
 * explicit polynomial dynamics: where the alternation from the quadratic estimate stalls (on the stiff
 * time-reversed Van der Pol oscillator with mu = 3 its degree-6 search stops at about half of the true area),
 * two more starts are tried and the larger certified estimate is returned:
 * <ol>
 * <li>restarts of the alternation with the shape function p replaced by the last certified V (normalised), so
 *     that growth is no longer measured by one fixed ellipse, until a restart grows the area by less than
 *     {@value #MIN_GROWTH} or {@value #MAX_RESTARTS} restarts have run;</li>
 * <li>a start from simulation: the boundary of the true region sampled along rays ({@link TrueRegionSampler}),
 *     a V of the requested degree fitted to it ({@link SampledLyapunovFit}), certified from scratch at its
 *     largest level, then grown by the same restarts.</li>
 * </ol>
 * Every V returned is certified from scratch by the alternation's own checks (positive definite, its level by
 * a verified SOS certificate), whatever guided it: the simulations only choose what is proposed. The areas
 * that choose between the two are Monte Carlo counts in a box around the sampled true region, with the
 * analysis' seed and volume samples.
 */
final class SimulationGuidedSearch {

    /** The most restarts of the alternation from one start. */
    static final int MAX_RESTARTS = 12;
    /** Relative area growth of a restart below which the restarts stop. */
    static final double MIN_GROWTH = 2e-3;
    /** Rays sampled in two dimensions (16 n in n dimensions). */
    private static final int PLANAR_RAYS = 40;

    private final LyapunovCoordinates coordinates;
    private final BilinearLyapunovSearch search;
    private final RegionOfAttractionOptions options;
    /** Half-widths of the box areas are counted in (set by {@link #run}). */
    private double[] box;

    /**
     * @param search the alternation, on polynomial coordinates (no equations); its tallies receive every SDP
     * @param options the analysis' options (degree, SOS options, seed, volume samples)
     */
    SimulationGuidedSearch(BilinearLyapunovSearch search, RegionOfAttractionOptions options) {
        this.coordinates = search.coordinates;
        this.search = search;
        this.options = options;
    }

    /**
     * @param quadratic the certified quadratic estimate
     * @return the largest certified estimate of the alternation from the quadratic estimate, of its restarts,
     *     and of the fitted start with its restarts; quadratic if none of them accepted a V
     */
    BilinearLyapunovSearch.Estimate run(BilinearLyapunovSearch.Estimate quadratic) {
        BilinearLyapunovSearch.Estimate bilinear = search.run(quadratic);
        Polynomial certified = bilinear.normalised();
        List<double[]> boundary = boundary(certified);
        box = box(boundary);
        BilinearLyapunovSearch.Estimate best = bilinear == quadratic ? quadratic : restart(bilinear);
        Polynomial fitted = new SampledLyapunovFit(coordinates, options.lyapunovDegree(), options, search::record)
                .fit(boundary, coordinates.curvature(certified));
        BilinearLyapunovSearch.Estimate start = fitted == null ? null
                : search.certify(fitted, 1.0, BilinearLyapunovSearch.START_TRIALS);
        if (start != null) {
            BilinearLyapunovSearch.Estimate grown = restart(start);
            if (area(grown) > area(best)) {
                best = grown;
            }
        }
        return best;
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
        TrueRegionSampler sampler = new TrueRegionSampler(coordinates.variables, coordinates.dynamics, certified,
                options.seed());
        SublevelSet set = coordinates.sublevelSet(certified);
        int n = coordinates.dimension;
        List<double[]> out = new ArrayList<>();
        for (double[] u : TrueRegionSampler.directions(n, n == 2 ? PLANAR_RAYS : 16 * n,
                new Random(options.seed()))) {
            out.add(SublevelSet.along(u, sampler.boundaryRadius(u, set.boundaryRadius(u))));
        }
        return out;
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
