package dev.mallard.examples.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.VarSnippet;
import org.junit.jupiter.api.Test;

/**
 * The jshell session of examples/README.md, evaluated line by line with the JShell API (the engine behind
 * the {@code jshell} tool) on the test's class path: every line must compile and run, and what it displays
 * must be what the README shows. The session's result is then checked against an independent integration.
 */
class JShellSessionTest {

    private static final String PROMPT = "jshell> ";
    private static final String MARKER = "JShellSessionTest";

    /** One line typed at the prompt and the lines the README shows after it. */
    private record Step(String input, List<String> shown) {
    }

    @Test
    void theReadmeSessionRunsAndShowsWhatTheReadmeShows() throws IOException {
        List<Step> steps = readmeSession();
        assertTrue(steps.size() >= 10, () -> "the README session has only " + steps.size() + " lines");
        PrintStream realOut = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        // The tool names an expression's value after the snippet's number ($10 is the tenth snippet); the
        // API's default counts only such values, so name them as the tool does.
        int[] snippets = {0};
        // The local engine runs snippets in this JVM, so their System.out is this JVM's.
        try (JShell shell = JShell.builder().executionEngine("local")
                .tempVariableNameGenerator(() -> "$" + snippets[0]).build();
                PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            for (Path entry : mallardClassPath()) {
                shell.addToClasspath(entry.toString());
            }
            System.setOut(capture);
            for (Step step : steps) {
                // Commands such as "/set feedback" are the tool's, not Java; they change only the display.
                if (step.input().startsWith("/")) {
                    continue;
                }
                printed.reset();
                snippets[0]++;
                List<String> shown = new ArrayList<>(evaluate(shell, step.input()));
                String out = printed.toString(StandardCharsets.UTF_8);
                if (!out.isEmpty()) {
                    shown.addAll(out.lines().toList());
                }
                assertEquals(step.shown(), shown, "what jshell shows after: " + step.input());
            }
            // The session's state after ten seconds, against a fixed-step RK4 integration done here.
            double[] expected = vanDerPolRk4(2.0, 0.0, 10.0, 20000);
            assertEquals(expected[0], shellDouble(shell, "x[0]"), 1e-6);
            assertEquals(expected[1], shellDouble(shell, "x[1]"), 1e-6);
        } finally {
            System.setOut(realOut);
        }
    }

    /**
     * Evaluates one input and returns what the tool shows in concise feedback mode: the value of an
     * expression as {@code $id ==> value}, nothing for declarations, imports and void calls.
     */
    private static List<String> evaluate(JShell shell, String input) {
        // The tool completes a line the way the analysis says (adding a missing semicolon) before evaluating.
        SourceCodeAnalysis.CompletionInfo info = shell.sourceCodeAnalysis().analyzeCompletion(input);
        assertTrue(info.completeness().isComplete(),
                () -> input + " is not a complete snippet: " + info.completeness());
        assertEquals("", info.remaining().strip(), () -> input + " holds more than one snippet");
        List<SnippetEvent> events = shell.eval(info.source());
        assertFalse(events.isEmpty(), "nothing evaluated: " + input);
        List<String> shown = new ArrayList<>();
        for (SnippetEvent e : events) {
            Snippet s = e.snippet();
            String diagnostics = shell.diagnostics(s).map(d -> d.getMessage(null)).toList().toString();
            assertEquals(Snippet.Status.VALID, e.status(), () -> input + ": " + diagnostics);
            assertNull(e.exception(), () -> input + " threw " + e.exception());
            if (s.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND) {
                shown.add(((VarSnippet) s).name() + " ==> " + e.value());
            }
        }
        return shown;
    }

    /** The value of a double expression in the session (Double.toString's digits read back exactly). */
    private static double shellDouble(JShell shell, String expression) {
        SnippetEvent e = shell.eval(expression + ";").get(0);
        assertNull(e.exception(), () -> expression + " threw " + e.exception());
        return Double.parseDouble(e.value());
    }

    private static List<Step> readmeSession() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
        int i = 0;
        while (i < lines.size() && !lines.get(i).contains(MARKER)) {
            i++;
        }
        assertTrue(i < lines.size(), "README.md has no line naming " + MARKER + " before its session");
        i++;
        assertEquals("```", lines.get(i), "the session's code fence follows the marker");
        List<Step> steps = new ArrayList<>();
        for (i++; !lines.get(i).equals("```"); i++) {
            String line = lines.get(i);
            if (line.startsWith(PROMPT)) {
                steps.add(new Step(line.substring(PROMPT.length()), new ArrayList<>()));
            } else {
                steps.get(steps.size() - 1).shown().add(line);
            }
        }
        return steps;
    }

    /** The jars (or class folders) of the Mallard modules the session imports, and this module's. */
    private static List<Path> mallardClassPath() {
        List<Path> out = new ArrayList<>();
        for (Class<?> c : List.of(Scalar.class, AutoDiff.class, Expression.class, Simulator.class,
                RegionOfAttraction.class, SampledPdControl.class, JShellSessionTest.class)) {
            try {
                Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                if (!out.contains(p)) {
                    out.add(p);
                }
            } catch (URISyntaxException e) {
                throw new IllegalStateException("no file location for " + c, e);
            }
        }
        return out;
    }

    /** x1' = x2, x2' = (1 - x1²) x2 - x1 by classical Runge-Kutta with n equal steps. */
    private static double[] vanDerPolRk4(double x1, double x2, double t, int n) {
        double h = t / n;
        double[] x = {x1, x2};
        for (int k = 0; k < n; k++) {
            double[] k1 = vdp(x);
            double[] k2 = vdp(new double[] {x[0] + h / 2 * k1[0], x[1] + h / 2 * k1[1]});
            double[] k3 = vdp(new double[] {x[0] + h / 2 * k2[0], x[1] + h / 2 * k2[1]});
            double[] k4 = vdp(new double[] {x[0] + h * k3[0], x[1] + h * k3[1]});
            for (int i = 0; i < 2; i++) {
                x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        return x;
    }

    private static double[] vdp(double[] x) {
        return new double[] {x[1], (1 - x[0] * x[0]) * x[1] - x[0]};
    }
}
