package dev.mallard.sdp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Locates the repository's {@code data/sdplib} and reads its published optima. */
final class SdplibFiles {

    private SdplibFiles() {
    }

    /** Walks up from the working directory (a module of the repository) to the repository's {@code data/sdplib}. */
    static Path directory() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("sdplib");
            if (Files.isRegularFile(candidate.resolve("OPTIMA.csv"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("SDPLIB test data not found: no data/sdplib/OPTIMA.csv in " + start
                + " or any parent directory (the repository keeps it at data/sdplib)");
    }

    /** @return problem name to published optimum text (a number, or "primal infeasible"/"dual infeasible") */
    static Map<String, String> optima() {
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

    static SdpProblem read(String name) {
        try {
            return SdpaFormat.read(directory().resolve(name + ".dat-s"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
