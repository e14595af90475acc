package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TourTest {

    private static final double SIN = Math.sin(Math.PI / 3);

    @Test
    void tourWritesItsPlotsAndReportAndPrintsCheckedNumbers(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("tour", "--out", dir.toString());
        assertEquals(0, run.code(), run.err());
        for (String png : new String[] {"pendulum.png", "bouncing_ball.png", "roa_vanderpol.png", "roa_cartpole.png",
            "roa_power_system.png"}) {
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
        powerSystem(run.out());
    }

    /**
     * The power system's estimate: the V the tour prints, its grid points found again, each run to the
     * equilibrium by an RK4 of the true dynamics written here (independent of Mallard's simulator and of the SOS
     * machinery), and their number pinned.
     */
    private static void powerSystem(String out) {
        String prefix = "The estimate is the component of {V <= 1} holding the equilibrium (V repeats every 2 pi in "
                + "delta), V = ";
        String line = out.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
        Variable delta = new Variable("delta");
        Variable omega = new Variable("omega");
        Expression v = Formula.parse(line.substring(prefix.length()), Map.of("delta", delta, "omega", omega));
        boolean[][] inside = TourPowerSystem.component(v, delta, omega);
        int points = 0;
        for (int i = 0; i < TourPowerSystem.GRID; i++) {
            for (int j = 0; j < TourPowerSystem.GRID; j++) {
                if (inside[i][j]) {
                    points++;
                    double x1 = TourPowerSystem.gridValue(0, i);
                    double x2 = TourPowerSystem.gridValue(1, j);
                    assertTrue(endDistance(x1, x2) < 1e-3, "(" + x1 + ", " + x2 + ") does not reach 0");
                }
            }
        }
        // 16481 points on 2026-11-26 (93.1% of the true region's 17702; the alternation alone about 29%, the
        // quadratic V 16.5%). Within 2%: the search's steps come from SDP solutions, which move slightly with the
        // solver.
        assertEquals(16481, points, 330);
        assertTrue(out.contains("the true region holds 17702 points (43.82% of the box"), out);
        assertTrue(out.contains(String.format(Locale.ROOT, "the certified estimate %d (%.2f%% of the box, %.2f%% of "
                + "the true region)", points, 100.0 * points / 40401, 100.0 * points / 17702)), out);
    }

    /** Classical RK4, step 0.01, of the power system in (x1, x2) for up to 60 s: the distance from 0 at the end. */
    private static double endDistance(double x1, double x2) {
        double h = 0.01;
        double a = x1;
        double b = x2;
        for (int k = 0; k < 6000 && Math.hypot(a, b) > 1e-6; k++) {
            double k1a = b;
            double k1b = accel(a, b);
            double k2a = b + 0.5 * h * k1b;
            double k2b = accel(a + 0.5 * h * k1a, b + 0.5 * h * k1b);
            double k3a = b + 0.5 * h * k2b;
            double k3b = accel(a + 0.5 * h * k2a, b + 0.5 * h * k2b);
            double k4a = b + h * k3b;
            double k4b = accel(a + h * k3a, b + h * k3b);
            a += h / 6 * (k1a + 2 * k2a + 2 * k3a + k4a);
            b += h / 6 * (k1b + 2 * k2b + 2 * k3b + k4b);
        }
        return Math.hypot(a, b);
    }

    private static double accel(double x1, double x2) {
        return -0.5 * x2 - Math.sin(x1 + Math.PI / 3) + SIN;
    }
}
