package dev.mallard.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Locates the SDPLIB problems: the directory named by the system property {@code mallard.sdplib}, else the
 * repository's {@code data/sdplib}, found walking up from the working directory.
 */
public final class Sdplib {

    /** The 23 problems, in OPTIMA.csv's order. */
    public static final String[] PROBLEMS = {"arch0", "control1", "control2", "control3", "gpp100", "gpp124-1",
        "gpp124-4", "gpp250-4", "hinf1", "hinf12", "hinf4", "infd1", "infp1", "mcp100", "mcp124-1", "qap5", "qap6",
        "theta1", "theta2", "truss1", "truss2", "truss3", "truss4"};

    private Sdplib() {
    }

    /**
     * @return the directory holding the {@code .dat-s} files and OPTIMA.csv
     * @throws IllegalStateException if it cannot be found
     */
    public static Path directory() {
        String property = System.getProperty("mallard.sdplib");
        if (property != null) {
            return Path.of(property);
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("sdplib");
            if (Files.isRegularFile(candidate.resolve("OPTIMA.csv"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("SDPLIB not found: set -Dmallard.sdplib or run inside the repository, "
                + "which keeps it at data/sdplib (started from " + start + ")");
    }

    /**
     * @param name a problem name from {@link #PROBLEMS}
     * @return its sparse SDPA file
     */
    public static Path file(String name) {
        return directory().resolve(name + ".dat-s");
    }

    /** @return problem name to the published optimum as written in OPTIMA.csv (a number or a status) */
    public static Map<String, String> optima() {
        try {
            List<String> lines = Files.readAllLines(directory().resolve("OPTIMA.csv"));
            Map<String, String> optima = new LinkedHashMap<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.split(",");
                optima.put(fields[0], fields[fields.length - 1]);
            }
            return optima;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
