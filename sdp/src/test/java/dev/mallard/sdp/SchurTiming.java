package dev.mallard.sdp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Prints, per SDPA file, the best process CPU and wall seconds of whole solves and then the best time of
 * assembling the Schur complement and of factorising it (for fixed random positive definite Z and Y, seeded),
 * one line per file: the data of docs/PERFORMANCE.md's "Schur complement (issue 30)". Run after
 * {@code mvn -B -ntp -o -q test-compile -pl sdp -am}; {@code -XX:ActiveProcessorCount=1} makes it one core.
 */
final class SchurTiming {

    private SchurTiming() {
    }

    /**
     * @param args the number of repetitions of each measurement ({@code >= 1}), then the SDPA files
     * @throws IOException if a file cannot be read
     */
    public static void main(String[] args) throws IOException {
        int reps = Integer.parseInt(args[0]);
        for (int f = 1; f < args.length; f++) {
            SdpProblem problem = SdpaFormat.read(Path.of(args[f]));
            int m = problem.constraintCount();
            double[][] z = randomPositive(problem, 1);
            double[][] y = randomPositive(problem, 2);
            double cpu = Double.POSITIVE_INFINITY;
            double wall = Double.POSITIVE_INFINITY;
            SdpResult result = null;
            for (int r = 0; r < reps; r++) {
                long c0 = processCpuNanos();
                long t0 = System.nanoTime();
                result = new SdpSolver().solve(problem);
                wall = Math.min(wall, (System.nanoTime() - t0) / 1e9);
                cpu = Math.min(cpu, (processCpuNanos() - c0) / 1e9);
            }
            // After the solves, so that the JIT has compiled the kernels being timed.
            SchurComplement schur = new SchurComplement(problem);
            double[] out = new double[m * m];
            double[] factor = new double[m * m];
            double assemble = Double.POSITIVE_INFINITY;
            double cholesky = Double.POSITIVE_INFINITY;
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                schur.assemble(z, y, out);
                long t1 = System.nanoTime();
                System.arraycopy(out, 0, factor, 0, m * m);
                BlockedCholesky.factor(factor, m);
                long t2 = System.nanoTime();
                assemble = Math.min(assemble, (t1 - t0) / 1e6);
                cholesky = Math.min(cholesky, (t2 - t1) / 1e6);
            }
            System.out.printf("%s|m=%d|assemble %.1f ms|factor %.1f ms|solve cpu %.2f s|wall %.2f s|%s|%d it%n",
                    args[f], m, assemble, cholesky, cpu, wall, result.status(), result.iterations());
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Per block a random symmetric positive definite matrix (diagonal blocks: positive entries). */
    private static double[][] randomPositive(SdpProblem problem, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] out = new double[problem.blockCount()][];
        for (int b = 0; b < out.length; b++) {
            int n = problem.blockSize(b);
            if (problem.isDiagonal(b)) {
                out[b] = random.doubles(n, 0.5, 2).toArray();
                continue;
            }
            double[] g = random.doubles(n * n, -1, 1).toArray();
            out[b] = new double[n * n];
            DenseKernels.multTransB(g, g, out[b], n);
            for (int i = 0; i < n * n; i++) {
                out[b][i] /= n;
            }
            for (int i = 0; i < n; i++) {
                out[b][i * n + i] += 1;
            }
        }
        return out;
    }
}
