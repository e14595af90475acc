package dev.mallard.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs the {@code csdp} executable (Debian's coinor-csdp) on an SDPA file as an external process, the way a
 * user would, with BLAS limited to one thread ({@code OPENBLAS_NUM_THREADS=1}, {@code OMP_NUM_THREADS=1}) so
 * it is compared with the single-threaded Java solver core for core.
 */
public final class Csdp {

    private Csdp() {
    }

    /**
     * Solves a problem, discarding csdp's log.
     *
     * @param problem the .dat-s file
     * @return csdp's exit code (0 solved, 1 primal infeasible, 2 dual infeasible, 3 partial success, ...)
     * @throws IOException if csdp cannot be started
     * @throws InterruptedException if interrupted while waiting
     */
    public static int solve(Path problem) throws IOException, InterruptedException {
        return start(problem, ProcessBuilder.Redirect.DISCARD).waitFor();
    }

    /**
     * Solves a problem and returns csdp's log.
     *
     * @param problem the .dat-s file
     * @return the log lines (its "Iter:" lines count the iterations)
     * @throws IOException if csdp cannot be started or its log read
     * @throws InterruptedException if interrupted while waiting
     */
    public static List<String> solveWithLog(Path problem) throws IOException, InterruptedException {
        File log = File.createTempFile("csdp", ".log");
        try {
            start(problem, ProcessBuilder.Redirect.to(log)).waitFor();
            return Files.readAllLines(log.toPath(), StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(log.toPath());
        }
    }

    private static Process start(Path problem, ProcessBuilder.Redirect output) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("csdp", problem.toString());
        builder.environment().put("OPENBLAS_NUM_THREADS", "1");
        builder.environment().put("OMP_NUM_THREADS", "1");
        builder.redirectErrorStream(true);
        builder.redirectOutput(output);
        return builder.start();
    }
}
