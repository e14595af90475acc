package dev.mallard.cli;

import dev.mallard.roa.EnlargementReport;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * {@code roa --lyapunov-degree N}: the option checked into the analysis' options, and the area of the estimate
 * and its gain over the quadratic estimate reported in text and JSON.
 */
final class LyapunovDegreeReport {

    private LyapunovDegreeReport() {
    }

    /**
     * @param options the options so far
     * @param degree the degree asked for
     * @param rational whether the dynamics are analysed in the implicit rational form
     * @return the options with the degree set
     * @throws BadInputException if the degree is not 2, 4, 6 or 8, or the dynamics are rational
     */
    static RegionOfAttractionOptions withDegree(RegionOfAttractionOptions options, int degree, boolean rational) {
        if (rational) {
            throw new BadInputException("--lyapunov-degree " + degree + " needs polynomial dynamics --f, not rational "
                    + "or implicit ones");
        }
        try {
            return options.withLyapunovDegree(degree);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--lyapunov-degree must be 2, 4, 6 or 8, got " + degree);
        }
    }

    /**
     * Adds {@code lyapunovDegree}, and for a degree above 2 {@code area} (volume beyond two states, by
     * sampling), {@code quadraticArea} and {@code areaGain}.
     *
     * @param fields the JSON object's fields, added to
     * @param degree the degree asked for
     * @param result the analysis
     */
    static void addJson(Map<String, Object> fields, int degree, RegionOfAttractionResult result) {
        fields.put("lyapunovDegree", degree);
        EnlargementReport e = searched(degree, result);
        if (e != null) {
            fields.put("area", e.volumeAfter());
            fields.put("quadraticArea", e.volumeBefore());
            fields.put("areaGain", e.gain());
            fields.put("acceptedSteps", e.iterations());
        }
    }

    /**
     * Prints the area line for a degree above 2 (nothing otherwise).
     *
     * @param out the report
     * @param degree the degree asked for
     * @param result the analysis
     */
    static void print(PrintWriter out, int degree, RegionOfAttractionResult result) {
        EnlargementReport e = searched(degree, result);
        if (e == null) {
            return;
        }
        String what = result.stateVariables().size() == 2 ? "area" : "volume";
        out.printf(Locale.ROOT, "Lyapunov degree %d: estimate %s %.4g (sampled), quadratic estimate %.4g, gain x%.3f "
                + "(%d accepted V-step%s%s)%n", degree, what, e.volumeAfter(), e.volumeBefore(), e.gain(),
                e.iterations(), e.iterations() == 1 ? "" : "s",
                e.iterations() == 0 ? "; no V of this degree improved on the quadratic estimate, printed above"
                        : "");
    }

    private static EnlargementReport searched(int degree, RegionOfAttractionResult result) {
        return degree > 2 && result.isVerified() && !result.isGlobal() ? result.enlargement() : null;
    }
}
