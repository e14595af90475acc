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
        // Bounces at t1 = sqrt(2/g), gaps 2 sqrt(2/g) 0.5^k after it: they accumulate at 3 sqrt(2/g) = 1.35457.
        // Each bounce is isolated within 3e-8 s of its closed-form time, so the shrinking gaps reveal the
        // accumulation (before the bounce times were isolated on the quadratic through the last three probes,
        // they wobbled by up to 5e-7 s near the accumulation, and the step after the 20th bounce went past the
        // floor first: the other Zeno message, which ZenoDetectionTest and ZenoHoldTest still cover).
        assertTrue(message.startsWith("mallard: Zeno behaviour: the events of witness 'guard 0: h' of system 'the"
                + " system' accumulate at t = "), message);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("accumulate at t = ([0-9.E-]+) \\(event (\\d+) at t"
                + " = ([0-9.E-]+),").matcher(message);
        assertTrue(m.find(), message);
        assertEquals(3 * Math.sqrt(2 / 9.81), Double.parseDouble(m.group(1)), 1e-5);
        // more than twenty bounces happened, the last within a microsecond of the accumulation point
        assertTrue(Integer.parseInt(m.group(2)) >= 20, message);
        assertEquals(3 * Math.sqrt(2 / 9.81), Double.parseDouble(m.group(3)), 1e-5);
        assertEquals("", run.out());
    }
}
