package dev.mallard.examples.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.simulator.estimation.ParameterEstimation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example's fit against scipy's least_squares on the same data from the same start: data/fitting/
 * lotka_volterra_fit.py (scipy 1.10, method "trf", tolerances 1e-15, the model solved by DOP853 at rtol = atol =
 * 1e-13), run with Debian's /usr/bin/python3; its "lm" method agrees to 3e-9.
 */
class FitLotkaVolterraTest {

    private static final double[] SCIPY = {1.498548271235006, 0.9969555480683276, 3.0005175535879323,
        1.0014799033567543, 1.0010139464272734, 1.000260706869369};

    private static Path data() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("fitting").resolve("lotka_volterra.csv");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("data/fitting/lotka_volterra.csv not found");
    }

    @Test
    void theEstimateIsScipys() throws IOException {
        ParameterEstimation.Result fit = FitLotkaVolterra.fit(data());
        assertTrue(fit.converged(), fit.toString());
        assertEquals(List.of("a", "b", "c", "d", "x", "y"), fit.names());
        for (int j = 0; j < SCIPY.length; j++) {
            assertEquals(SCIPY[j], fit.estimate()[j], 1e-7, fit.names().get(j));
        }
    }

    /**
     * README.md's fitting snippet is this program's {@code fit} body (the README names the file where the program
     * takes a path, and assigns the result where the program returns it), so the README cannot drift from code
     * that runs and is checked.
     */
    @Test
    void theReadmesSnippetIsThisProgramsCode() throws IOException {
        Path root = data().getParent().getParent().getParent();
        Path readme = root.resolve("README.md");
        List<String> lines = Files.readAllLines(readme);
        int heading = lines.indexOf("Fitting a model to data (`mallard-simulator`; the complete program is");
        assertTrue(heading >= 0, "README.md has no fitting snippet");
        int start = lines.subList(heading, lines.size()).indexOf("```java") + heading + 1;
        int end = lines.subList(start, lines.size()).indexOf("```") + start;
        List<String> snippet = lines.subList(start, end).stream().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("//"))
                .map(l -> l.replace("ParameterEstimation.Result fit = new", "return new")
                        .replace("Path.of(\"data/fitting/lotka_volterra.csv\")", "csv"))
                .toList();
        List<String> source = Files.readAllLines(root.resolve(Path.of("examples", "src",
                "main", "java", "dev", "mallard", "examples", "programs", "FitLotkaVolterra.java")));
        int body = source.indexOf("    public static ParameterEstimation.Result fit(Path csv) throws IOException {") + 1;
        int close = source.subList(body, source.size()).indexOf("    }") + body;
        List<String> code = source.subList(body, close).stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
        assertEquals(code, snippet);
    }
}
