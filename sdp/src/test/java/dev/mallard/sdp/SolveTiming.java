package dev.mallard.sdp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Prints, per SDPA file, Mallard's status, the iteration of the iterate returned, the iterations made over every
 * pass (the largest iteration number the listener saw), the best of {@code reps} warm solves in one JVM (CPU
 * seconds of the solving thread, and wall seconds; the thread's CPU leaves out the garbage collector's and the
 * JIT compiler's threads, but the process's CPU clock ticks in 10 ms here, too coarse for one solve), the objectives to 17 digits and a hash of x (to check that
 * a change left the solver's path bit for bit the same), one line per file: the data of docs/PERFORMANCE.md's
 * "Per-SDP time on roa's programs (issue 30)". Every file is solved once before the timed rounds, so that the
 * JIT has compiled the solver; the timed rounds then go over all files {@code reps} times ({@code 0}: no
 * timing). Run after {@code mvn -B -ntp -o -q test-compile -pl sdp -am}, with
 * {@code -XX:ActiveProcessorCount=1} for one core.
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
            cpu[f] = Double.POSITIVE_INFINITY;
            wall[f] = Double.POSITIVE_INFINITY;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < reps; r++) {
            for (int f = 0; f < files; f++) {
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                new SdpSolver().solve(problems[f]);
                wall[f] = Math.min(wall[f], (System.nanoTime() - t0) / 1e9);
                cpu[f] = Math.min(cpu[f], (threads.getCurrentThreadCpuTime() - c0) / 1e9);
            }
        }
        for (int f = 0; f < files; f++) {
            SdpResult result = results[f];
            System.out.printf("%s|m=%d|%s|%d it (returned)|%d it (made)|cpu %.4f s|wall %.4f s|primal %.17g"
                    + "|dual %.17g|x hash %08x%n", args[f + 1],
                    problems[f].constraintCount(), result.status(), result.iterations(), made[f], cpu[f], wall[f],
                    result.primalObjective(), result.dualObjective(), Arrays.hashCode(result.x()));
        }
    }
}
