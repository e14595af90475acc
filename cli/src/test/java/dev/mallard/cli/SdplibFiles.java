package dev.mallard.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds ../shared/sdplib beside the repository (CI clones the repository with shared/ beside it). */
final class SdplibFiles {

    private SdplibFiles() {
    }

    static Path directory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolveSibling("shared").resolve("sdplib");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("shared/sdplib not found beside the repository, from " + Path.of("").toAbsolutePath());
    }
}
