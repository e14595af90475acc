package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A hybrid simulation whose events accumulate fails clearly instead of falling through its guard. */
class ZenoTest {

    @Test
    void aBallWhoseBouncesAccumulateFailsWithExitCodeOneNamingTheWitnessTimeAndCount() {
        CliRun run = CliRun.of("simulate", "--vars", "h,v", "--f", "v; -9.81", "--guard", "h", "--reset",
                "h; -0.5*v", "--x0", "1,0", "--t-final", "10");
        assertEquals(1, run.code(), run.out() + run.err());
        String message = run.err();
        assertTrue(message.startsWith("mallard: witness 'guard 0: h' of system 'the system' is past its guard"), message);
        assertTrue(message.contains("Zeno behaviour"), message);
        // Bounces at t1 = sqrt(2/g), gaps 2 sqrt(2/g) 0.5^k after it: they accumulate at 3 sqrt(2/g) = 1.35457.
        // The last event is isolated within a microsecond of that point; more than twenty of them happened.
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("since its event (\\d+) at t = ([0-9.E-]+) ")
                .matcher(message);
        assertTrue(m.find(), message);
        assertTrue(Integer.parseInt(m.group(1)) >= 20, message);
        assertEquals(3 * Math.sqrt(2 / 9.81), Double.parseDouble(m.group(2)), 1e-5);
        assertEquals("", run.out());
    }
}
