package dev.mallard.bench;

import dev.mallard.sdp.SdpResult;
import dev.mallard.sdp.SdpSolver;
import dev.mallard.sdp.SdpaFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints, as a Markdown table, each SDPLIB problem's outcome with Mallard (status, iterations, objective,
 * relative error to the published optimum) and with csdp (exit code, iterations from its log). Run by
 * bench/run.sh next to the SDP benchmark.
 */
public final class SdpStatistics {

    private SdpStatistics() {
    }

    /**
     * Prints the table to standard output.
     *
     * @param args ignored
     * @throws IOException if a file cannot be read or csdp cannot be started
     * @throws InterruptedException if interrupted
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        PrintStream out = System.out;
        Map<String, String> optima = Sdplib.optima();
        out.println("### SDPLIB outcomes");
        out.println();
        out.println("| problem | published optimum | Mallard status | Mallard iterations | Mallard objective"
                + " | rel. error | csdp exit | csdp iterations |");
        out.println("|---|---|---|---|---|---|---|---|");
        SdpSolver solver = new SdpSolver();
        for (String name : Sdplib.PROBLEMS) {
            SdpResult r = solver.solve(SdpaFormat.read(Sdplib.file(name)));
            String optimum = optima.getOrDefault(name, "?");
            String error = "-";
            try {
                double opt = Double.parseDouble(optimum);
                error = String.format(Locale.ROOT, "%.1e",
                        Math.abs(r.primalObjective() - opt) / Math.max(1, Math.abs(opt)));
            } catch (NumberFormatException e) {
                // an infeasibility status has no objective to compare
            }
            List<String> log = Csdp.solveWithLog(Sdplib.file(name));
            long iterations = log.stream().filter(l -> l.startsWith("Iter:")).count();
            String csdpStatus = log.stream().filter(l -> l.contains("Success") || l.contains("nfeasible")
                    || l.contains("Partial") || l.contains("Fail") || l.contains("Stuck")).findFirst().orElse("?");
            out.printf(Locale.ROOT, "| %s | %s | %s | %d | %.8e | %s | %s | %d |%n", name, optimum, r.status(),
                    r.iterations(), r.primalObjective(), error, csdpStatus.trim(), iterations);
        }
        out.println();
    }
}
