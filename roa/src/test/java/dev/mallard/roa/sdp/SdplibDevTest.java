package dev.mallard.roa.sdp;

import org.junit.jupiter.api.Test;

class SdplibDevTest {
    @Test
    void run() {
        String only = System.getProperty("sdp.only");
        boolean verbose = only != null;
        double total = 0;
        for (var e : SdplibFiles.optima().entrySet()) {
            if (only != null && !e.getKey().equals(only)) {
                continue;
            }
            SdpProblem p = SdplibFiles.read(e.getKey());
            SdpOptions o = SdpOptions.defaults();
            if (verbose) {
                o = o.withListener(IterationListener.printingTo(System.out));
            }
            SdpResult r = new SdpSolver(o).solve(p);
            total += r.solveSeconds();
            double rel = Double.NaN;
            try {
                double opt = Double.parseDouble(e.getValue());
                rel = Math.abs(r.primalObjective() - opt) / Math.max(1, Math.abs(opt));
            } catch (NumberFormatException ex) {
                // infeasible
            }
            System.out.printf("%-10s %-18s it=%3d t=%7.3f p=%.9e d=%.9e rel=%.2e pinf=%.1e dinf=%.1e%n", e.getKey(),
                    r.status(), r.iterations(), r.solveSeconds(), r.primalObjective(), r.dualObjective(), rel,
                    r.primalInfeasibility(), r.dualInfeasibility());
        }
        System.out.printf("total %.3f%n", total);
    }
}
