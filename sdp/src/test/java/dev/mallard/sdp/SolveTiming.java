package dev.mallard.sdp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Prints, per SDPA file, Mallard's status, the iteration of the iterate returned, the iterations made over every
 * pass (the largest iteration number the listener saw), the mean of {@code reps} warm solves in one JVM (CPU
 * seconds of the process, its garbage collector and compiler threads included as CSDP's process time includes
 * everything, and wall seconds), the objectives to 17 digits and a hash of x (to check that a change left the
 * solver's path bit for bit the same), one line per file: the data of docs/PERFORMANCE.md's "Per-SDP time on
 * roa's programs (issue 30)". Every file is solved once first, so that the JIT has compiled the solver; then
 * each file is solved {@code reps} times in a row ({@code 0}: no timing, NaN). Run after
 * {@code mvn -B -ntp -o -q test-compile -pl sdp -am}, with {@code -XX:ActiveProcessorCount=1} for one core.
 */
final class SolveTiming {

    private SolveTiming() {
    }

    /**
     * @param args the number of timed rounds ({@code >= 0}), then the SDPA files
     * @throws IOException if a file cannot be read
     */
    public static void main(String[] args) throws IOException {
        int reps = Integer.parseInt(args[0]);
        int files = args.length - 1;
        SdpProblem[] problems = new SdpProblem[files];
        SdpResult[] results = new SdpResult[files];
        double[] cpu = new double[files];
        double[] wall = new double[files];
        int[] made = new int[files];
        for (int f = 0; f < files; f++) {
            problems[f] = SdpaFormat.read(Path.of(args[f + 1]));
            int file = f;
            results[f] = new SdpSolver(SdpOptions.defaults().withListener(
                    info -> made[file] = Math.max(made[file], info.iteration()))).solve(problems[f]);
        }
        // Per file, its rounds one after another, timed together: the process's CPU clock ticks in 10 ms
        // here, too coarse for one solve of a small SDP.
        for (int f = 0; f < files; f++) {
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            for (int r = 0; r < reps; r++) {
                new SdpSolver().solve(problems[f]);
            }
            wall[f] = (System.nanoTime() - t0) / 1e9 / reps;
            cpu[f] = (processCpuNanos() - c0) / 1e9 / reps;
        }
        for (int f = 0; f < files; f++) {
            SdpResult result = results[f];
            System.out.printf("%s|m=%d|%s|%d it (returned)|%d it (made)|cpu %.4f s|wall %.4f s|primal %.17g"
                    + "|dual %.17g|x hash %08x%n", args[f + 1],
                    problems[f].constraintCount(), result.status(), result.iterations(), made[f], cpu[f], wall[f],
                    result.primalObjective(), result.dualObjective(), Arrays.hashCode(result.x()));
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
