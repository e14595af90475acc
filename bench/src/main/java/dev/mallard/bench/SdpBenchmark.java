package dev.mallard.bench;

import dev.mallard.roa.sdp.SdpProblem;
import dev.mallard.roa.sdp.SdpResult;
import dev.mallard.roa.sdp.SdpSolver;
import dev.mallard.roa.sdp.SdpaFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 4, SDPLIB: Mallard's interior-point solver on the parsed problem ({@code mallard}) against the
 * {@code csdp} process on the same file ({@code csdp}: process start, file reading and solving, as a user
 * runs it; nothing subtracted). Single-shot times; iteration counts are printed by {@link SdpStatistics}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SdpBenchmark {

    /** The SDPLIB problem. */
    @Param({"arch0", "control1", "control2", "control3", "gpp100", "gpp124-1", "hinf1", "hinf4", "infd1", "infp1",
        "mcp100", "mcp124-1", "qap5", "qap6", "theta1", "theta2", "truss1", "truss2", "truss3", "truss4"})
    public String problem;

    private Path file;
    private SdpProblem parsed;
    private final SdpSolver solver = new SdpSolver();

    /**
     * Reads the problem once per trial.
     *
     * @throws IOException if the file cannot be read
     */
    @Setup
    public void read() throws IOException {
        file = Sdplib.file(problem);
        parsed = SdpaFormat.read(file);
    }

    /** @return Mallard's result */
    @Benchmark
    public SdpResult mallard() {
        return solver.solve(parsed);
    }

    /**
     * @return csdp's exit code
     * @throws IOException if csdp cannot be started
     * @throws InterruptedException if interrupted
     */
    @Benchmark
    public int csdp() throws IOException, InterruptedException {
        return Csdp.solve(file);
    }
}
