package dev.mallard.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * README.md's Java snippets are the code that the user projects of {@code tests/src/it} compile and run
 * against the BOM (maven-invoker-plugin, in this module's build): each snippet marked
 * {@code <!-- snippet: NAME -->} must equal, line for line, the marked region of
 * {@code src/it/NAME-consumer/.../ReadmeSnippet.java}. So the README cannot drift from code that runs.
 */
class ReadmeSnippetsTest {

    @ParameterizedTest
    @ValueSource(strings = {"simulator", "roa", "symja"})
    void readmeSnippetIsTheCodeTheConsumerProjectRuns(String name) throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> readme = Files.readAllLines(root.resolve("README.md"));
        List<String> snippet = readmeSnippet(readme, name);
        Path program = Path.of("src", "it", name + "-consumer", "src", "main", "java", "com", "example",
                "ReadmeSnippet.java");
        List<String> code = markedRegion(Files.readAllLines(program), name);
        assertFalse(snippet.isEmpty(), "README.md has no snippet " + name);
        assertEquals(snippet, code, "README.md's snippet '" + name + "' differs from " + program);
    }

    /**
     * README.md's minimal pom is the simulator consumer project's pom, but for its name, its version
     * placeholder, its comments and its consumer-check section: so the README's project builds and runs.
     */
    @Test
    void readmePomIsTheSimulatorConsumerProjectsPom() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> readme = Files.readAllLines(root.resolve("README.md"));
        int marker = readme.indexOf("<!-- pom: simulator -->");
        assertEquals("```xml", readme.get(marker + 1), "README.md has no pom block after its marker");
        int end = readme.subList(marker + 2, readme.size()).indexOf("```") + marker + 2;
        String readmePom = String.join("\n", readme.subList(marker + 2, end));
        String consumerPom = Files.readString(Path.of("src", "it", "simulator-consumer", "pom.xml"))
                .replaceAll("(?s)<!-- consumer-check: begin -->.*<!-- consumer-check: end -->", "")
                .replace("@project.version@", "0.1.0-SNAPSHOT")
                .replace("<artifactId>simulator-consumer</artifactId>", "<artifactId>my-app</artifactId>");
        assertEquals(pomLines(consumerPom), pomLines(readmePom));
    }

    private static List<String> pomLines(String pom) {
        return normalised(List.of(pom.replaceAll("(?s)<!--.*?-->", "").split("\n")));
    }

    private static List<String> readmeSnippet(List<String> readme, String name) {
        int marker = readme.indexOf("<!-- snippet: " + name + " -->");
        if (marker < 0 || !readme.get(marker + 1).equals("```java")) {
            return List.of();
        }
        int end = readme.subList(marker + 2, readme.size()).indexOf("```") + marker + 2;
        return normalised(readme.subList(marker + 2, end));
    }

    private static List<String> markedRegion(List<String> lines, String name) {
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.equals("// ---- README: " + name + " ----")) {
                start = i + 1;
            } else if (start >= 0 && line.equals("// ---- end ----")) {
                return normalised(lines.subList(start, i));
            }
        }
        return List.of();
    }

    /** Indentation and blank lines differ between a README block and a method body; the code may not. */
    private static List<String> normalised(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}
