package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Bad input: exit code 2, one line on stderr naming what is wrong and where, nothing on stdout. */
class BadInputTest {

    private static void assertBadInput(String expectedMessage, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(2, run.code(), run.err());
        assertEquals("mallard: " + expectedMessage + System.lineSeparator(), run.err());
        assertEquals("", run.out());
    }

    @Test
    void unknownOptionIsNamed() {
        assertBadInput("Unknown option: '--bogus'", "simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--bogus");
    }

    @Test
    void parseErrorNamesTheOptionAndTheColumnWithinIt() {
        assertBadInput("--f: unexpected '*' (expected a number, a name or '(') at column 8 of \"v; -x +* 2\"", "simulate", "--vars", "x,v", "--f", "v; -x +* 2",
                "--x0", "1,0");
        assertBadInput("--f: unknown function 'sinn' at column 4 of \"v; sinn(x)\"", "inspect", "--vars", "x,v", "--f",
                "v; sinn(x)");
        assertBadInput("--f: unknown variable 'y' at column 8 of \"v; x + y\"", "inspect", "--vars", "x,v", "--f", "v; x + y");
    }

    @Test
    void wrongNumberOfValuesIsNamed() {
        assertBadInput("--x0 has 1 value, expected 2 (one per state in --vars)", "simulate", "--vars", "x,v", "--f",
                "v; -x", "--x0", "1");
        assertBadInput("--f has 1 expression, expected 2 (one per state in --vars)", "simulate", "--vars", "x,v", "--f",
                "v", "--x0", "1,0");
    }

    @Test
    void badNamesAndNumbersAreNamed() {
        assertBadInput("--vars: 'sin' is reserved (a function or constant name)", "inspect", "--vars", "sin", "--f", "1");
        assertBadInput("--vars: 'x' is already used", "inspect", "--vars", "x,x", "--f", "1; 1");
        assertBadInput("--params k: unknown variable 'abc' at column 3 of \"k=abc\"", "inspect", "--vars", "x", "--f", "-k*x", "--params", "k=abc");
        assertBadInput("--params k: unexpected character '=' at column 8 of \"k=(1, m=2\"", "inspect", "--vars", "x", "--f",
                "-k*x", "--params", "k=(1, m=2");
        assertBadInput("--params: expected name = value, got 'm 2' at column 6 of \"k=1, m 2\"", "inspect", "--vars", "x",
                "--f", "-k*x", "--params", "k=1, m 2");
        assertBadInput("--x0: not a number: 'q'", "simulate", "--vars", "x", "--f", "-x", "--x0", "q");
    }

    @Test
    void unknownIntegratorIsNamed() {
        assertBadInput("--integrator: Unknown integration scheme: rk45", "simulate", "--vars", "x", "--f", "-x", "--x0",
                "1", "--integrator", "rk45");
    }

    @Test
    void unreadableFileIsNamed() {
        assertBadInput("cannot read no-such-file.dat-s: no such readable file", "sdp", "no-such-file.dat-s");
    }

    @Test
    void guardWithoutResetIsRefused() {
        assertBadInput("--guard needs --reset", "simulate", "--vars", "x", "--f", "-x", "--x0", "1", "--guard", "x");
    }

    @Test
    void debugPrintsTheStackTrace() {
        CliRun run = CliRun.of("sdp", "no-such-file.dat-s", "--debug");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("BadInputException"), run.err());
    }

    @Test
    void guardIsUnknownWhereOnlyContinuousDynamicsAreAnalysed() {
        assertBadInput("Unknown options: '--guard', 'x'", "roa", "--vars", "x", "--f", "-x", "--guard", "x");
        assertBadInput("Unknown options: '--reset', 'x'", "inspect", "--vars", "x", "--f", "-x", "--reset", "x");
    }
}
