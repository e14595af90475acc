package dev.mallard.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    @ValueSource(strings = {"simulator", "roa"})
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
