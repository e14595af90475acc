package dev.mallard.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the repository's {@code data/sdplib}, walking up from the working directory (the cli module). */
final class SdplibFiles {

    private SdplibFiles() {
    }

    static Path directory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("sdplib");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("data/sdplib not found in the repository, from " + Path.of("").toAbsolutePath());
    }
}
