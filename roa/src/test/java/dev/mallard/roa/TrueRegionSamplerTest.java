package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The simulated boundary of the true region in the exact sin/cos recast's coordinates, on the two-machine power
 * system y1' = y2, y2' = -b y2 - sin(y1 + pi/3) + sin(pi/3), against closed forms: started at rest, a state
 * between the equilibrium and the saddle at y1 = pi/3 cannot pass the saddle (the energy
 * y2^2 / 2 - cos(y1 + pi/3) - y1 sin(pi/3) does not increase and is below the saddle's), and one beyond it moves
 * away; to the left the potential rises to the next saddle at y1 = pi/3 - 2 pi, so with strong damping the
 * states at rest converge up to there, and the ray must stop at half a turn.
 */
class TrueRegionSamplerTest {

    private static TrueRegionSampler powerSystem(double b) {
        Variable y1 = new Variable("y1");
        Variable y2 = new Variable("y2");
        Map<String, Variable> names = Map.of("y1", y1, "y2", y2);
        Expression[] f = {Formula.parse("y2", names),
            Formula.parse("-" + b + "*y2 - sin(y1 + " + Math.PI / 3 + ") + " + Math.sin(Math.PI / 3), names)};
        TrigonometricRecast recast = TrigonometricRecast.of(f, List.of(y1, y2));
        LyapunovCoordinates coordinates = LyapunovCoordinates.recast(recast);
        // {s^2 + y2^2 <= 1} scaled to radius 0.2 about the equilibrium: a disk-like set, certified or not
        Polynomial disk = Polynomial.ZERO;
        for (Variable z : recast.reduced) {
            disk = disk.add(Polynomial.of(z).multiply(Polynomial.of(z)).scale(25.0));
        }
        return new TrueRegionSampler(coordinates, disk, 1);
    }

    @Test
    void atRestTheBoundaryTowardsTheSaddleIsTheSaddle() {
        TrueRegionSampler sampler = powerSystem(0.5);
        double r = sampler.boundaryRadius(new double[] {1, 0}, 0.2);
        assertTrue(r <= Math.PI / 3 && r > Math.PI / 3 - 0.01, () -> "radius " + r);
        assertTrue(sampler.converges(new double[] {0.98 * Math.PI / 3, 0}));
        assertTrue(!sampler.converges(new double[] {1.02 * Math.PI / 3, 0}));
    }

    @Test
    void raysStopAtHalfATurn() {
        // b = 3: from rest anywhere in (pi/3 - 2 pi, pi/3) the state slides to the equilibrium
        TrueRegionSampler sampler = powerSystem(3.0);
        assertTrue(sampler.converges(new double[] {-3.0, 0}));
        assertEquals(Math.PI, sampler.boundaryRadius(new double[] {-1, 0}, 0.2), 1e-12);
    }
}
