package dev.mallard.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository stands alone: no source, script, build file or document that a user runs reads a path
 * outside it. The walk covers every text file a command can read (code, scripts, poms, the README and the
 * docs); the patterns are built from pieces so that this file does not match itself.
 */
class SelfContainedRepositoryTest {

    /** The sibling folder of reference material that a bare clone does not have, and parent escapes. */
    private static final Pattern OUTSIDE = Pattern.compile(
            Pattern.quote("..") + "/" + "shared" + "|" + "shared" + "/" + "sdplib" + "|" + Pattern.quote("../..") + "/");

    private static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", "target", "mallard-out", "data");

    private static final Pattern CHECKED_FILE = Pattern.compile(
            ".*\\.(java|sh|py|xml|md|properties|yml|yaml|json|txt)|mallard|run");

    @Test
    void noFileReferencesAPathOutsideTheRepository() {
        Path root = repositoryRoot();
        List<String> offenders = new ArrayList<>();
        for (Path file : checkedFiles(root)) {
            List<String> lines = readLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (OUTSIDE.matcher(lines.get(i)).find()) {
                    offenders.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertEquals(List.of(), offenders, "these lines reach outside the repository");
    }

    @Test
    void theSdplibDataTheTestsReadIsInTheRepository() {
        Path sdplib = repositoryRoot().resolve("data").resolve("sdplib");
        assertTrue(Files.isRegularFile(sdplib.resolve("OPTIMA.csv")), "data/sdplib/OPTIMA.csv is missing");
        assertTrue(Files.isRegularFile(sdplib.resolve("README.md")), "data/sdplib/README.md (source, licence) is missing");
        List<String> optima = readLines(sdplib.resolve("OPTIMA.csv"));
        for (String line : optima.subList(1, optima.size())) {
            String name = line.substring(0, line.indexOf(','));
            assertTrue(Files.isRegularFile(sdplib.resolve(name + ".dat-s")), name + ".dat-s is listed but missing");
        }
    }

    /** The tests module runs with its own folder as working directory; the repository is its parent. */
    private static Path repositoryRoot() {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertTrue(Files.isRegularFile(root.resolve("pom.xml")) && Files.isDirectory(root.resolve(".ci")),
                "not run from a module of the repository: " + root);
        return root;
    }

    private static List<Path> checkedFiles(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> root.relativize(p).toString().isEmpty() || !skipped(root.relativize(p)))
                    .filter(Files::isRegularFile)
                    .filter(p -> CHECKED_FILE.matcher(p.getFileName().toString()).matches())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_DIRECTORIES.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }
}
