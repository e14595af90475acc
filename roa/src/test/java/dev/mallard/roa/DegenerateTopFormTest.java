package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The candidate V = 1.25 x1^2 + 0.5 x1 x2 + 0.375 x2^2 + 0.1 x1^4 for x1' = x2, x2' = -2 x1 - 2 x2 + x1^3:
 * V's quartic part vanishes along the x2 axis, and so does the top-degree form of every certificate. In
 * the user's coordinates the Newton polytope drops the monomials along that axis; in the balanced ones
 * they stayed, every Gram matrix was singular, the solver ended in NUMERICAL_ERROR and no back-off gave a
 * certificate with a positive margin (certified 1.7727, "NOT verified"). The level is the smallest V on
 * {Vdot = 0, x != 0}, found here by a search along rays.
 */
class DegenerateTopFormTest {

    private static double v(double x1, double x2) {
        return 1.25 * x1 * x1 + 0.5 * x1 * x2 + 0.375 * x2 * x2 + 0.1 * Math.pow(x1, 4);
    }

    private static double vdot(double x1, double x2) {
        double f1 = x2;
        double f2 = -2 * x1 - 2 * x2 + x1 * x1 * x1;
        return (2.5 * x1 + 0.5 * x2 + 0.4 * x1 * x1 * x1) * f1 + (0.5 * x1 + 0.75 * x2) * f2;
    }

    /** V where the ray at angle theta first meets Vdot = 0 (infinity if it does not within radius 10). */
    private static double levelOnRay(double theta) {
        double c = Math.cos(theta);
        double s = Math.sin(theta);
        double step = 1e-3;
        for (double r = step; r < 10; r += step) {
            if (vdot(r * c, r * s) >= 0) {
                double lo = r - step;
                double hi = r;
                for (int k = 0; k < 60; k++) {
                    double mid = 0.5 * (lo + hi);
                    if (vdot(mid * c, mid * s) >= 0) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return v(hi * c, hi * s);
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** The smallest V on {Vdot = 0}: a grid over the angle, then golden-section refinement. */
    private static double trueLevel() {
        int n = 3600;
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (levelOnRay(2 * Math.PI * i / n) < levelOnRay(2 * Math.PI * best / n)) {
                best = i;
            }
        }
        double a = 2 * Math.PI * (best - 1) / n;
        double b = 2 * Math.PI * (best + 1) / n;
        double g = (Math.sqrt(5) - 1) / 2;
        for (int k = 0; k < 60; k++) {
            double p = b - g * (b - a);
            double q = a + g * (b - a);
            if (levelOnRay(p) < levelOnRay(q)) {
                b = q;
            } else {
                a = p;
            }
        }
        return levelOnRay(0.5 * (a + b));
    }

    @Test
    void aQuarticPartVanishingOnAnAxisStillCertifiesTheTrueLevel() {
        SosFamily.Member member = new SosFamily.Member("degenerate-top-form", "x1,x2", "x2; -2*x1 - 2*x2 + x1^3", "",
                "1.25*x1^2 + 0.5*x1*x2 + 0.375*x2^2 + 0.1*x1^4");
        RegionOfAttractionResult r = member.analyze(RegionOfAttractionOptions.defaults()
                .withSimulationCheck(0, 1.0, 1e-3, 1));
        double level = trueLevel();
        assertEquals(1.96961905, level, 1e-7);
        assertTrue(r.isVerified(), r::toString);
        assertEquals(level, r.optimalRho(), 1e-6 * level);
        assertTrue(r.rho() <= level, r::toString);
        assertEquals(level, r.rho(), 1e-6 * level);
    }
}
