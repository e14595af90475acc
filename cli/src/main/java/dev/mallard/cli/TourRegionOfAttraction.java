package dev.mallard.cli;

import dev.mallard.plot.RegionOfAttractionPlot;

import dev.mallard.examples.VanDerPol;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Variable;
import java.util.List;

/**
 * Tour part 4: the region of attraction of the time-reversed Van der Pol oscillator, certified by SOS, with a
 * plot of the estimate against the true boundary (the limit cycle of the forward oscillator).
 */
final class TourRegionOfAttraction {

    private TourRegionOfAttraction() {
    }

    static void run(TourReport report) {
        report.section("4. Region of attraction (sum-of-squares, certified)");
        VanDerPol<Double> reversed = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        List<Variable> x = List.of(new Variable("x1"), new Variable("x2"));
        RegionOfAttractionResult result = RegionOfAttraction.analyzeDetailed(reversed, reversed.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(x));
        report.line("Time-reversed Van der Pol (x1' = -x2, x2' = x1 + (x1^2 - 1) x2) at the origin: Lyapunov candidate "
                + "%s from A'P + PA = -I; largest certified level rho = %.4f (Drake and the Underactuated notes: 2.3045).",
                result.candidate(), result.rho());
        report.line("Certificate %s: Gram matrices positive definite with margin and the polynomial identity "
                + "re-checked independently of the solver. %d SDP solve(s), %.3f s.",
                result.isVerified() ? "verified" : "NOT verified", result.sdpSolves(), result.totalSeconds());
        if (result.simulation() != null) {
            report.line("Simulation cross-check: %s.", result.simulation());
        }
        RegionOfAttractionPlot.Drawing drawing = RegionOfAttractionPlot.draw(result.lyapunovFunction(), x, new double[2], reversed,
                new VanDerPol<>(Scalar.DOUBLE, 1.0, false), "Region of attraction: time-reversed Van der Pol",
                report.outDir().resolve("roa_vanderpol.png"));
        report.line("Trajectories started just inside the estimate: %d of 6 reach the origin; started outside the "
                + "true boundary: %d of 6.", drawing.insideConverged(), drawing.outsideConverged());
        report.image("Region of attraction", drawing.file());
    }
}
