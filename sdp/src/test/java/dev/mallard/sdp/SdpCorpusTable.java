package dev.mallard.sdp;

import java.io.IOException;

/**
 * Prints Mallard's outcome on every problem of {@code data/sdp-corpus} beside CSDP's stored answer, one line
 * per problem ({@code file|CSDP status|status|iteration of the returned iterate|best of 3 solve seconds|primal
 * objective|dual objective}): the data of docs/PERFORMANCE.md's "SDP corpus (issue 30)". Run from the
 * repository root or a module directory, after {@code mvn -B -ntp -o -q test-compile -pl sdp -am}.
 */
final class SdpCorpusTable {

    private SdpCorpusTable() {
    }

    /**
     * @param args optionally a group ({@code default} or {@code large}); all problems when none
     * @throws IOException if a file cannot be read
     */
    public static void main(String[] args) throws IOException {
        for (SdpCorpusTest.Entry e : SdpCorpusTest.entries()) {
            if (args.length > 0 && !e.group().equals(args[0])) {
                continue;
            }
            SdpProblem problem = SdpaFormat.read(SdpCorpusTest.directory().resolve(e.file()));
            SdpSolver solver = new SdpSolver();
            SdpResult r = solver.solve(problem);
            double seconds = r.solveSeconds();
            for (int k = 0; k < 2; k++) {
                seconds = Math.min(seconds, solver.solve(problem).solveSeconds());
            }
            System.out.printf("%s|%s|%s|%d|%.3f|%.8g|%.8g%n", e.file(), e.status(), r.status(), r.iterations(), seconds,
                    r.primalObjective(), r.dualObjective());
        }
    }
}
