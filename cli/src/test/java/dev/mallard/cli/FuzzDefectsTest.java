package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The defects that fuzzing the command line found, one test each: every answer is right (exit 0) or
 * refused on one line of stderr (exit 1 or 2), without a stack trace.
 */
class FuzzDefectsTest {

    /** Asserts the contract of a refusal: the exit code, nothing on stdout, one short line on stderr. */
    private static CliRun refused(int code, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(code, run.code(), run.err());
        assertEquals("", run.out());
        assertTrue(run.err().startsWith("mallard: "), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().endsWith(System.lineSeparator()), run.err());
        assertFalse(run.err().contains("Exception") || run.err().contains("Error:"), run.err());
        assertTrue(run.err().length() <= 400, run.err().length() + " characters");
        return run;
    }

    @Test
    void deepNestingIsRefusedWithTheDepthAndColumn() {
        String deep = "(".repeat(50_000) + "x" + ")".repeat(50_000);
        CliRun run = refused(2, "simulate", "--vars", "x", "--f", deep, "--x0", "1");
        assertTrue(run.err().startsWith("mallard: --f: formula nested deeper than 250 levels"), run.err());
        assertTrue(run.err().contains("at column 251"), run.err());
    }

    @Test
    void aValueThatLooksLikeAnOptionIsTheOptionsValue() {
        CliRun run = CliRun.of("simulate", "--vars", "h", "--f", "-h", "--x0", "1", "--t-final", "1", "--json",
                "--accuracy", "1e-10", "--integrator", "runge_kutta5");
        assertEquals(0, run.code(), run.err());
        assertEquals(Math.exp(-1), run.json().get("x").get(0).asDouble(), 1e-8);
        CliRun version = CliRun.of("inspect", "--vars", "V", "--f", "-V");
        assertEquals(0, version.code(), version.err());
        assertTrue(version.out().contains("dV/dt = -V"), version.out());
        CliRun guard = CliRun.of("simulate", "--vars", "h", "--f", "1", "--x0", "-2", "--t-final", "2.5", "--guard", "-h",
                "--reset", "h - 1", "--json");
        assertEquals(0, guard.code(), guard.err());
        // h rises from -2 at rate 1; the guard -h reaches 0 at t = 2, h is reset to -1 and rises again.
        assertEquals(-0.5, guard.json().get("x").get(0).asDouble(), 1e-6);
        assertEquals(1, guard.json().get("events").asInt());
        CliRun wrt = refused(2, "gradient", "--vars", "h", "--f", "-h", "--x0", "1", "--wrt", "-h");
        assertTrue(wrt.err().startsWith("mallard: --wrt: '-h' is neither a state"), wrt.err());
    }

    @Test
    void integratorsWithoutAnErrorEstimateRunWithFixedSteps() {
        for (String scheme : List.of("explicit_euler", "semi_explicit_euler", "runge_kutta2")) {
            CliRun run = CliRun.of("simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--t-final", "1",
                    "--integrator", scheme, "--fixed-step", "--max-step", "0.001", "--json");
            assertEquals(0, run.code(), scheme + ": " + run.err());
            // Euler's global error at t = 1 is about h e^-1 / 2 = 1.8e-4; the second-order scheme's far less.
            assertEquals(Math.exp(-1), run.json().get("x").get(0).asDouble(), 2e-4, scheme);
            assertEquals(1000, run.json().get("steps").asInt(), 1, scheme);
        }
    }

    @Test
    void sdpaHeadersDeclaringHugeSizesAreRefusedWithTheMemoryNeeded(@TempDir Path dir) throws Exception {
        for (int size : new int[] {20_000, 46_341, 65_536}) {
            Path file = dir.resolve("block" + size + ".dat-s");
            Files.writeString(file, "1\n1\n" + size + "\n1\n0 1 1 1 1\n1 1 1 1 1\n");
            CliRun run = refused(1, "sdp", file.toString());
            assertTrue(run.err().contains("would need about "), run.err());
            assertTrue(run.err().contains("MALLARD_JAVA_OPTS"), run.err());
        }
        Path manyConstraints = dir.resolve("m.dat-s");
        Files.writeString(manyConstraints, "1000000000\n1\n2\n1 2\n0 1 1 1 1\n");
        CliRun m = refused(2, "sdp", manyConstraints.toString());
        assertTrue(m.err().contains("line 2: expected at most 16777216 blocks times (m + 1) matrices"), m.err());
        Path fewCosts = dir.resolve("costs.dat-s");
        Files.writeString(fewCosts, "5000\n1\n2\n1 2\n0 1 1 1 1\n");
        CliRun costs = refused(2, "sdp", fewCosts.toString());
        assertTrue(costs.err().contains("end of input: expected cost c_8 of 5000, found the end of the file"), costs.err());
        Path manyBlocks = dir.resolve("blocks.dat-s");
        Files.writeString(manyBlocks, "1\n2000000000\n2 2\n1.5\n0 1 1 1 1\n");
        CliRun table = refused(2, "sdp", manyBlocks.toString());
        assertTrue(table.err().contains("line 2: expected at most 16777216 blocks times (m + 1)"), table.err());
        Path fewSizes = dir.resolve("sizes.dat-s");
        Files.writeString(fewSizes, "1\n5000000\n2 2\n1.5\n0 1 1 1 1\n");
        CliRun blocks = refused(2, "sdp", fewSizes.toString());
        assertTrue(blocks.err().contains("line 4: expected size of block 3 (non-zero integer), found '1.5'"), blocks.err());
    }

