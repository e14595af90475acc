package dev.mallard.cli;

import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.roa.SimulationCheck;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The simulation cross-check of {@code roa} in text and JSON, worded so that it never contradicts the
 * certificate: samples still converging when the longest run allowed ended are "undecided", not failures, and a
 * certified estimate with an inside sample that definitely failed is flagged as a disagreement.
 */
final class SimulationReport {

    private SimulationReport() {
    }

    /**
     * Adds {@code simulation}: the counts, the horizon, the longest run and {@code agreesWithCertificate}.
     *
     * @param fields the JSON object's fields, added to
     * @param result the analysis (nothing is added without a simulation check or a certificate)
     */
    static void addJson(Map<String, Object> fields, RegionOfAttractionResult result) {
        SimulationCheck s = result.simulation();
        if (s == null || !result.isVerified()) {
            return;
        }
        Map<String, Object> sim = new LinkedHashMap<>();
        sim.put("insideSamples", s.insideSamples());
        sim.put("insideConverged", s.insideConverged());
        sim.put("insideUndecided", s.insideUndecided());
        sim.put("boundarySamples", s.boundarySamples());
        sim.put("boundaryConverged", s.boundaryConverged());
        sim.put("boundaryUndecided", s.boundaryUndecided());
        sim.put("horizon", s.horizon());
        sim.put("longestRun", s.longestRun());
        sim.put("tolerance", s.tolerance());
        sim.put("agreesWithCertificate", s.agreesWithCertificate());
        fields.put("simulation", sim);
    }

    /**
     * Prints the cross-check line, and a warning line when an inside sample definitely failed.
     *
     * @param out the report
     * @param result the analysis (nothing is printed without a simulation check or a certificate)
     */
    static void print(PrintWriter out, RegionOfAttractionResult result) {
        SimulationCheck s = result.simulation();
        if (s == null || !result.isVerified()) {
            return;
        }
        out.println("simulation cross-check: " + s);
        if (!s.agreesWithCertificate()) {
            out.println("warning: " + (s.insideSamples() - s.insideConverged() - s.insideUndecided()) + " of "
                    + s.insideSamples() + " samples inside the certified estimate did not converge: the simulation "
                    + "disagrees with the certificate (a model or numerical problem worth reporting)");
        }
    }
}
