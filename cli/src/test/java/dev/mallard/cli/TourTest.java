package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TourTest {

    @Test
    void tourWritesItsPlotsAndReportAndPrintsCheckedNumbers(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("tour", "--out", dir.toString());
        assertEquals(0, run.code(), run.err());
        for (String png : new String[] {"pendulum.png", "bouncing_ball.png", "roa_vanderpol.png", "roa_cartpole.png"}) {
            assertEquals(1000, javax.imageio.ImageIO.read(dir.resolve(png).toFile()).getWidth(), png);
        }
        String report = Files.readString(dir.resolve("report.md"));
        assertTrue(report.contains("![Damped pendulum](pendulum.png)"), report);
        // The impact time printed is the simulated one; it must agree with the closed form to 1e-6 s.
        String first = String.format(Locale.ROOT, "(closed form %.9f s)", BouncingBall.impactTime(0, 1.0, 0.8, 9.81));
        assertTrue(run.out().contains(first), run.out());
        String line = run.out().lines().filter(l -> l.startsWith("First impact at")).findFirst().orElseThrow();
        double simulated = Double.parseDouble(line.substring("First impact at ".length(), line.indexOf(" s (")));
        assertEquals(BouncingBall.impactTime(0, 1.0, 0.8, 9.81), simulated, 1e-6);
        assertTrue(run.out().contains("Largest relative difference"), run.out());
        // The linearisation at the bottom is [[0, 1], [-g/l, -b]] for l = 1, b = 0.5, g = 9.81.
        assertTrue(run.out().contains("A = [[0.0, 1.0], [-9.81, -0.5]]"), run.out());
        // Drake's and the Underactuated notes' level for the time-reversed Van der Pol oscillator.
        assertTrue(run.out().contains("rho = 2.3045"), run.out());
        // The cart-pole under LQR: certified within 10% of scipy's exact level 0.0985784369 (never above it).
        java.util.regex.Matcher cartPole = java.util.regex.Pattern.compile("Certified level rho = ([0-9.]+) \\(verified\\), "
                + "[0-9.]+% of the exact level 0.09858").matcher(run.out());
        assertTrue(cartPole.find(), run.out());
        double rho = Double.parseDouble(cartPole.group(1));
        assertTrue(rho <= 0.0985784369 && rho >= 0.9 * 0.0985784369, cartPole.group());
        assertTrue(run.out().contains("Certificate verified"), run.out());
    }
}