    @Test
    void singularPointsAreErrorsNamingTheEntry() {
        CliRun inverse = refused(1, "inspect", "--vars", "x", "--f", "1/x", "--json");
        assertEquals("mallard: dx/dt = 1/x is Infinity at x = 0" + System.lineSeparator(), inverse.err());
        CliRun root = refused(1, "inspect", "--vars", "x", "--f", "abs(x)^0.5");
        assertTrue(root.err().contains("d(dx/dt)/dx"), root.err());
        CliRun gradient = refused(1, "gradient", "--vars", "w", "--f", "abs(w)^0.5", "--x0", "0");
        assertTrue(gradient.err().contains("d w(T)/d w(0) is NaN"), gradient.err());
    }

    @Test
    void aPointThatIsNotAnEquilibriumGetsNoStabilityVerdict() {
        CliRun run = CliRun.of("inspect", "--vars", "x1,x2", "--f", "x2; -x1 - x2 + 5");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("not an equilibrium: |f| = 5"), run.out());
        assertFalse(run.out().contains("stable"), run.out());
        CliRun json = CliRun.of("inspect", "--vars", "x1,x2", "--f", "x2; -x1 - x2 + 5", "--json");
        assertEquals(0, json.code(), json.err());
        assertFalse(json.json().get("equilibrium").asBoolean());
        assertEquals(5.0, json.json().get("residual").asDouble(), 0);
        assertFalse(json.json().has("locally_stable"), json.out());
        CliRun equilibrium = CliRun.of("inspect", "--vars", "x1,x2", "--f", "x2; -x1 - x2 + 5", "--at", "5,0", "--json");
        assertTrue(equilibrium.json().get("equilibrium").asBoolean(), equilibrium.out());
        assertTrue(equilibrium.json().get("locally_stable").asBoolean(), equilibrium.out());
    }

    @Test
    void anOverflowingLiteralIsRefusedWithItsColumn() {
        CliRun run = refused(2, "inspect", "--vars", "x", "--f", "x + 1e400");
        assertEquals("mallard: --f: number '1e400' is too large (beyond 1.8e308) at column 5 of \"x + 1e400\""
                + System.lineSeparator(), run.err());
    }

    @Test
    void aStepTooSmallToAdvanceTimeIsRefusedUpFront() {
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(2, "simulate", "--vars", "x",
                "--f", "-x", "--x0", "1", "--max-step", "1e-20", "--fixed-step"));
        assertTrue(run.err().startsWith("mallard: --max-step 1.0E-20 is too small: reaching --t-final 10.0 would take 1.00e+21 steps"), run.err());
    }

    @Test
    void messagesQuoteABoundedExcerptOnOneLine() {
        String huge = "y".repeat(5_000_000);
        refused(2, "inspect", "--vars", "x", "--f", "x + " + huge);
        refused(2, "inspect", "--vars", "x", "--f", "-x", "--params", "k=" + huge);
        refused(2, "simulate", "--vars", "x", "--f", "-x", "--x0", huge);
        refused(2, "inspect", "--vars", "x", "--f", "-x", "--" + huge);
        refused(2, "inspect", "--vars", "x\r\n" + huge, "--f", "-x");
        CliRun separator = refused(2, "inspect", "--vars", "x", "--f", "x +\u0085\u2028 1");
        assertTrue(separator.err().contains("U+0085"), separator.err());
        CliRun middle = refused(2, "inspect", "--vars", "x", "--f", "x".repeat(1000) + " # " + "x".repeat(1000));
        assertTrue(middle.err().contains("at column 1002 of \"..."), middle.err());
        assertTrue(middle.err().contains(" # "), middle.err());
    }

    @Test
    void messagesUseTheUsersNamesAndOptions() {
        CliRun column = refused(2, "inspect", "--vars", "x,v", "--f", "v; -x +* 2");
        assertTrue(column.err().contains("at column 8 of \"v; -x +* 2\""), column.err());
        CliRun origin = refused(2, "roa", "--vars", "x", "--f", "1 - x");
        assertEquals("mallard: --x-star: the origin (the default) is not an equilibrium: dx/dt = 1 there"
                + System.lineSeparator(), origin.err());
        CliRun star = refused(2, "roa", "--vars", "x", "--f", "-x", "--x-star", "2");
        assertEquals("mallard: --x-star: x = 2 is not an equilibrium: dx/dt = -2 there" + System.lineSeparator(),
                star.err());
        CliRun notPolynomial = refused(2, "roa", "--vars", "x", "--f", "1 - exp(x)");
        assertEquals("mallard: --f: dx/dt = 1 - exp(x) is neither polynomial nor rational in the state, nor written "
                + "in sin and cos of angles" + System.lineSeparator(), notPolynomial.err());
        CliRun implicit = refused(2, "roa", "--vars", "x", "--g", "xdot + sin(x)");
        assertEquals("mallard: -sin(x) is not rational in the state: sin(x) is not a rational function (SIN)"
                + System.lineSeparator(), implicit.err());
        CliRun gram = refused(2, "roa", "--vars", "x,v", "--f", "-x; -v", "--V", "x^2");
        assertTrue(gram.err().contains("x^2 is not positive definite: it does not grow along v"), gram.err());
        CliRun odd = refused(2, "roa", "--vars", "x", "--f", "-x", "--V", "x^3");
        assertEquals("mallard: --V: x^3 has degree 3; a Lyapunov candidate has an even degree of at least 2"
                + System.lineSeparator(), odd.err());
        CliRun global = CliRun.of("roa", "--vars", "x", "--f", "-x");
        assertEquals(0, global.code(), global.err());
        assertTrue(global.out().contains("globally asymptotically stable for this V and this model"), global.out());
        CliRun blowUp = refused(1, "simulate", "--vars", "x", "--f", "sqrt(x)", "--x0", "-1");
        assertTrue(blowUp.err().contains("state x became NaN"), blowUp.err());
        assertFalse(blowUp.err().contains("index"), blowUp.err());
    }

    @Test
    void plotWritesThePathGivenOrSaysWhy(@TempDir Path dir) throws Exception {
        Path noPng = dir.resolve("trajectory");
        CliRun run = refused(2, "simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--plot", noPng.toString());
        assertTrue(run.err().startsWith("mallard: --plot: "), run.err());
        assertFalse(Files.exists(noPng) || Files.exists(dir.resolve("trajectory.png")));
        Path blocker = Files.writeString(dir.resolve("a-file"), "not a folder");
        CliRun unwritable = refused(1, "simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--plot",
                blocker.resolve("plot.png").toString());
        assertTrue(unwritable.err().startsWith("mallard: --plot: cannot write "), unwritable.err());
        Path upper = dir.resolve("plot.PNG");
        CliRun ok = CliRun.of("simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--plot", upper.toString());
        assertEquals(0, ok.code(), ok.err());
        assertTrue(Files.size(upper) > 1000);
        assertFalse(Files.exists(dir.resolve("plot.PNG.png")));
    }

    @Test
    void helpListsOnlyAcceptedOptionsAndKeepsEachLineWhole() {
        CommandLine root = new CommandLine(new MallardCommand());
        List<String> rootLines = CliRun.of("--help").out().lines().toList();
        for (CommandLine sub : root.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            String summary = spec.usageMessage().description()[0];
            assertTrue(rootLines.stream().anyMatch(l -> l.endsWith(summary)), "mallard --help splits: " + summary);
            CliRun help = CliRun.of(spec.name(), "--help");
            assertEquals(0, help.code(), spec.name());
            List<String> lines = help.out().lines().map(String::strip).toList();
            for (String line : spec.usageMessage().description()) {
                assertTrue(lines.contains(line.strip()), spec.name() + " --help splits: " + line);
            }
        }
        for (String command : List.of("inspect", "roa")) {
            String help = CliRun.of(command, "--help").out();
            assertFalse(help.contains("--guard") || help.contains("--reset"), help);
        }
        assertTrue(CliRun.of("simulate", "--help").out().contains("--guard"));
        assertTrue(CliRun.of("--help").out().contains("MALLARD_JAVA_OPTS"));
    }

    @Test
    void aFailedSolveSaysWhyOnStderr() {
        CliRun run = CliRun.of("sdp", SdplibFiles.directory().resolve("truss1.dat-s").toString(), "--max-iterations", "1");
        assertEquals(1, run.code(), run.err());
        assertTrue(run.out().contains("iteration_limit"), run.out());
        assertEquals("mallard: sdp: no solution: the solver stopped with status iteration_limit"
                + System.lineSeparator(), run.err());
    }
}
